"""Person names by their cue: "my name is …", "my sister Ana", "Dear Kofi", "named Wei",
"Dr. Okafor", "—Priya". The small NER model misses many names in chat text; these cues are
strong enough to catch them (case-insensitive for the cue, capitalised or not for the name)."""

from __future__ import annotations

import re

import regex as uregex  # variable-width look-behind (the list rule); `regex` below is the prefilter clause

from privacy.entities import PERSON
from privacy.detect import gazetteer as G
from privacy.detect import tagging
from privacy.detect.filters import public_places
from privacy.detect.vocabulary import ROLE_ACRONYMS, common_words, is_common, is_unknown_word, place_acronyms
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, token_at, words
from privacy.detect.recognizers.runs import sentence_initial
from privacy.detect.recognizers.prefilter import Requires, cased, fragments, on_folded, regex, words as any_word

_UPPER = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĴĶĹĻĽĿŁŃŅŇŌŎŐŒŔŖŘŚŜŞŠŢȚȘŤŦŨŪŬŮŰŲŴŶŸŹŻŽ"
_NAME_TOKEN = r"[" + _UPPER + r"][^\W\d_]*[a-zà-ÿā-ž][^\W\d_'’]*(?:['’][^\W\d_]+)?(?:-[" + _UPPER + r"][^\W\d_]+)?"
# Parts of one name are separated by spaces or tabs, never a line break: "Preferred name:
# Sam Example\nRole: developer" names Sam Example, not "Sam Example Role".
_PARTICLE = r"(?:(?:van|von|der|de|del|della|da|di|du|le|la|al|el|bin|ibn|ben|dos|das|mac|st\.?)[ \t]+)"
_NAME = r"(" + _NAME_TOKEN + r"(?:[ \t]+" + _PARTICLE + r"{0,2}" + _NAME_TOKEN + r"){0,3})"
_NAME_ANYCASE = r"([A-Za-zÀ-ÿ][a-zà-ÿ'’]+(?:-[A-Za-zÀ-ÿ][a-zà-ÿ'’]+)?(?:[ \t]+" + _PARTICLE + r"{0,2}[A-Za-zÀ-ÿ][a-zà-ÿ'’]+){0,2})"

# what a demonym before it describes: a family, its ways and its papers ("Irish side", "Nigerian family")
_HERITAGE_AFTER = re.compile(r"[ \t]+(?:side|family|families|relatives|cousins|grandparents|heritage|roots|ancestry|blood|"
                             r"genes|accent|food|cooking|wedding|culture|community|church|passport|citizenship)\b")
_REL_WORDS = (
    "wife", "husband", "partner", "boyfriend", "girlfriend", "fiancé", "fiancée", "fiance", "fiancee", "spouse",
    "son", "daughter", "kid", "child", "baby", "mom", "mum", "mother", "dad", "father", "sister", "brother",
    "sibling", "aunt", "uncle", "cousin", "niece", "nephew", "grandma", "grandmother", "grandpa", "grandfather",
    "friend", "best friend", "roommate", "flatmate", "neighbor", "neighbour", "boss", "manager", "coworker",
    "co-worker", "colleague", "teammate", "mentor", "teacher", "student", "tutor", "coach", "doctor", "therapist",
    "dentist", "lawyer", "landlord", "landlady", "tenant", "client", "ex", "stepson", "stepdaughter", "stepmom",
    "stepdad", "mother-in-law", "father-in-law", "sister-in-law", "brother-in-law", "in-law", "babysitter", "nanny",
    "pediatrician", "classmate", "supervisor", "assistant", "employee", "intern", "recruiter", "date", "crush",
    "bf", "gf", "hubby", "bestie", "bff", "sis", "bro", "aunty", "auntie",
)
_REL = words(*_REL_WORDS)
_REL_WORD_SET = frozenset(_REL_WORDS)
_TITLES = ("mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "madam", "mme", "herr",
           "frau", "señor", "señora", "sr", "sra", "auntie", "uncle", "aunt", "coach", "officer", "judge", "rev",
           "father", "pastor", "rabbi", "imam", "nurse", "aunty",
           # kin named by their name in a list or a roster ("Zuri - dad Malik, sedan"; lower case only)
           "dad", "mom", "mum", "grandma", "grandpa", "granny", "cousin", "tita", "tito", "kuya")
_TITLE = words(*_TITLES)
_INTRO = words("attendees", "attendees:", "participants", "guests", "invitees", "mentoring", "email to", "message to", "fight with", "party for", "poem for", "gift for", "my name is", "my name's", "name is", "i am", "i'm", "im", "this is", "call me", "named", "called",
               "name:", "signed", "regards", "cheers", "sincerely", "xoxo", "dear", "hi", "hello", "hey", "cc", "met",
               "ask", "tell", "told", "asked", "texted", "emailed", "invited", "hired", "married", "dating", "meet")

# right after a relation ("my daughter ", "her friend, "): the name that follows is someone's,
# even when it is also a product or a language ("my daughter Ruby", "our son Muhammad")
RELATION_BEFORE = re.compile(r"\b(?:my|his|her|their|our|mi|me)\s+(?:\w+\s+)?" + _REL + r"(?:'s|s)?\s*,?\s+(?:is\s+)?"
                             r"(?:named\s+|called\s+)?$", I)
_RELATION = re.compile(r"\b(?:my|his|her|their|our|mi|me)\s+(?:\w+\s+)?" + _REL + r"(?:'s|s)?\s*(?:,\s*|\s*\(\s*|\s+)(?:is\s+)?(?:named\s+|called\s+)?"
                       + r"(?:" + _TITLE + r"\.?\s+)?" + _NAME_ANYCASE, I)  # "my teacher, Mr. Okafor": the name, not "Mr"
