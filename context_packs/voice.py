"""What the inserted turns say: the contributor's register, and keyed assistant replies.

``Style`` is measured on the contributor's own user turns of the target conversation
(all of their turns for a new one): whether they start in lower case, write ``i``,
end with a full stop, and how long they write. ``in_register`` puts a first-person fact
in that style, as a follow-up ("oh and btw, i run three times a week"; none before a
sentence reported as "About me: ..."). Assistant replies come from families of templates
that name the fact's topic (its main noun phrase, ``my`` → ``your``); a new conversation's
title is made of the fact's own words in the forms a chat tool names conversations with
("Playing cello", "Tinnitus in left ear"), cased like the contributor's titles. Every
choice is keyed by the workspace (``synth.keyed.hmac_int``): deterministic, no clock, no
global random.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass

from synth.keyed import hmac_int

from context_packs.nlp import parse
from context_packs.titlebook import TitleBook


@dataclass(frozen=True)
class Style:
    lower_start: bool = False  # most of their turns start with a lower-case letter
    lower_i: bool = False  # they write "i" for "I"
    final_stop: bool = True  # most of their turns end with . ! or ?
    median_words: int = 12
    greeting: str = ""  # how they open a conversation, when they usually greet ("hi", "Hey")


def style_of(user_texts: list[str], fallback: Style | None = None) -> Style:
    """The register of these turns; a habit they show no evidence of comes from ``fallback``."""
    base = fallback or Style()
    texts = [t.strip() for t in user_texts if t and t.strip()]
    if not texts:
        return base
    starts = [t[0] for t in texts if t[0].isalpha()]
    lower_start = sum(c.islower() for c in starts) * 2 > len(starts) if starts else base.lower_start
    small_i = sum(len(re.findall(r"\bi\b", t)) for t in texts)
    big_i = sum(len(re.findall(r"\bI\b", t)) for t in texts)
    lower_i = small_i > big_i if small_i + big_i else base.lower_i
    final_stop = sum(t[-1] in ".!?" for t in texts) * 2 > len(texts)
    return Style(lower_start, lower_i, final_stop, int(statistics.median(len(t.split()) for t in texts)),
                 base.greeting)


_GREETINGS = ("hi", "hey", "hello", "morning", "good morning", "hiya", "yo")


def greeting_of(openers: list[str]) -> str:
    """The greeting the contributor opens conversations with, if half of them or more start
    with one (as they write it: "hi", "Hey"), else ""."""
    seen: list[str] = []
    for text in openers:
        m = re.match(r"\s*((?:good )?[A-Za-z]+)\b[,!]?", text or "")
        if m and m.group(1).lower() in _GREETINGS:
            seen.append(m.group(1))
    if not openers or len(seen) * 2 < len(openers):
        return ""
    return statistics.mode(seen)


_LEADS_CASUAL = ("oh and btw, ", "also ", "btw ", "fyi ", "forgot to mention, ", "oh also, ", "one more thing, ",
                 "", "", "")
_LEADS_FORMAL = ("Also, ", "By the way, ", "One more thing: ", "For context, ", "I should mention that ",
                 "Just so you know, ", "", "", "")


def in_register(fact: str, style: Style, *, key: bytes, label: tuple) -> str:
    """The first-person fact as this contributor would type it, as a follow-up (a terse writer,
    five words or fewer a turn, gets no lead-in)."""
    text = fact.strip()
    leads = _LEADS_CASUAL if style.lower_start else _LEADS_FORMAL
    lead = leads[hmac_int(key, "lead", *label) % len(leads)] if style.median_words > 5 else ""
    if text.startswith("About me:"):
        lead = ""  # a sentence reported as written ("About me: ..."): no follow-up lead-in
    if lead:
        text = lead + _decapitalize(text)
    return cased(text, style)


def cased(text: str, style: Style) -> str:
    """``text`` in the contributor's casing: a lower-case start, a lower-case "i", no full stop,
    where their own messages write so."""
    if style.lower_start:
        text = _decapitalize(text)
    if style.lower_i:
        text = re.sub(r"\bI\b", "i", text)
    if not style.final_stop:
        text = text.rstrip(".")
    return text


def _decapitalize(text: str) -> str:
    """Lower the first word unless it is ``I`` or a proper noun."""
    first = text.split(" ", 1)[0]
    if first in ("I", "I'm", "I've", "I'd", "I'll") or not first[:1].isupper():
        return text
    doc = parse(text)
    if len(doc) and doc[0].tag_ in ("NNP", "NNPS"):
        return text
    return text[:1].lower() + text[1:]


def topic_of(fact: str) -> str:
    """The fact's main noun phrase, addressed to the contributor ("your new apartment").

    Pronouns, dates, times and counted amounts ("two glasses", "three months") are not topics."""
    from context_packs.semantic import TIME_WORDS

    doc = parse(fact)
    chunks = [c for c in doc.noun_chunks if c.root.pos_ != "PRON" and c.root.is_alpha
              and c.root.lower_ not in TIME_WORDS and not any(t.like_num for t in c)
              and c.root.ent_type_ not in ("DATE", "TIME")]
    if not chunks:
        return ""
    # prefer the object of the main verb, then the subject, then the first
    def rank(c):
        return (0 if c.root.dep_ in ("dobj", "pobj", "attr") else 1 if c.root.dep_.startswith("nsubj") else 2, c.start)

    chunk = sorted(chunks, key=rank)[0]
    out = []
    for t in chunk:
        word = t.text
        if t.lower_ == "my":
            word = "your"
        elif t.dep_ == "det" and t.lower_ in ("a", "an", "some", "every", "each", "any"):
            word = "the"
        out.append(word + t.whitespace_)
    text = "".join(out).strip()
    if text[:1].isupper() and chunk.start == 0 and doc[0].tag_ not in ("NNP", "NNPS"):
        text = text[:1].lower() + text[1:]
    return text


_REPLIES_TOPIC = (
    "Good to know about {t}. I'll keep that in mind.",
    "Thanks, that helps. I'll factor {t} into what I suggest.",
    "Got it, {t} noted. Want me to adjust anything because of it?",
    "That's useful context about {t}.",
    "Noted: {t}. Anything else I should take into account?",
    "Thanks for mentioning {t}; I'll account for it from here on.",
    "Makes sense. I'll remember {t} going forward.",
    "Okay, noted about {t}. I'll plan around that.",
    "Understood. With {t} in mind, I'd tweak a couple of the suggestions above.",
    "Helpful, thanks! I'll keep {t} in the picture.",
    "Ah, good detail about {t}. I'll work with that.",
    "Thanks for the heads-up on {t}.",
)
_REPLIES_PLAIN = (
    "Got it, thanks for letting me know. I'll keep that in mind.",
    "Thanks for sharing that. Good to know!",
    "Understood. I'll take that into account.",
    "Noted, that's helpful context.",
)


def reply_for(fact: str, *, key: bytes, label: tuple) -> str:
    """A short assistant reply naming the fact's topic, from a keyed family."""
    topic = topic_of(fact)
    family = _REPLIES_TOPIC if topic else _REPLIES_PLAIN
    return family[hmac_int(key, "reply", *label) % len(family)].format(t=topic)


