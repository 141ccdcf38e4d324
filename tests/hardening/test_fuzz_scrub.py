"""Fuzzed exports through `privacy scrub` (the real CLI, in process, detector loaded once).

Every case either scrubs (exit 0, and no planted original anywhere in the output
folder) or is refused (exit 2, one stderr line without any planted value, nothing
left behind). Never exit 1 (an internal error), never a hang (time limit per case).
The contributor's identifiers are planted in user.json, so detection knows them; the
noise around them is what varies: zero-width and bidi characters, homoglyphs, control
characters, case, split message parts, titles, unknown keys, broken structure.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from privacy.cli import main

from .builders import EMAIL, FIRST, FRIEND, LAST, NAME, PHONE, folder_text, leaks, pii_text, record, write_export
from .conftest import time_limit
from .fuzzing import mutated

SCRUB = settings(max_examples=20, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

# Characters that may sit right against an identifier: zero-width, bidi controls, BOM,
# punctuation, Markdown emphasis, quotes, emoji, Cyrillic/Greek homoglyph words (spaced).
AROUND = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e", "\u202c", "\u200e", "\u200f", "\u2066",
          "\u2069", " ", "\n", "\t", ".", ",", ":", "(", ")", "*", "**", "\"", "'", "«", "»", "😀", "<", ">",
          " Неllо ", " рlаn ", " Αθήνα "]
KNOWN = [NAME, FIRST, LAST, EMAIL, PHONE]


def scrub_case(tmp_path: Path, export: Path, ws: Path, limit: float = 60) -> tuple[int, Path]:
    out = tmp_path / "out"
    shutil.rmtree(out, ignore_errors=True)
    with time_limit(limit):
        code = main(["scrub", str(export), "--out", str(out), "--workspace", str(ws), "--quiet"])
    return code, out


def assert_scrubbed_or_refused(code: int, err: str, out: Path) -> None:
    assert code in (0, 2), f"exit {code}: {err}"
    assert "Traceback" not in err and not leaks(err)
    if code == 0:
        assert err == ""
        assert leaks(folder_text(out)) == []
    else:
        assert err.count("\n") == 1 and err.startswith("privacy: ")
        assert not out.exists() and not list(out.parent.glob(".out.partial-*"))


@st.composite
def noisy_text(draw) -> list[str]:
    """Known identifiers wrapped in odd characters, cut into message parts at spaces."""
    chunks = []
    for value in draw(st.lists(st.sampled_from(KNOWN), min_size=1, max_size=4)):
        left = "".join(draw(st.lists(st.sampled_from(AROUND), max_size=2)))
        right = "".join(draw(st.lists(st.sampled_from(AROUND), max_size=2)))
        case = draw(st.sampled_from([str, str, str.lower, str.upper]))
        chunks.append(draw(st.sampled_from(["I'm", "write to", "call", "ask", "with", "-"])) + " " + left
                      + (case(value) if value not in (EMAIL, PHONE) else value) + right)
    text = " ".join(chunks) + " about the trip."
    spaces = [i for i, c in enumerate(text) if c == " "]
    cuts = sorted(set(draw(st.lists(st.sampled_from(spaces), max_size=3)))) if spaces else []
    parts, last = [], 0
    for c in cuts:
        parts.append(text[last:c + 1])
        last = c + 1
    parts.append(text[last:])
    return parts


@SCRUB
@given(parts=noisy_text(), in_title=st.booleans())
def test_known_identifiers_in_noise_never_come_out(tmp_path, detector, capsys, parts, in_title):
    title = "".join(parts) if in_title else "Weekend plans"
    export = write_export(tmp_path / "export", [record(0, parts, title=title), record(1, [pii_text()])])
    code, out = scrub_case(tmp_path, export, tmp_path / "ws")
    assert_scrubbed_or_refused(code, capsys.readouterr().err, out)
    assert code == 0


def _plant(doc, values):
    """Replace every string leaf of ``doc`` by a planted text (walks lists and dicts)."""
    if isinstance(doc, str):
        return next(values)
    if isinstance(doc, list):
        return [_plant(x, values) for x in doc]
    if isinstance(doc, dict):
        return {k: _plant(v, values) for k, v in doc.items()}
    return doc


def _planted_values():
    i = 0
    texts = [pii_text(), f"{NAME} <{EMAIL}>", f"tel {PHONE}", f"{FRIEND} and {FIRST}", EMAIL]
    while True:
        yield texts[i % len(texts)]
        i += 1


@SCRUB
@given(doc=mutated())
def test_broken_record_shapes_with_pii_leaves_scrub_or_are_refused(tmp_path, detector, capsys, doc):
    """Any JSON shape where a record should be, every string in it carrying PII."""
    doc = _plant(doc, _planted_values())
    export = write_export(tmp_path / "export", raw=json.dumps(doc).encode())
    code, out = scrub_case(tmp_path, export, tmp_path / "ws")
    assert_scrubbed_or_refused(code, capsys.readouterr().err, out)


@SCRUB
@given(cut=st.integers(0, 10**6), junk=st.binary(min_size=1, max_size=3))
def test_byte_damage_in_an_export_full_of_pii_scrubs_or_is_refused(tmp_path, detector, capsys, cut, junk):
    data = bytearray(json.dumps([record(i, [pii_text(i)], title=NAME) for i in range(3)]).encode())
    cut %= len(data)
    data[cut:cut + len(junk)] = junk
    export = write_export(tmp_path / "export", raw=bytes(data))
    code, out = scrub_case(tmp_path, export, tmp_path / "ws")
    assert_scrubbed_or_refused(code, capsys.readouterr().err, out)


def test_lone_surrogates_next_to_pii_scrub_to_valid_utf8(tmp_path, detector, capsys):
    raw = json.dumps([record(0, [f"\ud83d{NAME}\ud800 {EMAIL}"], title=f"{FIRST}\ud83d")]).encode()
    export = write_export(tmp_path / "export", raw=raw)
    code, out = scrub_case(tmp_path, export, tmp_path / "ws")
    assert_scrubbed_or_refused(code, capsys.readouterr().err, out)
    if code == 0:
        for p in out.rglob("*.json"):
            json.loads(p.read_bytes().decode("utf-8"))  # strict UTF-8: no surrogate escaped into bytes


def test_a_long_message_with_pii_at_both_ends_scrubs_in_bounded_time(tmp_path, detector, capsys):
    # detection is about linear in text length (measured: 55 KB 6 s, 110 KB 10 s, 440 KB 37 s)
    filler = "We walked along the river and talked about the garden. " * 2_000  # 110 KB in one part
    export = write_export(tmp_path / "export", [record(0, [f"{NAME} wrote: " + filler + f" Reach me at {EMAIL}."])])
    code, out = scrub_case(tmp_path, export, tmp_path / "ws", limit=120)
    assert_scrubbed_or_refused(code, capsys.readouterr().err, out)
    assert code == 0


def test_a_known_name_in_markdown_italics_or_glued_to_digits_is_replaced(tmp_path, detector, capsys):
    """was a leak: `_<first name>_` (Markdown italics), `<name>_` and `1<name>2` kept the name."""
    parts = [f"Notes by _{FIRST}_ and __{LAST}__", f"user {FIRST}_ on the list, ticket 1{FIRST}2"]
    export = write_export(tmp_path / "export", [record(0, parts)])
    code, out = scrub_case(tmp_path, export, tmp_path / "ws")
    assert_scrubbed_or_refused(code, capsys.readouterr().err, out)
    assert code == 0


def test_pii_under_a_structural_key_is_scrubbed_as_text(tmp_path, detector, capsys):
    """was a leak: values of structural keys (role, content_type, ...) were kept whatever they held."""
    rec = record(0, [pii_text()])
    node = rec["mapping"][rec["current_node"]]["message"]
    node["author"]["role"] = f"{NAME} <{EMAIL}>"
    node["content"]["content_type"] = f"call {PHONE}"
    export = write_export(tmp_path / "export", [rec, record(1, [pii_text(1)])])
    code, out = scrub_case(tmp_path, export, tmp_path / "ws")
    assert_scrubbed_or_refused(code, capsys.readouterr().err, out)
    assert code == 0
