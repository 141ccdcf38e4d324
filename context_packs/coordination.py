"""The other half of a coordinated subject the parser did not see: "He and his ex-wife share …".

spaCy's md parser sometimes reads the verb after a coordinated subject as a noun ("He and
his ex-wife share custody": "share" a compound of "custody"), so the coordination has no
verb and the rewrite cannot say where the other person ends. ``conjunct_end`` finds it
again by the grammar of the rest: the other conjunct ends at the first token ``k`` such that
the sentence with the whole subject replaced by "they" ("they share custody of their son")
parses with "they" as the subject of a finite verb right after it (adverbs and a floating
quantifier between allowed: "they still share", "they both knit"), the verb a word, in at most :data:`MAX_WORDS` words. The rewrite then
puts the other person first ("My ex-wife and I share …") and leaves the verb plural; when
no such ``k`` exists the sentence is reported as written. A hyphenated verb right after the
conjunct ("He and his cousin co-own a food truck", "… car-share to work", "… house-sit"),
which the parser reads as a noun, is tried as its last word alone ("they own a food truck").
"""

from __future__ import annotations

from context_packs.nlp import parse

MAX_WORDS = 8  # of the other conjunct ("my old friend from school")
_FINITE_PLURAL = ("VBP", "VBD", "MD")
_FLOATING = frozenset({"both", "all", "each"})
_NOT_LAST = frozenset({"PRP$", "DT", "PDT", "WP$", "POS", "CC", "IN", "TO"})


def conjunct_end(doc, a: int) -> int | None:
    """For a subject mention at ``a`` followed by "and"/"or", the index right after the other
    conjunct, or None."""
    if a + 2 >= len(doc) or doc[a + 1].lower_ not in ("and", "or"):
        return None
    before = "".join(t.text_with_ws for t in doc[:a])
    for k in range(a + 3, min(len(doc), a + 3 + MAX_WORDS)):
        end = doc[k - 1]
        if not end.is_alpha or end.tag_ in _NOT_LAST or end.pos_ in ("DET", "ADP", "CCONJ", "SCONJ", "PART"):
            continue  # a conjunct ends in a word that can end a noun phrase ("ex-wife", not "ex-" or "her")
        start = len(parse(before)) if before else 0
        again = parse(before + "they " + _hyphened_verb_alone(doc, k))
        if start >= len(again):
            return None
        they = again[start]
        if they.lower_ != "they" or they.dep_ != "nsubj":
            continue
        verb = they.head
        between = [t for t in again[start + 1 : verb.i]]
        if verb.i <= start or any(t.pos_ != "ADV" and t.dep_ not in ("aux", "neg") and t.lower_ not in _FLOATING
                                      for t in between):
            continue
        finite = next((t for t in between if t.dep_ == "aux"), verb)
        # a participle spelled like its base ("knit", "put", "cut") is read as the present
        base_like = finite is verb and verb.tag_ == "VBN" and verb.lower_ == verb.lemma_.lower()
        if verb.is_alpha and (finite.tag_ in _FINITE_PLURAL or base_like):
            return k
    return None


def _hyphened_verb_alone(doc, k: int) -> str:
    """The text from token ``k`` on, a hyphenated word starting there ("kite-surf", "co-own")
    written as its last part ("surf", "own"): the parser knows those as verbs."""
    j = k
    while j + 2 < len(doc) and doc[j + 1].tag_ == "HYPH" and not doc[j].whitespace_ and not doc[j + 1].whitespace_:
        j += 2
    if j == k or not doc[j].is_alpha:
        return "".join(t.text_with_ws for t in doc[k:])
    return "".join(t.text_with_ws for t in doc[j:])
