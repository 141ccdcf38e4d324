"""Check 2: the detector run again over the output, at a lower threshold.

Whatever it finds that is not a known surrogate is listed for review, ranked by
score, one finding per distinct value (with its count and first places). A value is
a *known surrogate* when it equals, once normalised (or by its letters and digits
alone: the vault keeps canonical forms such as "IZO6344" for "IZO-6344"), a surrogate of the workspace
vault or of a ``redaction_report.jsonl`` under DIR, when every word of it is a word
of such a surrogate (a surrogate first name alone), or when it lies in the ranges
the surrogates are drawn from (reserved e-mail domains, 555-01xx phones).

**When residual findings fail the audit** (documented in ``privacy/audit/README.md``):
a finding fails when its score is at least ``fail_score`` (default 0.95: near-certain
pattern matches such as e-mail addresses, Luhn-valid card numbers, IBANs) and the
audit knows the surrogates (a workspace, or redaction reports in DIR: without either
it cannot tell a surrogate IBAN from a real one, so it only lists). ``strict=True``
makes every residual finding fail. A **full name** fails too, whatever its score: a
PERSON span of two or more words whose first word is a given name (or a LOCATION span that
reads as one and no gazetteer knows as a place: ``name_typed_as_place``), when it is not a
known surrogate and either the audit knows the surrogates or the name cannot be a
surrogate at all (a word outside the name tables surrogates are drawn from: "Sam
Example"). A finding the review file marks ``not_pii`` (or ``wrong_type``) never fails.
Everything else is listed for review and counted.

Not listed either: a PERSON, LOCATION or ORGANIZATION span with no word that could name
anyone (only common words, the tool's own wording and plain acronyms: "00:01:30 UTC",
"Email Draft"); a PERSON span holding a known surrogate word and no given name besides it
("Sigmund Pison SA", "SUN-WA TECHNOS MALENA": ``surrogate_and_no_name``; "Sigríður Nordio"
is a given name left beside a surrogate, and fails); a span of a code-like type (driving licence, passport, bank or
account number, plate, postal code) that is a piece of a longer identifier token (the
"e215" of a UUID) or a hex run of at most five characters, and ``DATE_OF_BIRTH`` / ``AGE`` (shifted or kept like every date, so
a surrogate cannot be told from an original).

Not scanned: the scrubber's own reports (``redaction_report.jsonl``, ``summary.json``,
``report.html``), ``manifest.json`` and ``insertions.json`` (bookkeeping, or copies of
text scanned elsewhere), JSON keys, and values that are identifiers, hashes or numbers.
Not listed: ``DATE_TIME`` (dates are shifted, not replaced) and ``NRP`` (kept on purpose).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from privacy.audit.files import SEP, FileText, read_file_text
from privacy.audit.leaks import PathMasker
from privacy.audit.matcher import KnownValueMatcher
from privacy.audit.model import CheckResult, Finding, Location, stable_id
from privacy.audit.views import View, compact_value, normalise_value

if TYPE_CHECKING:
    from privacy.detect.finding import Finding as Detected

DEFAULT_THRESHOLD = 0.3
DEFAULT_FAIL_SCORE = 0.95
SKIP_FILES = frozenset({"redaction_report.jsonl", "summary.json", "report.html", "manifest.json", "insertions.json"})
SKIP_TYPES = frozenset({"DATE_TIME", "NRP", "PUBLIC", "DATE_OF_BIRTH", "AGE"})
# types whose values look like pieces of ids: a hit inside a longer id token is no finding
CODE_TYPES = frozenset({"US_DRIVER_LICENSE", "US_PASSPORT", "US_BANK_NUMBER", "ACCOUNT_NUMBER", "VEHICLE_PLATE",
                        "POSTAL_CODE", "US_SSN", "PHONE_NUMBER"})
_TOKEN_CHAR = re.compile(r"[A-Za-z0-9_\-]")
MAX_LOCATIONS = 3
CONTEXT_CHARS = 40

_ID_LIKE = re.compile(
    r"^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[0-9a-f]*\d)[0-9a-f]{8,}|[A-Za-z]+[-_][A-Za-z0-9]{8,}|[\d.:+\-TZ ]+)$",
    re.I,
)
_WORD = re.compile(r"\w+", re.UNICODE)
_POSSESSIVE = re.compile(r"['’]s$")
_SAFE_EMAIL = re.compile(r"@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|example|test|invalid|localhost)$", re.I)
_FICTIONAL_PHONE = re.compile(r"55501\d\d$")


def _alnum(s: str) -> str:
    return "".join(c for c in s if c.isalnum())


@dataclass
class KnownSurrogates:
    """Surrogates the audit knows (vault, redaction reports), normalised for lookup."""

    values: set[str] = field(default_factory=set)
    alnum: set[str] = field(default_factory=set)  # letters and digits only (canonical vault forms)
    words: set[str] = field(default_factory=set)
    sources: list[str] = field(default_factory=list)

    def add(self, surrogate: str) -> None:
        n = normalise_value(surrogate)
        self.values.add(n)
        self.values.add(compact_value(surrogate))
        self.alnum.add(_alnum(n))
        self.words.update(w for w in _WORD.findall(n) if len(w) > 1)

    def known(self, text: str, entity_type: str) -> bool:
        n = _POSSESSIVE.sub("", normalise_value(text))
        if n in self.values or compact_value(n) in self.values or _alnum(n) in self.alnum:
            return True
        if _SAFE_EMAIL.search(n):
            return True
        digits = "".join(c for c in n if c.isdigit())
        if entity_type == "PHONE_NUMBER" and _FICTIONAL_PHONE.search(digits):
            return True
        words = [w for w in _WORD.findall(n) if len(w) > 1]
        return bool(words) and all(w in self.words for w in words)


def inside_identifier(text: str, start: int, end: int) -> bool:
    """The span is a piece of a longer token of letters, digits, ``_`` and ``-`` that has
    an identifier's shape (a uuid, a hex run, ``file-XXXX``): "e215" in a UUID."""
    a, b = start, end
    while a > 0 and _TOKEN_CHAR.match(text[a - 1]):
        a -= 1
    while b < len(text) and _TOKEN_CHAR.match(text[b]):
        b += 1
    if (a, b) == (start, end):
        return False
    token = text[a:b].strip("-_")
    return bool(_ID_LIKE.match(token)) or bool(_HEXISH.match(token))


