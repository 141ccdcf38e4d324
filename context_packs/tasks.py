"""Task files: load and validate the YAML/JSON list of tasks a pack is built from.

Paths inside a task file are relative to the file. Every problem (unknown key,
missing or wrong-typed field, missing file, duplicate id) raises
``InputError`` naming the task and the field, never a value from the file, and is
raised before anything is built.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ingest.errors import InputError

TASK_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"


class _TaskModel(BaseModel):
    """The schema of one task entry (strict: unknown keys are errors)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: str = Field(pattern=TASK_ID_PATTERN)
    export: str = Field(min_length=1)
    memories: str | list[str] | None = None
    profile: str | None = None
    consent: str | None = None
    prompt: str = Field(min_length=1)
    additional_context: str = ""
    reference_files: list[str] = Field(default_factory=list)
    rubric: str | None = None


class _TasksFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    tasks: list[Any] = Field(min_length=1)


@dataclass(frozen=True)
class TaskSpec:
    """One validated task, its paths resolved against the task file's folder."""

    id: str
    export: Path
    prompt: str
    additional_context: str = ""
    memories: tuple[Path, ...] = ()
    profile: Path | None = None
    consent: Path | None = None
    reference_files: tuple[Path, ...] = ()
    rubric: Path | None = None


_REASONS = {
    "extra_forbidden": "unknown key",
    "missing": "required field is missing",
    "string_type": "must be a string",
    "list_type": "must be a list",
    "string_too_short": "must not be empty",
    "too_short": "must not be empty",
    "string_pattern_mismatch": "must be letters, digits, '.', '_' or '-' (at most 128, starting with a letter or digit)",
    "dict_type": "must be a mapping",
    "model_type": "must be a mapping",
}


def _field_name(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("str", "list[str]"):  # union branch names, not fields
            continue
        else:
            out += ("." if out else "") + str(part)
    return out or "(task)"


def _reason(err: dict) -> str:
    return _REASONS.get(err["type"], f"invalid value ({err['type']})")


def _read_document(path: Path) -> Any:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(str(path), "task file not found") from None
    except OSError as exc:
        raise InputError(str(path), f"task file unreadable ({type(exc).__name__})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(str(path), "task file is not UTF-8 text") from None
    try:
        if path.suffix.lower() == ".json":
            return json.loads(text)
        return yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"invalid JSON at line {exc.lineno} column {exc.colno}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1} column {mark.column + 1}" if mark is not None else ""
        raise InputError(str(path), f"invalid YAML{where}") from None


def load_tasks(tasks_file: str | Path) -> list[TaskSpec]:
    """Read and validate a task file; return the tasks in file order.

    Raises ``InputError(file, reason, record="task <id>")`` on the first problem.
    """
    path = Path(tasks_file)
    doc = _read_document(path)
    name = str(path)
    if not isinstance(doc, dict):
        raise InputError(name, "top level must be a mapping with a 'tasks' list")
    try:
        top = _TasksFileModel.model_validate(doc)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise InputError(name, f"field '{_field_name(err['loc'])}': {_reason(err)}") from None

    base = path.parent
    seen: set[str] = set()
    specs: list[TaskSpec] = []
    for index, entry in enumerate(top.tasks):
        label = f"task #{index + 1}"
        if isinstance(entry, dict) and isinstance(entry.get("id"), str) and re.match(TASK_ID_PATTERN, entry["id"]):
            label = f"task {entry['id']}"
        if not isinstance(entry, dict):
            raise InputError(name, "must be a mapping", record=label)
        try:
            model = _TaskModel.model_validate(entry)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise InputError(name, f"field '{_field_name(err['loc'])}': {_reason(err)}", record=label) from None
        if model.id in seen:
            raise InputError(name, "field 'id': duplicate task id", record=label)
        seen.add(model.id)

        def existing(rel: str, field: str, *, folder_ok: bool = False) -> Path:
            p = (base / rel) if not Path(rel).is_absolute() else Path(rel)
            if not p.exists():
                raise InputError(name, f"field '{field}': file not found", record=label)
            if p.is_dir() and not folder_ok:
                raise InputError(name, f"field '{field}': is a folder, expected a file", record=label)
            return p

        if isinstance(model.memories, str):
            mem_paths: tuple[Path, ...] = (existing(model.memories, "memories"),)
        else:
            mem_paths = tuple(existing(m, f"memories[{i}]") for i, m in enumerate(model.memories or []))
        refs = tuple(existing(r, f"reference_files[{i}]") for i, r in enumerate(model.reference_files))
        ref_names = [p.name for p in refs]
        for i, ref_name in enumerate(ref_names):
            if ref_names.index(ref_name) != i:
                raise InputError(name, f"field 'reference_files[{i}]': two reference files share a file name", record=label)
        specs.append(
            TaskSpec(
                id=model.id,
                export=existing(model.export, "export", folder_ok=True),
                prompt=model.prompt,
                additional_context=model.additional_context,
                memories=mem_paths,
                profile=existing(model.profile, "profile") if model.profile else None,
                consent=existing(model.consent, "consent") if model.consent else None,
                reference_files=refs,
                rubric=existing(model.rubric, "rubric") if model.rubric else None,
            )
        )
    return specs
