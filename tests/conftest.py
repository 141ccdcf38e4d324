"""Shared test fixtures: paths to the real-shaped fixtures in ../shared/fixtures/."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_FIXTURES = REPO.parent / "shared" / "fixtures"


@pytest.fixture(scope="session")
def shared_fixtures() -> Path:
    """The read-only fixture tree shipped beside the repo (../shared/fixtures)."""
    if not SHARED_FIXTURES.is_dir():
        pytest.skip("../shared/fixtures is not present")
    return SHARED_FIXTURES