# a short hex run (a shortened id, a hash prefix): no licence, passport or account is 5 hex characters
_HEX_BIT = re.compile(r"^(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{3,5}$", re.I)
_HEXISH = re.compile(r"^(?=[0-9a-f-]*[0-9])(?=[0-9a-f-]*[a-f])[0-9a-f]+(?:-[0-9a-f]+)+$", re.I)


NAME_TYPES = frozenset({"PERSON", "LOCATION", "ORGANIZATION"})


def has_name_word(span: str) -> bool:
    """A word that could be (part of) a name: not a common word, not the tool's own wording,
    not a plain acronym ("UTC", "API")."""
    from privacy.audit.matcher import common_word
    from privacy.detect.vocabulary import is_plain_acronym

    for w in _WORD.findall(_POSSESSIVE.sub("", span)):
        if not w.isalpha() or is_plain_acronym(w):
            continue
        if not common_word(w.lower()):
            return True
    return False


_NAME_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*", re.UNICODE)


def surrogate_and_no_name(span: str, surrogates) -> bool:
    """The span holds a known person surrogate and, besides it, no given name written as one
    (capitalised, not all capitals, no company word). NER ran a surrogate on into a company
    suffix or a fund's name ("Sigmund Pison SA", "Claire Duration High Yield Fund"), or read a
    company line whose last word got a surrogate as a name ("SUN-WA TECHNOS MALENA", "WEST
    MICHELLE Biopharma Loes"). Not read as a given name either: a country or continent ("India"
    of "Repro India Limited", its "Limited" replaced), and after the surrogate, a name that is
    also an English word ("Royal" of "the Princess Royal", its "Princess" replaced: a given name
    comes first). A given name beside a surrogate is an original left, and the span stays a
    finding: "Sigríður Nordio", "Daud Brewer", "Hideko Emilly", "Mirsade E. Mayer", "Esa-Pekka Folker"."""
    from privacy.audit.matcher import public_place
    from privacy.detect import gazetteer
    from privacy.detect.recognizers.runs import ORG_WORDS
    from synth.names import known_first_name

    words = [w for w in _NAME_TOKEN.findall(_POSSESSIVE.sub("", span)) if len(w) > 1]
    known = [surrogates.known(w, "PERSON") for w in words]
    if not any(known):
        return False
    first = known.index(True)

    def given_name(i: int, w: str) -> bool:
        if not (w[:1].isupper() and not w.isupper()) or w.lower() in ORG_WORDS or not known_first_name(w):
            return False
        if public_place(w.lower()):
            return False
        return not (i > first and gazetteer.is_word_name(w))

    return not any(given_name(i, w) for i, (w, k) in enumerate(zip(words, known)) if not k)


