"""Names typed in lower case ("dear sarah cantu", "ask kelechi about it", "ella said …").

Chat users often skip capitals, and the NER model then misses names. After a strong cue
(a greeting, a relation, "named", "tell/ask/met", a list of attendees) or before a speech
verb, a lower-case word counts as a name only when the tagger reads it as a proper noun
and is no common word (privacy.detect.vocabulary: "with caution", "ask python" are not
tagged at all; "with rose", "ask song" are: name words are never common).
"""

from __future__ import annotations

import re

from privacy.entities import PERSON
from privacy.detect import gazetteer, tagging
from privacy.detect.filters import initials_shaped, mostly_lower_line, unknown_word
from privacy.detect.vocabulary import (CALENDAR_WORDS, MIN_DICTIONARY_LETTERS, ROLE_ACRONYMS, TAGALOG_PARTICLES, TASK_VERBS,
                                       foreign_stop_words, is_common)
from privacy.detect.recognizers.base import RegexRecognizer, Rule, token_at, words
from privacy.detect.recognizers import prefilter
from privacy.detect.recognizers.prefilter import Requires, cased, regex

_W = r"[a-zà-öø-ÿā-ž][a-zà-öø-ÿā-ž'’-]+"
_CUE = words("dear", "hi", "hello", "hey", "named", "called", "call me", "my name is", "i'm", "tell", "ask", "asked",
             "told", "met", "meet", "invite", "invited", "attendees", "attendees:", "thanks", "cc", "with",
             "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "dr", "dr.", "prof", "prof.")
_REL = words("wife", "husband", "partner", "boyfriend", "girlfriend", "bf", "gf", "ex", "fiance", "fiancé", "fiancee", "son", "daughter", "mom", "mum", "dad",
             "sister", "brother", "friend", "best friend", "cousin", "aunt", "uncle", "boss", "manager", "coworker",
             "colleague", "neighbor", "neighbour", "roommate", "flatmate", "housemate", "niece", "nephew", "grandma", "grandpa", "tutor",
             "therapist", "doctor", "landlord", "teacher", "mentor")
_AFTER_CUE = re.compile(r"(?<![\w])(?:" + _CUE + r"|my\s+" + _REL + r")[,:]?\s+(" + _W + r"(?:\s+" + _W + r")?)")
_VERBS = ("said", "says", "wrote", "writes", "told", "asked", "texted", "emailed", "replied", "mentioned", "thinks", "wants")
_SPEECH_VERB_AFTER = re.compile(r"\s+(?:" + "|".join(_VERBS) + r")\b")
_BEFORE_VERB = re.compile(r"(?:^|(?<=[\s,;:(\"']))(" + _W + r"(?:\s+" + _W + r")?)\s+(?:" + "|".join(_VERBS) + r")\b")
# a known given name right after "my <relation>" and before a pause: the relation names it,
# whatever the tagger says ("my sister grace, who is 12", "for my flatmate jess:"; not "my
# sister rose early")
_NAMED_RELATION = re.compile(r"(?<![\w])(?i:my|our|her|his|their|[a-z]+['’]s)\s+" + _REL + r"\s+(" + _W + r")(?=\s*(?:[,:;.!?)\"]|$)|\s+(?:and|who|is|was|has|"
                             r"had|just|keeps?|said|says|told|texted|called|wants|got|passed|cant|can['’]t|wont|won['’]t|"
                             r"r|are|will|lands|arrives|lives|works|needs|likes|loves|hates|gets|goes|does|doesnt|"
                             r"doesn['’]t|knows|moved|comes|starts|flies|plays)\b)")
# two people arriving or leaving, both given names: "precious and blessing are coming from harare"
_COMING_PAIR = re.compile(r"(?<![\w'’-])([a-z][a-z'’-]+)\s+(?:and|&|n)\s+([a-z][a-z'’-]+)\s+(?:are|were|r)\s+(?:coming|going|"
                          r"arriving|flying|landing|visiting|staying|moving|driving|leaving|travelling|traveling)\b")
# two people a plural relation names: "my friends hope and will are", "our kids ruby & jack"
_NAMED_PAIR = re.compile(r"(?<![\w])(?:my|our|her|his|their)\s+(?:best\s+)?(?:friends|mates|kids|children|sons|daughters|"
                         r"cousins|sisters|brothers|parents|grandparents|grandkids|grandchildren|neighbou?rs|roommates|"
                         r"flatmates|housemates|colleagues|coworkers|nieces|nephews|twins)\s+([a-z][a-z'’-]+)\s*(?:,|and|&|n)\s*"
                         r"([a-z][a-z'’-]+)\b")
# a given name that is also a word ("rich", "hope", "pearl", "june") in a frame only a person fits
# ("ask rich re the gazebo", "me and hope went", "nana june is knitting", "grace's outfit"); a kin
# word before it counts only when the tagger reads no verb there ("mum will be late" is no one)
_WORD_NAME = r"([a-z][a-z'’-]{1,})"
_DOING = r"(?:split|share|shared|went|are|were|have|had|got|will|did|both|live|lived|paid|pay|moved|met)\b"
# an abstract noun that is also a given name wants, thinks and knows in idioms: "love knows no bounds",
# "hope wants nothing", "time knows" (but "hope cant come", "faith told me" are someone)
_ABSTRACT_SUBJECT = (r"(?!(?:love|hope|faith|peace|truth|fate|karma|mercy|glory|time|life|death|god|justice|nature|history|"
                     r"destiny|patience|charity|liberty|honou?r)\s+(?:wants|wanted|thinks|thought|reckons|hates|loves|likes|knows)\b)")
_WORD_NAME_FRAMES = (
    re.compile(r"(?<![\w'’-])(?:ask|tell|ring|remind|thank|pay|send|invite|message|text|call|dm|ping|snap|facetime|block|"
               r"unblock|ghost|forgive|ignore)\s+" + _WORD_NAME
               + r"\s+(?:re|abt|about|if|whether|that|the|his|her|back|thanks|i|im|i['’]m|ive|i['’]ve|we|u|you|ur|"
               r"she|he|shes|hes|she['’]s|he['’]s|they|theyre|they['’]re|not)\b"),
    # someone asked, told or got to do something, or taken somewhere: "ask RK to send it", "told grace to wait",
    # "got AJ to drive", "taking JP to the dentist"
    re.compile(r"(?<![\w'’-])(?:ask|asked|asking|tell|told|telling|remind|reminded|get|got|getting|convince|convinced|"
               r"beg|begged|encourage|encouraged|persuade|persuaded|invite|invited|help|helped|pay|paid|text|texted|"
               r"message|messaged|call|called|ring|rang|take|took|taking|bring|brought|bringing|drive|drove|driving|"
               r"walk|walked|walking)\s+" + _WORD_NAME + r"\s+to\s+[a-z]"),
    # who someone is, in brackets after their name: "summer (the bride) doesnt", "will (my brother) says"
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"\s*\(\s*(?:the|my|our|his|her|their)\s+(?:" + _REL
               + r"|bride|groom|birthday\s+girl|birthday\s+boy|host|hostess|organi[sz]er|new\s+hire|baby)\s*\)"),
    # someone at their work or where they were met: "a message for joy at the clinic", "grace at the gym told me"
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"\s+(?:at|from)\s+(?:the\s+)?(?:clinic|surgery|pharmacy|chemist|"
               r"reception|front\s+desk|gym|office|bank|salon|garage|nursery|daycare|school\s+office|practice|"
               r"dentist|dentists|vets|hr|council|leisure\s+centre|post\s+office|corner\s+shop)\b"
               r"(?=\s+(?:told|said|says|asked|called|rang|texted|emailed|wants|needs|is|was|has|had|gave|sent)\b|\s*[,.!?:]|\s*$)"),
    # thanked by name, the name closing its clause: "thank u rose ❤️", "thanks so much june!"
    re.compile(r"(?<![\w'’-])(?:thank\s+(?:u|you|ya)|thanks|thanx|thx|ty)(?:\s+so\s+much)?\s*,?\s+" + _WORD_NAME
               + r"(?=\s*(?:[!.,?)]|$|x\b|xx\b|[\U0001F300-\U0001FAFF\u2600-\u27BF]))"),
    re.compile(r"(?<![\w'’-])me\s+(?:and|&|n)\s+" + _WORD_NAME + r"\s+(?:was|just|used|love|r|" + _DOING[3:]),
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"\s+(?:and|&)\s+(?:i|me)\s+(?:went|are|were|have|had|got|will|did|both|just)\b"),
    # a child dropped off or picked up: "drop poppy at nursery", "pick up hope from school"
    re.compile(r"(?<![\w'’-])(?:drop|drop\s+off|dropping|dropping\s+off|pick\s+up|picking\s+up|collect|collecting)\s+"
               + _WORD_NAME + r"\s+(?:at|from|off)\s+(?:the\s+)?(?:nursery|school|creche|daycare|childminder|club|practice|"
               r"training|swimming|football|dance|ballet|scouts|brownies|cubs|uni|work|the\s+station|hers|his|theirs|"
               r"[a-z][a-z'’-]+['’]s)\b"),  # (or from someone's place: "pick up sky from trevor's")
    # money paid back to someone: "pay back gio the £20", "paid back hope for the tickets"
    re.compile(r"(?<![\w'’-])(?:pay|paid|paying|give|gave|giving)\s+back\s+" + _WORD_NAME
               + r"\s+(?:the|for|my|what|[£$€]|\d)"),
    # an occasion of someone's, the apostrophe dropped: "the venue for ivys hen do"
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"s\s+(?:bday|birthday|hen\s+do|stag\s+do|wedding|baby\s+shower|christening|"
               r"leaving\s+do|graduation|funeral|place)\b"),
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"['’]s\s+(?:outfit|bday|birthday|party|mum|mom|dad|husband|wife|bf|gf|"
               r"boyfriend|girlfriend|kids?|baby|wedding|funeral|christening|leaving do|hen do|stag do|house|flat|"
               r"car|phone|number|parents|sister|brother|son|daughter|family|nan|gran|grandma|grandad|partner|fiance|place|"
               r"fiancé|fiancee|fiancée|ex)\b"),
    # what the person is to the writer: "hope is my best friend", "rich was our neighbour"
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"\s+(?:is|was|['’]s)\s+(?:my|our)\s+(?:best\s+|oldest\s+|older\s+|younger\s+|"
               r"little\s+|big\s+|new\s+|old\s+)?" + _REL + r"\b"),
    # greeted by name at the start of a line: "hey grace, can u …", "hi rich!" (not "hi there", "hey guys")
    re.compile(r"(?:^|(?<=\n)|(?<=[\"“]))[ \t]*(?:hey|hi|hiya|hello|morning|evening|yo|oi)[ \t]+" + _WORD_NAME
               + r"(?=[ \t]*(?:[,!?]|$))", re.M),
    # a weaker one needs who they are after it: "its rusty from the garage" (not "it's fine", "this is windy")
    re.compile(r"(?<![\w'’-])(?:its|it['’]s|this\s+is)\s+" + _WORD_NAME + r"(?=\s+(?:from|here\s+again|again\s+from)\b)"),
    re.compile(r"(?<![\w'’-])(?:is|was|literally|he['’]?s|she['’]?s|they['’]?re|guy|girl|man|woman|lady|bloke|boy|kid|"
               r"someone|somebody|person|friend|dude|fella)\s+(?:called|named)\s+" + _WORD_NAME
               + r"(?=\s*(?:[,.!?)]|lol|lmao|$|\s+(?:and|on|from|at|in|who|with)\b))"),
    # an aside in brackets about the person: "cake from pearl (she said sat)", "summer (the bride) doesnt want"
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"\s*\((?:she|he|they|we|shes|hes|she['’]s|he['’]s|his|her|aka|real\s+name|"
               r"the\s+(?:bride|groom|birthday\s+girl|birthday\s+boy|host|organiser|organizer|new\s+one|one\s+who)|my\s+" + _REL + r")\b"),
    # a message written to someone: "a text to will saying i cant make it"
    re.compile(r"(?<![\w'’-])(?:text|txt|sms|dm|whatsapp|message|msg|email|letter|card|note|reply|voicenote|voice\s+note)\s+to\s+" + _WORD_NAME
               + r"\s+(?:saying|to\s+say|telling|asking|about|explaining|that)\b"),
    # a person telling or asking, the name opening its clause: "faith told the whole office", "and
    # grace said no", "grace at the gym told me" (not "the grace said", "amazing grace told")
    re.compile(r"(?:^|(?<=[.!?;:,]\s)|(?<=[.!?]\s\s)|(?<=\n)|(?<![\w'’-])(?:and|but|so|then|when|cos|coz|bc|because|"
               r"now|apparently|well|ok|okay|lol|omg|like)\s+)" + _ABSTRACT_SUBJECT + _WORD_NAME
               + r"(?:\s+(?:at|from|in|next\s+door|upstairs|downstairs)(?:\s+[a-z'’]+){1,3}?)?\s+(?:told|said|says|texted|asked|replied|messaged|emailed|rang|called\s+me|tells|asks|keeps\s+saying|"
               r"just\s+(?:told|said|texted|asked)|(?:is|was)\s+(?:making|forcing|dragging|begging|nagging|bugging|texting|calling)\s+(?:me|us)|"
               r"(?:wants|wanted|thinks|thought|reckons|hates|loves|likes|knows)\b|"
               r"(?:is|isnt|isn['’]t)\s+coming|"
               r"(?:cant|can['’]t|wont|won['’]t|couldnt|couldn['’]t)\s+(?:come|make\s+it)|"
               r"(?:wants|made|makes|begged|asked|needs)\s+(?:me|us)\s+to)\b"),
    # the owner of an action item, opening a line, a list's item or a clause: "- grace to confirm numbers",
    # "notes: will to sort the raffle" (a task's verb after "to": not "hope to see you", "summer to remember")
    re.compile(r"(?:^|(?<=[.!?;:,][ \t])|(?<=\n[-*•][ \t])|(?<=\n[-*•]))[ \t]*" + _WORD_NAME + r"[ \t]+to[ \t]+(?:"
               + TASK_VERBS + r")\b", re.M),
    # a name as an official paper gives it: "(ignacio on my passport lol)", "its deborah on her birth certificate"
    re.compile(r"(?<![\w'’-])" + _WORD_NAME + r"[ \t]+(?:on|in)[ \t]+(?:my|his|her|their|your)[ \t]+(?:passport|id|birth[ \t]+"
               r"certificate|licen[cs]e|driving[ \t]+licen[cs]e|papers|documents|visa|ticket|booking)\b"),
    # letting someone know: "dont let mari find out", "let jack know"
    re.compile(r"(?<![\w'’-])(?:let|lets|letting)\s+" + _WORD_NAME + r"\s+(?:know|find\s+out|see|borrow|stay|come|use)\b"),
    re.compile(r"(?<![\w'’-])me\s*,?\s+" + _WORD_NAME + r"(?=\s+(?:and|&)\s+[a-z]+\s+" + _DOING + r")"),
    re.compile(r"(?<![\w'’-])me\s*,?\s+[a-z]+\s+(?:and|&)\s+" + _WORD_NAME + r"\s+" + _DOING),
    re.compile(r"(?<![\w'’-])(?:for|to|with|from)\s+" + _WORD_NAME + r"\s*[?.,!]?\s+(?:he|she)(?:['’]s|\s+(?:is|was|has|had|just))\b"),
    re.compile(r"(?<![\w'’-])(?:and|but|so|cos|coz|because|since)\s+" + _WORD_NAME + r"\s+(?:is|was)\s+(?:away|off|sick|ill|"
               r"back|coming|going|driving|bringing|busy|moving|staying|working|home|late)\b"),
)
# introducing oneself in passing: "(im ben btw)", "hi im jojo lol"; a given name that is no common word only
# ("im done here", "like I'm five", "im tired btw" name no one)
_SELF_INTRO = re.compile(r"(?<![\w'’-])(?:im|i['’]m)\s+" + _WORD_NAME + r"(?=\s+(?:btw|lol|here|x+)\b|\s*[).!,]|\s*$)")
# one search for a match of any frame (prefilter.any_pattern): their shared look-behind tried once per position
_ANY_FRAME = Requires(prefilter.any_pattern(*_WORD_NAME_FRAMES))
# naming oneself or someone outright: "my name is mark", "sign it from penny obvs", "everyone calls him
# moose lol", "we all call him hunts": what is named there is a name, known or not (a nickname), when
# the tagger reads a noun ("calls me lazy", "call me crazy" name no one)
_NAMING = re.compile(r"(?<![\w'’-])(?:my\s+name\s+is|my\s+name['’]?s|call\s+me|(?:call|calls|called|calling)\s+(?:him|her|me|them)|"
                     r"sign(?:ed)?\s+(?:it\s+|this\s+|off\s+)?(?:from|as)|real\s+name)\s+" + _WORD_NAME
                     + r"(?=\s*(?:[,.!?)\"]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])|\s+(?:from|here|again|lol|lmao|obvs|btw|x+)\b)")
