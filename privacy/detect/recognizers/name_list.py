"""Person names by their shape and the gazetteers (privacy.detect.gazetteer), whatever label
NER gave them or whether it gave one at all.

A run of capitalised words (privacy.detect.recognizers.runs) is a person when

* it starts with a known given name and ends with a known surname ("Hanna Mattila"), or with
  any uncommon word ("Marguerite Oyelaran"), or has a middle initial ("Seid E Globelnik");
* it is one known given name that is no English word and no place ("Syed", "Tiia"), mid-sentence
  or opening one before a comma, a colon, a possessive or a lower-case word ("Lukas, can I …");
* it is one known surname mid-sentence ("… Niiya and Parsons were …");
* it is a speaker label opening a line ("Joy: see you at 8");
* it is coordinated with a person ("Floyd, Hernandez and White", "Arash & Mina Tehrani");
* it is one uncommon word in a person's place: a label of a pasted chat with several speakers,
  a possessor of a kid or an address ("Paliki's kid"), a vocative opening a sentence ("Arya,
  can I …"), the subject of a speech or life verb ("Sommerseth began writing");
* it is made of words the pipeline's vocabulary knows only capitalised, or not at all
  ("Raghunathan", "Dubinina"): brands and terms are written in lower case too ("kubernetes"),
  a rare surname is not;
* it is the name line of a contact block or signature (two or three uncommon words alone on a
  line, in a text with an e-mail, a phone or a postal code).

Lists and casing: the names of a list, one per line, when most lines hold a person; given names in
a message written all in capitals; quoted nicknames after a name; initials after a cue ("to T.J.").
(The module is over 400 lines: every rule reads the same runs and the same gazetteer guards, and
splitting them would spread one judgement over several files.)

Names in capitals are judged by the same lists ("SIDDHARTH MENON", "ŁUKASZ MAZUR"). In a line
written without capitals, a known given name that is no English word is a person after a cue
or beside another ("me, ngozi, tobi and femi went to dinner"). A run that is a known place is
left to the place recognizers; a name found by its shape alone after a place word ("based in
Schijf") or with a town's ending ("Šefkamouth") is reported as a LOCATION.
"""

from __future__ import annotations

import re
from functools import lru_cache

import regex
from presidio_analyzer import LocalRecognizer, RecognizerResult
from spacy.lang.en.stop_words import STOP_WORDS

from privacy.entities import LOCATION, PERSON
from privacy.detect import gazetteer as G
from privacy.detect import tagging
from privacy.detect.filters import public_places
from privacy.detect.recognizers.base import token_at
from privacy.detect.recognizers.runs import ORG_WORDS, STAMP_PREFIX, STAMP_SUFFIX, TIMETABLE_PREFIX, Run, alone_on_line, find_runs, line_of, sentence_initial, speaker_label
from privacy.detect.vocabulary import (CALENDAR_WORDS, ROLE_ACRONYMS, TAGALOG_PARTICLES, WEEKDAYS, foreign_line, is_common,
                                       is_plain_acronym)

_COORD = re.compile(r"(?:,[ \t]*(?:and[ \t]+|&[ \t]*|or[ \t]+)?|[ \t]+(?:and|or|&|y|und|et|og|en)[ \t]+)")
_SPEAKER_LINE = regex.compile(r"(?m)^" + STAMP_PREFIX + r"\p{Lu}[\p{L}\p{M}'’\-]+(?:[ \t]\p{Lu}[\p{L}\p{M}'’\-]+)?"
                              + STAMP_SUFFIX + r"[ \t]*:[ \t]*\S")


FORM_LABEL_ZIPF = 3.5  # "stack" 4.2, "tone" 4.4, "job" 5.4: a label English uses often
_LABEL = regex.compile(r"(?m)^[ \t]*[-*•]?[ \t]*(\p{Lu}[\p{L}\p{M}'’\-]+)[ \t]*:[ \t]*\S")


def several_speakers(text: str) -> bool:
    """Two or more lines of ``text`` open with a capitalised speaker label: a pasted chat or script
    (not a form whose labels are words: "Format: …", "Stack: …", ``form_labels``)."""
    return ":" in text and len(_SPEAKER_LINE.findall(text)) >= 2 and not form_labels(text)


def form_labels(text: str) -> bool:
    """Two or more lines open with a label, every label is a word English uses often and one at least is
    no name too: the fields of a form or of custom instructions ("Format: headings …⏎Stack: Python
    …⏎Tone: friendly"), no speakers ("Joy: …⏎Mark: …" are names, however often English writes them)."""
    labels = [w.lower() for w in _LABEL.findall(text)] if ":" in text else []
    return len(labels) >= 2 and any(is_common(w) for w in labels) \
        and all(is_common(w) or G.english_zipf(G.fold_word(w)) >= FORM_LABEL_ZIPF for w in labels)


_POSSESSION = re.compile(r"['’]s[ \t]+(?:(?:new|old|little|big|own|home|email|phone|current)[ \t]+)?(?:kid|kids|son|daughter|"
                         r"child|children|wife|husband|partner|mom|mum|mother|dad|father|sister|brother|family|parents|"
                         r"address|phone|number|email|birthday|house|flat|apartment|car|dog|cat|wedding|funeral|party|"
                         r"office|desk|account|name|friend|boyfriend|girlfriend|boss|place|room|team|surgery|garage|salon|van|truck|bike)\b")
_FAMILY_OF = re.compile(r"['’]s[ \t]+(?:mum|mom|mother|dad|father|parents|sister|brother|wife|husband|son|daughter|"
                        r"kids?|grandma|grandpa|nan|auntie|aunt|uncle|boyfriend|girlfriend|fianc[eé]e?)\b")
_PARTNER_BEFORE = re.compile(r"([A-ZÀ-Þ][\w'’-]+)[ \t]+(?:and|&)[ \t]+$")
_WITH_ME = re.compile(r"(?<![\w'’-])(?i:me)[ \t]+(?:and|&|n)[ \t]+([A-ZÀ-Þ][a-zà-ÿ'’-]+)\b")
_PLACE_PREPOSITION = re.compile(r"(?i:\b(?:to|from|in|at|near|via|around)[ \t]+$)")
_ROUTE_BEFORE = re.compile(r"\bfrom[ \t]+[A-ZÀ-Þ][\w'’-]+(?:[ \t]+[A-ZÀ-Þ][\w'’-]+)?[ \t]+to[ \t]+$")  # "from Hanoi to Hue"
_CAP_WORD_BEFORE = re.compile(r"[A-ZÀ-Þ][\w'’-]*[ \t]+(?:(?:of|in|the|on|at|for|de|la|von|van)[ \t]+)?$")
_CAP_WORD_AFTER = re.compile(r"[ \t]+[A-ZÀ-Þ]")


def _alone_capitalised(text: str, start: int, end: int) -> bool:
    """A capitalised word with no capitalised word right before or after it (nor a title's "A
    Study in Scarlet"), in a line that is not written in title case: "I met Rose at the gym",
    not "Hunter Green Paint" or a heading."""
    if _CAP_WORD_BEFORE.search(text, max(0, start - 30), start) or _CAP_WORD_AFTER.match(text, end):
        return False
    a, b = line_of(text, start, end)
    words = text[a:b].split()
    return len(words) >= 4 and sum(w[:1].isupper() for w in words) * 2 < len(words)


