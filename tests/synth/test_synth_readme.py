"""The README's surrogate table is the output of the code, not hand-written."""

from __future__ import annotations

from pathlib import Path

from privacy.entities import ALL
from synth.testdata.examples import markdown

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_surrogate_section_is_what_the_code_generates():
    assert markdown() in README.read_text(), "run: python -m synth.testdata.examples and paste into README"


def test_table_has_a_row_for_every_entity_type():
    md = markdown()
    for t in ALL:
        assert f"| {t} | `" in md
