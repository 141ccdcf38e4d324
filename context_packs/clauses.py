"""Clauses after a verb of the contributor's that the md parser hangs in the wrong place.

* ``told_before_clause``: "The breeder told her Pixel would stay small". A verb of telling
  takes a person and then a clause with no "that"; the parser reads "her Pixel" as one
  noun phrase, the object of "told", and the clause after it ("would stay small") as having
  no subject. When the possessive's noun is the direct object of such a verb and a clause
  with no subject of its own starts right after that noun phrase, the noun is the clause's
  subject and "her" the person told: "told me Pixel would stay small". "Her coach told her
  team the session was cancelled" keeps "my team": there the clause has its own subject.
* ``ends_complement``: "He doesn't know how much his pension is worth and has never checked
  it". The parser hangs the verb after "and" on the last verb before it, inside the
  question clause that is the object of "know", so it agreed with "pension" and stayed
  "has". That clause is complete at its copula (the question word is the copula's
  complement: "where his birth certificate is", "what the password was", "how much it is
  worth"), so a verb after "and" with no subject of its own goes with the verb that took
  the clause, the contributor's; so does one whose form cannot agree with the clause's
  subject ("… whether the kids are asleep and has …"). A clause that is not complete at a
  copula ("whether the baby sleeps and eats") keeps its verbs.
* ``addressee_clause``: "Tomasz told Piotr he should get his knee checked". A "he" in the
  clause after a verb whose subject is the contributor and whose object is another man
  may be either. With a modal of permission, advice or duty ("could", "can", "should",
  "may", "must", "ought", "might"), said to the person told, it is theirs: "I told Piotr he
  should get his knee checked", "I promised Kacper he could invite his whole class" (the
  possessives of that clause stay too). Without one ("Tomasz told Piotr he was leaving")
  either is meant, and the sentence is reported as written.
"""

from __future__ import annotations

# verbs that take the person told and then a clause ("told her the scan was clear")
TELLING = frozenset("""tell remind warn assure promise show teach inform convince notify persuade reassure bet
    advise caution""".split())
_SUBJECTS = ("nsubj", "nsubjpass", "csubj", "csubjpass", "expl")


def told_before_clause(tok) -> bool:
    """Whether possessive-looking ``tok`` ("her") is the person told, before a clause whose
    subject the parser took for the pronoun's noun ("told her Biscuit was ten weeks old")."""
    noun = tok.head
    if noun.i != tok.i + 1 and not all(t.tag_ in ("JJ", "NNP", "NN") for t in tok.doc[tok.i + 1:noun.i]):
        return False
    if noun.dep_ != "dobj" or noun.pos_ not in ("NOUN", "PROPN"):
        return False
    verb = noun.head
    if verb.lemma_.lower() not in TELLING:
        return False
    for clause in verb.children:
        if clause.dep_ == "ccomp" and clause.i > noun.i and clause.left_edge.i == noun.right_edge.i + 1 \
                and not any(c.dep_ in _SUBJECTS for c in clause.children):
            return True
    return False


_WH = ("WRB", "WP", "WDT")
_PLURAL = ("NNS", "NNPS")


def ends_complement(clause, conj) -> bool:
    """Whether verb ``conj``, coordinated by the parser with ``clause`` (the complement of the
    verb above it, with a subject of its own), belongs with the verb above instead."""
    if clause.dep_ != "ccomp" or conj.dep_ != "conj" or conj.i < clause.i:
        return False
    if not any(c.dep_ == "cc" and clause.i < c.i < conj.i for c in clause.children):
        return False
    subject = next((c for c in clause.children if c.dep_ in _SUBJECTS), None)
    if subject is None:
        return False
    finite = next((c for c in conj.children if c.dep_ in ("aux", "auxpass") and c.i < conj.i), conj)
    if finite.tag_ == "VBZ" and (subject.tag_ in _PLURAL or subject.lower_ in ("they", "we", "you", "i")):
        return True  # a singular verb after a plural subject: not that subject's
    left = clause.left_edge
    closed = clause.lemma_ == "be" and left.tag_ in _WH and left.i < subject.i
    cc = next(c for c in clause.children if c.dep_ == "cc" and clause.i < c.i < conj.i)
    between = [t for t in clause.doc[clause.i + 1:cc.i] if not t.is_punct]
    return closed and len(between) <= 1 and all(t.dep_ in ("acomp", "advmod") for t in between)


_DEONTIC = frozenset({"could", "can", "should", "may", "must", "ought", "might"})


def addressee_clause(tok, other_ids: set[int], is_contributor):
    """For subject pronoun ``tok`` in the clause complement of a verb whose subject is the
    contributor (``is_contributor(token)``) and whose object is one of the people ``other_ids``:
    (the clause's verb, whether a modal says it is the person told's); else None."""
    if tok.dep_ not in ("nsubj", "nsubjpass"):
        return None
    clause = tok.head
    if clause.dep_ != "ccomp":
        return None
    verb = clause.head
    subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
    if subject is None or not is_contributor(subject):
        return None
    if not any(c.dep_ in ("dobj", "dative", "iobj") and c.i in other_ids and c.i < tok.i for c in verb.children):
        return None
    modal = any(c.dep_ == "aux" and c.lower_ in _DEONTIC for c in clause.children)
    return clause, modal