# what people call each other that is no name: "calls me babe lol", "call him bro"
_PET_NAMES = frozenset("babe baby bae hun hon honey darling sweetie sweetheart love luv mate bro sis dude boss chief buddy pal "
                       "sir madam mama papa mummy daddy king queen princess angel".split())
_NOUNS = frozenset({"NOUN", "PROPN"})
# an article or a determiner before a word makes it a thing: "the will and i", "a rose (the gold kind)"
_ARTICLE_BEFORE = re.compile(r"(?<![\w'’-])(?:the|a|an|this|that|these|those|some|any|no|every)\s+$")
# words for people that the name lists also hold: "my friends wedding", "ones birthday", "nans party"
_PEOPLE_WORDS = frozenset("one friend mate bestie bff nan nana gran granny mum mom dad sis bro babe baby hun everyone someone "
                          "anyone thi".split())
_AUXILIARIES = frozenset("will may might can must shall did does do".split())  # "my dad will just call"
# a name given outright, in English or another language, in lower case: "nazywam się przemysław
# wójcik", "ma na imię oliwia", "mi nombre j. armando quiñónez", "me llamo …", "naam gurnam singh gill",
# "nama saya siti", "jina langu ni amani", "tên tôi là lan", "ik heet daan", "account name erlinda
# b. santos", "sign as marites reyes", "this is grace okafor mum of tobi", the Tagalog person marker
# "si jhoana", a relation in Spanish, Portuguese or Italian ("mi hijo santiago", "mi suegra doña lupita")
_L = r"[a-zà-öø-ÿā-ž][a-zà-öø-ÿā-ž'’-]+"
_OUTRIGHT = re.compile(
    r"(?<![\w'’-])(?:nazywam\s+się|ma\s+na\s+imię|mam\s+na\s+imię|me\s+llamo|mi\s+nombre(?:\s+es)?|se\s+llama|"
    r"je\s+m['’]appelle|ich\s+heiße|mein\s+name\s+ist|meu\s+nome\s+é|mi\s+chiamo|ang\s+pangalan\s+(?:ko|niya)\s+ay|"
    r"(?:mera|mere|meri|mera\s+pura|mera\s+poora)\s+naam|naam|nama\s+(?:saya|aku|ku)|jina\s+langu\s+ni|oruko\s+mi\s+ni|"
    r"benim\s+ad[ıi]m|t[êe]n\s+(?:t[ôo]i|em|m[ìi]nh)\s+l[àa]|mijn\s+naam\s+is|ik\s+heet|jag\s+heter|jeg\s+hedder|"
    r"jeg\s+heter|minun\s+nimeni\s+on|ismi|esmi|"
    r"account\s+name|sign(?:ed)?\s+(?:it\s+)?as|this\s+is|si|"
    r"(?:mi|mis|meu|minha|mio|mia)\s+(?:hij[oa]|filh[oa]|figli[oa]|espos[oa]|marido|mujer|suegr[oa]|herman[oa]|irmão|irmã|"
    r"fratello|sorella|t[ií][oa]|nieto|nieta|prim[oa]|novi[oa]|amig[oa]|mamá|papá|mãe|pai|abuel[oa]|av[óô])"
    r"(?:\s+(?:doña|don|dona|seu|señora|señor|sra|sr)\.?)?)"
    r"\s+((?:[a-z]\.\s*)?" + _L + r"(?:\s+(?:[a-z]\.\s*)?" + _L + r"){0,2})")