_OPENING_QUESTIONS = ("any advice?", "what should i keep in mind?", "thoughts?", "anything i should know?",
                      "what do you think?")
_OPENING_ANSWERS = (
    "Thanks for telling me about {t}. Happy to help: what would be most useful to think through first?",
    "Good to know about {t}. A few things usually matter here: timing, cost and who else is involved. Which is on your mind?",
    "That's helpful context about {t}. I'll keep it in mind; do you want ideas, or a plan?",
    "Got it, {t}. Tell me a bit more about what you're hoping for and I'll suggest some options.",
)
_CLOSERS = (("ok thanks, that helps", "You're welcome! Come back anytime about {t}."),
            ("makes sense, will do", "Sounds good. Good luck with {t}!"),
            ("perfect, thank you", "Anytime. Let me know how {t} goes."))


def new_conversation_turns(user_text: str, fact: str, style: Style, *, key: bytes, label: tuple
                           ) -> list[tuple[str, str]]:
    """A plausible 2- or 4-turn opening built around the fact: (role, text) pairs."""
    topic = topic_of(fact) or "this"
    q = _OPENING_QUESTIONS[hmac_int(key, "open-q", *label) % len(_OPENING_QUESTIONS)]
    if not style.lower_start:
        q = q[0].upper() + q[1:]
    if not style.lower_i:
        q = re.sub(r"\bi\b", "I", q)
    opening = user_text.rstrip()
    if style.greeting:
        opening = f"{style.greeting}{'!' if style.final_stop else ''} {opening}"
    sep = " " if opening[-1:] in ".!?" else ". " if style.final_stop else ", "
    if sep == ", ":
        q = q[:1].lower() + q[1:]  # "... in June, thoughts?", not "June, Thoughts?"
        q = re.sub(r"\bi\b", "I", q) if not style.lower_i else q
    turns = [("user", f"{opening}{sep}{q}"),
             ("assistant", _OPENING_ANSWERS[hmac_int(key, "open-a", *label) % len(_OPENING_ANSWERS)].format(t=topic))]
    if hmac_int(key, "closer?", *label) % 2:
        u, a = _CLOSERS[hmac_int(key, "closer", *label) % len(_CLOSERS)]
        if not style.lower_start:
            u = u[0].upper() + u[1:]
        turns += [("user", u), ("assistant", a.format(t=topic))]
    return turns


