"""Towns and cities from the place gazetteer (privacy.detect.gazetteer): the places NER
does not know ("Jõhvi", "Keminmaa", "Emmer-Compascuum") when the text places them.

A run of capitalised words (or a sub-run of it) that is a known populated place is a
LOCATION when

* it is written in capitals, as towns are on envelopes and forms ("MÄNTYHARJU", "SAINT-MALO"),
  unless its line is typed all in capitals and the town's one word is an everyday English word
  (``recase.CAPITALS_NAME_ZIPF``): "FOR TOLU'S WEDDING" shouts, it names no town Wedding;
* a place word comes before it ("in", "from", "near", "to", "at", "home city", "lives in" …);
* a state code, a country or a postal code follows it ("Evanston, IL", "Schweinfurt 97419");
* or it stands alone on its line (the town line of an address or a form).

Countries, continents and the like are no identifier and are left alone
(``filters.public_places``); so is a large city named as a topic (filters.place_as_topic).
"""

from __future__ import annotations

import re

from presidio_analyzer import LocalRecognizer, RecognizerResult

from privacy.entities import LOCATION
from privacy.detect import gazetteer as G
from privacy.detect.filters import public_places
from privacy.detect.recase import CAPITALS_NAME_ZIPF, typed_upper
from privacy.detect.vocabulary import is_common, is_plain_acronym
from privacy.detect.recognizers.runs import ORG_WORDS, alone_on_line, find_runs, line_of

_CUE_BEFORE = re.compile(r"(?i:\b(?:in|from|near|to|at|around|outside|towards?|via|of|city|town|village|hometown|"
                         r"visiting|live|lives|living|lived|based|born|grew up|moved|moving|located|headquartered|"
                         r"where)[ \t:]+(?:the[ \t]+)?)$")
_AFTER = re.compile(r"(?:,?[ \t]+(?:\d{4,6}\b|\d{2,3}[ -]\d{2,3}\b|[A-Z]{1,2}\d)|,[ \t]*(?:[A-Z]{2,3}\b|\(?[A-Z][a-z]+))")
_LINK = frozenset("de del la le el los las di da do du van von der den am an im upon on en y sur sous lès les bei "
                  "pri na nad pod".split())


def _no_stop(word: str) -> bool:
    return False


class PlaceListRecognizer(LocalRecognizer):
    """Known towns placed by the text (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(supported_entities=[LOCATION], name=type(self).__name__, supported_language="en")

    def load(self) -> None:  # noqa: D102
        pass

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        out = []
        places = G.places()
        for run in find_runs(text, max_words=6, stop=_no_stop):
            words = run.words
            best = None
            for i in range(len(words)):
                for j in range(len(words), i, -1):
                    if best is not None and j - i <= best[1] - best[0]:
                        break
                    name = " ".join(G.fold_word(w[2]).replace("-", " ") for w in words[i:j])
                    if name in places and words[i][2].lower() not in _LINK:
                        best = (i, j)
                        break
            if best is None:
                continue
            start, end = words[best[0]][0], words[best[1] - 1][1]
            value = text[start:end]
            if self._accept(text, start, end, value):
                # a town that is no given name, or one written in capitals, is strong evidence; a
                # given name after "at" ("shouted at Austin") is weak (NER may read a person)
                strong = value.isupper() or not G.is_given(value.split()[0])
                out.append(RecognizerResult(entity_type=LOCATION, start=start, end=end, score=0.85 if strong else 0.6,
                                            recognition_metadata={RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                                                                  RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id}))
        return out

    @staticmethod
    def _accept(text: str, start: int, end: int, value: str) -> bool:
        folded = " ".join(G.fold_word(value).replace("-", " ").split())
        if folded in public_places() or value.lower() in public_places():
            return False
        single = " " not in folded
        if single and (is_common(folded) or folded in G.word_names() or len(folded) < 4 or folded in ORG_WORDS):
            return False
        letters = [c for c in value if c.isalpha()]
        if letters and all(c.isupper() for c in letters) and not (single and _shouted_word(text, start, folded)):
            return not (single and is_plain_acronym(value))
        line_start = text.rfind("\n", 0, start) + 1
        if _CUE_BEFORE.search(text, line_start, start) is not None or _CUE_BEFORE.search(text[line_start:start]):
            return True
        if _AFTER.match(text, end):
            return True
        return alone_on_line(text, start, end) and not (single and G.is_given(value))


def _shouted_word(text: str, start: int, folded: str) -> bool:
    """``folded``, one word at ``start``, is an everyday English word on a line typed all in
    capitals: its capitals are the line's, no evidence of a town ("THE WEDDING IS THE 8TH")."""
    return G.english_zipf(folded) >= CAPITALS_NAME_ZIPF and typed_upper(text[slice(*line_of(text, start, start))])
