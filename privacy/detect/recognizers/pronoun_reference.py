"""Given names a person's pronoun refers back to: "ask grace if she still has the tent",
"Grace spent her morning restoring it", "my manager is grace and she's nice", "Will said he'd
build it".

A name that is also a word ("grace", "Will", "Summer", "hunter") needs more evidence than its
shape, and chat often writes it in lower case, so NER and the name lists leave it. A pronoun
that can only refer to it is that evidence: the word is a known given name, and right after it
come a bridge ("if", "and", "asking if", "said", "spent") and "she"/"he" or "her"/"his". The
word must not read as a word of its own phrase: no article, pronoun, modal or preposition right
before it ("the rose when she", "he rose when she", "to mark if he"), though "a text to grace
asking if she" names her."""

from __future__ import annotations

import re

from privacy.entities import PERSON
from privacy.detect import gazetteer as G
from privacy.detect.recognizers.base import RegexRecognizer, Rule
from privacy.detect.recognizers.prefilter import Requires, on_folded
from spacy.lang.en.stop_words import STOP_WORDS

_NAME = r"(?<![\w'’-])([A-Za-zÀ-ÿ][a-zà-ÿ]{2,})"
_SUBJECT = r"(?:she|he)(?:['’](?:s|d|ll|ve))?\b"
_JOIN = r"(?:if|whether|when|because|cause|cos|bc|since|and|but|until|till|so|though)"
_SAYS = r"(?:asking|saying|said|says|told|tells|thinks|thought|knows|knew|promised|swears|swore|claims|claimed|mentioned|reckons)"
_DID = (r"(?:spent|spends|lost|left|took|brought|forgot|finished|broke|changed|cancelled|canceled|missed|hurt|packed|"
        r"sold|quit|wore|lent|borrowed|grabbed|dropped|wants|needs|loves|hates|misses|does|did|has|had|got)")
# the name, then a bridge, then the pronoun
_JOINED = re.compile(_NAME + r",?[ \t]+" + _JOIN + r"[ \t]+" + _SUBJECT, re.I)
_SAID = re.compile(_NAME + r"[ \t]+" + _SAYS + r"[ \t]+(?:(?:if|whether|that|me|us)[ \t]+)?" + _SUBJECT, re.I)
_OWN = re.compile(_NAME + r"[ \t]+" + _DID + r"[ \t]+(?:all[ \t]+|both[ \t]+)?(?:her|his)\b", re.I)
# before the name: a word that makes it a word ("the rose", "you will mark", "to hunter")
_NOT_BEFORE = re.compile(r"(?i:\b(?:the|a|an|this|that|these|those|some|any|no|every|of|i|you|he|she|we|they|it|"
                         r"will|would|can|could|should|shall|may|might|must|do|does|did|not|your|its|their)[ \t]+$|"
                         r"(?<!text)(?<!email)(?<!message)(?<!talk)(?<!speak)(?<!said)(?<!reply)(?<!write)(?<!wrote)"
                         r"(?<!send)(?<!sent)(?<!note)(?<!letter)(?<!card)(?<!poem)[ \t]+to[ \t]+$)")


class PronounReferenceRecognizer(RegexRecognizer):
    """A known given name, any case, that "she"/"he" or "her"/"his" right after refers to."""

    ENTITY = PERSON
    REQUIRES = Requires(on_folded(r"\b(?:she|he|her|his)\b"))
    RULES = (
        Rule("joined", _JOINED, 0.6, group=1),
        Rule("said", _SAID, 0.6, group=1),
        Rule("own", _OWN, 0.6, group=1),
    )

    def accept(self, text: str, start: int, end: int) -> bool:  # noqa: D102
        word = text[start:end]
        if (word.islower() and word in STOP_WORDS) or not G.is_given(word) or G.is_famous_place(word):
            return False
        if word.isupper() and len(word) > 1:
            return False  # a shouted word ("AND he said")
        return not _NOT_BEFORE.search(text, max(0, start - 12), start)
