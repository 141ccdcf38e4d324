"""A fact about the contributor, said by the contributor: a rewrite on spaCy's parse.

The contributor's mentions are their names (full name or first name, in any position,
``Renata's`` included) and the third-person pronouns of their family (``she/her/hers/
herself``, ``he/him/his/himself`` or singular ``they``): the family is the one the fact
opens with, else the task's (``family.task_family``: what the task's other facts open
with; ``rewrite_facts`` reads it), else the one of their first name (``gender_guesser``),
else unknown (then only names are rewritten). A pronoun named as a word ("they/them
pronouns") is no mention. The names are first replaced by the family's pronouns and the
fact parsed again (the parser reads "He cycles to work" where it misreads "Daniel cycles"
as a noun); those pronouns stay marked as the contributor. Each mention becomes, by its
role in the parse:

* subject (``nsubj``, not accusative, not the subject of an infinitive) → ``I``;
* possessive (``her`` as a determiner, ``Renata's``) → ``my``; standalone ``hers`` or
  ``Renata's`` with no noun after it → ``mine``; ``her`` before a gerund → ``me``;
* reflexive → ``myself``; any other position (object, ``wants Renata to …``) → ``me``;
* a coordinated subject → the other conjunct first: "Renata and Tomás are" → "Tomás and I are".

The finite verb of every ``I`` agrees, and so does each verb coordinated with it that has
no subject of its own, wherever the parser hung it (``runs … and swims`` → ``run … and
swim``): present third-person forms become the first person (``is`` → ``am``, ``isn't`` →
``am not``, ``'s`` → ``'m`` or ``'ve`` (``contractions.s_means_has``), ``'re`` → ``'m``, ``are`` →
``am``, ``were`` → ``was``; ``has`` →
``have``; others their lemma).

Other people's pronouns stay: those of the other family always; those of the same family
(or of a name of unknown gender) when the parse says they are another named person's: a
possessive or reflexive whose clause subject is that person, an object whose clause
subject is the contributor, a subject pronoun under a verb whose subject is that person
("Emeka told me that he would visit"). The last is counted as a ``fallback`` (the pronoun
is left as written; in a clause coordinated with one whose object is the contributor,
"Bola lends him tools and he returns the favour", it may be either, and the sentence is
reported as written), and so is a plural verb the parse cannot explain ("Renata, Maya and
Jess are": left as written). Nothing is guessed; every rewrite says which rules fired.

Across clauses (``clauses``, session of 2026-12-02): "isn't" / "aren't" right after the new
"I" is "I'm not"; a "her" the parser hangs on the subject of a clause after a verb of
telling is the person told ("told her Pixel would stay small" → "told me Pixel"); a verb
after "and" that the parser hung inside a question clause closed by its copula agrees with
"I" ("doesn't know where his birth certificate is and has asked" → "have asked"); a "he" in
the clause after the contributor tells another man something is that man's with a modal of
permission or advice ("told Piotr he should get his knee checked"), and is reported as
written without one. A "her" the parser hangs as ``poss`` is a possessive whatever its tag.

(Over 400 lines: one rewrite on one parse; the mention finder and the agreement rules read the
same tokens and are read together.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from context_packs.contractions import name_s_reading, s_means_has
from context_packs.clauses import addressee_clause, ends_complement, told_before_clause
from context_packs.coordination import conjunct_end
from context_packs.family import FAMILIES, name_family, names_family, task_family
from context_packs.household import WE, household_as_we
from context_packs.household import companions as household_companions
from context_packs.kin import clause_subject, owned_by_kin, owned_by_named_object, verb_of
from context_packs.names import name_token_spans, role_parse
from context_packs.nlp import parse
from context_packs.wordclass import is_noun, is_verb

_FIRST_PERSON = {"i", "me", "my", "mine", "myself"}
ABOUT_ME = "About me: "  # a sentence the rules cannot put in the first person, reported by the user
_SUBJECT_DEPS = {"nsubj", "nsubjpass", "csubj", "csubjpass"}


@dataclass(frozen=True)
class Rewrite:
    """The first-person text, how it was obtained, and which rules fired."""

    text: str
    method: str  # "rule" | "kept: first person" | "kept: not about the contributor" | "fallback: <why>"
    rules: tuple[str, ...] = ()


def _family_of(doc, names: list[str], given: str | None) -> str | None:
    """The family the fact opens with, else the task's (``given``), else the first name's."""
    first = doc[0].lower_ if len(doc) else ""
    for fam, forms in FAMILIES.items():
        if first in forms:
            return fam
    return given or names_family(names)


def _clause_verb(tok):
    """The nearest verb (or auxiliary-headed predicate) governing ``tok``."""
    cur = tok.head
    while cur.pos_ not in ("VERB", "AUX") and cur.head.i != cur.i:
        cur = cur.head
    return cur


def _clause_subject(verb):
    while True:
        for child in verb.children:
            if child.dep_ in _SUBJECT_DEPS:
                return child
        if verb.dep_ in ("conj", "xcomp") and verb.head.i != verb.i:
            verb = verb.head  # a coordinated or controlled verb shares its head's subject
            continue
        return None


def _is_verbish(word: str) -> bool:
    """Whether a word the parser took for a plural noun reads as a verb: after "she", and
    its lemma after "They" (``overpronates`` yes, ``cats`` no)."""
    if _tag_after_she(word) != "VBZ":
        return False
    lemma = _base_form(word)
    if not lemma:
        return False
    doc = parse(f"They {lemma} every day.")
    return len(doc) > 1 and doc[1].tag_ == "VBP"


@lru_cache(maxsize=4096)
def _tag_after_she(word: str) -> str:
    doc = parse(f"she {word}")
    return doc[1].tag_ if len(doc) > 1 else ""


_CAUSATIVES = frozenset({"let"})  # "make her bed", "watch her diet", "see her doctor" are hers


def _object_of_causative(tok) -> bool:
    """Whether possessive-looking ``her`` is the object of "let" before a bare
    infinitive the parser took for a noun: "lets her work from home" (not "lets her car")."""
    doc = tok.doc
    if tok.i == 0 or tok.i + 1 >= len(doc):
        return False
    verb, nxt = doc[tok.i - 1], doc[tok.i + 1]
    then = doc[tok.i + 2] if tok.i + 2 < len(doc) else None
    if then is not None and then.tag_ in ("VB", "VBP"):
        return False  # "lets her car stay": the noun is the infinitive's subject, and hers
    return verb.pos_ in ("VERB", "AUX") and verb.lemma_.lower() in _CAUSATIVES and nxt.i == tok.head.i \
        and _can_be_verb(nxt.lower_)


@lru_cache(maxsize=4096)
def _can_be_verb(word: str) -> bool:
    doc = parse(f"I want to {word}")
    return len(doc) > 3 and doc[3].tag_ == "VB"


def _word_mention(tok) -> bool:
    """A pronoun named as a word, not a reference: "they/them pronouns"."""
    doc = tok.doc
    return (tok.i + 1 < len(doc) and doc[tok.i + 1].text == "/") or (tok.i > 0 and doc[tok.i - 1].text == "/")


# tags the md parser gives a present verb in the -s form it does not know ("She fasts": RB)
_MISTAGGED_VERB = ("NNS", "RB", "JJ", "NN")


def _agree(tok, out: list[list[str]], rules: list[str]) -> bool:
    """Put the finite verb ``tok`` in the first person singular; True if it was changed."""
    low = tok.lower_
    if tok.i > 0 and tok.text[:1].isupper():
        return False  # a capitalized verb inside the sentence is part of a title ("The Rest Is History")
    if tok.tag_ != "VBZ" and not (tok.tag_ in _MISTAGGED_VERB and _is_verbish(tok.text)):
        if low == "were" and tok.tag_ == "VBD":
            out[tok.i][0] = _case_like("was", tok.text)
            rules.append("verb agreement")
            return True
        if low in ("are", "'re"):
            nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
            if low == "'re":
                out[tok.i][0] = "'m"  # "They're" -> "I'm"
            elif nxt is not None and nxt.lower_ == "n't":
                _negated_be(tok, nxt, out)  # "They aren't" -> "I'm not"
            else:
                out[tok.i][0] = _case_like("am", tok.text)
            rules.append("verb agreement")
            return True
        return False
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if low == "'s":
        have = s_means_has(tok)
        out[tok.i][0] = "'ve" if have else "'m"
        rules.append("contraction 's = has" if have else "contraction 's = is")
        return True
    if tok.lemma_ == "be" or low == "is":
        if nxt is not None and nxt.lower_ == "n't":
            _negated_be(tok, nxt, out)  # "She isn't sure" -> "I'm not sure"
        else:
            out[tok.i][0] = _case_like("am", tok.text)
    elif low == "has":
        out[tok.i][0] = _case_like("have", tok.text)
    elif low == "does":
        out[tok.i][0] = _case_like("do", tok.text)
    else:
        lemma = _base_form(tok.text)
        if not lemma or not lemma.isalpha():
            return False
        out[tok.i][0] = _case_like(lemma, tok.text)
    rules.append("verb agreement")
    return True


def _negated_be(tok, nxt, out: list[list[str]]) -> None:
    """A contracted negative of "be" ("isn't", "aren't") in the first person: "I'm not" right
    after the "I" the fact was contracted for (as one says it; nobody writes "amn't"), else
    "am not" ("She really isn't" -> "I really am not")."""
    before = out[tok.i - 1] if tok.i > 0 else None
    if before is not None and before[0] == "I":
        before[1] = ""
        out[tok.i] = ["'m", " "]
    else:
        out[tok.i] = [_case_like("am", tok.text), " "]
    out[nxt.i][0] = "not"


def _base_form(word: str) -> str:
    """The first-person present of a third-person present ``word``, by the spelling rule of the
    -s ending, not the lemmatizer alone (which reads "rides" as "rid" and "hopes" as "hop"):
    -ies -> -y ("carries"); after s, x, z, ch, sh or o the -es may be the ending ("focuses",
    "watches", "goes") or the -s alone ("uses", "causes"): the form the vocabulary knows, and
    on a tie the lemmatizer's; else -s ("rides")."""
    low = word.lower()
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if not low.endswith("s") or low.endswith("ss") or len(low) <= 2:
        return ""
    if low.endswith(("ses", "xes", "zes", "ches", "shes", "oes")):
        from context_packs.nlp import pipeline

        vocab = pipeline().vocab
        known = [b for b in (low[:-1], low[:-2]) if vocab[b].has_vector]
        if len(known) == 1:
            return known[0]
        lemma = parse(f"she {low}")[1].lemma_.lower()
        return lemma if lemma in known else low[:-1]
    return low[:-1]


