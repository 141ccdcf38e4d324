"""The contributor's own identifiers: ``user.json`` (ChatGPT), ``users.json`` (Claude), profile files.

A profile file (YAML or JSON, documented in docs/formats.md) lists what the export
does not say: nicknames, family members' and other people's names, more emails and
phones. ``merge`` combines them into one ``Contributor`` (order kept, duplicates removed).
"""

from __future__ import annotations

import os

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ingest.errors import InputError
from ingest.model import Contributor
from ingest.source import read_file_bytes


def _s(v) -> str | None:
    return v.strip() if isinstance(v, str) and v.strip() else None


def _uniq(*seqs) -> tuple[str, ...]:
    out: list[str] = []
    for seq in seqs:
        for v in seq:
            v = _s(v)
            if v and v not in out:
                out.append(v)
    return tuple(out)


def contributor_from_chatgpt_user(obj, label: str) -> Contributor:
    """``user.json``: ``{"id", "email", "phone_number", "name"?...}``."""
    if not isinstance(obj, dict):
        raise InputError(label, "wrong shape: user.json is not an object")
    names = [obj.get(k) for k in ("name", "full_name", "display_name")]
    return Contributor(
        user_id=_s(obj.get("id")),
        names=_uniq(names),
        emails=_uniq([obj.get("email")]),
        phones=_uniq([obj.get("phone_number"), obj.get("phone")]),
    )


def contributor_from_claude_users(obj, label: str) -> Contributor:
    """``users.json``: a list of ``{"uuid", "full_name", "email_address", "verified_phone_number"}``."""
    items = obj if isinstance(obj, list) else [obj]
    if not all(isinstance(i, dict) for i in items):
        raise InputError(label, "wrong shape: users.json is not a list of objects")
    uid = next((_s(i.get("uuid")) for i in items if _s(i.get("uuid"))), None)
    return Contributor(
        user_id=uid,
        names=_uniq([i.get("full_name") for i in items] + [i.get("display_name") for i in items]),
        emails=_uniq([i.get("email_address") for i in items] + [i.get("email") for i in items]),
        phones=_uniq([i.get("verified_phone_number") for i in items] + [i.get("phone_number") for i in items]),
    )


class Profile(BaseModel):
    """A profile file: identifiers of the contributor and the people around them."""

    model_config = ConfigDict(extra="forbid")

    version: int = 1
    contributor_id: str | None = None
    names: list[str] = Field(default_factory=list)
    nicknames: list[str] = Field(default_factory=list)
    family_names: list[str] = Field(default_factory=list)
    other_names: list[str] = Field(default_factory=list)
    emails: list[str] = Field(default_factory=list)
    phones: list[str] = Field(default_factory=list)

    @field_validator("version")
    @classmethod
    def _known_version(cls, v: int) -> int:
        if v != 1:
            raise ValueError("unknown profile version")
        return v

    def contributor(self) -> Contributor:
        return Contributor(
            user_id=self.contributor_id,
            names=_uniq(self.names),
            emails=_uniq(self.emails),
            phones=_uniq(self.phones),
            other_names=_uniq(self.nicknames, self.family_names, self.other_names),
        )


def read_yaml_or_json(path: str | os.PathLike, what: str):
    data = read_file_bytes(path)
    try:
        return yaml.safe_load(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise InputError(str(path), f"{what} is not UTF-8 text") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise InputError(str(path), f"invalid YAML/JSON in {what}{where}") from None


def validation_reason(exc: ValidationError) -> str:
    """A data-free summary of a pydantic error: field paths and error kinds only."""
    bits = []
    for e in exc.errors()[:3]:
        loc = ".".join(str(x) for x in e.get("loc", ())) or "(top level)"
        bits.append(f"{loc}: {e.get('type', 'invalid')}")
    return "; ".join(bits)


def load_profile(path: str | os.PathLike) -> Contributor:
    """Read a profile file into a ``Contributor`` (``InputError`` on bad input)."""
    obj = read_yaml_or_json(path, "profile")
    if not isinstance(obj, dict):
        raise InputError(str(path), "wrong shape: profile must be a mapping")
    try:
        return Profile.model_validate(obj).contributor()
    except ValidationError as exc:
        raise InputError(str(path), f"invalid profile ({validation_reason(exc)})") from None


def merge(*cs: Contributor | None) -> Contributor:
    """Combine contributors; the first known user_id wins."""
    cs2 = [c for c in cs if c is not None]
    return Contributor(
        user_id=next((c.user_id for c in cs2 if c.user_id), None),
        names=_uniq(*(c.names for c in cs2)),
        emails=_uniq(*(c.emails for c in cs2)),
        phones=_uniq(*(c.phones for c in cs2)),
        other_names=_uniq(*(c.other_names for c in cs2)),
    )