_TITLE_HEADS = ("tips", "questions", "advice", "basics", "options")
_OWN_HEADS = frozenset(_TITLE_HEADS) | {"ideas", "help", "question", "recommendations"}  # heads that fit any topic
_LIGHT_VERBS = frozenset({"be", "have", "get", "do", "want", "need", "hope", "like", "love", "plan", "try", "wish",
                          "would", "keep", "say", "tell", "ask"})
_DROP = frozenset({"my", "your", "his", "her", "their", "our", "its", "the", "a", "an", "every", "each", "some",
                   "any", "this", "that", "these", "those", "own", "only"})
_SMALL = frozenset({"a", "an", "the", "and", "or", "of", "on", "in", "with", "about", "for", "to", "around", "at",
                    "from", "by", "after", "before", "into", "near"})


# a head word put before the topic, as chat titles also write it ("Questions about tinnitus")
_HEAD_FIRST = {"tips": "tips for", "questions": "questions about", "question": "question about", "advice": "advice on",
               "basics": "basics of", "options": "options for", "ideas": "ideas for", "help": "help with",
               "recommendations": "recommendations for"}


def _with_head(base: str, head: str, case: str, book: TitleBook, fact: str = "") -> str:
    """``base`` with ``head`` after it ("Pacemaker questions") or before it, whichever grammatical
    shape the build has used less (after it on a tie): before a plural noun as it stands
    ("Questions about braces"), before a singular common noun the fact calls the writer's own
    with "my", as chat titles write it after a preposition ("Questions about my last checkup"
    for "my last checkup was in March"; "basics of" takes no "my"); never before a name ("Help
    with Toronto") or another singular ("Tips for backpack" lacks its article)."""
    forms = [f"{base} {head}"]
    lead = _HEAD_FIRST.get(head.lower())
    tag = parse(base)[-1].tag_ if lead and base else ""
    if tag in ("NNS", "NNPS"):
        forms.append(f"{lead} {base}")
    elif tag == "NN" and not lead.startswith("basics") and \
            re.search(rf"\bmy\s+(?:[\w-]+\s+)?{re.escape(base)}\b", fact, re.I):
        forms.append(f"{lead} my {base}")
    return min(forms, key=lambda f: book.shapes[title_shape(_cased(f, case))])


def title_style(titles: list[str]) -> str:
    """'title' when most multi-word titles capitalize every content word, else 'sentence'."""
    multi = [t.split() for t in titles if t and len(t.split()) > 1]
    if not multi:
        return "sentence"
    title_case = sum(all(w[:1].isupper() for w in ws if len(w) > 3) for ws in multi)
    return "title" if title_case * 2 > len(multi) else "sentence"


