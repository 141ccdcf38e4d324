"""A fact about the contributor, said by the contributor: a rewrite on spaCy's parse.

The contributor's mentions are their names (full name or first name, in any position,
``Renata's`` included) and the third-person pronouns of their family (``she/her/hers/
herself``, ``he/him/his/himself`` or singular ``they``): the family is the one the fact
opens with, else the one of their first name (``gender_guesser``), else unknown (then
only names are rewritten). Each mention becomes, by its role in the parse:

* subject (``nsubj``, not accusative, not the subject of an infinitive) → ``I``;
* possessive (``her`` as a determiner, ``Renata's``) → ``my``; standalone ``hers`` → ``mine``;
* reflexive → ``myself``; any other position (object, ``wants Renata to …``) → ``me``.

The finite verb of every ``I`` agrees, and so does each verb coordinated with it that has
no subject of its own (``runs … and swims`` → ``run … and swim``): present third-person
forms become the first person (``is`` → ``am``, ``isn't`` → ``am not``, ``'s`` → ``'m``, or
``'ve`` before a participle such as ``been``; ``has`` → ``have``; others their lemma).

Other people's pronouns stay: those of the other family always; those of the same
family when another person of compatible gender is named in the fact and the parse says
the pronoun is theirs (a possessive or reflexive whose clause subject is that person, an
object whose clause subject is the contributor). A subject pronoun that could be either
is left as written and the rewrite is a ``fallback`` (counted in ``insertions.json``);
so is a subject coordinated with another (``Renata and Tomás``). Nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from context_packs.nlp import parse

FAMILIES = {
    "fem": {"she": "nom", "her": "acc_or_poss", "hers": "poss_pron", "herself": "refl"},
    "masc": {"he": "nom", "him": "acc", "his": "poss_or_pron", "himself": "refl"},
    "they": {"they": "nom", "them": "acc", "their": "poss", "theirs": "poss_pron", "themselves": "refl",
             "themself": "refl"},
}
_FIRST_PERSON = {"i", "me", "my", "mine", "myself"}
_SUBJECT_DEPS = {"nsubj", "nsubjpass", "csubj", "csubjpass"}


@dataclass(frozen=True)
class Rewrite:
    """The first-person text, how it was obtained, and which rules fired."""

    text: str
    method: str  # "rule" | "kept: first person" | "kept: not about the contributor" | "fallback: <why>"
    rules: tuple[str, ...] = ()

    @property
    def exact_rule(self) -> bool:
        return self.method == "rule" or self.method.startswith("kept")


@lru_cache(maxsize=4096)
def _gender(first_name: str) -> str | None:
    g = _detector().get_gender(first_name)
    return {"female": "fem", "mostly_female": "fem", "male": "masc", "mostly_male": "masc"}.get(g)


@lru_cache(maxsize=1)
def _detector():
    import gender_guesser.detector as gd

    return gd.Detector(case_sensitive=False)


def _name_token_spans(doc, names: list[str]) -> list[tuple[int, int]]:
    """Token spans [a, b) of the contributor's names (full names first, then first names)."""
    variants: set[tuple[str, ...]] = set()
    for name in names:
        parts = tuple(name.split())
        if parts:
            variants.add(parts)
            if len(parts[0]) > 1:
                variants.add(parts[:1])
    spans: list[tuple[int, int]] = []
    taken: set[int] = set()
    words = [t.text for t in doc]
    for parts in sorted(variants, key=lambda p: -len(p)):
        n = len(parts)
        for i in range(len(words) - n + 1):
            if tuple(words[i : i + n]) == parts and not taken & set(range(i, i + n)):
                spans.append((i, i + n))
                taken |= set(range(i, i + n))
    return sorted(spans)


def _family_of(doc, names: list[str]) -> str | None:
    first = doc[0].lower_ if len(doc) else ""
    for fam, forms in FAMILIES.items():
        if first in forms:
            return fam
    for name in names:
        parts = name.split()
        if parts:
            g = _gender(parts[0])
            if g:
                return g
    return None


def _clause_verb(tok):
    """The nearest verb (or auxiliary-headed predicate) governing ``tok``."""
    cur = tok.head
    while cur.pos_ not in ("VERB", "AUX") and cur.head is not cur:
        cur = cur.head
    return cur