# the relation named after the name: "context: bill is my flatmate", "Aroha was our neighbour"
_IS_RELATION_AFTER = re.compile(r"\s+(?:is|was)\s+(?:my|our)\s+(?:\w+\s+)?" + _REL + r"\b", I)
_IS_RELATION = re.compile(r"(?:^|(?<=[\s(,;:\"“]))([A-Za-zÀ-ÿ][a-zà-ÿ'’-]+)(?=" + _IS_RELATION_AFTER.pattern + r")", I)
_TITLED = re.compile(r"(?<![\w])" + _TITLE + r"\.?\s+" + _NAME.replace("(", "(?:", 1).join(["(", ")"]))
_INTRODUCED = re.compile(r"(?:(?<=\W)|^)(?i:" + _INTRO + r"),?\s+" + _NAME)
_VERBS = ("said", "says", "told", "asked", "wants", "thinks", "will", "texted", "emailed", "called", "replied", "mentioned",
          "wrote", "writes", "sent", "posted", "shared", "thinks", "feels", "loves", "hates", "needs", "got", "has", "had",
          "was", "is going")
_SUBJECT = re.compile(_NAME + r"\s+(?:(?:just|also|literally|finally|still|already|never|only)\s+)?(?:" + "|".join(_VERBS) + r")\b")
# a nickname made of a size word and a given name: "Big Mike", "Lil Dre", "Little Jo"
_SIZE_NICKNAME = re.compile(r"(?:^|(?<=[\s(,;:\"“]))((?:Big|Lil|Little|Young|Lil')[ \t]+" + _NAME_TOKEN + r")\b")
# a name with its age in a profile or a bio: '"Sav, 21, Ponsonby …', "Rahul | 23 | Koramangala"
_NAME_AGE = re.compile(r"(?:^|(?<=[\n\"“(]))[ \t]*(" + _NAME_TOKEN + r")[ \t]*(?:,|\||·|-|–)[ \t]*(?:1[6-9]|[2-9]\d)[ \t]*(?:,|\||·|-|–)")
_FOREIGN_NAME_KEYS = ("nome", "nombre", "nom", "prénom", "prenom", "vorname", "nachname", "imię", "imie", "nazwisko",
                      "apellido", "apellidos", "sobrenome", "cognome", "naam", "achternaam", "voornaam", "navn", "nimi",
                      "namn", "efternamn", "fornavn", "etternavn")  # a form's name keys in the languages forms come in
_FIELDS = ("name", "full_?name", "first_?name", "author", "customer", "contact", "user", "owner", "assignee") + _FOREIGN_NAME_KEYS
_FIELD = re.compile(r"[\"']?(?i:" + "|".join(_FIELDS) + r")[\"']?\s*[:=]\s*[\"']" + _NAME_ANYCASE + r"[\"']")
# a key-value line whose key is a person's role: "Partner: Themba Mahlangu", "Emergency contact - Ama Owusu"
_KEYS = ("partner", "spouse", "wife", "husband", "mother", "father", "parent", "guardian", "emergency contact",
         "next of kin", "tenant", "landlord", "landlady", "patient", "student", "child", "attendee", "guest", "bride",
         "groom", "witness", "children", "kids", "sons", "daughters", "referee", "reference", "manager", "supervisor", "account holder", "card holder",
         "cardholder", "beneficiary", "employee", "applicant", "candidate", "contact person", "recipient", "sender",
         "from", "to", "attn", "c/o", "directed by", "written by", "produced by", "prepared by", "reviewed by",
         "approved by", "signed by", "hosted by", "organised by", "organized by", "presented by", "surname", "last name", "first name", "given name", "full name", "maiden name",
         "new hire", "buddy", "claimant", "approver", "owner", "escalation", "mentor", "mentee", "occupant", "requester",
         "requested by", "assignee", "sponsor", "trainee", "nominee", "carer", "caregiver", "passenger", "traveller",
         "traveler", "interviewer", "interviewee", "coordinator", "organiser", "organizer", "reported by", "submitted by",
         "completed by", "checked by", "authorised by", "authorized by") + _FOREIGN_NAME_KEYS
# (a key opens a line or follows a sentence's end: "… who was away). Witness: Bongani Ndlovu")
_KEY_VALUE = re.compile(r"(?m)(?:^|(?<=[.!?;)][ \t]))[ \t>*•-]*(?i:(?:my|our|their|his|her)[ \t]+)?(?i:" + "|".join(re.escape(k) for k in _KEYS) + r")[ \t]*(?:name)?[ \t]*[:–-][ \t]*"
                        + _NAME + r"[ \t]*(?:[,;(]|$)")
# a name written in capitals after a name key of a form: "Surname: NGUYEN", "Full name: ADA OKAFOR"
_CAPS_NAME_KEY = re.compile(r"(?m)^[ \t>*•-]*(?i:surname|last name|family name|first names?|given names?|full name|"
                            r"name|passenger|patient|applicant|employee)[ \t]*[:–-][ \t]*"
                            r"([A-ZÀ-Þ][A-ZÀ-Þ'’-]+(?:[ \t]*,?[ \t]+[A-ZÀ-Þ][A-ZÀ-Þ'’-]+){0,3})[ \t]*$")