def _tagged_proper(nlp_artifacts, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans whose word the tagger reads as a proper noun, not before a lower-case noun it
    names a kind of ("Amber ale"); tagged only now, and only them."""
    doc = getattr(nlp_artifacts, "tokens", None)
    if not spans or not tagging.spans_pos_tagged(doc, spans):
        return []
    out = []
    for a, b in spans:
        tok = token_at(nlp_artifacts, a)
        if tok is None or tok.pos_ != "PROPN":
            continue
        nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
        if nxt is not None and nxt.pos_ in ("NOUN", "PROPN") and (nxt.text.islower() or (
                nxt.text[:1].isupper() and is_common(nxt.lower_) and not G.is_surname(nxt.text))):
            continue  # a word of a compound: "Amber ale", "Hunter boots", "an Amber Alert"
        out.append((a, b))
    return out


_FINITE_VERB = frozenset({"VBZ", "VBD", "MD"})  # "gets", "is", "said", "will": a singular subject's verb


def _tagged_subjects(nlp_artifacts, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sentence-opening given names the tagger reads as a proper noun before a finite verb
    ("Arjun gets one story", "Femi is doing small chops"); tagged only now, and only them."""
    doc = getattr(nlp_artifacts, "tokens", None)
    if not spans or not tagging.spans_pos_tagged(doc, [(a, b + 12) for a, b in spans]):
        return []
    out = []
    for a, b in spans:
        tok = token_at(nlp_artifacts, a)
        if tok is None or tok.pos_ != "PROPN" or tok.i + 1 >= len(tok.doc):
            continue
        if tok.doc[tok.i + 1].tag_ in _FINITE_VERB:
            out.append((a, b))
    return out


_VOCATIVE = re.compile(r",[ \t]+(?:can|could|would|will|please|do|did|are|is|have|thanks|thank|i|you|we|let|how|what|"
                       r"where|when|why|are|just|hope|so)\b", re.I)
_AGE_AFTER = re.compile(r"(?:[ \t]*\([ \t]*\d{1,2}[ \t]*(?:y/?o|yrs?|years?)?[ \t]*\)|,[ \t]*\d{1,2}[ \t]*(?:y/?o)?[ \t]*,)")
_KIN_ASIDE = re.compile(r"[ \t]*\((?i:(?:my|her|his|their|our)[ \t]+)?(?i:mum|mom|dad|nan|nana|gran|grandma|grandpa|"
                        r"aunt|auntie|aunty|uncle|sister|brother|son|daughter|wife|husband|partner|friend|cousin|niece|"
                        r"nephew|stepmum|stepmom|stepdad)\b")
_ARTICLE_BEFORE = re.compile(r"(?:^|(?<=\s))(?:a|an|A|An)[ \t]+$")
_PEOPLE_BEFORE = re.compile(r"(?i:\b(?:kids?|children|sons?|daughters?|boys|girls|grandkids|grandchildren|nephews?|nieces?|"
                            r"twins|siblings|students|pupils|players|babies|toddlers|teens?)\b)")
_SUBJECT_VERB = re.compile(r"[ \t]+(?:began|begins|shouted|yelled|whispered|smiled|laughed|cried|agreed|decided|"
                           r"forgot|forgets|remembered|promised|apologi[sz]ed|cancell?ed|"
                           r"started|joined|married|divorced|died|was born|lives|lived|works|worked|moved|visited|"
                           r"called|texted|emailed|replied|wrote|said|says|told|asked)\b")
_STREET_AFTER = re.compile(r"[ \t]+(?:[A-Za-z]+[ \t]+)?(?:St|Street|Rd|Road|Ave|Avenue|Lane|Ln|Blvd|Drive|Dr|veg|vei|"
                           r"gate|gata|vej|straße|strasse|str|weg|laan|Way|Place|Pl|Court|Ct|Heights|Terrace)\b\.?|"
                           r"[ \t]+\d{1,5}\b(?![ \t]*(?:[:.]\d{2}|(?i:[ap]\.?m\b|h\b|hrs?\b|o['’]clock)))")  # (a time: "Tobi Adeyemi 9 am")
_SIGNOFF_LINE = regex.compile(r"\n[ \t]*[-–—~][ \t]*(\p{Lu}[\p{L}\p{M}'’\-]{1,20})[ \t]*\n?\Z")
_BULLET_LINE = re.compile(r"(?m)^[ \t]*[-*•][ \t]+\S")
# rules that judge a word by its shape alone: after a place word, such a word is a town
_WEAK_RULES = frozenset({"given_unknown", "surname", "rare_name", "subject"})
_PLACE_BEFORE = re.compile(r"(?i:\b(?:in|from|near|around|outside|across|throughout|based in|located in|"
                           r"(?:flew|fly|flying|moved|move|moving|drove|drive|driving|went|go|going|travel\w*|trip|"
                           r"returned|return|relocat\w*|back|came|headed|heading)[ \t]+(?:back[ \t]+)?(?:to|from|into))"
                           r"[ \t]+(?:the[ \t]+)?)$")
# endings that make a word a town's name in English, German, Dutch and Nordic toponymy
# ("Northampton", "Šefkamouth", "Engelfurt", "Nickelstad"), when the word is no known name
TOPONYM_END = re.compile(r"(?:burgh?|borough|bury|ville|mouth|chester|caster|furt|stadt?|dorf|hausen|heim|haven|"
                         r"shire|thorpe|wick|field|port|fort|ton|by|berg|land|side|view|"
                         r"-(?:ku|shi|cho|machi|mura|gun|ken|dong|gu|si))$", re.I)  # and Japanese, Korean wards and towns


def _toponym(word: str) -> bool:
    return len(word) > 5 and TOPONYM_END.search(word) is not None and not (G.is_given(word) or G.is_surname(word))


_NICKNAME_AFTER = regex.compile(r"[ \t]*(?:\(|,[ \t]*)?(?:(?:aka|a\.k\.a\.|known as|nicknamed|or)[ \t]+)?[\"“'‘]"
                                r"(\p{Lu}[\p{L}\p{M}'’\-]{1,20})[\"”'’]")
# the short name a writer goes by, before their full name in brackets: "- Bex (Rebecca Thorne)"
_NICKNAME_BEFORE = regex.compile(r"(?<![\p{L}\p{M}'’-])(\p{Lu}[\p{Ll}\p{M}'’\-]{1,15})[ \t]*\([ \t]*$")
# a list line: a bullet or number, then one to three capitalised words, then the end of the line
# or a note after a separator ("Prakash & family (4), veg", "Faith - on the till", "Ivy")
_LIST_ITEM = regex.compile(r"^[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*"
                           + TIMETABLE_PREFIX + r"(\p{Lu}[\p{L}\p{M}'’\-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}'’\-]+){0,2}"
                           r"(?:[ \t]+(?:and|&)[ \t]+\p{Lu}[\p{L}\p{M}'’\-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}'’\-]+)?)?)"
                           r"[ \t]*(?:$|\t|[,;:(+–—&→]|[ \t]-[ \t]|->)")
_THREE_LOWER = regex.compile(r"\p{Ll}{3}")
_CAPS_POSSESSIVE = ("'S", "’S")  # a run in capitals holds its possessive: "KEMI'S"
_PHONE_AFTER = re.compile(r"[ \t]*[:,-]?[ \t]*(?:\+|\(0?)?\d[\d \t()\-]{6,}\d")  # a phone number next
_NAME_HEADS = frozenset({"name", "names", "who", "person", "people"})  # a column's header: "Name⇥Paid⇥Owes"
# the cell of a list line that names someone in lower case: the first ("- tobi: drinks", "ngozi - £8",
# "- femi sorting music" after a bullet) or the last after a dash or a colon ("mon - tobi", "drinks: ngozi")
_CELL = r"(\p{L}[\p{Ll}\p{M}'’\-]+)"
_LOWER_HEAD = regex.compile(r"[ \t]*(?:(?:[-*•]|\d{1,2}[.)])[ \t]*" + _CELL + r"(?=[ \t]+\p{Ll})|(?:[-*•]|\d{1,2}[.)])?[ \t]*"
                            + _CELL + r"[ \t]*(?:$|[:;,(–—→=]|[ \t]-[ \t]|->))")
_LOWER_TAIL = regex.compile(r"(?:[ \t]+[-–—=][ \t]+|[ \t]*[:→][ \t]*|[ \t]*->[ \t]*)" + _CELL + r"[ \t]*[.!]?[ \t]*$")
_LOWER_SIGNOFF = regex.compile(r"\n[ \t]*[-–—~][ \t]*(\p{Ll}[\p{L}\p{M}'’\-]{1,20})[ \t]*\n?\Z")
_TIMED_LINE = regex.compile(r"[ \t]*(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]{0,6}\.?[ \t]+\d{1,2}[:.]\d{2}\b")  # "Thu 5:30 free?"
# a short line in capitals that holds only names: a label, a seating plan, a booking
# ("OKONJO, TEMITOPE", "HALVARD & SIGNE", "AUNTY PRIYA", "PASSENGER: MWANGI/JOSEPHINE MS")
_CAPS_NAME = r"\p{Lu}[\p{Lu}\p{M}'’\-]+"
_CAPS_TITLE = r"(?:MR|MRS|MS|MISS|DR|AUNTY|AUNTIE|UNCLE|SIR|MADAM)\.?"
_CAPS_NAME_LINE = regex.compile(
    r"(?m)^[ \t>*•-]*(?:(?:PASSENGER|NAME|PATIENT|GUEST|FROM|TO|ATTN|BILL TO|SHIP TO|CARDHOLDER|MEMBER)[ \t]*:[ \t]*)?"
    r"(?P<names>(?:" + _CAPS_TITLE + r"[ \t]+)?" + _CAPS_NAME + r"(?:(?:[ \t]*[,&/][ \t]*|[ \t]+(?:AND[ \t]+)?)(?:"
    + _CAPS_TITLE + r"[ \t]+)?" + _CAPS_NAME + r"){0,3})(?:[ \t]+" + _CAPS_TITLE + r")?[ \t]*$")
_CAPS_GROUP = regex.compile(r"(?:" + _CAPS_TITLE + r"[ \t]+)?(" + _CAPS_NAME + r"(?:[ \t]+(?!AND\b)" + _CAPS_NAME + r")*)")
_CAPS_TITLE_WORD = regex.compile(_CAPS_TITLE)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_CAPS_RUN = regex.compile(r"\p{Lu}{2,}[^\p{Ll}\n]{16,}")
_CAPS_COORD = re.compile(r"[ \t]*(?:,[ \t]*|(?:AND|&|N)[ \t]+)")  # "BLESSING AND GODWIN", "TOBI, KEMI"
_CAPS_WORD = regex.compile(r"(?<![\w'’\-])\p{Lu}[\p{Lu}\p{M}'’\-]+(?![\w'’\-])")
_INITIALS = re.compile(r"(?<![\w.])(?:[A-Z]\.){2,3}(?=[ \t,;:!?)]|$)")
_INITIALS_CUE = re.compile(r"(?i:\b(?:to|with|ask|tell|told|from|cc|hi|hey|dear|thanks|and|met|called|texted)[ \t]+$)")
_BLOCK_HINT = re.compile(r"@|\d{5}|(?i:\b(?:phone|mobile|tel|e-mail|email|address|fax)\b)")
_ROLE_CODE = re.compile(r"[A-Z]{1,3}[ \t]+(?=[A-Z][a-z])")
_ARROW = re.compile(r"[ \t]*(?:->|→|=>|⇒)[ \t]*")


def _maps_to_person(text: str, end: int, persons: list[tuple[int, int]]) -> bool:
    """The list line's head is mapped by an arrow to a person found ("Kwame -> Thorin Ironfist, dwarf
    cleric": players and their characters): who is mapped to a person reads as one."""
    m = _ARROW.match(text, end)
    return m is not None and any(a == m.end() for a, _ in persons)


def _list_name(value: str) -> bool:
    """A list line that reads as a name by the lists alone: a known given name that is no English
    word ("Tomasz"), or a given name and a surname."""
    ws = value.split()
    return (len(ws) == 1 and _strong(ws[0], _given)) or (len(ws) >= 2 and _given(ws[0]) and G.is_surname(ws[-1]))


def _has_particle(text: str, run: Run) -> bool:
    """A lower-case particle between the run's words: "Willemine ten Pas", "Luis de la Cruz"."""
    return any(text[a[1]:b[0]].strip() for a, b in zip(run.words, run.words[1:]))


def _block_hint(text: str) -> bool:
    """The text holds a contact or address block: an e-mail, a phone or postal code word, five
    digits, or a line that is only a country ("…⏎HELSINKI⏎Finland")."""
    return _BLOCK_HINT.search(text) is not None or any(
        line.strip(" \t,.").lower() in public_places() for line in text.split("\n") if 0 < len(line) < 40)


_NEXT_CAPITAL = regex.compile(r"[ \t]+\p{Lu}")
_NEXT_CAPITAL_WORD = regex.compile(r"[ \t]+(\p{Lu}\p{Ll}+)\b")
# a lower-case name needs a cue before it: "with tobi", "ask ngozi", "me, ngozi, tobi and femi"
# (kin and church titles of many places name the person after them: "sis marcia", "bro delroy",
# "deacon clarke", "baba tunde", "khala rukhsana", "kuya ben", "tita lorna")
_LOWER_TITLES = (r"sis|bro|deacon|deaconess|pastor|elder|baba|mama|khala|khalu|chacha|chachi|phuphi|mamu|kuya|ate|"
                 r"tita|tito|lola|lolo|nana|nanna|granny|aunty|auntie|uncle|cousin|oga|madam|mrs|mr|ms|dr|lady|guy|man|woman")
_LOWER_TITLE = re.compile(r"(?:" + _LOWER_TITLES + r")")
_LOWER_CUE = re.compile(r"(?:\b(?:with|ask|asked|tell|told|met|meet|dear|hi|hey|hello|thanks|thx|named|called|and|if|of|"
                        r"invite|invited|text|texted|call|called|me|my|cc|from|to|for|pick up|picking up|drop off|"
                        r"dropping off|collect|collecting|na|" + _LOWER_TITLES + r")|[,&])[ \t]+$|\bme[ \t]*\([ \t]*$")
_ME_ASIDE_BEFORE = re.compile(r"\bme[ \t]*\($")
# after a lower-case name: a possessive or a person's verb ("chidi's moving", "oisín want to come")
_LOWER_AFTER = re.compile(r"(?:['’]s\b|[ \t]+(?:uncle|aunty|auntie|bhai|baji|bhabhi|ji|sahab|sahib|didi)\b|[ \t]+(?:and|&)[ \t]+(?:me|i)\b|(?:[ \t]+(?:and|&)[ \t]+\w+)?[ \t]+(?:said|says|texted|called|asked|told|wants?|"
                          r"is coming|are coming|just|replied|sent|invited|hates|loves|thinks|reckons|mentioned|to chase|to send|"
                          r"to check|to follow up|to email|to call|to book|to review|will|has|had|is|was|gets|got|needs|"
                          r"can't|won't|doesn't|didn't|isn't|cant|wont|cannot|doesnt|didnt|isnt|can|could|would|should|might|must|"
                          # a verb in the past ("chinedu came over") or Pidgin's ("chidinma say", "ify go represent me")
                          r"came|went|left|bought|made|took|gave|brought|cooked|drove|paid|won|lost|moved|posted|"
                          r"say|dey|don|go|fit|wan)\b)")
# cues strong enough for a word no vocabulary knows: "text to bongani", "ask tavita", "with kwabena"
_STRONG_LOWER_CUE = re.compile(r"(?:\b(?:with|ask|asked|tell|told|dear|hi|hey|hello|thanks|invite|invited|"
                               r"(?:text|write|send|talk|reply|say|speak|message|email)[ \t]+to|named|cc)|[,&])[ \t]+$")
# (or nothing but a space, between names that are no words: "ushers kemar shanice and deacon clarke")
# (a title may open the next name: "kemar shanice and deacon clarke")
_LOWER_AND = re.compile(r"[ \t]*\)?[ \t]*(?:,|&|and|,[ \t]*and)[ \t]*(?:(?:" + _LOWER_TITLES + r")[ \t]+)?")
_LOWER_SPACE = re.compile(r"[ \t]+")
# after a lone given name opening a sentence: a possessive, a pause, a lower-case word, a dash ("Priya - can
# you …"), a tab that ends a table's cell ("Priya⇥£120") or the end of its line ("- Priya⏎")
_AFTER_SINGLE = re.compile(r"(?:['’]s\b|[ \t]*[,:;!?)]|[ \t]+[a-z]|[ \t]+[-–—][ \t]|\t|[ \t]*(?:\r?\n|\Z))")
_LOWER_WORD = regex.compile(r"(?<![\w@/.#'’\-])\p{Ll}[\p{Ll}\p{M}]{2,}(?![\w@/\-])(?!['’](?!s\b))")
# a capitalised word other than the pronoun "I" (an acronym, "QA", "NOT", says nothing of the writer's casing)
# a greeting that opens a line, a quote or a sentence, and the name it addresses before a pause:
# '"hey tunde, baba femi said …' in a line that has capitals elsewhere
_GREETING_OPENS = re.compile(r"(?:^|[\"“'‘(]|[.!?][ \t]+)[ \t]*(?:hey|hi|hiya|hello|dear|morning|evening)[ \t]+$")
_VOCATIVE_PAUSE = re.compile(r"[ \t]*(?:[,!:]|$)")
_CAPITAL_BUT_I = regex.compile(r"(?<![\p{L}])(?!I\b)\p{Lu}\p{Ll}|\bI\p{Ll}")
_CODE_LINE = re.compile(r"[={};<>\[\]`$\\]|\w\(|://|\w\.\w")  # a call ("f(x)"), not an aside ("me (sasha)")
# what a chat line holds with a dot inside and is no code: an e-mail address, a web address, a
# time or a decimal ("lands at 3.15", "my email is graceokafor84@yahoo.co.uk")
_NOT_CODE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)\S+|\b\d+\.\d+\b|\b[\w-]+\.(?:com|org|net|edu|gov|co|uk|io|ie|de|fr|ng|in|au|ca)\b")


