"""Consent records: what a contributor agreed to share, applied inside ``ingest``.

A record (YAML or JSON, format in docs/formats.md) names the contributor, the date,
the scope (conversations, memories, custom instructions, files), conversations
excluded by id or by title pattern (glob, or ``re:`` regular expression), an optional
date range, and a ``withdrawn`` flag. ``Consent.exclusion_reason`` decides per
conversation; out-of-scope data never leaves ``ingest``. A withdrawn record makes
``open_export`` raise ``InputError``.
"""

from __future__ import annotations

import calendar
import fnmatch
import os
import re
from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ingest.errors import InputError
from ingest.identity import read_yaml_or_json, validation_reason

ScopeItem = Literal["conversations", "memories", "custom_instructions", "files"]
ALL_SCOPE: tuple[str, ...] = ("conversations", "memories", "custom_instructions", "files")


def _day_start(d: date) -> float:
    return float(calendar.timegm(d.timetuple()))


class Exclusions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ids: list[str] = Field(default_factory=list)
    titles: list[str] = Field(default_factory=list)  # glob (case-insensitive) or "re:<regex>"

    @field_validator("titles")
    @classmethod
    def _patterns_compile(cls, v: list[str]) -> list[str]:
        for i, p in enumerate(v):
            if p.startswith("re:"):
                try:
                    re.compile(p[3:])
                except re.error:
                    raise ValueError(f"title pattern {i} is not a valid regular expression") from None
        return v


class DateRange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    start: date | None = None  # inclusive
    end: date | None = None  # inclusive (the whole day)

    @model_validator(mode="after")
    def _ordered(self):
        if self.start and self.end and self.end < self.start:
            raise ValueError("date_range end is before start")
        return self


class Consent(BaseModel):
    """One contributor's consent record."""

    model_config = ConfigDict(extra="forbid")

    version: int = 1
    contributor_id: str
    date: date
    scope: list[ScopeItem] = Field(default_factory=lambda: list(ALL_SCOPE))
    exclude: Exclusions = Field(default_factory=Exclusions)
    date_range: DateRange | None = None
    withdrawn: bool = False

    @field_validator("version")
    @classmethod
    def _known_version(cls, v: int) -> int:
        if v != 1:
            raise ValueError("unknown consent record version")
        return v

    @field_validator("contributor_id")
    @classmethod
    def _nonempty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("contributor_id is empty")
        return v

    def allows(self, item: str) -> bool:
        return item in self.scope

    def exclusion_reason(self, conv_id: str | None, title: str | None, created: float | None,
                         updated: float | None) -> str | None:
        """Why a conversation is out of scope (``None`` when it is in)."""
        if "conversations" not in self.scope:
            return "scope"
        if conv_id is not None and conv_id in self.exclude.ids:
            return "excluded_id"
        t = title or ""
        for p in self.exclude.titles:
            if p.startswith("re:"):
                if re.search(p[3:], t):
                    return "excluded_title"
            elif fnmatch.fnmatchcase(t.casefold(), p.casefold()):
                return "excluded_title"
        if self.date_range is not None:
            when = created if created is not None else updated
            if when is None:
                return "date_range"
            if self.date_range.start and when < _day_start(self.date_range.start):
                return "date_range"
            if self.date_range.end and when >= _day_start(self.date_range.end) + 86400:
                return "date_range"
        return None

    def in_range(self, ts: float | None) -> bool:
        """Whether a dated item (a memory) falls inside the date range (undated: yes)."""
        if self.date_range is None or ts is None:
            return True
        if self.date_range.start and ts < _day_start(self.date_range.start):
            return False
        if self.date_range.end and ts >= _day_start(self.date_range.end) + 86400:
            return False
        return True


def parse_consent(obj, label: str) -> Consent:
    if not isinstance(obj, dict):
        raise InputError(label, "wrong shape: consent record must be a mapping")
    try:
        return Consent.model_validate(obj)
    except ValidationError as exc:
        raise InputError(label, f"invalid consent record ({validation_reason(exc)})") from None


def load_consent(path: str | os.PathLike) -> Consent:
    """Read and validate a consent record (``InputError`` on bad input; withdrawn is NOT an error here)."""
    return parse_consent(read_yaml_or_json(path, "consent record"), str(path))


def check_not_withdrawn(consent: Consent, label: str) -> None:
    if consent.withdrawn:
        raise InputError(
            label,
            "consent withdrawn: this contributor's data must not be processed",
        )