def name_typed_as_place(span: str) -> bool:
    """A LOCATION span that reads as a person's full name: a given name, then given names or
    surnames only (initials aside), and no populated place, country or notable name of the
    gazetteers: "André Harris" (detection took "André C. Souza lives at 47869 Fortunastrasse
    125" for an address and left the given name). "Santa Clara", "Alice Springs" are places."""
    from privacy.audit.matcher import _multi_word_places, public_place
    from privacy.audit.words import lower_case_word
    from privacy.detect import gazetteer

    words = [w for w in _NAME_TOKEN.findall(_POSSESSIVE.sub("", span)) if len(w) > 1]
    if not full_name(span) or len(words) < 2 or not all(w[:1].isupper() and not w.isupper() for w in words):
        return False
    if not all((gazetteer.is_given(w) or gazetteer.is_surname(w)) and not (lower_case_word(w.lower()) or gazetteer.is_word_name(w))
               for w in words[1:]):
        return False  # "Jordan Valley", "Grace Bay": a word of places ("valley", "bay", "springs"), not only a surname
    folded = " ".join(gazetteer.fold_word(w) for w in words)
    return folded not in gazetteer.places() and folded not in _multi_word_places() and not public_place(folded)


def full_name(span: str) -> bool:
    """Two or more name words, the first a given name ("Sam Example", "Priya Raman")."""
    from synth.names import known_first_name

    words = [w for w in _WORD.findall(_POSSESSIVE.sub("", span)) if w.isalpha()]
    return len(words) >= 2 and all(w[:1].isupper() for w in words) and known_first_name(words[0])


def could_be_a_surrogate_name(span: str) -> bool:
    """Every word is in the name tables surrogate names are drawn from."""
    from synth.names import fold, tables

    t = tables()
    firsts = {n for kind in ("male", "female", "unisex") for v in t[kind].values() for n in v}
    lasts = {n for v in t["last"].values() for n in v}
    words = [fold(w) for w in _WORD.findall(_POSSESSIVE.sub("", span)) if w.isalpha()]
    return bool(words) and words[0] in firsts and all(w in firsts or w in lasts for w in words[1:])


def residual_units(ft: FileText) -> list[tuple[int, str]]:
    """(unit index, text) worth a detector pass."""
    out = []
    for i, text, is_key in ft.units():
        if is_key or len(text) < 3 or (ft.kind in ("json", "jsonl") and _ID_LIKE.match(text)):
            continue
        if ft.kind == "html" and i == 0:  # tags-kept view: the tags-removed view is scanned
            continue
        out.append((i, text))
    return out


def _settings(threshold: float):
    from privacy.detect import DetectorSettings

    # NER reads every sentence here (no gate): the audit is the check on what the scrub's gate skipped
    return DetectorSettings(threshold=threshold, propagate=False, ner_gate=False)


Find = Callable[[list[str]], "Sequence[Sequence[Detected]]"]  # texts -> each text's findings


def _core_find(threshold: float) -> Find:
    """Detection through the one scrubbing core (``privacy.scrub.scrubber.find``), nothing replaced."""
    from privacy.scrub.scrubber import find

    return lambda texts: find(texts, _settings(threshold))