# a mark of code that only a web address among ``_NOT_CODE``'s matches can hold
_CODE_MARK = re.compile(r"[={};<>\[\]`$\\]")
_WEB_ADDRESS = re.compile(r"https?://|www\.")


def _code_line(line: str) -> bool:
    """The line reads as code: a call, an assignment, brackets, an attribute (not a chat line's
    e-mail address, web address or time). Taking out addresses and times (each for a space) only
    removes marks, so a line without one is no code; a line with a bracket or "=" and no web
    address keeps it; only the rest are read without their addresses."""
    if _CODE_LINE.search(line) is None:
        return False
    if _CODE_MARK.search(line) is not None and _WEB_ADDRESS.search(line) is None:
        return True
    return _CODE_LINE.search(_NOT_CODE.sub(" ", line)) is not None


_NER_PLACE = frozenset({"GPE", "LOC", "FAC"})
# the roles of a pasted chat or script ("Bot:", "User:", "Agent:"), never a person's name
_ROLES = frozenset("bot user assistant system agent customer support admin host guest moderator narrator interviewer "
                   "interviewee speaker caller operator chatgpt claude gemini copilot gpt ai human model client server "
                   "teacher student doctor patient nurse me you".split())
# months, days and seasons are given names too ("April", "June", "Summer"): alone, they are dates
_CALENDAR = CALENDAR_WORDS | frozenset({"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri"})  # not "Sat", "Sun": names too