# a name right before a phone number: "RSVP to Tali 052-555-1234", "ring Oyelaran on 07700 900123"
_PHONE_AFTER = r"[ \t]*(?:[:–-]|[ \t]on|[ \t]at)?[ \t]*(?=\+?\(?\d[\d \t().-]{6,}\d(?![\d/.-]*\d))"
_BEFORE_PHONE = re.compile(r"(?:^|(?<=[\s(,;:\"“]))" + _NAME_TOKEN.join(["(", r"(?:[ \t]+" + _NAME_TOKEN + r")?)"]) + _PHONE_AFTER)
# the same with one word, for a name after a verb or label the two-word match gave up ("Contact
# Marguerite 07700 …", "Text Bo on 0412 …": "Contact Marguerite" is no name, "Marguerite" is)
_ONE_BEFORE_PHONE = re.compile(r"(?:^|(?<=[\s(,;:\"“]))(" + _NAME_TOKEN + r")" + _PHONE_AFTER)
# a kiss before or after a closing name: "thanks so much x Bex", "see you soon! Bex x", "xx Tamsin"
_KISS_BEFORE = re.compile(r"(?:^|(?<=[\s,.!]))(?:x{1,3}|X{1,3})[ \t]+(" + _NAME_TOKEN + r")[ \t]*[\"”']?[ \t]*\Z")
_KISS_AFTER = re.compile(r"(?:^|(?<=[\s,.!]))(" + _NAME_TOKEN + r")[ \t]+(?:x{1,3}|X{1,3})[ \t]*[\"”']?[ \t]*\Z")
# the holder's name of a card or an account, often in capitals: "name on card F ADEYEMI",
# "account name Dragan Petrović", "Cardholder: J. MWANGI"
_HOLDER_KEY = (r"(?i:name[ \t]+on[ \t]+(?:the[ \t]+)?(?:card|account)|card[ \t]*holder(?:['’]s)?(?:[ \t]+name)?|"
               r"account[ \t]+(?:holder(?:['’]s)?(?:[ \t]+name)?|name)|beneficiary(?:[ \t]+name)?|payee(?:[ \t]+name)?)")
_HOLDER = re.compile(r"\b" + _HOLDER_KEY + r"[ \t]*(?:is[ \t]+)?[:=-]?[ \t]*"
                     r"([A-ZÀ-Þ](?:\.|[A-Za-zÀ-ÿ'’-]*)(?:[ \t]+[A-ZÀ-Þ](?:\.|[A-Za-zÀ-ÿ'’-]*)){0,3})")
# the names of a list of people after its key: "attendees: Priya R, Bart Q, Hope (intern), Grant"
_PEOPLE_KEYS = r"attendees|attending|participants|present|apologies|invitees|guests|team|members|cc|people"
_PEOPLE_ITEM = (r"(?<=(?im:^[ \t>*•-]*(?:" + _PEOPLE_KEYS + r")[ \t]*[:–-][^\n]*?)(?:[:–,;&][ \t]*|[ \t]and[ \t]+))"
                r"(\p{Lu}[\p{Ll}\p{M}'’-]+(?:[ \t]\p{Lu}[\p{Ll}\p{M}'’.-]*){0,2})"
                r"(?=[ \t]*(?:\([^)\n]{1,30}\))?[ \t]*(?:[,;&]|[ \t]and\b|$))")
_PEOPLE_LIST = uregex.compile(_PEOPLE_ITEM, uregex.M)
# a person by their unit or place: "Florence from accounts keeps cc'ing me", "ugh bill from IT"
_UNITS = ("accounts", "hr", "it", "marketing", "sales", "finance", "legal", "ops", "engineering", "support", "payroll",
          "admin", "reception", "the office", "work", "school", "church", "the gym", "next door", "upstairs",
          "downstairs", "across the street", "down the road", "my team", "our team", "the team")
_FROM_UNIT = re.compile(r"(?:^|(?<=[\s(,]))(" + _NAME_TOKEN + r"(?:[ \t]+" + _NAME_TOKEN + r")?|[a-zà-ÿ][a-zà-ÿ'’-]+)[ \t]+from[ \t]+(?i:" + "|".join(re.escape(u) for u in _UNITS)
                        + r")\b")
# a name before the code of a ward, a class or a room: "Precious from 6B said she'll take it"
_FROM_WARD = re.compile(r"(?:^|(?<=[\s(,]))(" + _NAME_TOKEN + r")[ \t]+from[ \t]+(?:ward[ \t]+|room[ \t]+|class[ \t]+|year[ \t]+)?"
                        r"(?:\d{1,2}[A-Z]|[A-Z]\d{1,2})\b(?![\w/-])")
# a writer introducing themselves: "It's Rain from the pottery class", "this is Dana again"
_SELF_INTRO = re.compile(r"(?:^|(?<=[\s(,!.]))(?i:it['’]s|it is|its|this is)[ \t]+" + _NAME + r"[ \t]+(?i:from|here|again)\b")
# a person's own occasion after their possessive: "can we make it Tolu's bday dinner", "for Ama's hen do"
# (privacy.detect.kinds too: a "place" before one is a person)
OCCASIONS = (r"(?i:bday|birthday|b-day|hen[ \t]+(?:do|party)|stag[ \t]+(?:do|party)|wedding|funeral|christening|baptism|"
             r"naming[ \t]+ceremony|baby[ \t]+shower|leaving[ \t]+do|retirement|graduation|engagement|send-?off|"
             r"bar[ \t]+mitzvah|bat[ \t]+mitzvah|quinceañera|quince|housewarming)\b")
