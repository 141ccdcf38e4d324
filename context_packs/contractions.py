"""Whether a contracted ``'s`` after the contributor's pronoun is *is* or *has*.

spaCy's md parser reads every ``'s`` before a participle as a passive auxiliary ("She's
never been" and "She's based in Leeds" alike), so the parse alone cannot tell "I've never
been" from "I'm based in Leeds". What can, read from the tokens after the ``'s``:

* adverbs in between are skipped ("She's never been", "She's just started");
* a participle of the perfect only (``been``, ``got``, ``had``, ``done``, ``gone``) → *has*;
* a participle that reads as an adjective after *be* (``based``, ``married``, ``allowed``,
  ``supposed`` …, :data:`STATE_PARTICIPLES`) → *is*, and so does one with a ``by`` agent;
* any other past participle → *has* ("She's booked a table", "She's moved to Leeds");
* no participle (an adjective, a noun, a gerund, a place: "She's tired", "She's a nurse",
  "She's training") → *is*.
"""

from __future__ import annotations

PERFECT_ONLY = frozenset({"been", "got", "gotten", "had", "done", "gone"})
# participles that after "is" describe a state (the passive or adjectival reading is the usual one)
STATE_PARTICIPLES = frozenset({
    "allowed", "based", "born", "booked", "called", "committed", "concerned", "convinced", "covered", "dedicated",
    "determined", "diagnosed", "divorced", "due", "employed", "engaged", "enrolled", "entitled", "expected",
    "exhausted", "fascinated", "insured", "interested", "involved", "known", "located", "married", "meant",
    "named", "obliged", "obsessed", "overwhelmed", "pregnant", "prepared", "qualified", "registered", "related",
    "required", "retired", "scheduled", "separated", "set", "settled", "signed", "stuck", "supposed", "used",
    "vaccinated", "widowed", "worried", "scared", "tired", "bored", "excited", "stressed", "surrounded",
    # states of mind and of standing (session of 2026-12-01, fifth: "She's subscribed to", "He's fed up with")
    "accustomed", "acquainted", "addicted", "annoyed", "ashamed", "attached", "delighted", "disappointed",
    "embarrassed", "fed", "frightened", "hooked", "impressed", "pleased", "relieved", "satisfied", "shocked",
    "subscribed", "terrified", "thrilled", "upset",
})


def s_means_has(tok) -> bool:
    """Whether the contracted ``'s`` token ``tok`` (a spaCy token) stands for *has*."""
    if tok.lemma_ == "have":
        return True
    doc = tok.doc
    j = tok.i + 1
    while j < len(doc) and doc[j].pos_ == "ADV" and doc[j].lower_ != "not":
        j += 1  # "She's never been", "She's just started"
    if j >= len(doc):
        return False
    word = doc[j]
    low = word.lower_
    if low in PERFECT_ONLY:
        return True
    if word.tag_ not in ("VBN", "VBD"):
        return False
    if any(c.dep_ == "agent" for c in word.children):
        return False  # "She's been ... by", "is loved by"
    if low in STATE_PARTICIPLES:
        # an object after it is the perfect ("She's booked a table"); else the state ("She's booked in")
        return any(c.dep_ in ("dobj", "dative") for c in word.children)
    return True


def name_s_reading(doc, s_index: int) -> str:
    """What the ``'s`` at ``s_index`` after a name is, from the words after it (spaCy's md
    parser tags "Hannah's a nurse" and "Hannah's car" alike as a possessive):

    * "poss": a noun (with its adjectives) follows: "Hannah's car", "Hannah's old car",
      "Hannah's cooking is great" (a gerund followed by a verb or a noun is owned);
    * "poss_pron": nothing follows in the clause: "the bike is Hannah's.";
    * "is_has": what follows cannot be owned: a determiner, a participle, an adverb, a
      preposition, an adjective standing alone, a gerund with its own object or "to"
      ("Hannah's a nurse", "Hannah's been vegan", "Hannah's in Leeds", "Femi's learning to play")."""
    nxt = doc[s_index + 1] if s_index + 1 < len(doc) else None
    after = doc[s_index + 2] if s_index + 2 < len(doc) else None
    if nxt is None or nxt.is_punct or nxt.tag_ == "CC":
        return "poss_pron"
    low = nxt.lower_
    if nxt.tag_ in ("DT", "PDT", "RB", "IN", "TO", "VBN", "VBD") or low in PERFECT_ONLY or low in STATE_PARTICIPLES:
        return "is_has"
    if low.endswith("ing") and len(low) > 4:
        owned = after is not None and (after.pos_ in ("NOUN", "VERB", "AUX") or after.tag_ in ("NN", "NNS"))
        return "poss" if owned else "is_has"
    if nxt.tag_ == "JJ" and (after is None or after.is_punct or after.tag_ in ("IN", "TO", "CC")):
        return "is_has"  # "Hannah's tired.", "Hannah's allergic to nuts"
    return "poss"