def _two_words(word: str) -> bool:
    """Two English words of five or more letters run together, and no known name ("Paperwhite",
    "Middlemarch", "Fallingwater"; not "Blackwood", a surname, or "Oyelaran")."""
    w = word.lower()
    if len(w) < 10 or not w.isalpha() or G.is_surname(word) or G.is_given(word) or TOPONYM_END.search(word):
        return False  # (a town's ending says town: "Quellenhausen")
    english = lambda part: is_common(part) or part in G.word_names()  # noqa: E731 - "white", "march" are names too
    return any(english(w[:i]) and english(w[i:]) for i in range(5, len(w) - 4))


def _compound_word(word: str) -> bool:
    """Two ordinary words joined, the second in lower case: "Mid-range", "Back-off" ("Smith-Jones"
    and "Hyun-woo" are names: a capital, or a first part that is no word)."""
    head, _, tail = word.partition("-")
    return bool(tail) and tail[:1].islower() and is_common(tail.lower().rstrip("'’s")) \
        and (is_common(head.lower()) or not G.is_given(head))


# faiths, parties and groups no dictionary lists in lower case
_FAITHS_AND_PARTIES = frozenset("muslim muslims hindu hindus sikh sikhs jew jews jewish buddhist buddhists christian "
                                "christians protestant protestants mormon mormons lutheran lutherans evangelical "
                                "evangelicals democrat democrats republican republicans tory tories labour latino latinos "
                                "latina latinas hispanic hispanics brits kiwis maori aboriginal shia sunni".split())


@lru_cache(maxsize=1)
def _languages() -> frozenset[str]:
    """The words of Faker's language names ("Swahili", "Church Slavic")."""
    from faker.providers.person.en import Provider

    return frozenset(G.fold_word(w) for name in Provider.language_names for w in name.split())


_ANY_SPEAKER_LINE = regex.compile(r"(?m)^" + STAMP_PREFIX + r"\p{L}[\p{L}\p{M}'’\-]+(?:[ \t]\p{L}[\p{L}\p{M}'’\-]+)?"
                                  + STAMP_SUFFIX + r"[ \t]*:[ \t]*\S")
_LOWER_SPEAKER = regex.compile(r"(?m)^" + STAMP_PREFIX + r"(?P<label>\p{Ll}[\p{Ll}\p{M}'’\-]+(?:[ \t]\p{Ll}[\p{Ll}\p{M}'’\-]+)?)"
                               + STAMP_SUFFIX + r"[ \t]*:[ \t]*\S")
# an IRC or chat log's speaker in angle brackets: "2024-04-11 02:13:07 <marcus> anyone else …"
_ANGLE_SPEAKER = regex.compile(r"(?m)^" + STAMP_PREFIX + r"<(?P<label>\p{L}[\p{L}\p{M}'’\-]{1,30})>[ \t]+\S")


def _lowercase_speakers(text: str):
    """Speaker labels written in lower case in a pasted chat of two or more speaker lines
    ("kwame asante: deploy is blocked", "priya: on it"): a given name that is no English word,
    and a surname that is none either (not "note:", "update:", "edit:")."""
    if ":" not in text or len(_ANY_SPEAKER_LINE.findall(text)) < 2:
        return
    for m in _LOWER_SPEAKER.finditer(text):
        words = m.group("label").split()
        if G.is_given(words[0]) and all(_no_word(w) for w in words):
            yield m.start("label"), m.end("label")


def _given_no_word(folded: str) -> bool:
    """A known given name that is no English word, word-name, famous place or Tagalog particle ("priya",
    "ciarán"; not "yung", "naman")."""
    return folded in G.given_names() and folded not in G.word_names() and folded not in G.famous_places() \
        and not is_common(folded) and folded not in TAGALOG_PARTICLES


def _list_names(block: list[tuple[int, int, str]], persons: list[tuple[int, int]], vocab) -> list[tuple[int, int]]:
    """The cells of one list (``(start, end, word)``, ``NameListRecognizer._lowercase_lists``) that
    name people in lower case, when the list is one of people."""
    def given(word: str) -> bool:
        f = G.fold_word(word)
        return f in G.given_names() and f not in _CALENDAR and f not in _ROLES and f not in G.famous_places() \
            and f not in public_places()

    def found(a: int, b: int) -> bool:
        return any(x < b and a < y for x, y in persons)

    strong = [found(a, b) or _given_no_word(G.fold_word(w)) for a, b, w in block]
    named = [s or given(w) for s, (_, _, w) in zip(strong, block)]
    if not any(strong) or sum(named) * 2 < len(block):
        return []
    return [(a, b) for a, b, w in block if given(w) or (
        w[0].islower() and vocab is not None and len(w) >= 4 and not is_common(w) and G.fold_word(w) not in _CALENDAR
        and G.fold_word(w) not in _ROLES and w not in public_places() and not vocab.has_vector(w))]
    # (a capitalised given name too: "- Hope to pick up the keys⏎- Dusty to do the food")


def _no_word(word: str) -> bool:
    """No English word, word-name, role or calendar word: a label that can only be a name."""
    f = G.fold_word(word)
    return not (is_common(word.lower()) or f in G.word_names() or f in _ROLES or f in _CALENDAR)


# two given names as the subject of a person's doing: "Will and Summer are coming for dinner"
_PAIR_SUBJECT = regex.compile(r"(?<![\p{L}\p{M}'’-])(\p{Lu}\p{Ll}{2,})[ \t]+(?:and|&)[ \t]+(\p{Lu}\p{Ll}{2,})[ \t]+"
                              r"(?:(?:are|were)[ \t]+(?:coming|bringing|staying|visiting|joining|arriving|flying|driving|"
                              r"moving|getting married)|said|told|texted|asked|want|wanted|invited|visited|arrived)\b")


def _coordinated_subjects(text: str):
    """Both names of a pair that does what people do, when both are given names, even words
    ("Will and Summer are coming for dinner", not "Summer and Autumn are …": no such verb)."""
    if " and " not in text and "&" not in text:
        return
    for m in _PAIR_SUBJECT.finditer(text):
        if all(G.is_given(m.group(i)) and G.fold_word(m.group(i)) not in G.famous_places()
               and m.group(i).lower() not in public_places() for i in (1, 2)):
            yield m.start(1), m.end(1)
            yield m.start(2), m.end(2)