def _case_like(word: str, model: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def _finite(verb):
    """The finite word of a predicate: its first auxiliary, else the verb."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i]
    return auxes[0] if auxes else verb


def _coordinated(verb):
    """Verbs coordinated with ``verb`` that have no subject of their own, wherever the parser
    hung them below it ("cycles to work and takes ...": ``takes`` under ``work``)."""
    out = []
    for tok in verb.subtree:
        if tok.i == verb.i or tok.dep_ != "conj" or any(c.dep_ in _SUBJECT_DEPS for c in tok.children):
            continue
        if not (tok.pos_ in ("VERB", "AUX") or (tok.tag_ == "NNS" and _is_verbish(tok.text))):
            continue
        if tok.tag_ == "NNS" and any(c.dep_ in ("det", "amod", "nummod", "compound", "poss") for c in tok.children):
            continue
        cur, own_clause = tok.head, True
        while cur.i != verb.i:
            if cur.i == tok.head.i and cur.head.i == verb.i and ends_complement(cur, tok):
                cur = cur.head  # "doesn't know how much it is worth and has never checked it": the and is his
                continue
            if any(c.dep_ in _SUBJECT_DEPS for c in cur.children) or cur.dep_ in ("relcl", "acl", "advcl"):
                own_clause = False
                break
            cur = cur.head
        if own_clause:
            out.append(tok)
    for tok in list(out):
        # "washes, irons and folds": the parser takes the middle verb for the first one's plural object
        h = tok.head
        if h.i not in {t.i for t in out} and h.head.i == verb.i and h.tag_ == "NNS" and h.i > 0 \
                and h.nbor(-1).text == "," and h.nbor(-1).i == verb.i + 1 and _is_verbish(h.text) \
                and not any(c.dep_ in ("det", "amod", "nummod", "compound", "poss") for c in h.children):
            out.append(h)
    return out


def rewrite_first_person(fact: str, names: list[str] | tuple[str, ...] = (), family: str | None = None,
                         companions: frozenset[str] = frozenset()) -> Rewrite:
    """The fact in the contributor's first person (see the module docstring for the rules).
    ``family`` is the contributor's pronoun family as the task's facts tell it
    (``family.task_family``), when the fact's own words do not; ``companions`` the names the
    task puts in the contributor's household (``household.companions``)."""
    text = " ".join(fact.split())
    if not text:
        return Rewrite(text, "kept: not about the contributor")
    names = [" ".join(n.split()) for n in names if n and n.strip()]
    doc0 = parse(text)
    known = family or names_family(names)
    gendered = known if known in ("fem", "masc") else None  # a "they" of theirs is then the household
    family = _family_of(doc0, names, family)
    if gendered and any(t.lower_ in WE for t in doc0):
        # a plural "they" for a contributor whose name reads he or she: their household, "we"
        # (context_packs/household.py), then the rest of the rules on that sentence
        own = {w for n in names for w in n.split()} | set(FAMILIES[gendered])
        we = household_as_we(text, own, companions)
        if we is not None:
            done = rewrite_first_person(we, names, gendered)
            if done.text.startswith(ABOUT_ME):
                return Rewrite(f"{ABOUT_ME}{text}", done.method, done.rules)
            method = "rule" if done.method.startswith("kept") else done.method
            return Rewrite(done.text, method, ("plural they -> we (household)", *done.rules))
    forms = FAMILIES.get(family, {})
    name_spans = name_token_spans(doc0, names)
    forced: dict[int, str] = {}  # token index -> kind: the contributor's names, now pronouns
    originals: dict[int, str] = {}  # token index -> the name as written
    doc = doc0
    if name_spans:
        # the parser reads "He cycles to work" right where it misreads "Daniel cycles" as a noun:
        # the names become the family's pronouns, the fact is parsed again, and they stay marked
        text1, at = _names_as_pronouns(doc0, name_spans, family, role_parse(doc0, name_spans, family))
        doc = parse(text1)
        forced = {tok.i: at[tok.idx][0] for tok in doc if tok.idx in at}
        originals = {tok.i: at[tok.idx][1] for tok in doc if tok.idx in at}
    in_name = set(forced)

    others = []  # other people named in the fact whose pronouns could be the contributor's
    for tok in doc:
        if tok.tag_ == "NNP" and tok.i not in in_name and tok.is_alpha:  # "A1C" is no person
            g = name_family(tok.text)
            if g is None or family is None or g == family:
                others.append(tok)  # a name of unknown gender could be the same family

    mentions: list[tuple[int, int, str]] = [(i, i + 1, kind) for i, kind in sorted(forced.items())]
    fallback: list[str] = []
    unsure = False  # a pronoun kept that may well be the contributor's: reported as written
    addressed: set[int] = set()  # tokens of a clause about the person told ("told Piotr he should …")
    addressees: set[int] = set()  # its subject pronoun, the person told
    for tok in doc:
        low = tok.lower_
        if low not in forms or tok.i in in_name or _word_mention(tok):
            continue
        kind = forms[low]
        if kind == "acc_or_poss":
            # the tag, the morphology or the dependency: the tagger may call "her" PRP before a noun it
            # does not know ("She keeps her levain in the fridge") while the parser hangs it as "poss"
            kind = "poss" if tok.tag_ == "PRP$" or "Poss=Yes" in str(tok.morph) or tok.dep_ == "poss" else "acc"
            j = tok.i + 1
            while j < len(doc) and doc[j].tag_ in ("JJ", "JJR", "JJS"):
                j += 1  # "her only day off"
            nxt = doc[j] if j < len(doc) else None
            if kind == "acc" and nxt is not None and nxt.is_alpha and (
                    nxt.pos_ in ("VERB", "NOUN") and is_noun(nxt.text) and not is_verb(nxt.text) and
                    tok.dep_ != "dative" or tok.head.lemma_ == "be" and nxt.tag_ in ("NN", "NNS")):
                # "had her appendix out" ("appendix" read as a verb), "Saturdays are her only day
                # off" (an object of "be" before a noun): the noun is hers
                kind = "poss"
            if kind == "poss" and tok.dep_ == "nsubj" and tok.head.tag_ == "VB" and tok.head.i == tok.i + 1 \
                    and is_verb(tok.head.text):
                kind = "acc"  # "made her cry": the subject of a bare infinitive, not an owner
            if kind == "poss" and tok.head.tag_ == "VBG" and tok.head.i == tok.i + 1:
                kind = "acc"  # "worries about her living alone" -> "about me living alone", as said in chat
            elif kind == "poss" and _object_of_causative(tok):
                kind = "acc"  # "lets her work from home": the parser read "her work"
            elif kind == "poss" and told_before_clause(tok):
                kind = "acc"  # "The breeder told her Pixel would stay small": told her, not her Pixel
        elif kind == "poss_or_pron":
            nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
            alone = nxt is None or nxt.is_punct or nxt.tag_ in ("CC", "IN")  # "the scooter is his."
            if alone and nxt is not None and not nxt.whitespace_ and nxt.i + 1 < len(doc) \
                    and doc[nxt.i + 1].tag_ == "HYPH":
                alone = False  # "his in-laws": the word after it is the start of a hyphenated noun
            kind = "poss" if tok.tag_ == "PRP$" and not alone else "poss_pron"
        elif kind == "acc" and tok.dep_ in _SUBJECT_DEPS:
            kind = "acc"
        if others:
            subject = _clause_subject(_clause_verb(tok)) if tok.dep_ not in _SUBJECT_DEPS else None
            subj_is_contrib = subject is not None and (subject.i in in_name or subject.lower_ in forms)
            other_ids = {o.i for o in others}
            subj_is_other = subject is not None and (subject.i in other_ids or any(
                c.i in other_ids for c in subject.children if c.dep_ in ("appos", "compound", "npadvmod", "nmod")))
            if subject is not None and not subj_is_other and any(
                    c.dep_ in _SUBJECT_DEPS and c.i in other_ids for c in subject.head.children):
                subj_is_other = True  # "Her best friend Noa is": the parser gave the verb two subjects
            if subject is not None and subject.left_edge.i <= tok.i <= subject.right_edge.i:
                subj_is_other = False  # "Her friend Maya is helping ...": not Maya's own friend
            if kind in ("poss", "refl", "poss_pron") and subj_is_other:
                continue  # "Maya lost her keys": Maya's
            people = {o.i for o in others if name_family(o.text) == family}  # first names, not "Lagos"
            if kind == "poss" and owned_by_named_object(tok, people):
                continue  # "She drives Shira to her lessons": Shira's
            if kind == "nom" and _governed_by(tok, others):
                fallback.append("ambiguous subject pronoun kept")  # "Maya is visiting and she wants ..."
                if _object_of_other_clause(tok, forms, in_name):
                    unsure = True  # "Bola lends him tools and he returns ...": his, or Bola's?
                continue
            told = addressee_clause(tok, other_ids, lambda t: t.i in in_name or t.lower_ in forms)
            if told is not None and kind == "nom":
                if not told[1]:
                    fallback.append("ambiguous subject pronoun kept")  # "Tomasz told Piotr he was leaving"
                    unsure = True
                    continue
                addressed.update(t.i for t in told[0].subtree)  # "told Piotr he should ...": Piotr should
                addressees.add(tok.i)
                continue
            if kind in ("poss", "refl", "poss_pron") and tok.i in addressed:
                continue  # "… he should get his knee checked": Piotr's knee
        if kind == "acc" and _subject_is_contributor(tok, forms, in_name - addressees, addressees):
            continue  # "Renata thanked her", "… and she visits her monthly": someone else
        if family == "they" and kind == "nom" and _after_plural_subject(tok, in_name):
            fallback.append("plural they kept")  # "My roommates are nurses, and they work nights"
            continue
        if kind in ("poss", "refl", "poss_pron") and owned_by_kin(
                tok, family, lambda t: t.i in in_name or t.lower_ in forms):
            continue  # "Siobhan's daughter is expecting her first baby": the daughter's
        mentions.append((tok.i, tok.i + 1, kind))

    if not mentions and fallback:
        # the only pronoun that may be the contributor's is under another person's verb ("Beth
        # thinks she should sell"): either may be meant, so the user reports it as written
        why = "; ".join(dict.fromkeys(fallback))
        return Rewrite(f"{ABOUT_ME}{text}", f"fallback: {why}; reported as '{ABOUT_ME.strip()}'")
    if not mentions:
        if any(t.lower_ in _FIRST_PERSON for t in doc):
            return Rewrite(text, "kept: first person")
        return Rewrite(text, "kept: not about the contributor")

    out = [[t.text, t.whitespace_] for t in doc]
    rules: list[str] = []
    coordinated: list[tuple[int, list]] = []
    for a, b, kind in sorted(mentions):
        head = doc[a]
        conjs = [c for c in doc[a].children if c.dep_ == "conj"]
        if kind == "nom" and conjs:
            coordinated.append((a, conjs))  # "Renata and her brother are ..." -> "My brother and I are ..."
            rules.append("coordinated subject -> ... and I")
            continue
        word = {"nom": "I", "acc": "me", "poss": "my", "poss_pron": "mine", "refl": "myself"}[kind]
        if a == 0 and word != "I":
            word = word.capitalize()
        out[a] = [word, doc[b - 1].whitespace_]
        for i in range(a + 1, b):
            out[i] = ["", ""]
        rules.append({"nom": "subject -> I", "acc": "object -> me", "poss": "possessive -> my",
                      "poss_pron": "possessive -> mine", "refl": "reflexive -> myself"}[kind])
        after_and = a >= 2 and doc[a - 1].lower_ in ("and", "or") and _joins_people(doc[a - 1], a)
        if kind == "nom" and after_and:
            continue  # the last of coordinated subjects ("Owen and I are"): the verb is theirs, plural
        if kind == "poss" and after_and and originals.get(a, "").endswith(("'s", "’s")):
            fallback.append("coordinated possessive kept")  # "Owen and Priya's flat": not "Owen and my flat"
            unsure = True
            continue
        if kind == "nom":
            subj = doc[b - 1] if doc[b - 1].dep_ in _SUBJECT_DEPS else head
            verb = subj.head
            if _finite(verb).lower_ in ("are", "were") and doc[a].lower_ != "they":
                # a plural verb for one person: the parse missed a coordination ("Renata, Maya and Jess are")
                fallback.append("plural verb kept")
                out[a] = [originals.get(a, doc[a].text), doc[a].whitespace_]
                continue
            _agree(_finite(verb), out, rules)
            for conj in _coordinated(verb):
                _agree(_finite(conj), out, rules)
    for a, conjs in coordinated:
        cc = [c for c in doc[a].children if c.dep_ == "cc"]
        last = conjs[-1]
        if len(conjs) != 1 or len(cc) != 1 or not (a < cc[0].i < last.left_edge.i) or \
                last.right_edge.i + 1 != doc[a].head.i and doc[last.right_edge.i + 1].dep_ not in ("aux", "auxpass"):
            k = conjunct_end(doc, a)  # the parser lost the verb: where the other person ends, by the rest
            if k is not None:
                other = "".join(out[i][0] + out[i][1] for i in range(a + 2, k)).strip()
                other = other[:1].upper() + other[1:] if a == 0 else other
                out[a] = [f"{other} {doc[a + 1].text} I", doc[k - 1].whitespace_]
                for i in range(a + 1, k):
                    out[i] = ["", ""]
                rules.append("coordinated subject -> ... and I (by the rest of the sentence)")
                continue
            fallback.append("coordinated subject kept")
            unsure = True  # the contributor would stay "he"/"she" or their name: reported as written
            if a in originals:
                out[a] = [originals[a], doc[a].whitespace_]  # the name as written, not a pronoun
            continue
        other = "".join(out[i][0] + out[i][1] for i in range(last.left_edge.i, last.right_edge.i + 1)).strip()
        if a == 0:
            other = other[:1].upper() + other[1:]
        out[a] = [f"{other} {cc[0].text} I", doc[last.right_edge.i].whitespace_]
        for i in range(a + 1, last.right_edge.i + 1):
            out[i] = ["", ""]
    new = "".join(t + ws for t, ws in out).strip()
    new = re.sub(r" {2,}", " ", new)
    rules = list(dict.fromkeys(rules))
    if fallback:
        why = "; ".join(dict.fromkeys(fallback))
        if unsure or any(a in originals and out[a][0] == originals[a] for a in originals) or any(
                out[i][0].lower() in forms and i in forced for i in forced):
            # the contributor would still be named in the third person: the user reports the
            # sentence as written about them, never a half-rewritten one
            return Rewrite(f"{ABOUT_ME}{text}", f"fallback: {why}; reported as '{ABOUT_ME.strip()}'", tuple(rules))
        return Rewrite(new, "fallback: " + why, tuple(rules))
    return Rewrite(new, "rule", tuple(rules))


def _subject_is_contributor(tok, forms: dict[str, str], in_name: set[int], not_them: set[int] = frozenset()) -> bool:
    """Whether the clause of object pronoun ``tok`` has the contributor as its subject (then the
    pronoun is someone else: one does not say "I visit me"); a "to" infinitive's subject is the
    object before it ("She asked Maya to drive her": Maya drives, "her" is the contributor)."""
    if tok.dep_ == "conj" or any(c.dep_ == "conj" for c in tok.children):
        return False  # "splits the costs between her and her sister": coordinated, said of oneself
    subject = clause_subject(verb_of(tok))
    return subject is not None and subject.i != tok.i and subject.i not in not_them and (
        subject.i in in_name or subject.lower_ in forms)


def _joins_people(cc, a: int) -> bool:
    """Whether the "and" before the mention at ``a`` joins it to other people in one subject
    ("Owen and she are", "Owen, Maya and she"), not two clauses ("Her sister lives in Leeds and
    she visits her": the "and" hangs on a verb, and the mention's verb must agree). The
    parser hangs a subject's "and" on the first person; a name it read as a verb ("Kit and
    she are adopting") is the sentence's first word and its root."""
    head = cc.head
    if not (head.i < cc.i and head.i <= a - 2):
        return False
    if head.pos_ in ("PROPN", "NOUN", "PRON"):
        return True
    return head.dep_ == "ROOT" and head.i == 0 and head.text[:1].isupper() and head.tag_ in ("VB", "VBP", "NN", "NNP")


def _after_plural_subject(tok, in_name: set[int]) -> bool:
    """Whether a they-contributor's "they" heads a clause joined to one whose subject is other
    people in the plural ("Sasha's roommates are both nurses, and they work nights"): theirs."""
    verb = tok.head
    if verb.dep_ not in ("conj", "advcl", "ccomp") or verb.head.i == verb.i:
        return False
    first = verb.head
    return any(c.dep_ in _SUBJECT_DEPS and c.tag_ in ("NNS", "NNPS") and c.i not in in_name and c.i < tok.i
               for c in first.children)


def _object_of_other_clause(tok, forms: dict[str, str], in_name: set[int]) -> bool:
    """Whether subject pronoun ``tok`` heads a clause coordinated with one where the contributor
    is the object ("Bola lends him tools and he returns the favour"): it may be either person."""
    verb = _clause_verb(tok) if tok.head.pos_ not in ("VERB", "AUX") else tok.head
    if verb.dep_ != "conj":
        return False
    first = verb.head
    return any(c.dep_ in ("dobj", "dative", "iobj") and (c.i in in_name or c.lower_ in forms) for c in first.children)


def rewrite_facts(facts: list[str], names: list[str] | tuple[str, ...] = ()) -> list[Rewrite]:
    """Each of a task's facts in the first person, the contributor's pronouns read from all of
    them (``family.task_family``: "Ngozi runs the bakery with her sister" after "She ...")."""
    family = task_family(list(facts), list(names))
    own = {w for n in names for w in n.split()} | set(FAMILIES.get(family or "", ()))
    together = household_companions(list(facts), own) if family in ("fem", "masc") else frozenset()
    return [rewrite_first_person(f, names, family, together) for f in facts]


def _governed_by(tok, people) -> bool:
    """Whether a verb above ``tok`` has one of ``people`` as its subject."""
    ids = {p.i for p in people}
    cur = tok.head
    seen = 0
    while seen < 50:
        for child in cur.children:
            if child.dep_ in _SUBJECT_DEPS and child.i != tok.i and (child.i in ids or any(
                    c.i in ids for c in child.children if c.dep_ in ("appos", "compound"))):
                return True
        if cur.head.i == cur.i:
            return False
        cur, seen = cur.head, seen + 1
    return False


_PRONOUN_FOR = {"fem": {"nom": "she", "acc": "her", "poss": "her", "poss_pron": "hers"},
                "masc": {"nom": "he", "acc": "him", "poss": "his", "poss_pron": "his"}}


def _names_as_pronouns(doc, spans: list[tuple[int, int]], family: str | None, roles=None
                       ) -> tuple[str, dict[int, tuple[str, str]]]:
    """The text with each name span as a pronoun of its role, and {char offset: (kind, name)};
    the roles read from ``roles`` (``names.role_parse``: the same tokens), the text from ``doc``."""
    rd = roles if roles is not None else doc
    words = _PRONOUN_FOR.get(family or "fem", _PRONOUN_FOR["fem"])
    starts = {a: b for a, b in spans}
    out: list[str] = []
    at: dict[int, str] = {}
    i = 0
    while i < len(doc):
        if i in starts:
            a, b = i, starts[i]
            head = next((rd[k] for k in range(a, b) if not (a <= rd[k].head.i < b) or rd[k].head.i == k), rd[b - 1])
            reading = name_s_reading(rd, b) if b < len(doc) and doc[b].lower_ == "'s" else ""
            possessive = reading in ("poss", "poss_pron")
            kind = "nom" if (a == 0 and not possessive) or reading == "is_has" else _role(head)
            if possessive:
                # "Marisol's car" -> "her car"; "the flat is Marisol's" (no noun owned) -> "hers";
                # "Hannah's a nurse" (is) or "Hannah's been" (has) -> "She's ..."
                kind = reading
            word = words[kind]
            end = b + 1 if possessive else b
            at[len("".join(out))] = (kind, doc[a:end].text)
            out.append((word.capitalize() if a == 0 else word) + doc[end - 1].whitespace_)
            i = end
            continue
        out.append(doc[i].text_with_ws)
        i += 1
    return "".join(out), at


def _role(head) -> str:
    """The kind of a name mention from its head token's dependency."""
    if head.dep_ in _SUBJECT_DEPS:
        verb = head.head
        nonfinite = any(c.dep_ == "aux" and c.tag_ == "TO" for c in verb.children) or verb.tag_ in ("VB", "VBG") and \
            not any(c.dep_ in ("aux", "auxpass") and c.tag_ != "TO" for c in verb.children)
        return "acc" if nonfinite and verb.dep_ in ("ccomp", "xcomp") else "nom"
    if head.dep_ == "poss":
        return "poss"
    if head.dep_ == "compound" and head.head.i == head.i + 1 and head.head.tag_ == "NNS" and \
            head.head.dep_ in _SUBJECT_DEPS and _is_verbish(head.head.text):
        return "nom"  # "the pharmacy where Leila works is closing": "Leila works" read as a noun
    first = head
    while first.dep_ == "conj" and first.head.i < first.i:
        first = first.head
    if first is not head and first.dep_ in _SUBJECT_DEPS:
        return "nom"  # "Owen and Priya are flying" -> "Owen and I are flying"; "Owen, Maya and I"
    return "acc"