_PRONOUNS = frozenset("i me you u ya him her it us them we they he she mine yours hers ours theirs this that "
                      "everyone everybody someone somebody nobody anyone anybody".split())  # "call you back", "text him back"
_KIN_BEFORE_WORD = re.compile(r"(?<![\w'’-])(?:nana|nan|nanna|granny|gran|grandma|grandpa|grandad|granddad|aunty|auntie|"
                              r"aunt|uncle|cousin|father|fr|mother|sis|bro|deacon|pastor|mummy|mommy|daddy|papa|nanny|"
                              r"tita|tito|tia|tio|tía|tío|kuya|lola|lolo|nonna|nonno|oma|opa|babcia|dziadek|abuela|abuelo)\s+"
                              + _WORD_NAME + r"\b")
_NOT_NAMES_POS = frozenset({"AUX", "VERB", "ADP", "DET", "PRON", "ADV", "PART", "SCONJ", "CCONJ", "NUM"})
_TITLES = frozenset({"mr", "mrs", "ms", "mx", "dr", "prof"})  # a title is a cue, never the name ("the dr said")
_LIST = re.compile(r"(?<=,)\s+(" + _W + r"(?:\s+" + _W + r")?)(?=[.,;]|\s+(?:and|&)\s)")


class LowercaseNameRecognizer(RegexRecognizer):
    """Lower-case proper nouns next to a name cue."""

    ENTITY = PERSON
    RULES = (
        Rule("after_cue", _AFTER_CUE, 0.55, group=1),  # no prefilter: "hi", "with", "my" are everywhere
        Rule("before_speech_verb", _BEFORE_VERB, 0.55, group=1, requires=Requires(cased(*_VERBS))),
        Rule("list_after_name", _LIST, 0.5, group=1, requires=Requires(regex(r",\s"))),
    )

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        doc = getattr(nlp_artifacts, "tokens", None)
        if doc is None or not doc.has_annotation("ENT_IOB"):
            return []
        named = self._word_names(text, nlp_artifacts, doc)
        return named + [r for r in self._cued(text, entities, nlp_artifacts, doc)
                        if not any(n.start < r.end and r.start < n.end for n in named)]

    def _word_names(self, text, nlp_artifacts, doc):
        """Given names that are words, in a frame only a person fits (``_WORD_NAME_FRAMES``), in
        any case: the frame is read in lower case ("MY DAUGHTER SKY JUST PASSED", "a guy called
        Will on hinge", "Hope and I have been friends since …")."""
        low = text.lower()
        read = low if len(low) == len(text) else text
        caps = [m.span(1) for m in _NAMED_RELATION.finditer(read) if _named(text, *m.span(1))
                and m.group(1).lower() not in _AUXILIARIES]
        frames = _WORD_NAME_FRAMES if _ANY_FRAME(read) else ()  # (most texts hold no frame: one search says so)
        spans = caps + [m.span(1) for frame in frames for m in frame.finditer(read)
                 if _named(text, *m.span(1)) and m.group(1) not in _TITLES and m.group(1) not in CALENDAR_WORDS
                 and m.group(1) not in _PRONOUNS and m.group(1) not in _PEOPLE_WORDS]  # ("and summer is coming", "call you back")
        spans += [m.span(1) for m in _KIN_BEFORE_WORD.finditer(read) if _initials(text, *m.span(1))]  # "my kuya JP"
        spans += [m.span(1) for m in _SELF_INTRO.finditer(read) if _named(text, *m.span(1)) and not is_common(m.group(1))]
        spans += [m.span(g) for rx in (_NAMED_PAIR, _COMING_PAIR) for m in rx.finditer(read)
                  if all(_named(text, *m.span(g)) and m.group(g) not in _PEOPLE_WORDS and m.group(g) not in CALENDAR_WORDS
                         for g in (1, 2)) for g in (1, 2)]
        spans = [(a, b) for a, b in spans if not _ARTICLE_BEFORE.search(read, max(0, a - 8), a)]  # "the will and i"
        spans += _outright(read) + _dated_list(read) + _marked(read)
        naming = [m.span(1) for m in _NAMING.finditer(read) if m.group(1) not in _PRONOUNS and m.group(1) not in _PET_NAMES
                  and m.group(1) not in CALENDAR_WORDS and m.group(1) not in _TITLES]
        known = [(a, b) for a, b in naming if gazetteer.is_given(read[a:b])]
        spans += known
        unknown = [sp for sp in naming if sp not in known]
        if unknown and tagging.spans_pos_tagged(doc, unknown):
            spans += [(a, b) for a, b in unknown if (tok := token_at(nlp_artifacts, a)) is not None and tok.pos_ in _NOUNS]
        kin = [m.span(1) for m in _KIN_BEFORE_WORD.finditer(text) if (gazetteer.is_given(m.group(1)) or unknown_word(m.group(1)))
               and m.group(1) not in foreign_stop_words() and m.group(1) not in TAGALOG_PARTICLES]
        # ("mi abuela pero …", "kuya naman"; a name no list knows: "tita marites")
        if read is low:  # a capitalised given name after a family title typed in lower case ("nanna Dot", "my auntie Joy";
            # not "Granny Smith", "Father Christmas", "Uncle Ben's", whose title has its capital too)
            kin += [m.span(1) for m in _KIN_BEFORE_WORD.finditer(low) if text[m.start()].islower()
                    and text[m.start(1)].isupper() and not text[m.start(1):m.end(1)].isupper()
                    and m.group(1) not in CALENDAR_WORDS and gazetteer.is_given(m.group(1))]
        if kin and tagging.spans_pos_tagged(doc, kin):
            spans += [(a, b) for a, b in kin if (tok := token_at(nlp_artifacts, a)) is not None
                      and tok.pos_ not in _NOT_NAMES_POS]
        return [self.result(a, b, 0.55) for a, b in sorted(set(spans))]

    def _cued(self, text, entities, nlp_artifacts, doc):
        found = []
        for r in super().analyze(text, entities, nlp_artifacts):
            words = []
            pos = r.start
            for word in text[r.start : r.end].split():
                at = text.index(word, pos)
                pos = at + len(word)
                words.append(token_at(nlp_artifacts, at))
            found.append((r, words))
        if prefilter.enabled():
            # a candidate whose words are all stop words (or not token starts) keeps no token
            # whatever their POS: drop it before asking for tags
            found = [(r, words) for r, words in found if any(t is not None and not t.is_stop for t in words)]
        # a cue followed by common words only ("with caution", "the note said") names nobody
        found = [(r, words) for r, words in found if not _all_common(text[r.start : r.end])]
        if not found or not tagging.spans_pos_tagged(doc, [(r.start, r.end) for r, _ in found]):
            return []
        out = []  # ("my sister grace, …" is _word_names', read in any case)
        for r, words in found:
            # the dictionary holds no word this short: "log says" is no one, "ana says" is (a list's
            # "kat, bex and jonno" names them either way)
            short_ok = _SPEECH_VERB_AFTER.match(text, r.end) is None
            toks = []
            for tok in words:
                good = tok is not None and tok.pos_ == "PROPN" and not tok.is_stop and not is_common(tok.lower_) \
                    and tok.lower_.rstrip(".") not in _TITLES and tok.lower_ not in ROLE_ACRONYMS \
                    and tok.lower_ not in CALENDAR_WORDS \
                    and (short_ok or len(tok.text) >= MIN_DICTIONARY_LETTERS or gazetteer.is_given(tok.text))
                if good:
                    toks.append(tok)
                elif toks or (tok is not None and tok.pos_ in ("VERB", "AUX")):
                    break  # a verb ends the place of a name: "my bf says sukuna" names no one
            if not toks:
                continue
            r.start = toks[0].idx
            r.end = toks[-1].idx + len(toks[-1].text)
            out.append(r)
        return out