def _angle_speakers(text: str):
    """Speakers of a chat log in angle brackets, two or more lines of them ("<marcus> anyone …",
    "<jess> yeah"): a given name, an English word or not, that is no role (not "<admin>", "<bot>")."""
    if "<" not in text or len(_ANGLE_SPEAKER.findall(text)) < 2:
        return
    for m in _ANGLE_SPEAKER.finditer(text):
        if _speaker_name(m.group("label")):
            yield m.start("label"), m.end("label")


def _speaker_name(label: str) -> bool:
    """A speaker label that names someone: its first word a given name, no word a role or a day."""
    words = label.split()
    return G.is_given(words[0]) and not any(G.fold_word(w) in _ROLES or G.fold_word(w) in _CALENDAR for w in words)


def _capital_name_lines(text: str):
    """The names of a short line written in capitals that holds nothing else (``_CAPS_NAME_LINE``):
    every word a known given name or surname or a word no dictionary knows, and one a given
    name that is no town ("OKONJO, TEMITOPE"; not "TABLE 3", "SKILLS", "LONDON, PARIS")."""
    if not _CAPS_WORD.search(text):
        return
    for m in _CAPS_NAME_LINE.finditer(text):
        words = [w for w in regex.split(r"[\s,&/]+", m.group("names")) if w and w != "AND"
                 and not _CAPS_TITLE_WORD.fullmatch(w)]
        if not words or any(len(w) < 3 or G.fold_word(w) in _CALENDAR or G.fold_word(w) in _ROLES
                            or (is_common(w.lower()) and not (G.is_given(w) or G.is_surname(w))) for w in words):
            continue
        if not any(G.is_given(w) and not G.is_place(w) and not is_common(w.lower()) for w in words):
            continue
        for g in _CAPS_GROUP.finditer(text, m.start("names"), m.end("names")):
            yield g.start(1), g.end(1)


def _in_capitals(line: str) -> bool:
    """``line`` is written in capitals: 20+ letters, nine in ten capitals, four words or more."""
    if len(line) < 20 or _THREE_LOWER.search(line):
        return False  # (most lines: a run of three lower-case letters)
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 20 and sum(c.isupper() for c in letters) >= 0.9 * len(letters) and len(line.split()) >= 4


def _calendar_run(run: Run) -> bool:
    """A run opened by a weekday ("Tuesday"); months and seasons are given names too ("April,
    June and Summer are coming")."""
    return bool(run.names) and G.fold_word(run.names[0]) in WEEKDAYS


_FILLER = re.compile(r"(?i:lol|lmao|haha\w*|omg|tho|pls|plz|xx+)\b")
_AND_THEN = re.compile(r"[ \t]*(?:,|and|or|&)[ \t]*(?:,|and|or|&)?[ \t]*")


def _qualifies(text: str, end: int, nlp_artifacts, groups: list[tuple[int, int]]) -> bool:
    """The word ending at ``end`` qualifies what follows: a noun or an adjective, or another group
    word after "and"/"or" ("Norse mythology", "Mayan and Aztec calendars")."""
    m = _AND_THEN.match(text, end)
    if m and m.end() > end and any(a == m.end() for a, _ in groups):
        return True
    i = end
    while i < len(text) and text[i] in " \t":
        i += 1
    if _FILLER.match(text, i):
        return False  # "because of Caspian lol"
    doc = getattr(nlp_artifacts, "tokens", None)
    if doc is None or i >= len(text) or not tagging.pos_tagged(doc, i, i + 1):
        return False
    tok = token_at(nlp_artifacts, i)
    return tok is not None and tok.pos_ in ("NOUN", "PROPN", "ADJ")


