"""A plural "they" in a fact about a he or she contributor: their household, said as "we".

An added context describes one contributor. For a contributor whose name reads he or she,
a "they" is not the contributor alone; with nobody else in the sentence it can stand for,
it is the group the contributor belongs to (the couple, the family travelling together):
"They booked a ryokan in Hakone" → "We booked a ryokan in Hakone"; "Marcus hopes to run a
5K in every city they visit" → "… every city we visit". The forms map one to one
(they/them/their/theirs/themselves → we/us/our/ours/ourselves), and a plural verb stays
plural, so nothing else changes.

A "they"-form is left alone when the sentence names, before it, someone or something it
can refer to or include: a plural noun ("Her parents say they will visit", "apples when
they are in season"; not a time, "On weekends they hike", and not the subject of the verb
whose object is "them", "Her in-laws visit them every Easter" → "… visit us"), a coordination of other people without the contributor ("Maya and
Jess said they …") or another person's name ("Chioma wants Daniel to plan their
anniversary dinner"), unless that person is named as the contributor's partner: "Her
husband Karim takes their son to school" is the couple's son, "our son". A coordination that holds the contributor ("Renata and Tomás say
they …") is the household.
Only the sentence is read: a "they" whose antecedent is in an earlier fact cannot be seen
here (docs/benchmarks.md counts what this gets wrong).
"""

from __future__ import annotations

from context_packs.nlp import parse

PARTNERS = frozenset({"husband", "wife", "partner", "boyfriend", "girlfriend", "fiance", "fiancé", "fiancee",
                      "fiancée", "spouse"})
WE = {"they": "we", "them": "us", "their": "our", "theirs": "ours", "themselves": "ourselves", "themself": "ourselves"}


def household_as_we(text: str, contributor_words: set[str]) -> str | None:
    """``text`` with each "they"-form of the household as the matching "we"-form, or None when
    there is none. ``contributor_words`` are the words of the contributor's names and
    pronouns (a coordination holding one of them is the household)."""
    doc = parse(text)
    out = [[t.text, t.whitespace_] for t in doc]
    changed = False
    for tok in doc:
        low = tok.lower_
        if low not in WE or _has_antecedent(doc, tok.i, contributor_words):
            continue
        word = WE[low]
        out[tok.i][0] = word.capitalize() if tok.text[:1].isupper() else word
        changed = True
    return "".join(t + ws for t, ws in out) if changed else None


def _has_antecedent(doc, i: int, contributor_words: set[str]) -> bool:
    """Whether something that is not the household, and that "they" can refer to or include,
    comes before token ``i``: a plural noun, or a name that is not the contributor's outside a
    coordination with them ("Chioma wants Daniel to plan their anniversary": Chioma's and
    Daniel's, or Chioma's family's; not guessed)."""

    def own(tok) -> bool:
        return tok.text in contributor_words or tok.lower_ in contributor_words

    for tok in doc[:i]:
        if tok.tag_ in ("NNS", "NNPS") and not _time(tok) and not _own_subject(tok, doc[i]):
            return True
        if tok.pos_ == "PROPN" and not own(tok) and not _partner(tok, own):
            head = tok.head if tok.dep_ in ("conj", "flat", "compound") else tok
            group = [head] + [c for c in head.children if c.dep_ == "conj"]
            if not any(own(g) for g in group):
                return True
        if tok.dep_ == "conj" and tok.head.i < i:
            group = [tok.head] + [c for c in tok.head.children if c.dep_ == "conj"]
            if any(g.pos_ in ("PROPN", "NOUN", "PRON") for g in group) and not any(own(g) for g in group):
                return True
    return False


TIME_NOUNS = frozenset("""day week weekend month year morning afternoon evening night hour minute holiday vacation
    summer winter autumn spring season shift monday tuesday wednesday thursday friday saturday sunday""".split())


def _time(tok) -> bool:
    """Whether a plural noun names times ("On weekends they hike", "Most evenings", "After long
    shifts"): times do not do what "they" does, so they are no antecedent."""
    return tok.lemma_.lower() in TIME_NOUNS or tok.lower_.rstrip("s") in TIME_NOUNS


def _own_subject(noun, pronoun) -> bool:
    """Whether ``noun`` is the subject (or one of the coordinated subjects) of the verb whose
    object ``pronoun`` is: "Her in-laws visit them", "The landlords gave them notice". An object
    pronoun never stands for its own verb's subject (that is "themselves"), so the noun is no
    antecedent there; a possessive can be ("Her kids love their school")."""
    if pronoun.lower_ != "them" or pronoun.dep_ not in ("dobj", "dative", "iobj", "nsubj"):
        return False
    verb = pronoun.head
    if pronoun.dep_ == "nsubj":  # "drive them mad": the object of the verb above the small clause
        if verb.dep_ not in ("ccomp", "xcomp", "oprd"):
            return False
        verb = verb.head
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    subjects += [c for s in subjects for c in s.conjuncts]
    return any(noun.i == s.i for s in subjects)


def _partner(tok, own) -> bool:
    """Whether name ``tok`` is the contributor's partner, named beside the noun ("Her husband
    Karim", "Renata's wife Ana"): with the contributor, a couple, and their "their" is "our"."""
    near = [tok.head] + list(tok.children) if tok.dep_ in ("appos", "compound", "flat", "nsubj", "npadvmod") \
        else list(tok.children)
    for noun in near:
        if noun.lower_ in PARTNERS and any(c.dep_ == "poss" and own(c) for c in noun.children):
            return True
    return False