_OWN_OCCASION = re.compile(r"(?:^|(?<=[\s(,;:\"“]))(" + _NAME_TOKEN + r")['’]s[ \t]+" + OCCASIONS)
# the same in lower case or in capitals ("for tolu's wedding", "FOR TOLU'S WEDDING"): a given name only
_OCCASION_AFTER = re.compile(r"['’][sS][ \t]+" + OCCASIONS)
_OWN_OCCASION_ANY_CASE = re.compile(r"(?:^|(?<=[\s(,;:\"“]))([^\W\d_]{2,})" + _OCCASION_AFTER.pattern)
_OCCASION_WORD = re.compile(OCCASIONS)
# a family by its surname in the plural, where a household stands: "the Ferreiras at 2307 Quail Hollow
# Dr", "the Okonkwos next door", "the Brennans have moved" (never a band or a show: "the Beatles are")
_FAMILY = re.compile(r"\b[Tt]he[ \t]+(" + _NAME_TOKEN + r")(?=[ \t]+(?:at[ \t]+(?:no\.?[ \t]*|number[ \t]+)?\d|next[ \t]+door|"
                     r"across[ \t]+the|down[ \t]+the[ \t]+road|upstairs|downstairs|from[ \t]+(?:no\.?|number)|"
                     r"have[ \t]+(?:moved|had|been)|moved|live|lived|are[ \t]+moving))")
# a name with their partner or family after it: "Cousins so far: Faith and her husband, the twins …"
_WITH_KIN_AFTER = re.compile(r"(?:^|(?<=[\s(,;:\"“]))(" + _NAME_TOKEN + r")[ \t]+(?:and|&|\+)[ \t]+(?:her|his|their)[ \t]+"
                             r"(?:husband|wife|partner|kids|children|boyfriend|girlfriend|bf|gf|mum|mom|dad|son|sons|daughter|"
                             r"daughters|family|fiancée?|twins|baby|hubby)\b")
# a day of a rota and the name on it: "Fri – Precious (teenage sitter …)", "Thu: Grandad Sol"
_ROTA_DAY = re.compile(r"(?m)^[ \t>*•-]*(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\.?[ \t]*"
                       r"(?:[–:—-][ \t]*)(" + _NAME_TOKEN + r"(?:[ \t]+" + _NAME_TOKEN + r")?)(?=[ \t]*(?:[(,;]|$|\n))")
# a trade or service and the person who does it: "the hairdresser kelly", "our plumber Dave", "the childminder, Amina"
_TRADES = ("hairdresser", "barber", "plumber", "electrician", "builder", "cleaner", "childminder", "carer", "nurse", "vet",
           "physio", "postman", "postie", "mechanic", "gardener", "driver", "tutor", "babysitter", "sitter", "nanny",
           "decorator", "painter", "joiner", "roofer", "locksmith", "caretaker", "receptionist", "optician", "chiropodist",
           "midwife", "health visitor", "social worker", "key worker", "keyworker")
_TRADE = r"\b(?i:the|our|my|his|her|their|mum['’]s|dad['’]s)[ \t]+(?i:" + "|".join(_TRADES) + r")[ \t]*,?[ \t]+"
_TRADE_BEFORE = re.compile(_TRADE + "$")
_TRADE_NAME = re.compile(_TRADE + r"([A-Za-zÀ-ÿ][a-zà-ÿ'’-]+)\b")
# someone's initials in brackets after who they are: "my mum's carer (J.P.) gave her …", "my boss (A.K.)"
_ROLE_INITIALS = re.compile(r"\b(?i:the|our|my|his|her|their|mum['’]s|dad['’]s|mom['’]s)[ \t]+(?i:" + "|".join(_TRADES) + r"|"
                            + _REL + r")[ \t]*\([ \t]*([A-Z]\.?(?:[ \t]?[A-Z]\.?){1,2})[ \t]*\)")
# a letter's bare signature: a name alone on the last line, after a blank line ("…on time.⏎⏎Gaute")
# a letter's or a card's closing name on the last line, right under the text it closes ("…懐かしいです。」⏎Harriet")
_LAST_LINE_NAME = re.compile(r"[.!?。！？」』\"”)][ \t]*\n[ \t]*" + _NAME + r"[ \t]*\Z")
_BARE_SIGNATURE = re.compile(r"\S[ \t]*\n[ \t]*\n[ \t]*" + _NAME + r"[ \t]*\Z")
# a name on the line after a closing, ending the text or a quote: "Thanks,⏎Oyinkansola", "Kind regards⏎Wairimu"
_CLOSINGS = ("thanks", "thank you", "many thanks", "cheers", "regards", "kind regards", "best regards", "warm regards",
             "best", "best wishes", "warmly", "love", "lots of love", "sincerely", "yours sincerely", "yours faithfully",
             "yours truly", "take care", "speak soon", "see you soon", "god bless", "blessings")
_CLOSING_LINE = re.compile(r"(?im)^[ \t>\"“]*(?:" + "|".join(_CLOSINGS) + r")[ \t]*[,!.]?[ \t]*\n[ \t]*" + _NAME
                           + r"[ \t]*(?=[\"”]|\n[ \t]*(?:\n|[\"”])|\Z)")
_DETERMINER_BEFORE = re.compile(r"(?i:\b(?:the|a|an|this|that|each|every|your|our|their|his|her|my)[ \t]+$)")
_LIST_REL = re.compile(r"^\s*[-*•]\s+" + _NAME + r"\s*\((?i:my\s+)", re.M)
_MY_NAME_CUES = ("my name is", "my name's", "his name's", "her name's", "his name is", "her name is", "call me", "calling me", "calls me", "i go by", "goes by", "known as", "name:",
                 "call him", "call her", "calls him", "calls her")  # a nickname: "we all call him hunts"
_MY_NAME = re.compile(r"\b(?:" + "|".join(_MY_NAME_CUES) + r")\s+['\"“‘]?" + _NAME_ANYCASE, I)
# a dash and a given name closing a quoted note or a line after its last sentence: "… Please stop. - Mar'"
_QUOTED_SIGNOFF = re.compile(r"[.!?][ \t]+(?:--?|[–—])[ \t]*([A-Z][a-zà-ÿ'’]+)[ \t]*['\"”’](?=[ \t]*(?:\n|\Z))")
# "—Priya" / "-- Priya" / "-Priya" closing a message; "- Scope" (hyphen, space) is a Markdown
# bullet, not a sign-off, and a sign-off is the last line of the text.
_SIGNOFF = re.compile(r"(?:^|\n)[ \t]*(?:--[ \t]*|[–—][ \t]*|-(?=\S))" + _NAME + r"\s*\Z")