def _first_line(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` cut at the first line break inside it."""
    nl = text.find("\n", start, end)
    return (start, end) if nl == -1 else (start, nl)


def _group_word(names: list[str]) -> bool:
    """Words that can name a nationality, a language, a faith or a party: English words,
    demonyms, languages ("French", "Catholic", "Nigerian", "Tories", "Swahili"). A name NER reads
    as a group is not one ("bringing Kavish too", "Yerlan Bekmuratov")."""
    demonyms = G.vicary_tiers().get("demonym", ())
    return all(is_common(n.lower()) or G.fold_word(n) in demonyms or G.fold_word(n) in _FAITHS_AND_PARTIES
               or G.fold_word(n) in _languages() for n in names)


def _only_stop_words(word: str) -> bool:
    return word.lower() in STOP_WORDS or word.lower().rstrip(".") in ORG_WORDS


def _given(w: str) -> bool:
    return G.is_given(w)


def _strong(w: str, lookup) -> bool:
    """Known in ``lookup``, no English word, no large town or country ("France" is a given name too)."""
    f = G.fold_word(w)
    return lookup(w) and f not in G.word_names() and f not in G.famous_places() and f not in public_places()


class NameListRecognizer(LocalRecognizer):
    """Persons by the gazetteers and the shape of a run (see the module docstring)."""

    SCORES = {"given_surname": 0.85, "given_unknown": 0.7, "initial": 0.7, "given": 0.6, "surname": 0.55,
              "speaker": 0.65, "coordinated": 0.6, "lowercase": 0.55, "possessive": 0.6, "vocative": 0.6,
              "subject": 0.55, "block_line": 0.65, "signoff": 0.6, "rare_name": 0.55, "nickname": 0.6, "list_line": 0.6, "capitals": 0.55,
              "proper_noun": 0.55, "age": 0.6, "kin_aside": 0.6, "capital_name_line": 0.6, "number_after": 0.6}

    def __init__(self) -> None:
        super().__init__(supported_entities=[PERSON, LOCATION], name=type(self).__name__, supported_language="en")

    def load(self) -> None:  # noqa: D102 - the gazetteers load on first use
        pass

    def judge(self, text: str, run: Run) -> str | None:
        """The rule that makes ``run`` a person, or None."""
        names = run.names
        if not names or len(names) > 4:
            return None
        joined = " ".join(names)
        if len(names) > 1 and G.is_place(joined) and not (_given(names[0]) and G.is_surname(names[-1])):
            return None  # "Santa Monica", "Port Elizabeth" (a lone word that is also a village is still a name)
        if len(names) >= 2:
            first, last = names[0], names[-1]
            nxt = _NEXT_CAPITAL_WORD.match(text, run.end)
            if nxt and is_common(nxt.group(1).lower()) and not (G.is_given(nxt.group(1)) or G.is_surname(nxt.group(1))):
                return None  # a title in title case goes on in words: "Love Will Tear Us Apart"
            if _given(first) and G.is_surname(last):
                return "given_surname"
            if _given(first) and len(last) > 2 and G.fold_word(last) not in G.word_names() \
                    and G.fold_word(last) not in G.place_words() and not _two_words(last):
                return "given_unknown"  # also after a given name that is a town: "Victoria Ershova"
                # (not a product: "Kindle Paperwhite")
            if _strong(first, _given) and len(last) > 2 and G.fold_word(last) not in G.famous_places() \
                    and last.lower() not in public_places() and not G.is_place(" ".join(names)):
                return "given_unknown"  # a surname that is also a town: "Hiroshi Tanabe"
            if run.has_initial() and _strong(last, G.is_surname) and not G.is_place(joined):
                return "initial"  # "Liberal A Aranda": a word, an initial, a surname
            if G.fold_word(first) in G.place_words() and not speaker_label(text, run.start, run.end):
                return None  # "Berlin Wall", "Victoria Station": NER decides
            if run.has_initial() and not any(G.fold_word(n) in G.word_names() for n in names):
                return "initial"
            if speaker_label(text, run.start, run.end) and (_given(first) or G.is_surname(last) or (
                    several_speakers(text) and not any(is_common(n.lower()) for n in names))):
                return "speaker"  # (in a chat of several speakers, any label of no words: "Tapiwa Moyo:")
            if len(names) <= 3 and alone_on_line(text, run.start, run.end) and _block_hint(text) \
                    and not any(G.fold_word(n) in G.word_names() for n in names):
                return "block_line"  # the name line of a contact block or a signature
            if len(names) <= 3 and _SUBJECT_VERB.match(text, run.end) and (
                    _has_particle(text, run) or _given(first) or G.is_surname(last)) and not any(
                    is_common(n.lower()) or G.fold_word(n) in G.word_names() or G.fold_word(n) in G.place_words()
                    for n in names):
                return "subject"  # "Willemine ten Pas lives at …": no common word, a person's verb
            return None
        w = names[0]
        if _ARTICLE_BEFORE.search(text, max(0, run.start - 4), run.start):
            return None  # "buy a Dyson or a Shark": an article makes a product or a kind, not a person
        if w.isupper() and len(w) > 2 and _PHONE_AFTER.match(text, run.end) and _strong(w, _given) \
                and G.fold_word(w) not in G.place_words():
            return "number_after"  # a name in capitals before its number: "call NGOZI 0803 555 1234"
        if w.isupper() and len(w) > 4 and w.endswith(_CAPS_POSSESSIVE) and _strong(w[:-2], _given) \
                and G.fold_word(w[:-2]) not in G.famous_places() and w[:-2].lower() not in public_places():
            return "possessive"  # "worried about KEMI'S grades" (the run holds the "'S")
        if G.fold_word(w) in _CALENDAR or G.fold_word(w) in _ROLES or is_plain_acronym(w) \
                or (w.isupper() and w.lower() in ROLE_ACRONYMS):
            return None  # (an acronym: "Someone from HR called", "my GP said": also a country's code)
        if speaker_label(text, run.start, run.end) and several_speakers(text) and len(w) > 2 \
                and not (w.isupper() and not G.is_given(w)):  # (a label in capitals is a known name: not "BEGIN:VCARD")
            return "speaker"  # a pasted chat or script: every label is a speaker ("Ciset:", "Jade:")
        if _POSSESSION.match(text, run.end):
            return "possessive"  # "Áslákur's address", "Paliki's kid"
        if _KIN_ASIDE.match(text, run.end) and _given(w) and G.fold_word(w) not in G.place_words():
            return "kin_aside"  # "Ruby (mum Mei Lin) 0431 007 562", "Kai (my nephew)": a person and their people
        if _AGE_AFTER.match(text, run.end) and _given(w) and (
                _PEOPLE_BEFORE.search(text, max(0, run.start - 60), run.start) or not (
                G.fold_word(w) in G.word_names() or G.fold_word(w) in G.place_words())
                or (text.startswith(",", run.end) and G.fold_word(w) not in G.place_words())):  # "Sam, 34, Brighton"
            return "age"  # "kids are Mason (9) and Ava (6)", "Sam, 34, Brighton": a person and their age
        if sentence_initial(text, run.start) and _VOCATIVE.match(text, run.end):
            return "vocative"  # "Arya, can I please speak to your boss?"
        if _SUBJECT_VERB.match(text, run.end):
            return "subject"  # "Sommerseth began writing", "Minik shouted at …"
        if w.isupper() and len(w) > 1:
            return None
        initial_first = run.words[0][2][:1].isupper() and len(run.words[0][2].rstrip(".")) == 1
        if initial_first and (G.is_surname(w) or _given(w)):
            return "initial"
        if speaker_label(text, run.start, run.end):
            return "speaker" if (_given(w) or G.is_surname(w)) and G.fold_word(w) not in G.place_words() \
                and not form_labels(text) else None  # (a form's field: "Tone: friendly")
        if _NEXT_CAPITAL.match(text, run.end):
            return None  # part of a longer proper noun: "Nobel Prizes", "French Revolution"
        if _strong(w, _given):
            if not sentence_initial(text, run.start) or _AFTER_SINGLE.match(text, run.end):
                return "given"
            return None
        if _strong(w, G.is_surname) and not sentence_initial(text, run.start):
            return "surname"
        return None

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        runs = find_runs(text)
        doc = getattr(nlp_artifacts, "tokens", None)
        vocab = doc.vocab if doc is not None and doc.vocab.vectors.n_keys else None
        ner_place = [(e.start_char, e.end_char) for e in doc.ents if e.label_ in _NER_PLACE] if doc is not None else []
        ner_person = [(e.start_char, e.end_char) for e in doc.ents if e.label_ in ("PERSON", "PER")] if doc is not None else []
        ner_group = [(e.start_char, e.end_char) for e in doc.ents if e.label_ in ("NORP", "LANGUAGE")] if doc is not None else []
        found: dict[int, str] = {}
        found_extra: list[tuple[int, int, str]] = []
        for i, run in enumerate(runs):
            if any(_compound_word(n) for n in run.names):
                continue  # a compound word, not a double name: "Mid-range", "Back-off" (but "Hyun-woo")
            rule = self.judge(text, run)
            if rule is None and run.words[0][2].isupper() and len(run.names) >= 2:
                rule = self._capitals(run)
            if rule is None and vocab is not None:
                rule = self._rare(text, run, vocab)
            if rule is None:
                continue
            if rule in ("given", "surname") and any(a < run.end and run.start < b for a, b in ner_place):
                continue  # NER reads a place here ("Sydney", "Florence"): its label stands
            if rule in ("given", "surname", "rare_name") and any(a < run.end and run.start < b for a, b in ner_group) \
                    and (_group_word(run.names) or _qualifies(text, run.end, nlp_artifacts, ner_group)):
                continue  # NER reads a language or a group ("English", "French"), or a word that qualifies a
                # noun ("Norse mythology", "the Mayan and Aztec calendars"): so it is; not "bringing Kavish too"
            if _STREET_AFTER.match(text, run.end) and rule != "number_after":
                continue  # a street named after someone: "Nándor Heights St.", "Martin Linges veg 149"
            found[i] = rule
        self._coordinate(text, runs, found, ner_person)
        taken = [(runs[i].start, runs[i].end) for i in found]
        ner_other = [(e.start_char, e.end_char) for e in doc.ents] if doc is not None else []
        proper: list[tuple[int, int]] = []
        subjects: list[tuple[int, int]] = []
        for run in find_runs(text, max_words=1, stop=_only_stop_words):
            # a capitalised word that is also an ordinary word ("Rive", "Rose", "Hunter") in a
            # person's place, mid-sentence: "him and Rive's kid", "Faith said"; or a known given
            # name opening a sentence with family or a person's verb ("Summer's dad", "Chase forgot")
            if any(a < run.end and run.start < b for a, b in taken):
                continue
            w = run.words[0][2]
            if sentence_initial(text, run.start):
                # opening a sentence only as a known given name with family: "Summer's dad said …"
                if G.is_given(w) and not w.isupper() and _FAMILY_OF.match(text, run.end):
                    found_extra.append((run.start, run.end, "possessive"))
                elif G.is_given(w) and not w.isupper() and len(w) > 2 and _SUBJECT_VERB.match(text, run.end) \
                        and G.fold_word(w) not in _CALENDAR:
                    found_extra.append((run.start, run.end, "subject"))  # "Chase forgot the tickets"
                elif G.is_given(w) and not is_common(w.lower()) and G.rare_word_name(w) and G.fold_word(w) not in G.place_words() \
                        and G.fold_word(w) not in G.famous_places() and w.lower() not in public_places() and len(w) > 2 \
                        and G.fold_word(w) not in _CALENDAR and G.fold_word(w) not in _ROLES:
                    subjects.append((run.start, run.end))  # "Arjun gets one story", "Femi is doing small chops"
                continue
            if len(w) < 3 or w.isupper() or G.fold_word(w) in _CALENDAR or G.fold_word(w) in _ROLES:
                continue
            if _POSSESSION.match(text, run.end) or _SUBJECT_VERB.match(text, run.end):
                found_extra.append((run.start, run.end, "possessive" if _POSSESSION.match(text, run.end) else "subject"))
            elif G.is_given(w) and _alone_capitalised(text, run.start, run.end) \
                    and not (G.is_place(w) and _PLACE_PREPOSITION.search(text, max(0, run.start - 8), run.start)) \
                    and not _ROUTE_BEFORE.search(text, max(0, run.start - 40), run.start) \
                    and not any(a < run.end and run.start < b for a, b in ner_other):
                proper.append((run.start, run.end))
        found_extra.extend((a, b, "subject") for a, b in _tagged_subjects(nlp_artifacts, subjects))
        for a, b in _tagged_proper(nlp_artifacts, proper):
            found_extra.append((a, b, "proper_noun"))
            m = _PARTNER_BEFORE.search(text, max(0, a - 30), a)  # "Blessing and Precious are covering …"
            if m and G.is_given(m.group(1)) and sentence_initial(text, m.start(1)):
                found_extra.append((m.start(1), m.end(1), "coordinated"))
        out = []
        for i, rule in sorted(found.items()):
            run = runs[i]
            if rule in _WEAK_RULES and (_PLACE_BEFORE.search(text, max(0, run.start - 40), run.start)
                                        or (rule != "subject" and _toponym(run.names[-1]))):
                # an unknown name after "based in", "flew to", "from": a town ("based in Schijf")
                out.append(self._result(run.start, run.end, rule, LOCATION))
            else:  # (a run in capitals holds its possessive: "KEMI'S" names "KEMI")
                end = run.end - 2 if text[run.start:run.end].endswith(_CAPS_POSSESSIVE) else run.end
                out.append(self._result(run.start, end, rule))
        out.extend(self._result(a, b, rule) for a, b, rule in found_extra)
        persons = [(r.start, r.end) for r in out if r.entity_type == PERSON] + ner_person
        for a, b in persons:  # a partner opening the sentence ("Marcus & Deja and me …"): a given name, no word
            m = _PARTNER_BEFORE.search(text, max(0, a - 30), a)
            if m and sentence_initial(text, m.start(1)) and G.is_given(m.group(1)) and _no_word(m.group(1)) \
                    and G.fold_word(m.group(1)) not in G.famous_places():
                out.append(self._result(m.start(1), m.end(1), "coordinated"))
        for m in _WITH_ME.finditer(text):  # "me & Sam are there": a capitalised given name after "me and"
            f = G.fold_word(m.group(1))
            if G.is_given(m.group(1)) and f not in _CALENDAR and f not in _ROLES and f not in G.famous_places():
                out.append(self._result(m.start(1), m.end(1), "coordinated"))
        for a, b in persons:  # a nickname after the name ('Chukwuemeka ("Emeka" to everyone)') or before it ('Bex (Rebecca Thorne)')
            before = _NICKNAME_BEFORE.search(text, max(0, a - 20), a)
            if before and " " in text[a:b].strip() and text.startswith(")", b) and not is_common(before.group(1).lower()):
                out.append(self._result(before.start(1), before.end(1), "nickname"))
            m = _NICKNAME_AFTER.match(text, b)
            if m and not is_common(m.group(1).lower()):
                out.append(self._result(m.start(1), m.end(1), "nickname"))
        # (a span NER ran across lines names no one on the next line: the engine cuts it there too)
        out.extend(self._result(a, b, "list_line") for a, b in self._list_lines(text, [_first_line(text, a, b) for a, b in persons]))
        out.extend(self._result(a, b, "capitals") for a, b in self._capital_lines(text))
        out.extend(self._result(a, b, "capital_name_line") for a, b in _capital_name_lines(text))
        out.extend(self._result(a, b, "speaker") for a, b in _lowercase_speakers(text))
        out.extend(self._result(a, b, "speaker") for a, b in _angle_speakers(text))
        out.extend(self._result(a, b, "coordinated") for a, b in _coordinated_subjects(text))
        for m in _INITIALS.finditer(text):  # "Reply to T.J. saying …"
            if _INITIALS_CUE.search(text, max(0, m.start() - 12), m.start()):
                out.append(self._result(m.start(), m.end(), "initial"))
        m = _SIGNOFF_LINE.search(text)
        if m and not _BULLET_LINE.search(text, 0, m.start()) and not is_common(m.group(1).lower()):
            out.append(self._result(m.start(1), m.end(1), "signoff"))  # "…cover letter!⏎- Dev"
        m = _LOWER_SIGNOFF.search(text)
        if m and not _BULLET_LINE.search(text, 0, m.start()) and _given_no_word(G.fold_word(m.group(1))):
            out.append(self._result(m.start(1), m.end(1), "signoff"))  # "sorry i missed it⏎- tobi"
        ours = [(r.start, r.end) for r in out if r.entity_type == PERSON]  # (not NER's: "gym" in lower case)
        out.extend(self._result(a, b, "list_line") for a, b in self._lowercase_lists(text, ours, vocab))
        out.extend(self._result(a, b, "lowercase") for a, b in self._lowercase(text, vocab))
        return out

    @staticmethod
    def _capital_lines(text: str):
        """Known given names that are no English word in a line, or a sentence of it, written all in
        capitals ("HE STILL BEATS MARCUS AT DOMINOES. SIGN IT FROM ME AND JOANNE"): capitals say nothing
        there; a given name that is a word too only joined to one of those ("FOR BLESSING AND GODWIN
        WEDDING PLS!!! … God bless their home": a sentence in capitals, the line going on in lower case)."""
        if not _CAPS_RUN.search(text):
            return  # (most texts: no run of capitals that long)
        pos = 0
        for line in text.split("\n"):
            if _in_capitals(line):
                yield from NameListRecognizer._capital_names(line, pos)
            elif len(line) >= 20:
                for seg in _SENTENCE.finditer(line):
                    if _in_capitals(seg.group()):
                        yield from NameListRecognizer._capital_names(seg.group(), pos + seg.start())
            pos += len(line) + 1

    @staticmethod
    def _capital_names(line: str, pos: int):
        def may_name(w: str) -> bool:  # three letters or more, no month, season or role ("SUMMER", "NURSE")
            return len(w) >= 3 and G.fold_word(w) not in _CALENDAR and G.fold_word(w) not in _ROLES

        words = list(_CAPS_WORD.finditer(line))
        names = {i for i, m in enumerate(words) if may_name(m.group()) and _strong(m.group(), _given)
                 and not is_common(m.group().lower())}
        for i, m in enumerate(words):  # a given name that is also a word, joined to one of these
            w = m.group()
            if i in names or not may_name(w) or not G.is_given(w):
                continue
            if any(_CAPS_COORD.fullmatch(line[m.end():words[j].start()]) for j in names if j > i) \
                    or any(_CAPS_COORD.fullmatch(line[words[j].end():m.start()]) for j in names if j < i):
                names.add(i)
        for i in sorted(names):
            m, w = words[i], words[i].group()
            yield pos + m.start(), pos + m.end() - (2 if w.endswith(_CAPS_POSSESSIVE) else 0)  # ("ADAEZE'S")

    @staticmethod
    def _list_lines(text: str, persons: list[tuple[int, int]]):
        """The names of a list, one per line, when most of its lines already hold a person:
        a Secret Santa list, a guest list with notes ("Anbu, non-veg"), a roster ("Faith - till"), a
        timetable ("Mon 4:00 Arjun – maths"), a cast ("Kwame → Thorne (paladin)")."""
        items = []  # (line index, start, end) of each line's leading run; (line index, -1, -1) for a
        pos = 0     # timetable or bullet line that opens with no name ("Tue 4:30 the twins"): no break
        for n, line in enumerate(text.split("\n")):
            m = _LIST_ITEM.match(line)
            if m and m.group(1).split()[0].lower() not in _ROLES | _NAME_HEADS and not line.rstrip().endswith(":"):  # no heading
                items.append((n, pos + m.start(1), pos + m.end(1)))
            elif _TIMED_LINE.match(line):
                items.append((n, -1, -1))
            pos += len(line) + 1
        block: list[tuple[int, int, int]] = []
        for item in items + [(-2, 0, 0)]:
            if block and item[0] != block[-1][0] + 1:
                block = [x for x in block if x[1] >= 0]
                if len(block) >= 3:
                    found = [any(a < e and s < b for a, b in persons) for _, s, e in block]
                    named = [f or _list_name(text[s:e]) or _maps_to_person(text, e, persons) for f, (_, s, e) in zip(found, block)]
                    if sum(named) * 2 >= len(block):
                        for (_, s, e), ok, name in zip(block, found, named):
                            words = text[s:e].split()
                            people = (sum(named) - name) * 2 > len(block) - 1  # the other lines: most a person's
                            if not ok and not any(is_common(w.lower()) and G.fold_word(w) not in G.given_names()
                                                  for w in words) and (not G.is_famous_place(text[s:e])
                                                                       or (people and G.is_given(words[0]))):
                                code = _ROLE_CODE.match(text, s, e)  # "RB Dani Alves": a position's code, no name
                                yield (code.end() if code else s), e  # (a famous city's name is a person in a list of people: "Charlotte")
                block = []
            block.append(item)

    @staticmethod
    def _lowercase_lists(text: str, persons: list[tuple[int, int]], vocab=None):
        """The names in lower case of a list, one per line, in the same cell of each line ("- tobi:
        drinks⏎- sandy: cake", "- femi sorting music", "tobi - £12⏎ngozi - £8", "mon - tobi⏎tue -
        ngozi"): two lines or more in a row whose cells hold a person another rule found (not NER,
        which reads lower-case words as people) or a known given name that is no English word, and
        half of them a person or a known given name. Then each such cell written in lower case that
        is a given name ("sandy", a word too) or a word the pipeline's vocabulary does not know is a
        person; a calendar word, a role, a place or a common word never is. A line of code is no
        list's line."""
        if "\n" not in text or not any(c.islower() for c in text):
            return
        lines, pos = [], 0
        for line in text.split("\n"):
            lines.append((pos, line))
            pos += len(line) + 1
        for head in (True, False):
            block: list[tuple[int, int, str]] = []
            for start, line in lines + [(-1, "")]:
                m = (_LOWER_HEAD.match(line) if head else _LOWER_TAIL.search(line)) if line else None
                if m and not _code_line(line):  # (asked of the few lines shaped like a list's)
                    g = 1 if m.group(1) else 2
                    block.append((start + m.start(g), start + m.end(g), m.group(g)))
                    continue
                if len(block) >= 2:
                    yield from _list_names(block, persons, vocab)
                block = []

    @staticmethod
    def _rare(text: str, run: Run, vocab) -> str | None:
        """A run of capitalised words the pipeline's vocabulary knows only capitalised or not at
        all ("Raghunathan", "Dubinina", "Oisín"): proper names. Brands and terms are written in
        lower case too, so their lower-case forms have vectors ("kubernetes", "figma")."""
        names = run.names
        if not names or len(names) > 3 or any(n.isupper() for n in names):
            return None
        if G.is_place(" ".join(names)) or any(G.fold_word(n) in G.place_words() for n in names):
            return None
        for n in names:
            if len(n) < 4 or not n.replace("-", "").replace("'", "").replace("’", "").isalpha():
                return None
            if _two_words(n):
                return None  # two English words run together: a title or a product ("Middlemarch", "Fallingwater")
            if vocab.has_vector(n.lower()) and not (G.is_given(n) or G.is_surname(n)):
                return None
        if all(vocab.has_vector(n.lower()) for n in names):
            return None
        if sentence_initial(text, run.start) and not (_SUBJECT_VERB.match(text, run.end) or _AFTER_SINGLE.match(text, run.end)):
            return None
        if _NEXT_CAPITAL.match(text, run.end) or _STREET_AFTER.match(text, run.end):
            return None
        return "rare_name"

    @staticmethod
    def _capitals(run: Run) -> str | None:
        names = run.names
        if _given(names[0]) and G.is_surname(names[-1]) and not G.is_place(" ".join(names)):
            return "given_surname"
        return None

    def _coordinate(self, text: str, runs: list[Run], found: dict[int, str], ner_person) -> None:
        """Runs joined by ", ", " and ", " & " to a person are persons too (one pass each way); a
        weekday never is ("Monday - Saoirse, Tuesday - Bartholomew")."""
        person = set(found) | {i for i, r in enumerate(runs) if any(a <= r.start and r.end <= b for a, b in ner_person)}
        for order in (range(len(runs) - 1), range(len(runs) - 2, -1, -1)):
            for i in order:
                a, b = runs[i], runs[i + 1]
                if not _COORD.fullmatch(text[a.end:b.start]):
                    continue
                for x, y in ((i, i + 1), (i + 1, i)):
                    if x in person and y not in person and not _calendar_run(runs[y]) and (
                            self._coordinable(runs[y]) or self._between_persons(text, runs, person, y)):
                        found[y] = "coordinated"
                        person.add(y)

    @staticmethod
    def _between_persons(text: str, runs: list[Run], person: set[int], y: int) -> bool:
        """A one-word run listed between two persons ("Janíček, Morris and Thompson") is one,
        even when it is also a town; never a country."""
        if not (0 < y < len(runs) - 1 and y - 1 in person and y + 1 in person):
            return False
        r = runs[y]
        return (len(r.names) == 1 and _COORD.fullmatch(text[runs[y - 1].end:r.start]) is not None
                and r.names[0].lower() not in public_places() and not G.is_famous_place(r.names[0]))

    @staticmethod
    def _coordinable(run: Run) -> bool:
        names = run.names
        if not names or len(names) > 3 or G.is_place(" ".join(names)):
            return False
        return not any(G.fold_word(n) in G.place_words() and not (_given(n) or G.is_surname(n)) for n in names)

    @staticmethod
    def _lowercase(text: str, vocab=None):
        """Known given names that are no English word, in lines written without capitals, after
        a cue, before a possessive or a person's verb, or coordinated with one that has it ("ok so
        priya and anand are coming", "chidi's moving back", "saoirse and oisín want to come"); a
        word the pipeline's vocabulary does not know at all, after a strong cue ("text to bongani").
        In a line with capitals, such a name needs both a cue before and a possessive or a person's
        verb after ("… for her 90th and ciarán cant drive me"), or to be addressed by a greeting that
        opens the line, a quote or a sentence ('"hey tunde, … mummy Bisi wants …')."""
        if not any(c.islower() for c in text):
            return
        pos = 0
        for line in text.split("\n"):
            code = bool(line) and _code_line(line)  # (both branches ask: once a line)
            if line and _CAPITAL_BUT_I.search(line) and not code:
                for m in _LOWER_WORD.finditer(line):
                    f = G.fold_word(m.group())
                    if _given_no_word(f) and f not in public_places() and (
                            (_LOWER_CUE.search(line, max(0, m.start() - 24), m.start()) and _LOWER_AFTER.match(line, m.end()))
                            or (_GREETING_OPENS.search(line, 0, m.start()) and _VOCATIVE_PAUSE.match(line, m.end()))):
                        yield pos + m.start(), pos + m.end()
            elif line and not code and not foreign_line(line):
                names = []
                for m in _LOWER_WORD.finditer(line):
                    f = G.fold_word(m.group())
                    if _LOWER_TITLE.fullmatch(f):
                        continue  # a title is the cue of the name after it ("deacon clarke"), no name
                    if f in public_places():  # a country is someone only as one: "at jordan's", "georgia said"
                        if _LOWER_AFTER.match(line, m.end()):  # (not "for india vs australia")
                            names.append((m.start(), m.end(), True, f not in G.word_names()))
                        continue
                    if _given_no_word(f):
                        cued = bool(_LOWER_CUE.search(line, max(0, m.start() - 24), m.start())
                                    or _LOWER_AFTER.match(line, m.end()))
                        names.append((m.start(), m.end(), cued, True))
                    elif f in G.given_names() and f not in G.famous_places() and not is_common(f):
                        # also a word ("grace"): only beside a name, or as the writer's own ("from me (ama)")
                        own = _ME_ASIDE_BEFORE.search(line, max(0, m.start() - 6), m.start()) and line.startswith(")", m.end())
                        names.append((m.start(), m.end(), True if own else None, False))
                    elif (vocab is not None and len(f) >= 4 and m.group().isalpha() and not is_common(f)
                          and not vocab.has_vector(m.group())
                          and _STRONG_LOWER_CUE.search(line, max(0, m.start() - 24), m.start())):
                        names.append((m.start(), m.end(), True, f not in G.word_names()))
                accepted = [bool(cued) for _, _, cued, _ in names]
                # two names that are no words may also stand side by side ("ushers kemar shanice and …")
                bare = [no_word for _, _, _, no_word in names]
                for _ in range(len(names)):  # coordination, both ways, along the whole chain
                    for i in range(len(names) - 1):
                        pair = (i, i + 1)  # a chain starts at a cued name that is no word
                        gap = (names[i][1], names[i + 1][0])
                        joined = _LOWER_AND.fullmatch(line, *gap) or (bare[i] and bare[i + 1] and _LOWER_SPACE.fullmatch(line, *gap))
                        if joined and any(accepted[j] for j in pair):
                            accepted[i] = accepted[i + 1] = True
                for (a, b, _, _), ok in zip(names, accepted):
                    if ok:
                        yield pos + a, pos + b
            pos += len(line) + 1

    def _result(self, start: int, end: int, rule: str, entity_type: str = PERSON) -> RecognizerResult:
        return RecognizerResult(entity_type=entity_type, start=start, end=end, score=self.SCORES[rule],
                                recognition_metadata={RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                                                      RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
                                                      "rule": rule})