def title_heads(titles: list[str]) -> tuple[str, ...]:
    """The head words that fit any topic the contributor's own titles end with ("tips", "ideas",
    "help" ...), most used first; topped up with the common ones of chat titles when they use
    fewer than three."""
    seen = [t.split()[-1].lower() for t in titles if t and len(t.split()) > 1]
    own = [h for h, _ in sorted(((h, seen.count(h)) for h in set(seen) if h in _OWN_HEADS),
                                key=lambda x: (-x[1], x[0]))]
    return tuple(own) if len(own) >= 3 else tuple(own + [h for h in _TITLE_HEADS if h not in own])


def _gerund(lemma: str) -> str:
    """``lemma`` + -ing by the spelling rules: lie -> lying, make -> making, swim -> swimming."""
    w = lemma.lower()
    if w.endswith("ie"):
        return w[:-2] + "ying"
    if w.endswith("e") and not w.endswith(("ee", "ye", "oe")) and len(w) > 2:
        return w[:-1] + "ing"
    groups = re.findall(r"[aeiou]+", w)
    if len(groups) == 1 and len(w) >= 3 and w[-1] not in "aeiouwxy" and w[-2] in "aeiou" and w[-3] not in "aeiou":
        return w + w[-1] + "ing"
    return w + "ing"


def _phrase(tok) -> str:
    """A noun phrase for a title: the noun with its left modifiers, no determiners or possessives,
    numbers or names of people (a title names the thing, not the day or the person)."""
    kept = []
    for t in tok.subtree:
        if t.i > tok.i:
            break
        if t.lower_ in _DROP or t.pos_ in ("DET", "PRON", "NUM") or t.like_num or t.ent_type_ == "PERSON":
            continue
        if t.dep_ == "appos" or (t.tag_ == "POS" and not (kept and kept[-1].i == t.i - 1)):
            continue  # "Sloan's Lake", "chef's knife" keep their 's; "Maya's" without Maya does not
        if t.pos_ == "PUNCT" and t.text != "-":
            continue
        if t.i >= 2 and t.nbor(-1).text == "-" and t.nbor(-2).like_num:
            continue  # "40-liter": the measure goes with its number
        kept.append(t)
    while kept and kept[0].text == "-":
        kept.pop(0)
    text = "".join(t.text + (t.whitespace_ if i + 1 < len(kept) and kept[i + 1].i == t.i + 1 else " ")
                   for i, t in enumerate(kept)).strip()
    text = re.sub(r"\s*-\s*", "-", text) if "-" in text else text
    return text if all(len(w) > 1 for w in text.split()) else ""


