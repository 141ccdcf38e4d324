"""Reviewer decisions applied to what detection found, before anything is replaced.

``ReviewRules`` holds the values a reviewer (or ``--allow`` / ``--allow-file``) said are
not personal data — kept exactly as written — and the values detected as the wrong type
— replaced by a surrogate of the right one (``wrong_type`` in a review file: a date gets a
date). The detector's own allow list gets the same values (``DetectorSettings.extra_allow``);
these rules are the guarantee on the final findings whatever pass produced them
(NER, patterns, identity or propagation). Values are compared the way the allow list
compares them (case, accents, surrounding punctuation and a possessive ignored).
``apply_review`` turns an export scrub's options (``--review``, ``--allow``) into the
contributor's hints, the detector settings and these rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ingest.errors import InputError


def normalize(value: str) -> str:
    from privacy.detect.allow_list import AllowList

    return AllowList.normalize(value)


@dataclass(frozen=True)
class ReviewRules:
    """Values to keep (``allow``) and values to re-type (``retype``), normalised. Picklable."""

    allow: frozenset[str] = frozenset()
    retype: tuple[tuple[str, str], ...] = ()  # (normalised value, new entity type), sorted

    @classmethod
    def of(cls, allow: Iterable[str] = (), retype: Iterable[tuple[str, str]] = ()) -> "ReviewRules | None":
        """Rules from raw values (``retype``: (new type, value)); None when there are none."""
        a = frozenset(n for n in (normalize(v) for v in allow) if n)
        r = tuple(sorted({(normalize(v), t) for t, v in retype if normalize(v)}))
        return cls(a, r) if a or r else None

    def apply(self, text: str, findings: Sequence) -> tuple:
        """The findings of ``text`` with allowed values dropped and re-typed ones re-typed."""
        if not findings:
            return tuple(findings)
        new_type = dict(self.retype)
        out = []
        for f in findings:
            v = normalize(text[f.start : f.end])
            if v in self.allow:
                continue
            t = new_type.get(v)
            out.append(replace(f, entity_type=t) if t and t != f.entity_type else f)
        return tuple(out)


def read_allow_file(path: str | Path) -> list[str]:
    """An allow file: one value a line; blank lines and lines starting with ``#`` ignored."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise InputError(str(p), "cannot read the allow file") from None
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def apply_review(options, workspace, contributor_tag: str, contributor, settings):
    """Reviewer verdicts and ``--allow`` values of an export scrub's ``options``: ``leak``
    values become known identifiers (``with_known_identifiers``), ``not_pii`` values
    (study-wide, or this contributor's) and ``--allow`` values are kept as written,
    ``wrong_type`` values re-typed. ``settings``: the ``DetectorSettings`` to start from.
    Returns (contributor, settings, rules)."""
    allow = list(options.allow)
    retype: list[tuple[str, str]] = []
    if options.review:
        from privacy.audit.review import load_review

        rev = load_review(options.review, workspace=workspace)
        contributor = with_known_identifiers(contributor, list(rev.known_identifiers))
        allow += rev.allow_list_for(contributor_tag)
        retype = list(rev.retype)
    if allow:  # settings only: the Detector is loaded where detection runs
        settings = replace(settings, extra_allow=tuple(sorted(set(settings.extra_allow) | set(allow))))
    return contributor, settings, ReviewRules.of(allow, retype)


def with_known_identifiers(contributor, known: list[tuple[str, str]]):
    """The contributor's hints plus reviewed leaks (``privacy audit`` review file, verdict ``leak``).

    Emails and phone numbers join the contributor's own; every other value, a person's
    name included, joins ``other_names`` (names the detector must always find; ``names``
    stay the contributor's own, which the packs rewrite to the first person).
    """
    if not known:
        return contributor
    emails = [v for t, v in known if t == "EMAIL_ADDRESS"]
    phones = [v for t, v in known if t == "PHONE_NUMBER"]
    others = [v for t, v in known if t not in ("EMAIL_ADDRESS", "PHONE_NUMBER")]

    def uniq(*seqs):
        return tuple(dict.fromkeys(v for seq in seqs for v in seq if v))

    return replace(
        contributor,
        emails=uniq(contributor.emails, emails),
        phones=uniq(contributor.phones, phones),
        other_names=uniq(contributor.other_names, others),
    )
