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
Only the sentence is read, with what the task's facts say of who lives with the contributor
(``companions``, session of 2026-12-02), and the household is also:

* the contributor and the one other person the sentence names, when the contributor is the
  subject of the clause that names them and the "they"-form comes after it: "She met Nils
  at university and they married in 2019" → "we married", "He made Agnieszka a photo book
  … every year they've been together" → "we've";
* the contributor and a companion: a person the task's facts coordinate with the
  contributor ("He and Agnieszka have …", "Dariusz and Agnieszka celebrated …") or name as
  their partner ("Her husband Karim"): "Agnieszka's parents are coming to stay with them" →
  "with us" (not the parents: an object pronoun never stands for the subject of its own
  clause, the subject of a "to" infinitive included: "are flying in to spend Easter with
  them"; "want him to visit them" keeps "them", the parents);
* the contributor and a sibling, for their parents and grandparents: "Her brother Jonas
  visits their grandmother" → "our grandmother" (:data:`SHARED_KIN`).

A "they" whose antecedent is only in an earlier fact, for someone the task never puts
beside the contributor ("… with his friend Sven." then "Sven walks with a cane, so they
needed a hotel"), cannot be seen here (docs/benchmarks.md counts what this gets wrong).
"""

from __future__ import annotations

from context_packs.family import name_family
from context_packs.nlp import parse

PARTNERS = frozenset({"husband", "wife", "partner", "boyfriend", "girlfriend", "fiance", "fiancé", "fiancee",
                      "fiancée", "spouse"})
SIBLINGS = frozenset({"brother", "sister", "sibling", "twin", "stepbrother", "stepsister"})
# what siblings share: "their" of a sibling and the contributor before these is "our"
SHARED_KIN = frozenset("""mother mum mom father dad parents parent grandmother grandma gran granny nan nana
    grandfather grandpa grandad granddad grandparents family aunt auntie uncle cousin cousins
    stepmother stepfather""".split())
WE = {"they": "we", "them": "us", "their": "our", "theirs": "ours", "themselves": "ourselves", "themself": "ourselves"}


def household_as_we(text: str, contributor_words: set[str], companions: frozenset[str] = frozenset()) -> str | None:
    """``text`` with each "they"-form of the household as the matching "we"-form, or None when
    there is none. ``contributor_words`` are the words of the contributor's names and
    pronouns (a coordination holding one of them is the household); ``companions`` the names
    the task puts beside the contributor (``companions``), no antecedent of their own."""
    doc = parse(text)
    contributor_words = set(contributor_words) | set(companions)
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

    # the people the sentence names before it, by a first name of known gender (not "Lisbon")
    names = [t for t in doc[:i] if t.pos_ == "PROPN" and not own(t) and name_family(t.text) is not None]
    for tok in doc[:i]:
        if tok.tag_ in ("NNS", "NNPS") and not _time(tok) and not _own_subject(tok, doc[i]) and not _verb_read_as_noun(tok):
            return True
        if tok.pos_ == "PROPN" and not own(tok) and not _time(tok) and not _place(tok) and not _partner(tok, own) and not _sibling_sharing(tok, doc[i], own) \
                and not (len(names) == 1 and _beside_contributor(tok, doc[i], own)):
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
    summer winter autumn spring season shift monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october november december
    easter christmas xmas ramadan eid diwali hanukkah passover thanksgiving halloween""".split())


def _time(tok) -> bool:
    """Whether a plural noun names times ("On weekends they hike", "Most evenings", "After long
    shifts"): times do not do what "they" does, so they are no antecedent."""
    return tok.lemma_.lower() in TIME_NOUNS or tok.lower_.rstrip("s") in TIME_NOUNS


def _place(tok) -> bool:
    """Whether a name is where something happens ("in Lisbon", "near Gdańsk"): a place is not
    what "they" stands for (a company can be: "She works at Google and they pay well")."""
    head = tok
    while head.dep_ in ("compound", "flat") and head.head.i != head.i:
        head = head.head
    return head.dep_ == "pobj" and head.head.lower_ in ("in", "near", "around", "outside")


def _verb_read_as_noun(tok) -> bool:
    """Whether a "plural noun" is the sentence's verb, mistagged ("His brother Marek checks on
    their mother": "checks" NNS with "brother" as its subject): no antecedent."""
    return tok.dep_ == "ROOT" and any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)