def _title_forms(fact: str) -> list[str]:
    """Titles a chat tool would give a conversation opened with ``fact``, built from its parse:
    gerund + object ("Playing cello"), that + a phrase ("Playing cello in community orchestra"),
    the object alone ("Vintage fountain pens"), object + phrase ("Tinnitus in left ear"),
    an adjective predicate ("Allergic to latex"). Empty strings where the parse has no such part."""
    from context_packs.semantic import TIME_WORDS

    doc = parse(fact)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return []
    # the clause about the contributor: the first verb whose subject is "I" (else the root), and the
    # first verb of it (or of a clause coordinated with it) that has an object
    clauses = [t for t in doc if t.pos_ in ("VERB", "AUX") and any(
        c.dep_.startswith("nsubj") and c.lower_ == "i" for c in t.children)] or [root]
    main = clauses[0]
    chain = [main] + [c for c in main.children if c.dep_ == "xcomp" and c.pos_ == "VERB"] + clauses[1:]
    verb = next((v for v in chain if v.lemma_.lower() not in _LIGHT_VERBS and v.pos_ == "VERB"), main)
    root = main
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "attr", "oprd")), None)
    if obj is None and verb is not root:
        obj = next((c for c in root.children if c.dep_ in ("dobj", "attr")), None)
    if obj is None and (verb.pos_ != "VERB" or verb.lemma_.lower() in _LIGHT_VERBS):
        obj = next((c for c in root.children if c.dep_.startswith("nsubj") and c.pos_ in ("NOUN", "PROPN")), None)
    acomp = next((c for c in root.children if c.dep_ == "acomp"), None)

    def pp_of(head):
        for c in head.children:
            if c.dep_ == "prep":
                pobj = next((x for x in c.children if x.dep_ == "pobj"), None)
                if pobj is not None and pobj.lower_ not in TIME_WORDS and pobj.ent_type_ not in ("DATE", "TIME") \
                        and not pobj.like_num and not any(x.dep_ == "nummod" for x in pobj.children):
                    np_ = _phrase(pobj)
                    if np_:
                        return f"{c.lower_} {np_}"
        return ""

    # an object by the parse is a noun phrase even where the tagger read its head as a verb ("ring pillow")
    obj_np = _phrase(obj) if obj is not None and (obj.pos_ in ("NOUN", "PROPN") or obj.dep_ == "dobj") \
        and obj.pos_ != "PRON" else ""
    pp = pp_of(verb) or (pp_of(obj) if obj is not None else "")
    passive = next((c for c in verb.children if c.dep_ == "auxpass" and c.lower_ in ("get", "gets", "getting", "got")), None)
    # a gerund alone says the writer does it: another doer goes before it ("Father dying of stroke",
    # "Son living in Oslo"; a person's name never), and a passive of "be" is no gerund ("I was born"
    # is no "Bearing")
    be_passive = passive is None and any(c.dep_ == "auxpass" for c in verb.children)
    doer = _subject(verb)
    if doer is not None and any(c.lower_ in ("i", "we") for c in doer.conjuncts):  # "Callum and I got engaged"
        doer = next(c for c in doer.conjuncts if c.lower_ in ("i", "we"))
    if doer is not None and doer.pos_ == "PROPN":  # "My uncle Lars emigrated": the role, not the name
        doer = next((c for c in doer.children if c.dep_ in ("compound", "appos") and c.pos_ == "NOUN"), None)
        other = _phrase(doer) if doer is not None else None
    else:
        other = "" if doer is None or doer.lower_ in ("i", "we") else _phrase(doer) if doer.pos_ == "NOUN" else None
    # "I was born in Lycksele": the participle and its phrase ("Born in Lycksele")
    born = f"{verb.text.lower()} {pp}" if be_passive and other == "" and doer is not None and pp else ""
    active = verb.pos_ == "VERB" and verb.lemma_.lower() not in _LIGHT_VERBS and not be_passive and other is not None
    gerund = f"getting {verb.text.lower()}" if passive is not None else _gerund(verb.lemma_)  # "Getting married"
    gerund = f"{other} {gerund}" if other else gerund
    ger = f"{gerund} {obj_np}" if active and obj_np and obj.dep_ == "dobj" else ""
    if active and not obj_np and pp:
        ger = f"{gerund} {pp}"  # "Working from home"
        pp = ""
    adj = ""
    if acomp is not None:
        adj = f"{_phrase(acomp) or acomp.text} {pp_of(acomp)}".strip()
    return [f"{ger} {pp}" if ger and pp else "", obj_np, f"{obj_np} {pp}" if obj_np and pp else "", ger, adj, born]