def _clause_subject(verb):
    while True:
        for child in verb.children:
            if child.dep_ in _SUBJECT_DEPS:
                return child
        if verb.dep_ in ("conj", "xcomp") and verb.head is not verb:
            verb = verb.head  # a coordinated or controlled verb shares its head's subject
            continue
        return None


def _is_verbish(word: str) -> bool:
    """Whether a word the parser took for a plural noun reads as a verb: after "she", and
    its lemma after "They" (``overpronates`` yes, ``cats`` no)."""
    if _tag_after_she(word) != "VBZ":
        return False
    lemma = _lemma_of_verb(word)
    doc = parse(f"They {lemma} every day.")
    return len(doc) > 1 and doc[1].tag_ == "VBP"


@lru_cache(maxsize=4096)
def _tag_after_she(word: str) -> str:
    doc = parse(f"she {word}")
    return doc[1].tag_ if len(doc) > 1 else ""


def _agree(tok, out: list[list[str]], rules: list[str]) -> bool:
    """Put the finite verb ``tok`` in the first person singular; True if it was changed."""
    low = tok.lower_
    if tok.tag_ != "VBZ" and not (tok.tag_ == "NNS" and _is_verbish(tok.text)):
        if low == "were" and tok.tag_ == "VBD":
            out[tok.i][0] = _case_like("was", tok.text)
            rules.append("verb agreement")
            return True
        if low == "are":
            out[tok.i][0] = _case_like("am", tok.text)
            rules.append("verb agreement")
            return True
        return False
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if low == "'s":
        have = tok.lemma_ == "have" or (nxt is not None and (nxt.lower_ in ("been", "got") or nxt.tag_ == "VBN"
                                                             and nxt.lower_ not in ("married", "allowed")))
        out[tok.i][0] = "'ve" if have else "'m"
        rules.append("contraction 's = has" if have else "contraction 's = is")
        return True
    if tok.lemma_ == "be" or low == "is":
        if nxt is not None and nxt.lower_ == "n't":
            out[tok.i] = [_case_like("am", tok.text), " "]
            out[nxt.i][0] = "not"
        else:
            out[tok.i][0] = _case_like("am", tok.text)
    elif low == "has":
        out[tok.i][0] = _case_like("have", tok.text)
    elif low == "does":
        out[tok.i][0] = _case_like("do", tok.text)
    else:
        lemma = tok.lemma_ if tok.tag_ == "VBZ" else _lemma_of_verb(tok.text)
        if not lemma or not lemma.isalpha():
            return False
        out[tok.i][0] = _case_like(lemma, tok.text)
    rules.append("verb agreement")
    return True


def _lemma_of_verb(word: str) -> str:
    doc = parse(f"she {word}")
    return doc[1].lemma_ if len(doc) > 1 else ""