def residual_check(
    root: Path,
    rels: list[str],
    masker: PathMasker,
    matcher: KnownValueMatcher | None,
    surrogates: KnownSurrogates,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    fail_score: float = DEFAULT_FAIL_SCORE,
    strict: bool = False,
    find: Find | None = None,
) -> CheckResult:
    """Check 2 over the files ``rels`` of ``root``. ``find``: each text's findings (default:
    the scrubbing core at the residual settings: ``threshold``, no propagation, no NER gate)."""
    # distinct texts, each analysed once; where each occurs
    texts: list[str] = []
    index: dict[str, int] = {}
    places: list[list[tuple[str, int]]] = []
    files: dict[str, FileText] = {}
    for rel in rels:
        if rel.rsplit("/", 1)[-1] in SKIP_FILES:
            continue
        ft = read_file_text(rel, root / rel)
        if ft.kind == "binary":
            continue
        for i, text in residual_units(ft):
            k = index.get(text)
            if k is None:
                k = index[text] = len(texts)
                texts.append(text)
                places.append([])
            places[k].append((rel, i))
    results = (find or _core_find(threshold))(texts) if texts else []

    groups: dict[tuple[str, str], dict] = {}
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for k, findings in enumerate(results):
        text = texts[k]
        known_hits = matcher.find(View(text)) if matcher is not None else []
        for f in findings:
            if f.entity_type in SKIP_TYPES or f.score < threshold:
                continue
            span = text[f.start : f.end]
            if len(span.strip()) < 3:
                continue  # too short to act on (and to tell from an id fragment)
            if any(h.start < f.end and f.start < h.end for h in known_hits):
                continue  # a known original: check 1 reports it, and it must not be shown
            if surrogates.known(span, f.entity_type) or _ID_LIKE.match(span.strip()):
                continue  # a surrogate, or an identifier (pseudonymized ids keep their shape)
            if f.entity_type in ("PERSON", "LOCATION") and surrogate_and_no_name(span, surrogates):
                continue  # "Xiomara Dufour MD", "SUN-WA TECHNOS MALENA": a surrogate among words that name no one
            if f.entity_type in NAME_TYPES and not has_name_word(span):
                continue  # "00:01:30 UTC", "Email Draft": no word that could name anyone
            if f.entity_type in CODE_TYPES and (inside_identifier(text, f.start, f.end) or _HEX_BIT.match(span)):
                continue  # a piece of an id token (the "e215" of a uuid), not a licence
            key = (f.entity_type, _POSSESSIVE.sub("", normalise_value(span)))
            counts[key] += len(places[k])
            g = groups.setdefault(key, {"score": f.score, "span": span, "recognizer": f.recognizer, "locs": [], "name": False})
            if (f.entity_type == "PERSON" and full_name(span)) or (f.entity_type == "LOCATION" and name_typed_as_place(span)):
                g["name"] = True  # a full name, whatever type detection gave it
            g["score"] = max(g["score"], f.score)
            for rel, unit in places[k]:
                if len(g["locs"]) >= MAX_LOCATIONS:
                    break
                g["locs"].append((rel, unit, f.start, f.end, text))
    can_fail = strict or bool(surrogates.sources)
    out: list[Finding] = []
    for (et, norm), g in groups.items():
        locs = []
        first_file = ""
        for rel, unit, s, e, text in g["locs"]:
            ws, we = max(0, s - CONTEXT_CHARS), min(len(text), e + CONTEXT_CHARS)
            ctx = text[ws:s] + "⟦" + text[s:e] + "⟧" + text[e:we]
            ctx = masker.text(ctx).replace(SEP, " ").replace("\r", " ").replace("\n", "⏎")
            shown = masker.path(rel)
            first_file = first_file or shown
            ft = files.get(rel) or read_file_text(rel, root / rel)
            files[rel] = ft
            locs.append(Location(file=shown, unit=masker.text(ft.describe_unit(unit, s)), start=s, end=e, context=ctx))
        name_fails = g["name"] and (can_fail or not could_be_a_surrogate_name(g["span"]))
        fails = strict or (can_fail and g["score"] >= fail_score) or name_fails
        out.append(
            Finding(
                id=stable_id("R", "residual", et, norm),
                check="residual",
                kind="residual_pii",
                message=f"possible {et} not known as a surrogate ({g['recognizer']}, score {g['score']:.2f}), {counts[(et, norm)]} occurrence(s)"
                + ("; a full name" if name_fails else ""),
                file=first_file,
                entity_type=et,
                score=round(float(g["score"]), 4),
                # a span made of surrogate text may hold a word that, alone, is an original (the
                # "Brown" of a surrogate address): it is shown masked, like every context
                text=masker.text(g["span"]),
                count=counts[(et, norm)],
                locations=locs,
                fails=fails,
            )
        )
    out.sort(key=lambda f: (-(f.score or 0), f.entity_type or "", f.id))
    status = "fail" if any(f.fails for f in out) else ("review" if out else "pass")
    res = CheckResult("residual", status, out)
    res.stats = {"texts_analysed": len(texts), "threshold": threshold, "fail_score": fail_score, "strict": strict}
    if not can_fail and out:
        res.notes.append(
            "no workspace and no redaction report: surrogates cannot be told from originals, so residual findings are listed, not failed"
        )
    res.notes.append(f"sources of known surrogates: {', '.join(surrogates.sources) or 'none'}")
    return res