# a list of birthdays or dates by name: "nia feb 2, cal may 17, ginger oct 30" (two items or more)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATED_ITEM = r"([a-z][a-z'’-]+)[ \t:–-]+(?:" + _MONTH + r"[ \t]+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?[ \t]+" + _MONTH + r")"
_DATED_LIST = re.compile(r"(?<![\w'’-])" + _DATED_ITEM + r"(?:[ \t]*,[ \t]*(?:and[ \t]+)?" + _DATED_ITEM + r")+")
_DATED_ONE = re.compile(_DATED_ITEM)


def _dated_list(text: str) -> list[tuple[int, int]]:
    """The names of a list of dates by name, each a known given name that is no calendar word
    ("nia feb 2, cal may 17, ginger oct 30"; not "mon may 3, tue may 4")."""
    out = []
    for m in _DATED_LIST.finditer(text):
        items = [(m.start() + i.start(1), m.start() + i.end(1)) for i in _DATED_ONE.finditer(m.group())]
        names = [(a, b) for a, b in items if gazetteer.is_given(text[a:b]) and text[a:b] not in CALENDAR_WORDS
                 and text[a:b] not in _PEOPLE_WORDS and text[a:b] not in _PRONOUNS and not re.fullmatch(_MONTH, text[a:b])]
        if len(items) >= 2 and len(names) == len(items):
            out.extend(names)
    return out