# a person's pronoun right after a name ("a poem for Georgia, she's turning 30"); privacy.detect.kinds too
PERSON_PRONOUN_AFTER = re.compile(r",?[ \t]+(?:she|he|she's|he's|she is|he is|who)\b", re.I)
_PARTICLE_WORDS = frozenset("van von der de del della da di du le la al el bin ibn ben dos das mac st st.".split())
_NEVER_NAMES = frozenset("i me you he she it we they the a an my your his her our their this that is was are were be "
                         "and or but so if not no yes ok okay".split())
_NOT_NAMES = frozenset(
    "i me you he she it we they a an the this that my your his her our their and or but so if then just also not "
    "no yes ok okay sure please thanks thank hello hi hey dear good great fine sorry well really very here there "
    "going trying looking working thinking feeling doing getting having being done happy sad tired sick busy ready "
    "new old back home out up down over about like all any some every each one two three today tomorrow tonight "
    "yesterday now later soon monday tuesday wednesday thursday friday saturday sunday january february march april "
    "june july august september october november december is was are were be been will would can could should "
    "might must shall do does did has have had what when where why how who whom which everyone everybody someone "
    "anyone nobody guys team all folks there sir madam both more most other another them him us at by in on of to "
    "from with for as into about after before mine yours hers ours theirs".split()
)


_WORD_POS = frozenset({"NOUN", "VERB", "ADJ", "ADV", "ADP", "DET", "AUX", "PRON", "SCONJ", "CCONJ", "PART", "NUM", "INTJ"})


def _tagged_as_word(nlp_artifacts, start: int) -> bool:
    doc = getattr(nlp_artifacts, "tokens", None)
    if not tagging.pos_tagged(doc, start, start + 1):
        return False
    tok = token_at(nlp_artifacts, start)
    return tok is not None and tok.pos_ in _WORD_POS


def _tagged_verb(nlp_artifacts, start: int) -> bool:
    """The token at ``start`` is read as a verb ("the plumber said"), not a name ("the hairdresser kelly")."""
    doc = getattr(nlp_artifacts, "tokens", None)
    if not tagging.pos_tagged(doc, start, start + 1):
        return False
    tok = token_at(nlp_artifacts, start)
    return tok is not None and tok.pos_ in ("VERB", "AUX")


def _end_after(text: str, start: int, tokens: list[str]) -> int:
    """Where the first ``tokens`` of a span starting at ``start`` end in ``text``."""
    end = start
    for tok in tokens:
        end = text.index(tok, end) + len(tok)
    return end


_SUBJECT_AUX = frozenset({"is", "was", "has", "had", "'s", "’s"})


def _named_by_relation(nlp_artifacts, start: int, tokens: list[str]) -> bool:
    """One lower-case given name right after a relation, tagged as a noun or a proper noun; or
    one lower-case word no dictionary knows ("my ex lwazi", "mi cousin tashoy"): a name the
    gazetteer lacks, however it is tagged, unless the relation owns it ("my son's tiktok")."""
    if len(tokens) != 1 or tokens[0].lower() in _NOT_NAMES:
        return False
    doc = getattr(nlp_artifacts, "tokens", None)
    owned = doc is not None and re.search(r"['’]s\s*$", doc.text[max(0, start - 4):start]) is not None
    if not owned and is_unknown_word(tokens[0].strip("'’,.")):
        return True
    if not G.is_given(tokens[0]):
        return False
    if not tagging.pos_tagged(doc, start, start + len(tokens[0])):
        return False
    tok = token_at(nlp_artifacts, start)
    if tok is None:
        return False
    if tok.pos_ == "VERB" and tok.i + 1 < len(tok.doc):  # "his nephew chidi is moving in": tagged a verb, but
        return tok.doc[tok.i + 1].lower_ in _SUBJECT_AUX  # a verb is not followed by "is" (not "my sister rose early")
    return tok.pos_ in ("NOUN", "PROPN")


def _public_title(value: str) -> bool:
    """``value`` is a notable person's name or a work's title (vicary's lists): "Big Ben", "Little Women"."""
    tiers = G.vicary_tiers()
    folded = G.fold_word(value)
    return folded in tiers.get("full", ()) or folded in tiers.get("title", ()) or folded in tiers.get("place", ())


# a relation written in title case right before the name: a title's words, no one's relation
_TITLE_CASE_RELATION = re.compile(r"\b(?:My|Our|His|Her|Their)[ \t]+(?:[A-Z][\w'’-]*[ \t]+)?[A-Z][\w'’-]*[ \t]+$")


