"""People who go by their initials in chat typed in lower case: "me and DJ split the uber", "text
to KB.", "GH thinks we should move the launch, NS disagrees", "the group is me, RB, TJ and Soph".

In a line written mostly in lower case, two or three capitals stand out; they are someone's
initials or an acronym ("my CV", "a PDF", "the NHS app", "DBS check"). The slot tells them apart,
never a list of initials:

* an acronym is a thing: an article, a determiner or a number comes before it ("an ISA", "the
  NHS"), or the capitals are a role, a body or a relation people write in capitals
  (``vocabulary.ROLE_ACRONYMS``: "HR", "my GP", "MIL"); a country's or a state's code ("LA's
  traffic", "flying to NZ.") counts as initials only in a person's own slot (a verb or a cue: "TJ
  and i", "me and MK"), as most pairs of capitals are some country's code;
* initials are a person's when a person's verb follows ("AJ keeps borrowing", "NS disagrees",
  "DJ split the uber"), a possessive follows ("EK's birthday", "CJs leaving do"), a person's cue
  comes before ("me and DJ", "tell BT", "thank OD", "my sister and JP"), a key of notes or a form
  that names people ("owner: GB", "present: RM, SL"), an action item gives them a task ("JT to
  book the venue", "- KB to chase the caterers"), or "with", "to", "for" or
  "from" comes before and the clause pauses or goes on to a person after it ("text to KB.", "with
  SJ and PR", "from VR saying"); and initials joined by a comma, "and" or "&" to accepted ones are
  a person too ("me, RB, TJ and Soph"), and so are the same initials anywhere else in the text.

In a line of any case, capitals that are an item of a list of people opened by its key are someone's
too ("attendees: S. Raghunathan, Thulasi, JK, Marisol"; not "Present: Dr Okafor, HR, …": a role), and
so are the same initials on the text's other lines ("- JK + Marisol to clean up the Jira board").

A line typed in capitals ("WHY DOES BEX ALWAYS CANCEL") holds no initials that stand out: the
line's own rules read it (privacy.detect.recase, name_list).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from privacy.entities import PERSON
from privacy.detect.recognizers.base import RegexRecognizer
from privacy.detect.filters import initials_standing_out, mostly_lower_line
from privacy.detect.vocabulary import ROLE_ACRONYMS, TASK_VERBS, place_acronyms

SCORE = 0.6
_TOKEN = re.compile(r"(?<![\w.&/@#+-])([A-Z]{2,3})(?=(?:['’]s|s)?(?![\w&/+-]))")
_PERSON_VERB = (r"said|says|say|thinks|thought|reckons|wants|wanted|keeps|kept|cancell?ed|cancels|asked|asks|got|gets|"
                r"texted|texts|told|tells|disagrees|disagreed|agrees|agreed|replied|messaged|forgot|forgets|promised|owes|"
                r"hates|loves|likes|split|paid|pays|went|goes|came|comes|left|leaves|sent|borrowed|borrows|lent|invited|"
                r"called|rang|moved|bought|knows|knew|needs|needed|is\s+coming|isnt\s+coming|is\s+not\s+coming|"
                r"(?:is|was)\s+(?:getting|going|coming|moving|bringing|driving|doing|being|always|never|still|so|off|"
                r"away|sick|ill|late|home)|"
                r"(?:are|were)\s+(?:[a-z]+ing|always|never|still|so|both)|"
                r"(?:and|&|n)\s+(?:i|me)|(?:just|never|always|still|also|literally|finally|already)\s+[a-z]+|"
                r"(?:cant|can['’]t|wont|won['’]t|doesnt|doesn['’]t|didnt|didn['’]t|hasnt|hasn['’]t|isnt|isn['’]t)\b")
_VERB_AFTER = re.compile(r"[ \t]+(?:" + _PERSON_VERB + r")\b")
_POSSESSIVE_AFTER = re.compile(r"(?:['’]s|s)[ \t]+[a-z]")
_STRONG_BEFORE = re.compile(r"(?i:(?<![\w'’-])(?:me[ \t]*(?:and|&|n|,)|(?:ask|asked|tell|told|remind|reminded|thank|thanks|"
                            r"invite|invited|text|texted|message|messaged|dm|dmed|ping|pinged|call|called|ring|rang|"
                            r"reply[ \t]+to|replied[ \t]+to|cc|hey|hi|hiya|dear|met|meet|ignore|block|forgive)|"
                            r"(?:sister|brother|mum|mom|dad|friend|bf|gf|boyfriend|girlfriend|wife|husband|partner|"
                            r"cousin|flatmate|roommate|housemate|boss|colleague)[ \t]+(?:and|&))[ \t]+$)")
_WEAK_BEFORE = re.compile(r"(?i:(?<![\w'’-])(?:with|to|for|from|by)[ \t]+$)")
# after a weak cue, the clause pauses, or goes on as about a person: "text to KB.", "with SJ and PR", "from VR saying"
_PAUSE_OR_PERSON_AFTER = re.compile(r"[ \t]*(?:[.,!?;:)]|$|\n)|[ \t]+(?:(?:and|&|n)[ \t]+(?:i|me|[A-Z])|saying|asking|"
                                    r"about|re|abt|to[ \t]+say|lol|tho|though|tonight|today|tomorrow|again|later)\b")
# an action item: initials opening a sentence, a line or a list's item, then "to" and a task's verb ("JT to book
# the venue", "- KB to chase the caterers"; not "PDF to word", "API to return errors")
_ITEM_START = re.compile(r"(?:^|[.!?;:][ \t]+|\n[ \t]*(?:[-*•][ \t]*)?|(?i:actions?|action[ \t]+items?)[ \t]*[:-][ \t]*)$")
_TASK_AFTER = re.compile(r"[ \t]+to[ \t]+(?:" + TASK_VERBS + r")\b")
# a key that names people in notes and forms: "owner: GB", "present: RM, SL", "apologies: HW"
_PEOPLE_KEY_BEFORE = re.compile(r"(?i:(?<![\w'’-])(?:owners?|assigned[ \t]+to|assignee|lead|present|attendees|apologies|"
                                r"chair|host|contact|cc|who|organi[sz]er)[ \t]*:[ \t]*$)")
# an item of a list of people opened by such a key, in a line of any case: "attendees: S. Raghunathan, Thulasi,
# JK, Marisol" (the capitals stand out by their slot, not by the line's case)
_PEOPLE_LINE_KEY = re.compile(r"(?i:[ \t>*•-]*(?:attendees|attending|present|apologies|participants|invitees|"
                              r"owners?|assigned[ \t]+to|cc)[ \t]*:)")
_ITEM_JOINT_BEFORE = re.compile(r"(?:[:,;&][ \t]*|[ \t]and[ \t]+)$")
_ITEM_END = re.compile(r"[ \t]*(?:[,;&]|[ \t]and\b|$)", re.M)
_NEWLINE = re.compile(r"\n")
_JOINT = re.compile(r"[ \t]*(?:,|&|\+)?[ \t]*(?:(?:and|n)[ \t]+)?")


def initials(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names someone by their initials (see the module docstring)."""
    if not any(c.isupper() for c in text):
        return []
    starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]
    lines: dict[int, bool] = {}  # a line's start: whether it is written mostly in lower case (read once)
    keys: dict[int, int | None] = {}  # a line's start: where its people key ends, if it opens with one (read once)
    tokens, listed = [], set()
    for m in _TOKEN.finditer(text):
        a, b = m.span(1)
        line = starts[bisect_right(starts, a) - 1]
        if line not in lines:
            lines[line] = mostly_lower_line(text, a, b)
            key = _PEOPLE_LINE_KEY.match(text, line)
            keys[line] = key.end() if key is not None else None
        if keys[line] is not None and keys[line] <= a and _ITEM_END.match(text, b) \
                and _ITEM_JOINT_BEFORE.search(text, keys[line], a) and text[a:b] not in place_acronyms() \
                and text[a:b].lower() not in ROLE_ACRONYMS:
            listed.add((a, b))  # "attendees: S. Raghunathan, Thulasi, JK, Marisol": one of the people, any case
            tokens.append((a, b))
        elif initials_standing_out(text, a, b, lines[line]):
            tokens.append((a, b))
    accepted = set(listed)
    for a, b in tokens:
        end = b + (2 if text.startswith(("'s", "’s"), b) else 0)
        if _VERB_AFTER.match(text, end) or _STRONG_BEFORE.search(text, max(0, a - 24), a) \
                or _PEOPLE_KEY_BEFORE.search(text, max(0, a - 24), a) \
                or (_TASK_AFTER.match(text, b) and _ITEM_START.search(text, max(0, a - 20), a)):
            accepted.add((a, b))  # (a person's slot: a country's code would not stand there, "TJ", "MK" are initials)
        elif text[a:b] not in place_acronyms() and (_POSSESSIVE_AFTER.match(text, b) or (
                _WEAK_BEFORE.search(text, max(0, a - 6), a) and _PAUSE_OR_PERSON_AFTER.match(text, b))):
            accepted.add((a, b))  # ("LA's traffic", "flying to NZ."; not "EK's birthday")
    run: list[tuple[int, int]] = []  # a list of initials joined by commas, "and", "&": one accepted names them all
    for i, token in enumerate(tokens):
        run.append(token)
        if i + 1 == len(tokens) or not _JOINT.fullmatch(text, token[1], tokens[i + 1][0]):
            if accepted.intersection(run):
                accepted.update(run)
            run = []
    named = {text[a:b] for a, b in accepted}  # the same initials again in the text: "SL to sort the raffle",
    # in a line of any case ("- JK + Marisol to clean up the Jira board")
    return sorted(accepted | {m.span(1) for m in _TOKEN.finditer(text) if m.group(1) in named})


class InitialsRecognizer(RegexRecognizer):
    """Someone's initials in a lower-case line, by their slot (see the module docstring)."""

    ENTITY = PERSON

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        return [self.result(a, b, SCORE) for a, b in initials(text)]
