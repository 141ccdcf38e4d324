"""Hardening fixtures: one detector per session, a time limit for every fuzz case."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def detector():
    """The process-wide detector, loaded once so fuzz cases measure scrubbing, not loading."""
    from privacy.detect import Detector

    return Detector.get()


class TookTooLong(Exception):
    """A case ran past its time limit (a hang is a failure, like a crash)."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Fail the case (TookTooLong) when the block runs longer than ``seconds`` (SIGALRM)."""

    def on_alarm(signum, frame):
        raise TookTooLong(f"case ran longer than {seconds}s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def child_env(**extra: str) -> dict[str, str]:
    """Environment for a ``python -m privacy.cli`` child: the repo first on its path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *extra.pop("PYTHONPATH", "").split(os.pathsep)]).rstrip(os.pathsep)
    env.update(extra)
    return env


PYTHON = sys.executable