def _outright(text: str) -> list[tuple[int, int]]:
    """Names given outright (``_OUTRIGHT``): a known given name or an initial first (or, before a
    surname, a word no dictionary knows: "marites reyes"), then the surnames and initials after it
    ("grace okafor mum of tobi" gives "grace okafor"); after "this is" or "si", a name of two words
    or a given name no English word ("this is fine", "si se puede" name no one)."""
    out = []
    for m in _OUTRIGHT.finditer(text):
        words = [(w.start(), w.end(), w.group().rstrip(".,;:!?")) for w in re.finditer(r"\S+", m.group(1))]
        initial = [len(w) == 1 for _, _, w in words]
        n = 2 if initial[0] and len(words) > 1 else 1  # "j. armando …": the initial and the given name
        while n < len(words) and (initial[n] or gazetteer.is_surname(words[n][2])) and words[n][2] not in _PRONOUNS \
                and words[n][2] not in foreign_stop_words():
            n += 1
        while n > 1 and initial[n - 1]:
            n -= 1  # "erlinda b." ends at a surname, not at an initial
        first = next((w for (_, _, w), i in zip(words[:n], initial) if not i), "")
        if not first or first in _PRONOUNS or first in _TITLES or first in CALENDAR_WORDS or first in _AUXILIARIES \
                or first in foreign_stop_words():
            continue
        if not gazetteer.is_given(first) and not (n > 1 and not is_common(first)):
            continue
        if m.group().split()[0] in ("this", "si") and n == 1 and (is_common(first) or first in gazetteer.word_names()):
            continue
        start = m.start(1)
        out.append((start + words[0][0], start + words[n - 1][0] + len(words[n - 1][2])))
    return out