def _case_like(word: str, model: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def _finite(verb):
    """The finite word of a predicate: its first auxiliary, else the verb."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i]
    return auxes[0] if auxes else verb


def _coordinated(verb):
    """Verbs coordinated with ``verb`` that have no subject of their own."""
    out = []
    for child in verb.children:
        if child.dep_ == "conj" and not any(c.dep_ in _SUBJECT_DEPS for c in child.children):
            if child.pos_ in ("VERB", "AUX") or (child.tag_ == "NNS" and _is_verbish(child.text)):
                out.append(child)
                out += _coordinated(child)
        elif child.dep_ in ("dobj", "attr", "acomp"):
            # "has flat feet and overpronates": the parser hangs the verb on the object
            for conj in child.children:
                if conj.dep_ == "conj" and conj.tag_ == "NNS" and not list(conj.children) and _is_verbish(conj.text):
                    out.append(conj)
    return out


def rewrite_first_person(fact: str, names: list[str] | tuple[str, ...] = ()) -> Rewrite:
    """The fact in the contributor's first person (see the module docstring for the rules)."""
    text = " ".join(fact.split())
    if not text:
        return Rewrite(text, "kept: not about the contributor")
    names = [" ".join(n.split()) for n in names if n and n.strip()]
    doc = parse(text)
    family = _family_of(doc, names)
    name_spans = _name_token_spans(doc, names)
    in_name = {i for a, b in name_spans for i in range(a, b)}
    forms = FAMILIES.get(family, {})

    others = []  # other people named in the fact whose pronouns could be the contributor's
    for tok in doc:
        if tok.tag_ == "NNP" and tok.i not in in_name and tok.ent_iob_ in ("", "O", "B", "I"):
            g = _gender(tok.text)
            if g is not None and (family is None or g == family):
                others.append(tok)

    mentions: list[tuple[int, int, str]] = []  # (start, end, kind): kind nom/acc/poss/poss_pron/refl
    fallback: list[str] = []
    for a, b in name_spans:
        head = next((doc[i] for i in range(a, b) if not (a <= doc[i].head.i < b) or doc[i].head.i == i), doc[b - 1])
        end = b
        if b < len(doc) and doc[b].lower_ == "'s" and doc[b].tag_ == "POS":
            mentions.append((a, b + 1, "poss"))
            continue
        mentions.append((a, end, _role(head)))
    for tok in doc:
        low = tok.lower_
        if low not in forms or tok.i in in_name:
            continue
        kind = forms[low]
        if kind == "acc_or_poss":
            kind = "poss" if tok.tag_ == "PRP$" or "Poss=Yes" in str(tok.morph) else "acc"
        elif kind == "poss_or_pron":
            kind = "poss" if tok.tag_ == "PRP$" else "poss_pron"
        elif kind == "acc" and tok.dep_ in _SUBJECT_DEPS:
            kind = "acc"
        if others:
            subject = _clause_subject(_clause_verb(tok)) if tok.dep_ not in _SUBJECT_DEPS else None
            subj_is_contrib = subject is not None and (subject.i in in_name or subject.lower_ in forms)
            subj_is_other = subject is not None and subject in others
            if kind in ("poss", "refl", "poss_pron") and subj_is_other:
                continue  # "Maya lost her keys": Maya's
            if kind == "acc" and subj_is_contrib:
                continue  # "Renata thanked her": someone else
            if kind == "nom":
                last_contrib = max([i for i in in_name if i < tok.i] + [-1])
                last_other = max([o.i for o in others if o.i < tok.i] + [-1])
                if last_other > last_contrib:
                    fallback.append("ambiguous subject pronoun kept")
                    continue
        mentions.append((tok.i, tok.i + 1, kind))

    if not mentions:
        if any(t.lower_ in _FIRST_PERSON for t in doc):
            return Rewrite(text, "kept: first person")
        return Rewrite(text, "kept: not about the contributor")

    out = [[t.text, t.whitespace_] for t in doc]
    rules: list[str] = []
    for a, b, kind in sorted(mentions):
        head = doc[a]
        if kind == "nom" and any(c.dep_ == "conj" for i in range(a, b) for c in doc[i].children):
            fallback.append("coordinated subject kept")
            continue
        word = {"nom": "I", "acc": "me", "poss": "my", "poss_pron": "mine", "refl": "myself"}[kind]
        if a == 0 and word != "I":
            word = word.capitalize()
        out[a] = [word, doc[b - 1].whitespace_]
        for i in range(a + 1, b):
            out[i] = ["", ""]
        rules.append({"nom": "subject -> I", "acc": "object -> me", "poss": "possessive -> my",
                      "poss_pron": "possessive -> mine", "refl": "reflexive -> myself"}[kind])
        if kind == "nom":
            subj = doc[b - 1] if doc[b - 1].dep_ in _SUBJECT_DEPS else head
            verb = subj.head
            _agree(_finite(verb), out, rules)
            for conj in _coordinated(verb):
                _agree(_finite(conj), out, rules)
    new = "".join(t + ws for t, ws in out).strip()
    new = re.sub(r" {2,}", " ", new)
    rules = list(dict.fromkeys(rules))
    if fallback:
        return Rewrite(new, "fallback: " + "; ".join(dict.fromkeys(fallback)), tuple(rules))
    return Rewrite(new, "rule", tuple(rules))


def _role(head) -> str:
    """The kind of a name mention from its head token's dependency."""
    if head.dep_ in _SUBJECT_DEPS:
        verb = head.head
        nonfinite = any(c.dep_ == "aux" and c.tag_ == "TO" for c in verb.children) or verb.tag_ in ("VB", "VBG") and \
            not any(c.dep_ in ("aux", "auxpass") and c.tag_ != "TO" for c in verb.children)
        return "acc" if nonfinite and verb.dep_ in ("ccomp", "xcomp") else "nom"
    if head.dep_ == "poss":
        return "poss"
    return "acc"
