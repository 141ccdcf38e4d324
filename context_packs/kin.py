"""Whether a "her" or "his" belongs to someone the clause is about, not to the contributor.

"Siobhan's daughter is expecting her first baby": the baby is the daughter's. The rewrite
already leaves a possessive to another person named as its clause's subject ("Amara wants a
puppy for her birthday"); a relative named by a noun of the same gender (:data:`KIN`:
"daughter", "sister" for she; "son", "brother" for he) is such a person too. ``owned_by_kin``
says so for a possessive or reflexive pronoun when its clause's subject (through coordinated
verbs and "to" infinitives, whose subject is the object before them when there is one:
"her mum wants her to sell her car" -> the car is hers) is such a noun, the pronoun is not
inside that subject, and nobody else in the clause is the contributor as an object ("her
mum drove her to her appointment": the appointment is the contributor's).

``owned_by_named_object``: a possessive inside a prepositional phrase of a verb whose object
is another person named before it, by a first name of the contributor's gender (not a
place or a title: "visit Lagos with his kids"), is that person's: "She drives Shira to her
lessons", "He takes Rhys to his physio appointments", "She helped Maya with her homework"
(the nearest person the phrase is about). A possessive that is itself the object stays the subject's:
"She gave Zoe her old phone".
"""

from __future__ import annotations

KIN = {
    "fem": frozenset("""mother mum mom mam mummy mommy sister daughter wife girlfriend aunt auntie niece grandmother
        grandma gran granny nan nana granddaughter stepmother stepdaughter stepsister fiancee fiancée bride
        goddaughter godmother""".split()),
    "masc": frozenset("""father dad daddy brother son husband boyfriend uncle nephew grandfather grandpa grandad
        granddad grandson stepfather stepson stepbrother fiance fiancé groom godson godfather""".split()),
}
_SUBJECTS = ("nsubj", "nsubjpass")
_OBJECTS = ("dobj", "dative", "iobj", "pobj")


def verb_of(tok):
    cur = tok.head
    while cur.pos_ not in ("VERB", "AUX") and cur.head.i != cur.i:
        cur = cur.head
    return cur


def clause_subject(verb):
    """The subject of ``verb``: its own, else a "to" infinitive's object controller or its head's."""
    for _ in range(20):
        own = [c for c in verb.children if c.dep_ in _SUBJECTS]
        if own:
            return own[0]
        if verb.dep_ == "xcomp":
            objects = [c for c in verb.head.children if c.dep_ in ("dobj", "dative") and c.i < verb.i]
            if objects:
                return objects[-1]
        if verb.dep_ not in ("conj", "xcomp") or verb.head.i == verb.i:
            return None
        verb = verb.head
    return None


def owned_by_kin(tok, family: str | None, is_contributor) -> bool:
    """Whether possessive/reflexive ``tok`` is its clause subject's, a relative of ``family``'s
    gender. ``is_contributor(token)``: whether a token stands for the contributor."""
    nouns = KIN.get(family or "")
    if not nouns:
        return False
    verb = verb_of(tok)
    subject = clause_subject(verb)
    if subject is None or subject.lemma_.lower() not in nouns and subject.lower_ not in nouns:
        return False
    if subject.left_edge.i <= tok.i <= subject.right_edge.i:
        return False  # "her daughter's school": inside the subject
    for other in verb.subtree:
        if other.i != tok.i and other.dep_ in _OBJECTS and is_contributor(other) and other.tag_ != "PRP$":
            return False  # the contributor is in the clause as an object: the pronoun is more likely theirs
    return True


def owned_by_named_object(tok, other_ids: set[int]) -> bool:
    """Whether possessive ``tok`` sits in a prepositional phrase of a verb whose direct object,
    before it, is one of the other people named (token indexes ``other_ids``)."""
    owned = tok.head
    if owned.dep_ != "pobj" or owned.head.dep_ != "prep":
        return False
    verb = owned.head.head
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    return any(c.dep_ in ("dobj", "dative") and c.i < tok.i and c.i in other_ids for c in verb.children)