# a Tagalog person marker names the person after it ("si ligaya dizon", "sabi ni marites", "kay mang
# domeng", "sina joy at ben"), a title of respect or kin between them ("mang", "aling", "maam", "kuya")
_MARKER = re.compile(r"(?<![\w'’-])(?:si|ni|kay|sina|nina|kina)[ \t]+(?:(?:mang|aling|maam|ma['’]am|sir|kuya|ate|"
                     r"tita|tito|lola|lolo|doc|dok|coach|atty|engr)\.?[ \t]+)?(?=(" + _L + r"(?:[ \t]+" + _L + r"){0,2}))")
# what follows a marker and names no one: Tagalog's words of kin and address used alone ("si mama", "si
# boss"), and its particles (``vocabulary.TAGALOG_PARTICLES``: "si ana naman")
_TAGALOG_NO_NAME = TAGALOG_PARTICLES | frozenset("nanay tatay inay itay mama papa mommy daddy kuya ate bunso lola lolo "
                                                 "tita tito ninang ninong pinsan boss bossing sir maam ang ng sa at".split())


def _marked(text: str) -> list[tuple[int, int]]:
    """The names after a Tagalog person marker (``_MARKER``) in a line holding two other words of another
    language that English does not write ("ko", "yung", "daw"; ``_foreign_line_words``): the words from the first on that a list knows as a given name or a
    surname, or that no dictionary knows (``filters.unknown_word``), up to the first other word ("si
    ligaya dizon yung teacher" gives "ligaya dizon"; "si mama", "si puedes" name no one)."""
    out = []
    for m in _MARKER.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start:m.start()] + " " + text[m.end():line_end if line_end >= 0 else len(text)]
        if _foreign_line_words(line) < 2:
            continue
        end = None
        for w in re.finditer(r"\S+", m.group(1)):
            word = w.group().rstrip(".,;:!?")
            if word in _PRONOUNS or word in _TITLES or word in CALENDAR_WORDS or word in foreign_stop_words() \
                    or word in _TAGALOG_NO_NAME or word in _PEOPLE_WORDS \
                    or is_common(word) or not (gazetteer.is_given(word) or gazetteer.is_surname(word) or unknown_word(word)):
                break
            end = m.start(1) + w.start() + len(word)
            if word != w.group():
                break  # a pause ends the name: "si ana, yung …"
        if end is not None:
            out.append((m.start(1), end))
    return out


def _foreign_line_words(line: str) -> int:
    """How many words of ``line`` are stop words or frequent words of another language chat mixes in
    (``gazetteer.frequent_foreign_words``) that English does not write ("ko", "yung", "binili")."""
    return sum(1 for w in re.findall(r"[^\W\d_]+", line.lower())
               if (w in foreign_stop_words() or w in gazetteer.frequent_foreign_words()) and not is_common(w))


def _named(text: str, start: int, end: int) -> bool:
    """``text[start:end]``, in a frame only a person fits, is a name: a known given name, or initials."""
    return gazetteer.is_given(text[start:end]) or _initials(text, start, end)


def _initials(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is the initials someone goes by: two or three capitals standing out in a
    line written in lower case ("my boss RK, he wants", "AJ said", "me and TJ are"), and no
    capitals written for a role, a body or a relation (``ROLE_ACRONYMS``: "HR", "my GP", "MIL")."""
    return initials_shaped(text[start:end]) and mostly_lower_line(text, start, end)  # (not "MY DAUGHTER SKY")


def _all_common(candidate: str) -> bool:
    return all(is_common(w.lower().strip("'’-")) for w in candidate.split())
