"""Which third-person pronouns stand for the contributor in a task's added context.

One fact alone often does not say: "Ngozi runs the bakery with her sister" opens with a
name the gender guesser does not know, so "her" could be anyone's. The task's other facts
usually do ("She manages a small bakery in Leeds."). ``task_family`` reads the pronoun the
task's facts open with: she/her or he/his, the more frequent (on a tie, the family of the
contributor's first name). "They" is the contributor's own pronoun ("they/them") when a
fact says so, or when facts open with it and with no she or he, for a first name of no
clear gender or in at least half of the facts; otherwise a "they" is read sentence by
sentence (a he or she contributor's household: ``context_packs/household.py``).
"""

from __future__ import annotations

import re
from functools import lru_cache

FAMILIES = {
    "fem": {"she": "nom", "her": "acc_or_poss", "hers": "poss_pron", "herself": "refl"},
    "masc": {"he": "nom", "him": "acc", "his": "poss_or_pron", "himself": "refl"},
    "they": {"they": "nom", "them": "acc", "their": "poss", "theirs": "poss_pron", "themselves": "refl",
             "themself": "refl"},
}
_OPENERS = {"she": "fem", "her": "fem", "he": "masc", "his": "masc", "they": "they", "their": "they"}
_OWN_THEY = re.compile(r"\bthey\s*/\s*them\b", re.I)


@lru_cache(maxsize=4096)
def name_family(first_name: str) -> str | None:
    """"fem" or "masc" when ``first_name`` mostly reads so (``gender_guesser``), else None."""
    g = _detector().get_gender(first_name)
    return {"female": "fem", "mostly_female": "fem", "male": "masc", "mostly_male": "masc"}.get(g)


@lru_cache(maxsize=1)
def _detector():
    import gender_guesser.detector as gd

    return gd.Detector(case_sensitive=False)


def names_family(names: list[str] | tuple[str, ...]) -> str | None:
    """The family of the first of the contributor's first names whose gender reads clearly."""
    return next((g for g in (name_family(n.split()[0]) for n in names if n.split()) if g), None)


def task_family(facts: list[str], names: list[str] | tuple[str, ...]) -> str | None:
    """The contributor's pronoun family ("fem", "masc", "they") from the task's facts, or None."""
    opened = [_OPENERS.get(f.split()[0].lower().strip(",.'’")) for f in facts if f.split()]
    fem, masc, they = opened.count("fem"), opened.count("masc"), opened.count("they")
    by_name = names_family(names)
    if fem or masc:
        if fem == masc:
            return by_name
        return "fem" if fem > masc else "masc"
    if any(_OWN_THEY.search(f) for f in facts):
        return "they"
    if they and (by_name is None or 2 * they >= len(facts)):
        return "they"
    return None