def _role_initials_at(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` are the initials in brackets after who someone is ("my boss (A.K.)")."""
    m = _ROLE_INITIALS.search(text, max(0, start - 60), min(len(text), end + 4))
    letters = "".join(c for c in text[start:end] if c.isalpha()).lower()
    return m is not None and m.span(1) == (start, end) and letters not in ROLE_ACRONYMS \
        and letters not in place_acronyms()  # "my doctor (NHS)", "my cousin (US)": a body, a country


class PersonContextRecognizer(RegexRecognizer):
    """Names introduced by a relation, a title, a greeting or "my name is"."""

    ENTITY = PERSON
    RULES = (
        Rule("relation", _RELATION, 0.75, group=1, requires=Requires(any_word("my", "his", "her", "their", "our", "mi", "me"))),
        Rule("is_relation", _IS_RELATION, 0.7, group=1, requires=Requires(any_word("my", "our"))),
        Rule("title", _TITLED, 0.75, group=1, requires=Requires(cased(*_TITLES))),  # _TITLED is case-sensitive
        Rule("my_name", _MY_NAME, 0.8, group=1, requires=Requires(any_word(*_MY_NAME_CUES))),
        Rule("introduced", _INTRODUCED, 0.55, group=1, requires=Requires(on_folded(r"(?:(?<=\W)|^)" + _INTRO + r",?\s"))),
        Rule("signoff", _SIGNOFF, 0.6, group=1, requires=Requires(cased("-", "–", "—"))),
        Rule("quoted_signoff", _QUOTED_SIGNOFF, 0.6, group=1, requires=Requires(regex(r"[-–—][ \t]*[A-Z][a-zà-ÿ'’]+[ \t]*['\"”’]"))),
        Rule("subject_of_verb", _SUBJECT, 0.55, group=1, requires=Requires(cased(*_VERBS))),
        Rule("field", _FIELD, 0.7, group=1,
             requires=Requires(regex(r"[:=]\s*[\"']"), fragments("name", "author", "customer", "contact", "user", "owner",
                                                               "assignee", *_FOREIGN_NAME_KEYS))),
        Rule("list_relation", _LIST_REL, 0.7, group=1, requires=Requires(regex(r"\((?i:my)\s"))),
        Rule("key_value", _KEY_VALUE, 0.7, group=1, requires=Requires(regex(r"[:–-]"), fragments(*_KEYS))),
        Rule("caps_name_key", _CAPS_NAME_KEY, 0.7, group=1, requires=Requires(regex(r"[:–-][ \t]*[A-Z]{2}"))),
        Rule("people_list", _PEOPLE_LIST, 0.6, group=1, requires=Requires(on_folded(r"(?:" + _PEOPLE_KEYS + r")[ \t]*[:–-]"))),
        Rule("from_unit", _FROM_UNIT, 0.6, group=1, requires=Requires(any_word("from"))),
        Rule("from_ward", _FROM_WARD, 0.6, group=1, requires=Requires(any_word("from"))),
        Rule("self_intro", _SELF_INTRO, 0.6, group=1, requires=Requires(on_folded(r"(?:it['’]s|it is|its|this is)[ \t]"))),
        Rule("bare_signature", _BARE_SIGNATURE, 0.55, group=1, requires=Requires(regex(r"\n[ \t]*\n"))),
        Rule("closing_line", _CLOSING_LINE, 0.6, group=1, requires=Requires(on_folded("|".join(_CLOSINGS)))),
        Rule("last_line_name", _LAST_LINE_NAME, 0.55, group=1, requires=Requires(regex(r"\n"))),
        Rule("size_nickname", _SIZE_NICKNAME, 0.6, group=1, requires=Requires(cased("Big", "Lil", "Little", "Young"))),
        Rule("name_age", _NAME_AGE, 0.6, group=1, requires=Requires(regex(r"[,|·–-][ \t]*[1-9]\d[ \t]*[,|·–-]"))),
        Rule("with_kin_after", _WITH_KIN_AFTER, 0.6, group=1, requires=Requires(any_word("her", "his", "their"))),
        Rule("rota_day", _ROTA_DAY, 0.55, group=1, requires=Requires(regex(r"(?m)^[ \t>*•-]*(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"))),
        Rule("trade_name", _TRADE_NAME, 0.6, group=1, requires=Requires(fragments(*_TRADES))),
        Rule("role_initials", _ROLE_INITIALS, 0.6, group=1, requires=Requires(regex(r"\([ \t]*[A-Z]\.?[ \t]?[A-Z]"))),
        Rule("own_occasion", _OWN_OCCASION, 0.6, group=1, requires=Requires(regex(r"['’]s[ \t]+\w"))),
        Rule("own_occasion_any_case", _OWN_OCCASION_ANY_CASE, 0.55, group=1,
             requires=Requires(regex(r"['’][sS][ \t]+\w"))),
        Rule("family", _FAMILY, 0.6, group=1, requires=Requires(regex(r"\b[Tt]he[ \t]+[A-Z]\w+s\b"))),
        Rule("before_phone", _BEFORE_PHONE, 0.55, group=1, requires=Requires(regex(r"[A-Z][^\s\d]+[ \t]*(?:[:–-]|on|at)?[ \t]*\+?\(?\d"))),
        Rule("one_before_phone", _ONE_BEFORE_PHONE, 0.55, group=1,
             requires=Requires(regex(r"[A-Z][^\s\d]+[ \t]*(?:[:–-]|on|at)?[ \t]*\+?\(?\d"))),
        Rule("kiss_before", _KISS_BEFORE, 0.6, group=1, requires=Requires(regex(r"(?i:\bx{1,3})[ \t]"))),
        Rule("kiss_after", _KISS_AFTER, 0.6, group=1, requires=Requires(regex(r"[ \t](?i:x{1,3})\b"))),
        Rule("holder", _HOLDER, 0.7, group=1, requires=Requires(on_folded(r"holder|name on|account name|beneficiary|payee"))),
    )

    def accept_rule(self, rule: Rule, text: str, start: int, end: int) -> bool:  # noqa: D102
        if rule.name == "relation" and (m := _TITLE_CASE_RELATION.search(text, max(0, start - 40), start)) is not None \
                and not sentence_initial(text, m.start()):
            return False  # a title in title case: "… first, My Neighbor Totoro or Kiki's Delivery Service?"
        if rule.name in ("from_unit", "from_ward", "closing_line"):
            # "Florence from accounts", "Thanks,⏎Oyinkansola": a name, not words ("Someone from HR",
            # "Thanks,⏎Management"); after a closing, no common word first ("Cheers⏎The Team")
            words_ = text[start:end].split()
            return len(words_) <= 3 and not any(is_common(w.lower()) and not G.is_given(w) for w in words_) \
                and (rule.name != "closing_line" or not is_common(words_[0].lower()))
        if rule.name == "quoted_signoff":  # "… Please stop. - Mar'": a given name, no word ("- Thanks'")
            word = text[start:end]
            return G.is_given(word) and not is_common(word.lower())
        if rule.name in ("self_intro", "bare_signature"):  # "It's Monday from …", "⏎⏎Kind Regards": no name
            words_ = text[start:end].split()
            if len(words_) > 3 or not G.is_given(words_[0]) \
                    or any(is_common(w.lower()) and not G.is_given(w) for w in words_[1:]):
                return False
            return rule.name == "self_intro" or not is_common(words_[0].lower())  # "It's Rain from …", not "⏎⏎Rose"
        if rule.name in ("before_phone", "one_before_phone", "kiss_before", "kiss_after"):
            # "Tali 052-555-1234", "x Bex": a given name, a surname or a word no dictionary knows; never a
            # phone's own label ("Mobile 07700 …", "Call 0412 …") or a town of a contact line ("Tarnów +48 …")
            words_ = [w.strip("'’,.") for w in text[start:end].split()]
            first = words_[0]
            if any(is_common(w.lower()) and not G.is_given(w) for w in words_) or is_common(first.lower()):
                return False
            if G.is_place(text[start:end]) and not G.is_given(first):
                return False
            return G.is_given(first) or G.is_surname(first) or is_unknown_word(first.lower())
        if rule.name == "size_nickname":  # "Big Mike"; not "Big Ben", "Little Women", "Young Sheldon"
            given = text[start:end].split()[-1]
            return G.is_given(given) and not is_common(given.lower()) and not _public_title(text[start:end])
        if rule.name == "name_age":  # "Sav, 21, …": a name, not a word ("Size, 12, …")
            value = text[start:end]
            return not is_common(value.lower()) and (G.is_given(value) or (
                not G.is_place(value) and G.english_zipf(value.lower()) < 3.0))
        if rule.name == "last_line_name":  # "…⏎Harriet": a given name no word shares; not "…⏎Thanks", "…⏎Rose"
            words_ = text[start:end].split()
            return len(words_) <= 2 and G.is_given(words_[0]) and G.rare_word_name(words_[0]) \
                and not any(is_common(w.lower()) for w in words_) and not G.is_place(text[start:end])
        if rule.name in ("with_kin_after", "rota_day", "trade_name"):  # a given name or a word no one writes;
            words_ = text[start:end].split()  # never a word ("the plumber said", "Fri – Closed")
            first = words_[0].strip("'’,.")
            if is_common(first.lower()) and not G.is_given(first):
                return False
            if rule.name == "trade_name" and (first.lower() in _NOT_NAMES or first.lower() in _VERBS):
                return False
            return G.is_given(first) or G.is_surname(first) or G.english_zipf(first.lower()) < 2.0
        if rule.name == "own_occasion":  # "Tolu's bday dinner"; not "Valentine's", "Mother's", "London's"
            value = text[start:end]
            return not G.is_famous_place(value) and value.lower() not in public_places() and (
                ((G.is_given(value) or G.is_surname(value)) and not is_common(value.lower()))
                or G.english_zipf(value.lower()) < 2.0)  # a word no one writes ("Tolu", a balsam in web2)
        if rule.name == "own_occasion_any_case":  # "tolu's wedding", "TOLU'S WEDDING"; not "mother's funeral"
            value = text[start:end]
            return (value.islower() or value.isupper()) and not G.is_place(value) and value.lower() not in public_places() \
                and ((G.is_given(value) and not is_common(value.lower())) or G.english_zipf(value.lower()) < 2.0)
        if rule.name == "family":  # "the Ferreiras at …": the surname of a household
            value = text[start:end]
            stem = value[:-2] if value.endswith("es") and G.is_surname(value[:-2]) else value[:-1]
            return value.endswith("s") and G.is_surname(stem) and not is_common(stem.lower()) \
                and G.english_zipf(value.lower()) < 3.0
        if rule.name == "holder":  # "name on card F ADEYEMI"; not "name on card: VISA"
            words_ = [w.strip("'’,.") for w in text[start:end].split()]
            return any(len(w) > 1 for w in words_) and not any(is_common(w.lower()) for w in words_ if len(w) > 1) \
                and not (len(words_) == 1 and G.english_zipf(words_[0].lower()) >= 4.0)  # "VISA"; not "T OKONJO"
        if rule.name == "caps_name_key":  # "Name: TBD", "Surname: N/A": a word or an acronym, no one
            return not any(is_common(w.lower().strip(",")) or len(w.strip(",")) < 3 for w in text[start:end].split())
        if rule.name == "people_list":  # "attendees: Hope (intern), Grant": a list of people, words or not
            words_ = text[start:end].split()
            return G.is_given(words_[0]) or G.is_surname(words_[-1]) or not any(is_common(w.lower()) for w in words_)
        if rule.name == "key_value":  # "To: All Staff", "Manager: Sales": a role's value is a name, no words
            return not any(is_common(t.lower().strip("'’.,")) for t in text[start:end].split())
        return super().accept_rule(rule, text, start, end)

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        out = []
        for r in super().analyze(text, entities, nlp_artifacts):
            if " ".join(text[r.start:r.end].lower().split()) in public_places() and not PERSON_PRONOUN_AFTER.match(text, r.end):
                continue  # a country, before any trimming: "United Kingdom was super fun" (not "Kingdom")
            # drop trailing non-name words ("Ana and", "Priya Is") and leading non-names
            tokens = text[r.start : r.end].split()
            named_after = RELATION_BEFORE.search(text, max(0, r.start - 40), r.start) is not None
            related = named_after or _IS_RELATION_AFTER.match(text, r.end) is not None
            if related and tokens[0].islower() and _named_by_relation(nlp_artifacts, r.start, tokens[:1]):
                r.end = r.start + len(tokens[0])  # "my neighbour hope keeps parking": the name alone
                tokens = tokens[:1]
            while tokens and tokens[-1].lower().strip("'’s") in _NOT_NAMES \
                    and not (len(tokens) == 1 and related and tokens[0][:1].isupper()):
                r.end -= len(text[r.start : r.end]) - len(text[r.start : r.end].rstrip()[: -len(tokens[-1])].rstrip())
                tokens.pop()
            if not tokens:
                continue
            # a name ends at its possessive: "my sister Wendy's Honda" is Wendy
            own = next((i for i, t in enumerate(tokens[:-1]) if t.endswith(("'s", "’s"))), None)
            if own is not None:
                r.end, tokens = _end_after(text, r.start, tokens[:own + 1]), tokens[:own + 1]
            # a lower-case name does not run on into ordinary words ("mr okafor says i", "chidi is moving")
            if tokens[0].islower() and len(tokens) > 1:
                keep_n = 1
                while keep_n < len(tokens) and not (is_common(tokens[keep_n].lower().strip("'’,."))
                                                    and not G.is_surname(tokens[keep_n]) and not G.is_given(tokens[keep_n])):
                    keep_n += 1
                if keep_n < len(tokens):
                    r.end, tokens = _end_after(text, r.start, tokens[:keep_n]), tokens[:keep_n]
            # leading ordinary words are no part of a name ("Then Faith said")
            while len(tokens) > 1 and tokens[0].lower().strip("'’,") in common_words():
                r.start = text.index(tokens[1], r.start + len(tokens[0]))
                tokens.pop(0)
            if tokens[0].isupper() and len(tokens[0]) > 1 and is_common(tokens[0].lower().strip("'’,.")) \
                    and not (len(tokens) == 1 and _OCCASION_AFTER.match(text, r.end)):
                continue  # "my manager AGAIN": a shouted word
            if len(tokens) == 1 and tokens[0].islower() and tokens[0].strip("'’,.!?") in _REL_WORD_SET:
                continue  # "My dad's doctor mentioned both": another relation, no name
            if len(tokens) == 1 and _OCCASION_WORD.fullmatch(tokens[0].strip("'’,.!?")):
                continue  # "MY FRIEND'S WEDDING": the occasion, no one
            if len(tokens) == 1 and tokens[0].isupper() and len(tokens[0].strip("'’,.")) <= 3 \
                    and not _role_initials_at(text, r.start, r.end):
                continue  # an acronym: "name: CI", "Tell HR" (not "my carer (J.P.)")
            first = tokens[0].lower().strip("'’")
            if first in (_NEVER_NAMES if tokens[0][:1].isupper() and (len(tokens) > 1 or named_after) else _NOT_NAMES):
                continue  # (right after a relation, a capitalised "Will" is a name: "invite my ex Will")
            # a lower-case candidate must not be an ordinary word ("name: addressee") or be tagged as
            # one ("my sister is visiting"), unless it is a given name a relation names ("my
            # neighbour hope keeps parking …", not "my sister rose early": a verb)
            if tokens[0].islower() and (all(is_common(t.lower().strip("'’,.")) for t in tokens)
                                        or _tagged_as_word(nlp_artifacts, r.start)) \
                    and not (related and _named_by_relation(nlp_artifacts, r.start, tokens)) \
                    and not (len(tokens) == 1 and G.is_given(tokens[0]) and _TRADE_BEFORE.search(text, max(0, r.start - 40), r.start)
                             and not _tagged_verb(nlp_artifacts, r.start)) \
                    and not (len(tokens) == 1 and G.is_given(tokens[0]) and _FROM_UNIT.match(text, r.start)
                             and not _DETERMINER_BEFORE.search(text, max(0, r.start - 8), r.start)) \
                    and not (len(tokens) == 1 and _OCCASION_AFTER.match(text, r.end)):  # "for tolu's wedding"
                # (a given name before "from IT" is a person in lower case too: "ugh bill from IT cc'd me")
                continue
            # a capitalised name does not continue into lower-case words ("Ana turned")
            if tokens[0][:1].isupper():
                keep_n = 1
                while keep_n < len(tokens) and (tokens[keep_n][:1].isupper() or tokens[keep_n].lower() in _PARTICLE_WORDS):
                    keep_n += 1
                while keep_n > 1 and tokens[keep_n - 1].lower() in _PARTICLE_WORDS:
                    keep_n -= 1
                if keep_n < len(tokens):
                    r.end = _end_after(text, r.start, tokens[:keep_n])
            # a country or a large town is no person ("South Africa was super fun")
            if (" ".join(text[r.start:r.end].lower().split()) in public_places() or G.is_famous_place(text[r.start:r.end])) \
                    and not PERSON_PRONOUN_AFTER.match(text, r.end):
                continue  # (unless a person's pronoun follows: "a poem for Georgia, she's turning 30")
            # strip a possessive "'s"
            span = text[r.start : r.end]
            if span.endswith(("'s", "’s")):
                r.end -= 2
            if " " not in text[r.start:r.end] and G.is_demonym(text[r.start:r.end]) and _HERITAGE_AFTER.match(text, r.end):
                continue  # "my mum's Irish side", "my dad's Nigerian family": where they come from, no one
            out.append(r)
        return out