def _own_subject(noun, pronoun) -> bool:
    """Whether ``noun`` is the subject (or one of the coordinated subjects) of the verb whose
    object ``pronoun`` is: "Her in-laws visit them", "The landlords gave them notice". An object
    pronoun never stands for its own verb's subject (that is "themselves"), so the noun is no
    antecedent there; a possessive can be ("Her kids love their school")."""
    if pronoun.lower_ != "them" or pronoun.dep_ not in ("dobj", "dative", "iobj", "nsubj", "pobj"):
        return False
    verb = pronoun.head
    if pronoun.dep_ == "pobj":  # "to stay with them": the verb of the phrase
        if verb.dep_ != "prep" or verb.head.pos_ not in ("VERB", "AUX"):
            return False
        verb = verb.head
    if pronoun.dep_ == "nsubj":  # "drive them mad": the object of the verb above the small clause
        if verb.dep_ not in ("ccomp", "xcomp", "oprd"):
            return False
        verb = verb.head
    for _ in range(6):  # a "to" infinitive's subject is its controller: the object before it, else the subject
        if any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
            break
        if verb.dep_ not in ("xcomp", "advcl") or not any(c.tag_ == "TO" for c in verb.children):
            break
        if any(c.dep_ in ("dobj", "dative") for c in verb.head.children if c.i < verb.i):
            return False  # "want him to visit them": "him" visits, the parents can be "them"
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


def _sibling_sharing(tok, pronoun, own) -> bool:
    """Whether name ``tok`` is the contributor's sibling ("Her brother Jonas") and ``pronoun``
    a "their" before a parent or grandparent ("their grandmother"): the two siblings'."""
    if pronoun.lower_ != "their" or pronoun.head.lemma_.lower() not in SHARED_KIN:
        return False
    near = [tok.head] + list(tok.children) if tok.dep_ in ("appos", "compound", "flat", "nsubj", "npadvmod") \
        else list(tok.children)
    return any(n.lower_ in SIBLINGS and any(c.dep_ == "poss" and own(c) for c in n.children) for n in near)


def _beside_contributor(tok, pronoun, own) -> bool:
    """Whether name ``tok`` is named in a clause whose subject is the contributor, and
    ``pronoun`` comes in a later clause ("She met Nils at university and they married"; "He
    proposed to Ewa in Lisbon, where they first met"): the two of them."""
    verb = tok.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    if verb.pos_ not in ("VERB", "AUX") or tok.dep_ in ("nsubj", "nsubjpass", "poss"):
        return False
    if not any(c.dep_ in ("nsubj", "nsubjpass") and own(c) for c in verb.children):
        return False
    other = pronoun.head if pronoun.dep_ in ("nsubj", "nsubjpass") else None
    return other is not None and other.i != verb.i and pronoun.i > tok.i and other in list(verb.subtree) \
        and other.dep_ in ("conj", "relcl")  # "whenever they ask" (advcl) may be the other's people


def companions(facts: list[str], contributor_words: set[str]) -> frozenset[str]:
    """The people a task's facts put in the contributor's household: coordinated with them as
    a subject ("He and Agnieszka have …", "Dariusz and Agnieszka celebrated …") or named as
    their partner ("Her husband Karim"). Their names, as written."""
    def own(t) -> bool:
        return t.text in contributor_words or t.lower_ in contributor_words

    out: set[str] = set()
    for fact in facts:
        doc = parse(fact)
        for tok in doc:
            if tok.pos_ != "PROPN" or own(tok):
                continue
            if _partner(tok, own):
                out.add(tok.text)
                continue
            head = tok.head if tok.dep_ == "conj" else tok
            group = [head] + list(head.conjuncts)
            if tok.dep_ not in ("flat", "compound") and any(own(g) for g in group if g.i != tok.i) and \
                    any(g.dep_ in ("nsubj", "nsubjpass") or g.dep_ == "ROOT" for g in group):
                out.add(tok.text)
    return frozenset(out)
