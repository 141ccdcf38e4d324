"""DATE_TIME, DATE_OF_BIRTH and AGE: transforms, not vault entries.

Dates (and dates of birth) move by the contributor's keyed offset, in their own written
format (see ``synth.dates``); with date shifting off they are kept. Ages over 89 become
"90 or older" (HIPAA safe-harbour style: "95" → "90 or older", "95 years old" →
"90 or more years old", "95-year-old" → "90-plus-year-old"); other ages are kept.
"""

from __future__ import annotations

import re

from .base import Provider, register

AGE_CAP = 89
_AGE = re.compile(r"\d+")


@register
class DateTimeProvider(Provider):
    entity_type = "DATE_TIME"
    how = 'shifted by the contributor offset, format kept'
    vaulted = False
    example = "Monday, March 3rd, 2024"

    def transform(self, engine, original: str) -> str:
        return engine.shift_date_text(original)


@register
class DateOfBirthProvider(DateTimeProvider):
    entity_type = "DATE_OF_BIRTH"
    how = 'shifted like every date, format kept'
    example = "04/17/1986"


@register
class AgeProvider(Provider):
    entity_type = "AGE"
    how = 'over 89 → "90 or older"; others kept'
    vaulted = False
    example = "95 years old"

    def transform(self, engine, original: str) -> str:
        def repl(m: re.Match) -> str:
            if int(m.group(0)) <= AGE_CAP:
                return m.group(0)
            after = original[m.end():]
            if re.match(r"-?\s*(?:years?|yrs?)[-\s]?old", after, re.I) and "-" in after[:2]:
                return "90-plus"
            if re.match(r"\s*(?:years?|yrs?)\b", after, re.I):
                return "90 or more"
            return "90 or older"

        return _AGE.sub(repl, original)


@register
class NrpProvider(Provider):
    """Nationality, religious or political group: reported by detection, kept by default."""

    entity_type = "NRP"
    how = 'kept (reported only)'
    vaulted = False
    example = "Catholic"

    def transform(self, engine, original: str) -> str:
        return original


@register
class PublicProvider(Provider):
    """Public figures, works, landmarks, places as a topic: reported by detection, kept."""

    entity_type = "PUBLIC"
    how = 'kept (reported only: not about the contributor)'
    vaulted = False
    example = "the Eiffel Tower"

    def transform(self, engine, original: str) -> str:
        return original