def _subject(verb):
    """``verb``'s subject, or that of the verb it hangs from as an open complement or a coordinated
    verb ("I have to carry him", "I run and swim"); None when the parse gives none."""
    t = verb
    for _ in range(4):
        subj = next((c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is not None:
            return subj
        if t.dep_ not in ("xcomp", "conj") or t.head is t:
            return None
        t = t.head
    return None


def title_shape(title: str) -> str:
    """A title's grammatical shape: its words as classes, function words kept ("in", "to", "for" ...),
    a gerund Ving, a noun or name N (a run of them one N), an adjective A, a number 0, another word
    its coarse part of speech: "Playing cello" and "Knitting wool scarf" are "Ving N", "Tinnitus in
    left ear" "N in A N". Two titles of one shape read as one template however their words differ."""
    out: list[str] = []
    for tok in parse(title):
        if tok.is_punct:
            continue
        low = tok.lower_
        if low in _SMALL or low in ("my", "your"):
            cls = low
        elif tok.tag_ == "VBG" or (tok.i == 0 and low.endswith("ing") and len(low) > 4):
            cls = "Ving"
        elif tok.pos_ in ("NOUN", "PROPN"):
            cls = "N"
        elif tok.pos_ == "ADJ":
            cls = "A"
        elif tok.like_num:
            cls = "0"
        else:
            cls = tok.pos_
        if not (cls == "N" and out and out[-1] == "N"):
            out.append(cls)
    return " ".join(out)


def title_head_rate(titles: list[str]) -> float:
    """The share of the contributor's titles that end in a head word ("Leash pulling tips")."""
    multi = [t for t in titles if t and len(t.split()) > 1]
    return sum(t.split()[-1].lower() in _OWN_HEADS for t in multi) / len(multi) if multi else 0.0


def new_title(fact: str, ordinal: int, case: str, *, key: bytes, task_id: str,
              heads: tuple[str, ...] = _TITLE_HEADS, head_rate: float = 0.0, book: TitleBook | None = None) -> str:
    """The ``ordinal``-th new conversation's title, built from the fact's own words the way a chat
    tool names a conversation, cased like the contributor's titles. The forms are taken in a
    keyed rotation, the first whose grammatical shape (``title_shape``) the build's titles have
    used least (``book``): no shape becomes the build's template while a fact offers another. A
    short noun phrase gets one of the head words of the contributor's own titles ("Fountain pens
    tips", or "Tips for fountain pens" when that shape is used less) as often as their titles end
    in one (``head_rate``), the heads
    in a keyed order, each used once in the build (``book``, shared by the build's tasks; one per
    call when None), so no added wording repeats from one new conversation to another."""
    book = book if book is not None else TitleBook()
    start = hmac_int(key, "title-head", task_id) + ordinal
    in_order = [heads[(start + k) % len(heads)] for k in range(len(heads))] if heads else []
    all_forms = _title_forms(fact)
    forms = [f for f in all_forms if f and 2 <= len(f.split()) <= 7]
    if not forms:
        # one word or none: the topic with a head word of the contributor's titles ("Tinnitus questions"),
        # or alone once the build has used every head
        base = next((f for f in all_forms if f), "") or _phrase_of_topic(fact) or _main_word(fact)
        head = book.take(in_order) if base else None
        title = _with_head(base, head, case, book, fact) if head else base or "Quick question"
        book.shapes[title_shape(_cased(title, case))] += 1
        return _cased(title, case)
    rotation = hmac_int(key, "title-rotation", task_id) % len(forms)
    # the forms in their keyed rotation; the first whose grammatical shape the build has used least
    in_rotation = [forms[(rotation + ordinal + k) % len(forms)] for k in range(len(forms))]
    title = min(in_rotation, key=lambda f: book.shapes[title_shape(_cased(f, case))])
    if heads and title == all_forms[1] and len(title.split()) <= 3 and \
            hmac_int(key, "title-head?", task_id, ordinal) % 1000 < 1000 * head_rate:
        head = book.take(in_order)
        title = _with_head(title, head, case, book, fact) if head else title
    book.shapes[title_shape(_cased(title, case))] += 1
    return _cased(title, case)


def _main_word(fact: str) -> str:
    """The fact's main verb as a gerund, else its first noun: a title when it has no phrase."""
    doc = parse(fact)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    doer = _subject(root) if root is not None else None
    if root is not None and root.pos_ == "VERB" and root.lemma_.lower() not in _LIGHT_VERBS and \
            (doer is None or doer.lower_ in ("i", "we")) and not any(c.dep_ == "auxpass" for c in root.children):
        return _gerund(root.lemma_)
    return next((t.text for t in doc if t.pos_ in ("NOUN", "PROPN") and t.is_alpha and len(t.text) > 2), "")


def _cased(title: str, case: str) -> str:
    words = title.split()
    if case == "title":
        words = [w if (i and w.lower() in _SMALL) else w[:1].upper() + w[1:] for i, w in enumerate(words)]
    else:
        words[0] = words[0][:1].upper() + words[0][1:]
    return " ".join(words)


def _phrase_of_topic(fact: str) -> str:
    return re.sub(r"^(?:your|my|the|her|his|their|our)\s+", "", topic_of(fact), flags=re.I)
