"""Person, place or street by the words around a span: the frame decides what NER's label and the
name lists could not.

The pipeline and the gazetteers often agree that a span is a name but not what it names: "Victoria"
is a town and a given name, "Carlos Reyles" a person's shape and a town in Uruguay, "Šefka" a
surname and the first word of "Šefka Park Street". The words around the span settle it, and every
rule here reads only them (never the value against a list of values), so the surrogate drawn later
has the original's kind:

* **a place** when the span stands where English puts a place: after "in" ("Celebrating its 10th
  year in Carlos Reyles"; not "believe in", "in Maria's car"), before a geographical noun
  ("Larnaka bridge", the noun is trimmed off), before a postal code ("Ceylon S4P 3Y2"), with a
  toponymic prefix ("Port Everardus"), a large city NER took for a person with no person's frame
  ("What about Barcelona?") or, for a word no name list knows, a town's or ward's ending
  ("Šefkamouth", "Rennieside", "Shinjuku-ku");
* **a place** also after "in" in capitals or Portuguese/Spanish "em"/"en" ("STUCK IN DOHA", "em
  Pirenópolis"), with a toponym's first word before it after a place's preposition or a compass word
  ("in San Miguel de Allende", "to North Christina": the word joins), where a journey goes
  ("travelling to …", "coming to … with me", "goes home to …"), after a time and "at" ("8pm at Toryglen"),
  or ending in "City" ("Daly City");
* **a place** also for a known town no given name or surname makes, where one goes, stays or comes
  from ("back to Kolbuszowa", "a shtetl called Kolbuszowa") or after a comma on a line that holds a
  number, with nothing of a person around it ("… by Meenakshi Iyer, Nowy Targ, contact 512 889 340");
* **a town** also on an address block's town line: alone on its line under a numbered line and above
  a country's ("??? Apt. 470⏎??? Moura⏎??? Portugal 05918"), or with a postal code after it
  ("… Mühle 88⏎Schüpbach nan 3535"); and a word no list knows ending in "town" ("Gojislavtown");
* **a person** also after a relative's noun in Spanish, Portuguese, French or Italian ("mi hijo es
  Santiago"; "mi abuela Remedios" is cut to the name), and a given name and surname with a possessive
  ("Şuheda Lugtenburg's Cautionary Tales");
* **a person** also for a given name one fights, dates or dines with ("a huge fight with Paris last
  night"; not "a call with Paris office") or before a negated verb of a person ("if Brooklyn doesnt
  come with him"); a phone's digits before a name are no house number ("0412 883 207⇥Cabramatta"),
  an Estonian "tee" with its number ends a street ("Männimetsa tee 69");
* **no name at all**: a month after a day's number is a date ("14 Jan"), one or two capitals before
  the rest of a British postcode are the postcode ("LL14 1HT"), "City" after a capitalised word is
  the end of a town's name ("Lipa City");
* **a person** when a known given name or surname stands where a person does: a vocative closing a
  sentence ("Don't go to town, Victoria!"), the subject of "is from" ("Armen is from …"), of a
  speech or life verb ("Neudorf began writing"), before "she's" ("for Georgia, she's turning 30"),
  after a role noun or a credit ("commenter Marjančo Nose", "starring Chiba"), or coordinated with a
  person ("Deguchi and Durham were engineers"); a known given name right before a person's span joins
  it ("Esa-Pekka Kilpeläinen", where NER took the surname);
* **a person** for a chat's mention of a display name: "@Tobi can you …" is a person, a
  login's shape stays a username ("@jdoe_88", "@tobi");
* **a street** when a "person" or "place" is followed by a street type ("Cinzia Ford Street",
  "Bécsi utca 35": the street type and the capitalised words before join the span), comes after a
  street word ("rue des lieutenants Thomazo", "Λεωφόρος Πανεπιστημίου") or a house number at the
  end of its line ("4093 110 Kontomari", "3-14-2 Jingumae", "45/2 Nguyễn Duy Hiệu", "Số 27 ngõ 158
  Nguyễn Khánh Toàn"), or ends in "Street", "Road" … with no article or journey's "to" before ("on
  Kowhai Street"; not "the Silk Road"); a lower-case "street" and its number join ("Trần Cao Vân
  street, number 61"), so do a Welsh or Cyrillic street word ("8 Heol y Nant", "вул. Шевченка, 23");
* **a town** when a "person" follows a street on its line ("… utca 35., Kisbarát"), past one more
  numbered part ("Flat 12B, Shanti Kunj, 4th Cross Road, Malleswaram") or with the sentence going on
  after it ("61 Beech Grove, Kirkstall. my car …", "19 Clarendon Road, Leamington Spa has been …"),
  and the next part after that town ("…, Cầu Giấy, Hà Nội");
* **lists and keys**: a name joined to a person is a person, read along the whole list and past a
  bracketed aside ("Isla, Mateo, Aroha", "Carter (ssn …) and Savannah"); a name that is no given name
  joined to a place is a place ("across Kilimani, Westlands and Eastleigh"); the value of a place's
  key is a place and never a person ("City: Dos Hermanas", "city": ["Campinas", "Santos"], "Place of
  birth: …"), as is a name after a place's noun ("bairro Vila Buarque", "the town of …");
* **a person** also after a person's title ("Mrs. Achterberg", never a place then), with an alias in
  brackets ("Oyelaran (goes by Laran)"), a middle initial ("Ruby P Wollaston"), or as whom a card is
  from ("sign it from …").

* **a name span of another language** NER read with the sentence around it ("ti scrivo da
  Caltanissetta", "Biz İzmir'de yaşıyoruz ama o") is cut to the capitalised runs inside it (a
  lower-case span or one with a number stays whole: "22b mill lane"); a known town after a place's
  preposition of another language ("da", "nach", "w", "ở"), before a Hindi postposition ("Jhansi
  mein") or with a Turkish case suffix ("Eindhoven'da": the town alone) is a place;
* **a person** also before a possessive occasion ("Olu's hen do") or closing a letter after a thanks
  ("… EH9 1HN. Thanks, Morag"; never then the town after a street); a person's span ends before a
  phone number ("Aroha Ngata 027 555 8812"); a hyphenated town with its linking word is a place
  ("Ashby-de-la-Zouch").

A span from the identity pass is never retyped; nor is a keep decision (it runs after this).
"""

from __future__ import annotations

import re

import regex

from privacy import entities as E
from privacy.detect import gazetteer as G
from privacy.detect import filters
from privacy.detect.filters import public_places
from privacy.detect.recognizers.name_list import TOPONYM_END, several_speakers
from privacy.detect.recognizers.runs import line_of, speaker_label
from privacy.detect.recognizers.written_date import calendar_name, month_names
from privacy.detect.recognizers.location_context import LOCAL_BODY_END
from privacy.detect.recognizers.person_context import OCCASIONS, PERSON_PRONOUN_AFTER, RELATION_BEFORE

_IN_BEFORE = re.compile(r"(?<![\w'’])(?:in|In|IN|em|en)[ \t]+(?:(?:the|la|le|el|les|los|las|den|der|de)[ \t]+)?$")
# ("STUCK IN DOHA" in a message written in capitals; Portuguese and Spanish "em Pirenópolis", "en Cusco")
# "in" that takes a person: "believe in Maria", "confide in him", "a role in Bonds' film"
_IN_PERSON = re.compile(r"(?i:\b(?:believe|believed|believes|trust|trusted|confide|confided|faith|interest|interested|"
                        r"starring|role|roles|cast|featuring|found|see|saw|seen|love|fallen|fell|friend)[ \t]+in[ \t]+$)")
_POSSESSIVE_AFTER = re.compile(r"['’]s?\b")
_JOURNEY = re.compile(r"(?i:\b(?:day trip|trip|train|flight|fly|flying|drive|driving|visit|visiting|itinerary|travel\w*|"
                      r"stopover|layover|honeymoon|holiday|vacation|weekend in|nights? in|days? in)\b)")
_PERSON_CUE_BEFORE = re.compile(r"(?i:\b(?:with|and|my|our|his|her|their|dear|hi|hey|hello|met|named|called|told|asked|"
                                r"for|miss|mr|mrs|ms|dr)[ \t]+$)")
_CAPITALISED_WORDS = regex.compile(r"\p{Lu}[\p{L}\p{M}'’-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}'’-]+)*")
_PERSON_VERB_AFTER = re.compile(r"[ \t]+(?:is|was|has|had|will|would|can|said|says|told|asked|wants|loves|and (?:her|his|their))\b")
# geographical nouns: after a name they make it a place ("Larnaka bridge"); the first ones are also
# trimmed off the end of a NER span that took them ("Alluitsup Paa bridge")
_FEATURES_TRIMMED = r"bridge|river|airport|station|harbou?r|bay|lake|valley|county|province|district"
_FEATURE_AFTER = re.compile(r"[ \t]+(" + _FEATURES_TRIMMED + r"|municipality|region|village|town|city|canal|beach|island|"
                            r"peninsula|castle|cathedral)\b")
_FEATURE_END = re.compile(r"[ \t]+(?:" + _FEATURES_TRIMMED + r")$")
# a capitalised geographical noun ending a name makes the whole name a place ("Ha Long Bay",
# "Victoria Falls"), unless it follows a given name ("Michael Bay", "Grace Park")
_NAMED_FEATURE_END = re.compile(r"[ \t]+(?:City|Bay|Lake|River|Falls|Islands?|Beach|Valley|Canyon|Mountains?|Peninsula|Gulf|"
                                r"Sea|Coast|Glacier|Desert|Fjord|Strait|Reef|Harbou?r|Cathedral|Castle|Gorge)$")
_POSTCODE_BEFORE = re.compile(r"(?<![\w-])(?:\d{4,6}|\d{8}|\d{5}-\d{3}|\d{4}-\d{3}|\d{2}-\d{3})[ \t]+$")
_HYPHEN_POSTCODE_BEFORE = re.compile(r"(?<![\w-])(?:\d{5}-\d{3}|\d{4}-\d{3}|\d{2}-\d{3})[ \t]+$")  # no house number
# (five digits that run on into more digits open a phone number: "Amber Osei 07722 148329")
_POSTCODE_AFTER = re.compile(r"[ \t]*,?(?:[ \t]+[A-Z]{2,3},?)?[ \t]+(?:\d{5}(?:-\d{4})?(?![ \t]?\d)|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d|"
                             r"[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2})\b")
_TOPONYM_PREFIX = re.compile(r"(?:Port|Fort|Mount|Mt\.?|Lake|Puerto|Porto|Sankt|Bad|Nova|Novo|Nueva|Nuevo|Villa)[ \t]+\S")
# a person's own occasion after their possessive: "Olu's hen do", "Tolu's bday dinner"
_OCCASION_AFTER = re.compile(r"['’]s[ \t]+" + OCCASIONS)
# a closing after a thanks: "… EH9 1HN. Thanks, Morag" at the end of the text or of a quote
_CLOSING_BEFORE = re.compile(r"(?i:\b(?:thanks|thank[ \t]+you|cheers|regards|best|love|ta|sincerely|warmly|xx?)[ \t]*,?[ \t\n]*$)")
_CLOSING_END = re.compile(r"[ \t]*[.!]?[ \t]*[\"”']?[ \t]*(?:\n|\Z)")
# a hyphenated town with its linking word: "Ashby-de-la-Zouch", "Stratford-upon-Avon", "Saint-Rémy-de-Provence"
_LINKED_TOWN = re.compile(r"\w-(?:upon|on|under|in|by|de|la|le|les|lès|sur|en|am|an|im|the|del|di|du)-\w")
# a digit opens a token inside a person's span: the name ends before it ("Aroha Ngata 027 555 8812")
_DIGIT_TOKEN = re.compile(r"[ \t]+[+(]?\d")
# lower-case words inside a span NER read from a sentence in another language ("ti scrivo da
# Caltanissetta", "Biz İzmir'de yaşıyoruz ama o"): the span is the capitalised runs inside it
_SPAN_PARTICLES = frozenset("de da di do du dos das del della van von der den ter ten zu af av bin ibn al el la le y e "
                            "ben bint abu".split())
_LOWER_WORD = regex.compile(r"\p{Ll}[\p{Ll}\p{M}'’-]*")
_CAPITALISED_RUN = regex.compile(r"\p{Lu}[\p{L}\p{M}'’-]*(?:[ \t]+(?:(?:" + "|".join(sorted(_SPAN_PARTICLES)) +
                                 r")[ \t]+)?\p{Lu}[\p{L}\p{M}'’-]*)*")
# the place cell of a profile after a name and an age: '"Sav, 21, Ponsonby', "Rahul | 23 | Koramangala"
_BIO_AGE_BEFORE = re.compile(r"\w[ \t]*(?:,|\||·|–|-)[ \t]*(?:1[6-9]|[2-9]\d)[ \t]*(?:,|\||·|–|-)[ \t]*$")
# a town NER cut after its first word: "… ở Hội" + " An"
_NEXT_CAPITALISED = regex.compile(r"[ \t]+\p{Lu}[\p{L}\p{M}]*")
# a place's preposition in the languages letters come in ("da Caltanissetta", "nach Graz", "w Tarnowie"),
# or a Turkish locative or ablative suffix after it ("İzmir'de", "Eindhoven'da", "Ankara'dan")
_FOREIGN_PLACE_BEFORE = re.compile(r"(?<![\w'’])(?:da|di|a|à|en|em|no|na|nach|aus|bei|w|we|z|ze|ở|tại|từ|sa|taga|"
                                   # Swahili's "we live", "I am at": "tunaishi Kisumu", "niko Mombasa"
                                   r"naishi|tunaishi|anaishi|wanaishi|nipo|tupo|yupo|niko|tuko|yuko)[ \t]+$")
_NICKNAME_BEFORE = re.compile(r"(?i:\bnick(?:name)?s?\b(?:[ \t]+(?:is|was))?[ \t]*[:=-]?[ \t]*[\"'“‘]?)$")
_TURKISH_CASE_IN = re.compile(r"['’](?:de|da|te|ta|deki|daki|teki|taki|den|dan|ten|tan|e|a|ye|ya)$")
# Polish "in" before a capitalised word: a place, inflected as the gazetteer never lists it ("w Wadowicach",
# "we Wrocławiu": "we" only before a w or an f, as Polish writes it, never English "we Okafors"); Polish puts no
# person there (a month or a weekday aside: "w Sobotę")
_POLISH_IN_BEFORE = re.compile(r"(?<![\w'’/])(?:w|we)[ \t]+$")
_POSTPOSITION_AFTER = re.compile(r"[ \t]+(?:mein|mei|me|se|ko|main)\b")
_VOCATIVE_END = re.compile(r"[ \t]*[!?.]*[ \t]*(?:[\"'”’)]|$|\n)")
_DIGIT = re.compile(r"\d")
_EXCLAIM_AFTER = re.compile(r"[ \t]*[!?]")
_COMMA_BEFORE = re.compile(r",[ \t]*$")
_FROM_AFTER = re.compile(r"[ \t]+(?:is|was|'s|’s)[ \t]+(?:originally[ \t]+)?from\b")
_LIFE_AFTER = re.compile(r"[ \t]+(?:began|begins|started|starts|wrote|writes|said|says|told|asked|sang|sings|played|"
                         r"plays|married|died|was born|shouted|yelled|smiled|laughed|replied)\b")
_ROLE_BEFORE = re.compile(r"(?i:\b(?:commenter|singer|songwriter|author|writer|actor|actress|player|director|producer|"
                          r"drummer|guitarist|bassist|rapper|poet|novelist|artist|painter|columnist|journalist|"
                          r"reporter|blogger|coach|manager|professor|ex-[\w-]+|directed by|starring|produced by|"
                          r"written by|performed by|sung by|featuring)[ \t]+$)")
_KIN_TITLE = re.compile(r"(?:Uncle|Aunty|Auntie|Aunt|Nana|Grandma|Grandpa|Sensei)[ \t]")
_KIN_TITLE_BEFORE = re.compile(r"\b(?:Uncle|Aunty|Auntie|Aunt|Sensei)[ \t]+$")
_AND_BEFORE = re.compile(r"(?:,|[ \t]+(?:and|&|or))[ \t]+$")
_AND_AFTER = re.compile(r"(?:,|[ \t]+(?:and|&|or))[ \t]+")
# the same joins past a short aside in brackets after the first name: "Carter (ssn …) and Savannah",
# "Oyelaran (goes by Laran), Hyun-woo"
_ASIDE = r"(?:[ \t]*\([^()\n]{1,40}\))?"
_AND_ASIDE = re.compile(_ASIDE + r"(?:,|[ \t]+(?:and|&|or))[ \t]+")
_AND_WORD_ASIDE = re.compile(_ASIDE + r"[ \t]+(?:and|&)[ \t]+")
# a person's title right before the span ("Mrs. Achterberg", "Herr Obermeier"); "Dr"/"St" after a
# capitalised word or a number is a street's ("12 Oak Dr Springfield")
_TITLE_BEFORE = regex.compile(r"(?<![\p{L}])(?:(?<![\p{Lu}][\p{L}]*[ \t]|\d[ \t])Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Sir|Dame|Mme|Mlle|"
                              r"Herr|Frau|Sra|Srta|Sr)\.?[ \t]+$")
# a name with a middle initial is a person's ("Ruby P Wollaston"): towns take none
_MIDDLE_INITIAL = regex.compile(r"\p{Lu}[\p{Ll}\p{M}]+[ \t]+\p{Lu}\.?[ \t]+\p{Lu}[\p{Ll}\p{M}'’-]+")
# who a card or a message is from: "sign it from Trần Thị Bích Ngọc", "love from Aroha"
_SIGNED_FROM = re.compile(r"(?i:\b(?:sign(?:ed)?(?:[ \t]+(?:it|this|them|off|the card))?|love|regards|wishes|hugs|kisses)"
                          r"[ \t]+from[ \t]+$)")
# the value of a key that names a place, on a form or in JSON/YAML/Python ("City: Dos Hermanas",
# "cidade": "Rio de Janeiro", "city": ["Campinas", "Santos"], "Place of birth: Hội An")
_PLACE_KEY_BEFORE = regex.compile(
    r"(?i:(?<![\p{L}])(?:city|town|suburb|district|locality|localidad|ciudad|cidade|bairro|barrio|ville|ort|stadt|"
    r"municipality|municipio|village|neighbou?rhood|hometown|place[ \t]+of[ \t]+birth|birth[ \t]?place|county|"
    r"province|region)[\"']?[ \t]*[:=][ \t]*(?:\[[ \t]*(?:[\"'][^\"'\n]{1,40}[\"'][ \t]*,[ \t]*)*)?[\"']?$)")
# a place's noun right before the span: "the town of …", "bairro Vila Buarque"
_PLACE_NOUN_BEFORE = re.compile(r"(?<![\w-])(?:(?:town|city|village|suburb|suburbs|district|borough|county|province|"
                                r"region|municipality|neighbou?rhood)[ \t]+of|bairro|barrio|quartier|(?i:brgy\.?|barangay|"
                                r"purok|sitio|kelurahan|phường|xã|quận))[ \t]+$")
# a toponym's first word before the span, after a place's preposition ("in San Miguel de Allende",
# "in El Knaies"), or a compass word no person's name opens ("to North Christina")
_TOPONYM_WORD_BEFORE = regex.compile(r"(?<![\w'’])(?:in|In|to|from|near|at)[ \t]+((?:San|Santa|Santo|São|Saint|St\.?|Sankt|El|Al|La|Le|"
                                     r"Los|Las|Port|Fort|Mount|Puerto|Porto|Bad|Nova|Novo|Nueva|Nuevo|Vila|Villa|Cite|Cité)"
                                     r"[ \t]+)$")
_COMPASS_BEFORE = regex.compile(r"(?<![\w'’-])((?:North|South|East|West|Upper|Lower)[ \t]+)$")
# a journey's "to": a name that is no given name is where someone goes ("travelling to Greenlander
# next week", "Who's coming to Greenlander with me?"; not "the invite goes to Arash & Mina")
_MOTION_TO = re.compile(r"(?i:\b(?:travel\w*|com(?:e|es|ing)|came|mov(?:e|es|ed|ing)|fl(?:y|ies|ying|ew|own)|"
                        r"driv(?:e|es|ing)|drove|head(?:ed|ing|s)?|trip|journey|welcome|relocat\w*|emigrat\w*|home)[ \t]+to[ \t]+$)")
# setting out from a town: "leaving Te Awamutu on jan 4", "we left Kumasi at dawn"
_LEAVING_BEFORE = re.compile(r"(?i:\b(?:leaving|leave|left|departing|depart|departed)[ \t]+$)")
# where a journey goes or someone stays or comes from, before a town NER read as an organisation
_TOWN_PREP_BEFORE = re.compile(r"(?i:\b(?:in|to|from|near|outside|around|visiting|visit)[ \t]+$)")
# a company's or a body's word after the name: "in Dingle Bay Hotel", "to Nokia Oyj"
_ORG_WORD_AFTER = re.compile(r"[ \t]+(?:[A-Z][\w&'’-]*[ \t]+)*(?:Ltd|Inc|Plc|PLC|LLC|Group|Bank|Hotel|Council|Hospital|"
                             r"University|College|School|FC|United|City\b(?![ \t]+of))")
# where one comes from, goes or lives near: "coming from Đà Nẵng", "a village near Nowy Targ", "a shtetl called
# Kolbuszowa", "back to Kolbuszowa" (a message "from Ana" is a person's: only a known town that no given name or
# surname makes is read as one)
_FROM_BEFORE = re.compile(r"(?i:\b(?:from|near|outside|nearby|to|at|on|via|around|(?:village|town|shtetl|hamlet|city)[ \t]+called)[ \t]+$)")
# a time then "at": a meeting place ("5s thursday 8pm at Toryglen")
_TIME_AT = re.compile(r"(?i:(?:\d[ \t]?(?:am|pm)|\d[:.]\d\d)[ \t]+at[ \t]+$)")
# not a name at all: a month after a day's number ("Saturday 25 May", "14 Jan leave Ballarat"), the
# letters of a British postcode ("NE6 5QL"), the word "City" of a town's name ("Lipa City")
_DAY_NUMBER = r"(?:[12]\d|3[01]|0?[1-9])"  # a day of the month in figures
_MONTH = regex.compile(r"(?i:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?|January|February|March|April|June|"
                       r"July|August|September|October|November|December)")
# a day's ordinal and "of" before a month, in figures or words: "the 22nd of july", "seventh of october"
_DAY_OF_BEFORE = regex.compile(r"(?i:(?<![\w])(?:" + _DAY_NUMBER + r"(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|"
                               r"seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|twentieth|twenty[- ]\w+|thirtieth|"
                               r"thirty[- ]first)[ \t]+of[ \t]+$)")
_WEEKDAY = regex.compile(r"(?i:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?|monday|tuesday|wednesday|thursday|friday|"
                         r"saturday|sunday)")
# a date or a time after a weekday: "Sunday 9 February", "thu 2pm", "Fri 14:30"
_DAY_MONTH_OR_TIME_AFTER = regex.compile(r"(?i:[ \t,]+(?:" + _DAY_NUMBER + r"(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?"
                                         r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?|"
                                         r"(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?[ \t]?(?:am|pm)|(?:[01]?\d|2[0-3]):[0-5]\d)(?![\w]))")
_DAY_BEFORE = regex.compile(r"(?<![\d.,/:-])" + _DAY_NUMBER + r"(?:st|nd|rd|th)?[ \t]+$")
_DAY_AFTER = regex.compile(r"[ \t]+" + _DAY_NUMBER + r"(?:st|nd|rd|th)?(?![\d.,/:-]?\d)")
_POSTCODE_LETTERS = regex.compile(r"[A-Z]{1,2}")
_POSTCODE_REST = regex.compile(r"\d[A-Z\d]?[ \t]\d[A-Z]{2}(?![\w])")
_CITY_WORD = regex.compile(r"City|Town")
# an event named after its town: "Miami Grand Prix", "the Leeds Marathon"
_TOWN_EVENT_END = re.compile(r"[ \t]+(?:(Grand[ \t]+Prix|Marathon|Half[ \t]+Marathon|Olympics|Regatta|Festival|Carnival|Air[ \t]+Show)|"
                        r"Open|Masters|Cup|Games|Derby)")  # (group 1: words no surname is)
_CITY_AFTER = re.compile(r"[ \t]+(City|Town)\b")
_CAPITALISED_BEFORE = regex.compile(r"(?<![\p{L}])\p{Lu}[\p{L}\p{M}'’-]+[ \t]+$")
# a relative's noun after a possessive in Spanish, Portuguese, French or Italian before the name
# ("mi hijo es Santiago", "mi abuela Remedios", "minha prima Thaís")
_KIN_FOREIGN = (r"(?i:(?<![\w'’])(?:mi|mis|tu|su|minha|meu|minhas|meus|ma|mon|mes|mia|mio)[ \t]+(?:hij[oa]s?|abuel[oa]|"
                r"herman[oa]|mam[aá]|madre|padre|pap[aá]|t[ií][oa]|prim[oa]|espos[oa]|novi[oa]|amig[oa]|filh[oa]|av[óô]|"
                r"irm[ãa]o?|m[ãa]e|pai|fils|fille|m[èe]re|p[èe]re|fr[èe]re|s[œo]eur|nonn[oa]|nipote|zi[oa]|figli[oa]|"
                r"sorella|fratello)(?:[ \t]+(?:es|se[ \t]+llama|é|est|si[ \t]+chiama|s'appelle))?[ \t]+)")
_KIN_FOREIGN_BEFORE = regex.compile(_KIN_FOREIGN + r"$")
_KIN_FOREIGN_START = regex.compile(_KIN_FOREIGN + r"(?=\p{Lu})")
# an address block's town line: after a line with a number (a street, a unit), the town alone on its
# line above a country or with a postal code after it ("??? Apt. 470⏎??? Moura⏎??? Portugal 05918",
# "… Mühle 88⏎Schüpbach nan 3535")
_LINE_PREFIX = regex.compile(r"[ \t>}{|*•#?\-]*")
_TOWN_LINE_REST = regex.compile(r"[ \t]*(?:,?[ \t]*(?:[A-Za-z]{2,3}[ \t]+)?\d{3,6})?[ \t]*")
_COUNTRY_LINE = regex.compile(r"[ \t>}{|*•#?\-]*(\p{L}[\p{L} .'’()-]*?)[ \t]*(?:\d[\d -]{2,9})?[ \t]*")
# a word no name list knows ending in "town" is a town ("Gojislavtown")
_TOWN_WORD_END = re.compile(r"..town$")
# a name one fights, dates or dines with ("a huge fight with Paris last night"), unless a unit of a
# place follows ("a call with Paris office")
_WITH_PERSON = re.compile(r"(?i:\b(?:fight|fought|fighting|argument|argued|arguing|row|date|dating|talk|talked|chat|chatted|"
                          r"lunch|dinner|coffee|drinks|broke[ \t]+up|breaking[ \t]+up|split[ \t]+up|living|lives|live|moved[ \t]+in)"
                          r"[ \t]+with[ \t]+$)")
_PLACE_UNIT_AFTER = re.compile(r"(?i:[ \t]+(?:office|team|branch|hq|headquarters|staff|side|airport|station)\b)")
# someone told, asked or texted, and who answers with a clause ("should i tell Leon or will she kill me",
# "text Austin and ask if he is in"; not "fly to Leon", "tell Paris apart from Rome")
_TOLD_BEFORE = re.compile(r"(?i:\b(?:tell|told|telling|ask|asked|asking|text|texted|texting|message|messaged|call|called|"
                          r"ring|rang|remind|reminded|thank|thanked|invite|invited)[ \t]+$)")
_CLAUSE_AFTER = re.compile(r"(?i:[ \t]*(?:[,.!?]|$|[ \t]+(?:or|and|that|if|whether|about|to)[ \t]+(?:i|he|she|they|we|not|ask|say|come|"
                           r"meet|call|tell|bring)\b))")
# a verb of perceiving or meeting after a given name: "Paris saw them with her ex" (not "Paris saw record crowds")
_PERCEIVE_AFTER = re.compile(r"(?i:[ \t]+(?:saw|heard|noticed|spotted|met|caught)[ \t]+(?:them|him|her|me|us|it|you)\b)")
# a verb only a person's subject takes, negated or not ("if Brooklyn doesnt come with him")
_ANIMATE_AFTER = re.compile(r"(?i:[ \t]+(?:(?:doesn'?t|didn'?t|won'?t|can'?t|never|always|also|just|still)[ \t]+)"
                            r"(?:come|go|want|know|like|call|text|reply|answer|care|think|understand|feel|say|tell|ask|"
                            r"talk|listen|remember|agree)\b)")
# another name for the same person in brackets after the span: "Oyelaran (goes by Laran)"
_ALIAS_AFTER = re.compile(r"[ \t]*\((?:goes by|aka|a\.k\.a\.?|known as|n[ée]e|called)\b", re.I)
_KIN_AFTER = re.compile(r"[ \t]+(?:and|&)[ \t]+(?:her|his|their)[ \t]+(?:mum|mom|mother|dad|father|parents|sister|brother|"
                        r"husband|wife|partner|boyfriend|girlfriend|kids?|children|son|daughter|family|friends?)\b")
_AND_WORD = re.compile(r"[ \t]+(?:and|&)[ \t]+")
_ARE_AFTER = re.compile(r"[ \t]+(?:were|are|have|had|both)\b")
# street words that come before the name, in French, Spanish, Italian, Portuguese, Polish, Greek
_PREFIX_WORDS = (r"rue|avenue|boulevard|chemin|calle|avenida|via|viale|piazza|rua|ulica|Λεωφόρος|Οδός|οδός|Rue|Calle|"
                 r"Avenida|Via|Viale|Piazza|Rua|Ulica|Heol|Ffordd|Stryd|вул\.|вулиця|ул\.|улица|проспект|просп\.|пр-т|"
                 r"бульвар|пров\.|провулок|пер\.|переулок|Вул\.|Ул\.")
_PREFIX_ARTICLES = r"(?:[ \t]+(?:de|des|du|del|della|di|da|do|dos|la|le|les|y|yr))*"
_STREET_PREFIX = regex.compile(r"(?<![\p{L}])(?:" + _PREFIX_WORDS + r")" + _PREFIX_ARTICLES + r"[ \t]+$")
_STREET_PREFIX_START = regex.compile(r"(?:Rue|Avenue|Boulevard|Chemin|Calle|Avenida|Via|Viale|Piazza|Rua|Ulica|Λεωφόρος|Οδός|"
                                     r"Heol|Ffordd|Stryd)" + _PREFIX_ARTICLES + r"[ \t]+\S")
# a span that is only a street word takes the street's name after it: "8 Heol y Nant"
_PREFIX_ONLY = regex.compile(r"(?:Heol|Ffordd|Stryd|Rue|Calle|Rua|Via|Ulica)")
_NAME_AFTER_PREFIX = regex.compile(_PREFIX_ARTICLES + r"[ \t]+\p{Lu}[\p{L}\p{M}'’-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}'’-]+)*")
# the house number after a street named by its prefix word: "вул. Шевченка, 23"
_HOUSE_NUMBER_AFTER = regex.compile(r",?[ \t]*\d{1,4}[\p{L}]?(?![\d\p{L}])")
_STREET_TYPE_END = regex.compile(r"[ \t](?:str|utca|veg|vei|vej|straße|strasse|weg|laan|straat|St|Rd|Ave)\.?$")
# the words in full end a street where one stands ("on Kowhai Street"); not after an article ("the
# Silk Road", "the Abbey Road crossing": a landmark) or a journey's "to"/"from" (a town: "flew to
# Prospect Road")
_STREET_WORD_END = regex.compile(r"[ \t](?:Street|Road|Avenue|Lane|Drive|Boulevard|Crescent|Terrace)$")
_THE_BEFORE = re.compile(r"(?i:\b(?:the|to|from)[ \t]+$)")
_NUMBER_BEFORE = regex.compile(r"(?:^|[\n,\"']|\d[ \t]|\b(?:at|on|is|and|address:?|[Ss]ố|ngõ|ngách|hẻm|kiệt))[ \t]*"
                               r"(?:\d{2,5}[a-zA-Z]?|\d{1,4}(?:-\d{1,4}){1,3}|\d{1,4}/\d{1,4}[a-zA-Z]?)[ \t]+$")
# ("4093 110 Kontomari", "3-14-2 Jingumae", "45/2 Nguyễn Duy Hiệu", "street": "23 Lý Tự Trọng", after a
# Vietnamese number or lane word: "Số 27 ngõ 158 Nguyễn Khánh Toàn")
_LINE_END_AFTER = regex.compile(r"[ \t]*(?:$|\n|,|[ \t]\d|[\"'(])")
# what may follow an address's town on its line besides its end: a sentence's end or the clause
# going on ("61 Beech Grove, Kirkstall. my car …", "19 Clarendon Road, Leamington Spa has been …");
# a person's frame after it is no town's ("… Road, Maria and I")
_TOWN_AFTER_STREET = regex.compile(r"[ \t]*(?:[.;!?)](?:\s|$)|[ \t]+\p{Ll})")
_STREET_COMMA_GAP = regex.compile(r"\.?[ \t]*,[ \t]*(?:[^,\n]{0,30}\d[^,\n]{0,30},[ \t]*)?")
_TOWN_GAP = regex.compile(r"\.?[ \t]*,[ \t]*|[ \t]*\n[ \t]*")
# capitalised words right before a street's name, on its line ("on Daud Roads Street": "Daud")
_NAME_WORDS_BEFORE = regex.compile(r"(?:\p{Lu}[\p{L}\p{M}'’\-]+[ \t]+){1,2}$")
# a given name (hyphenated or not, with an optional initial) right before a span
_PLACE_PREP = re.compile(r"(?i:\b(?:to|in|from|at|near|of)[ \t]+$)")
_INITIAL = regex.compile(r"\p{Lu}\.")
_GIVEN_BEFORE = regex.compile(r"(\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?)[ \t]+(?:\p{Lu}\.?[ \t]+)?$")
_STREET_TYPE = regex.compile(r"[ \t]+(?:\p{Lu}[\p{L}\p{M}'’-]+[ \t]+)?(?:(?:St|Street|Rd|Road|Ave|Avenue|Lane|Ln|Blvd|"
                             r"Boulevard|Drive|utca|út|ulica|ul|veg|vei|vej|gate|gata|gatan|vägen|straße|strasse|"
                             r"str|weg|laan|straat|gasse|allee)\b\.?|street(?![\w-])|tee(?=[ \t]+\d))"
                             r"(?:[ \t]+\d{1,5}[a-zA-Z]?\b\.?|,?[ \t]+(?:number|no\.|nr\.?|n[º°])[ \t]*\d{1,5}\b)?")


def _journey_town(text: str, start: int, end: int) -> bool:
    """A town of 15,000+ people in a passage about a journey that names another such town, with no
    person's cue before it or person's verb after it ("Florence or Siena for a day trip from Rome?";
    not "my friend Florence is visiting from Rome")."""
    value = text[start:end]
    if " ".join(G.fold_word(value).split()) not in G.major_places() or _POSSESSIVE_AFTER.match(text, end) \
            or _PERSON_CUE_BEFORE.search(text, max(0, start - 30), start) or RELATION_BEFORE.search(text, max(0, start - 40), start) \
            or _PERSON_VERB_AFTER.match(text, end) or PERSON_PRONOUN_AFTER.match(text, end):
        return False
    near = text[max(0, start - 300):end + 300]
    if not _JOURNEY.search(near):
        return False
    others = {" ".join(G.fold_word(m.group()).split()) for m in _CAPITALISED_WORDS.finditer(near)} - {G.fold_word(value)}
    return any(o in G.major_places() and (not G.is_given(o) or G.is_famous_place(o)) for o in others)


def _capitalised_runs(text: str, c, make) -> list:
    """An NER name span that holds lower-case words other than a name's particles, cut to the
    capitalised runs inside it ("ti scrivo da Caltanissetta" -> "Caltanissetta"); any other span as it is."""
    if c.recognizer != "SpacyRecognizer" or c.etype not in (E.PERSON, E.LOCATION) or c.pass_name == "identity":
        return [c]
    value = text[c.start:c.end]
    words_ = value.split()
    if len(words_) < 2 or not any(_LOWER_WORD.fullmatch(w) and w not in _SPAN_PARTICLES for w in words_) \
            or any(ch.isdigit() for ch in value) or not any(w[:1].isupper() for w in words_):
        return [c]  # (a span in lower case, or with a number, is a lower-case chat's name or address: "22b mill lane")
    out = []
    for m in _CAPITALISED_RUN.finditer(value):
        a, b = c.start + m.start(), c.start + m.end()
        nxt = _NEXT_CAPITALISED.match(text, b)
        if b == c.end and nxt is not None and G.is_place(text[a:nxt.end()]):
            b = nxt.end()  # "… ở Hội" + "An": the town NER cut
        if c.etype == E.PERSON and filters.not_a_name_word(text, a, b):
            continue  # "Si dice che …": a word of that language, no one
        out.append(make(a, b, c.etype, c))
    return out


def _foreign_place(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of a known town after a place's preposition of another language, before a Hindi
    postposition or with a Turkish case suffix: "ti scrivo da Caltanissetta", "Jhansi mein",
    "Biz İzmir'de yaşıyoruz" (the town alone); any word after Polish "w" ("w Wadowicach"); None
    otherwise."""
    value = text[start:end]
    suffix = _TURKISH_CASE_IN.search(value)
    if suffix is not None:
        words_ = value[:suffix.start()].split()
        town = words_[-1] if words_ else ""
        begin = start + suffix.start() - len(town)
        if town and G.is_place(town) and not G.is_given(town):
            return begin, start + suffix.start()
        return None
    polish_in = _POLISH_IN_BEFORE.search(text, max(0, start - 4), start)
    if polish_in and (polish_in.group().strip() == "w" or value[:1] in "WwFf") and " " not in value and not G.is_given(value) \
            and not calendar_name(value):
        return start, end  # "wizyta 12 maja o 9:30 w Wadowicach": an inflected town
    if not G.is_town(value):
        return None  # (a town of two words is a town, though its first is a given name: "ở Hội An")
    if _FOREIGN_PLACE_BEFORE.search(text, max(0, start - 10), start) or _POSTPOSITION_AFTER.match(text, end):
        return start, end
    return None


def _closing_name(text: str, start: int, end: int) -> bool:
    """A given name (or a word no town list holds) closing a letter after a thanks: "… EH9 1HN. Thanks, Morag"."""
    value = text[start:end]
    return (G.is_given(value.split()[0]) or not G.is_place(value)) and _CLOSING_BEFORE.search(text, max(0, start - 20), start) \
        is not None and _CLOSING_END.match(text, end) is not None and not _DIGIT.search(value)


def _month_and_day(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of a date that this one word, a month's name in any language (CLDR's, as
    ``written_date`` reads them), makes with the day in figures beside it ("8 Μαρτίου", "Hulyo 19",
    "Agosto 3"); None otherwise."""
    if " " in text[start:end] or text[start:end].lower() not in month_names():
        return None
    if (m := _DAY_BEFORE.search(text, max(0, start - 8), start)) is not None:
        return m.start(), end
    if (m := _DAY_AFTER.match(text, end)) is not None:
        return start, m.end()
    return None


def _no_name(text: str, start: int, end: int) -> tuple[int, int, str] | None:
    """The span and type of a "person" that is a date's month, a postcode's letters or the last word
    of a town's name, by the words around it; None for a name."""
    if _MONTH.fullmatch(text, start, end) and (m := _DAY_BEFORE.search(text, max(0, start - 8), start)):
        return m.start(), end, E.DATE_TIME  # "25 May", "14 Jan"
    if (day := _month_and_day(text, start, end)) is not None:
        return day[0], day[1], E.DATE_TIME
    if _MONTH.fullmatch(text, start, end) and (m := _DAY_OF_BEFORE.search(text, max(0, start - 24), start)):
        return m.start(), end, E.DATE_TIME  # "the 22nd of july", "seventh of october"
    if _WEEKDAY.fullmatch(text, start, end) and (m := _DAY_MONTH_OR_TIME_AFTER.match(text, end)):
        return start, m.end(), E.DATE_TIME  # "Sunday 9 February", "thu 2pm": a day, no one
    if _POSTCODE_LETTERS.fullmatch(text, start, end) and (m := _POSTCODE_REST.match(text, end)):
        return start, m.end(), E.POSTAL_CODE  # "NE6 5QL"
    if _CITY_WORD.fullmatch(text, start, end) and (m := _CAPITALISED_BEFORE.search(text, max(0, start - 30), start)):
        return m.start(), end, E.LOCATION  # "Lipa City"
    if (m := _TOWN_EVENT_END.search(text, start, end)) is not None and m.end() == end and m.start() > start \
            and G.is_place(text[start:m.start()]) \
            and (m.group(1) is not None or not G.is_given(text[start:end].split()[0])):
        return start, m.start(), E.LOCATION  # "Miami Grand Prix", "Leeds Marathon": the town an event is named after
        # (before "Masters", "Derby", "Cup" …, words surnames are, a town that is a given name may open a
        # person's name: "Jordan Masters")
    return None


def _town_line(text: str, start: int, end: int) -> bool:
    """The span is the town line of an address block (``_TOWN_LINE_REST`` above)."""
    a, b = line_of(text, start, end)
    if a == 0 or not _LINE_PREFIX.fullmatch(text, a, start) or not _TOWN_LINE_REST.fullmatch(text, end, b):
        return False
    pa, pb = line_of(text, a - 1, a - 1)
    if not _DIGIT.search(text, pa, pb):
        return False
    if _DIGIT.search(text, end, b):
        return True
    if b >= len(text):
        return False
    na, nb = line_of(text, b + 1, b + 1)
    m = _COUNTRY_LINE.fullmatch(text, na, nb)
    return m is not None and " ".join(m.group(1).lower().split()) in public_places()


def _place_key(text: str, start: int) -> bool:
    """The span is the value of a place's key or follows a place's noun."""
    return _PLACE_KEY_BEFORE.search(text, max(0, start - 80), start) is not None \
        or _PLACE_NOUN_BEFORE.search(text, max(0, start - 24), start) is not None


def _in_place_list(text: str, start: int, end: int, places: list[tuple[int, int]]) -> bool:
    """A name that is no given name, joined by a comma or "and" to a place no one's name reads as
    ("across Kilimani, Westlands and Eastleigh"), and in no person's frame."""
    value = text[start:end]
    ws = _words(value)
    if not ws or G.is_given(ws[0]) or (G.is_surname(ws[-1]) and not G.is_place(value)) or _POSSESSIVE_AFTER.match(text, end) \
            or _PERSON_VERB_AFTER.match(text, end) or PERSON_PRONOUN_AFTER.match(text, end):
        return False
    return any((b <= start and _AND_BEFORE.fullmatch(text, b, start)) or (a >= end and _AND_AFTER.fullmatch(text, end, a))
               for a, b in places)


def _words(value: str) -> list[str]:
    return value.split()


def org_town(text: str, start: int, end: int) -> bool:
    """NER's organisation that is a town: a known town no name's shape makes, where a journey goes or
    someone stays ("finish in Dingle", "a weekend in Dingle", "drive to Ennis"; not "work at Nokia",
    "shares in Apple")."""
    value = text[start:end]
    return bool(_TOWN_PREP_BEFORE.search(text, max(0, start - 12), start)) and G.is_town(value) \
        and not _name_shaped(value) and not _POSSESSIVE_AFTER.match(text, end) and not _ORG_WORD_AFTER.match(text, end)


def _name_shaped(value: str) -> bool:
    """A known name's shape: one word that is a given name or a surname, or a given name then a surname
    ("Chapel Allerton" is not one: Allerton is no surname of the lists)."""
    ws = _words(value)
    if len(ws) == 1:
        return G.is_given(ws[0]) or G.is_surname(ws[0])
    return bool(ws) and G.is_given(ws[0]) and G.is_surname(ws[-1])


def _known_name(value: str) -> bool:
    ws = _words(value)
    return bool(ws) and (G.is_given(ws[0]) or G.is_surname(ws[-1]))


def _place(text: str, start: int, end: int, by_ner: bool) -> tuple[int, int] | None:
    """The span of the place this "person" is, by its frame; None when the frame says nothing."""
    value = text[start:end]
    if _TITLE_BEFORE.search(text, max(0, start - 12), start):
        return None  # "Mrs. Achterberg": a title is a person's
    if _place_key(text, start):
        return start, end  # "City: Dos Hermanas", "bairro Vila Buarque"
    if _town_line(text, start, end):
        return start, end  # "??? Apt. 470⏎??? Moura⏎??? Portugal 05918"
    m = _TOPONYM_WORD_BEFORE.search(text, max(0, start - 16), start) or _COMPASS_BEFORE.search(text, max(0, start - 8), start)
    if m and not _POSSESSIVE_AFTER.match(text, end):
        return m.start(1), end  # "in San Miguel de Allende", "to North Christina": the first word joins
    if ((_MOTION_TO.search(text, max(0, start - 60), start) and not G.is_given(value.split()[0]))
            or _TIME_AT.search(text, max(0, start - 12), start)) \
            and not _POSSESSIVE_AFTER.match(text, end) and not _PERSON_VERB_AFTER.match(text, end) \
            and not PERSON_PRONOUN_AFTER.match(text, end) and not _KIN_AFTER.match(text, end):
        return start, end  # "travelling to Greenlander next week", "8pm at Toryglen"
    m = _FEATURE_END.search(value)
    if m:
        return start, start + m.start()  # "Alluitsup Paa bridge": the NER span took the noun
    if _FEATURE_AFTER.match(text, end) or _POSTCODE_AFTER.match(text, end):
        return start, end
    if (city := _CITY_AFTER.match(text, end)) is not None and G.is_place(value + " " + city.group(1)):
        return start, city.end()  # "Brgy. Tisa, Cebu City": the list took "Cebu", the town is "Cebu City"
    if _NAMED_FEATURE_END.search(value) and not G.is_given(value.split()[0]):
        return start, end
    if _POSTCODE_BEFORE.search(text, max(0, start - 12), start) and G.is_place(value):
        return start, end  # "20621130 Rio de Janeiro", "75011 Paris": a town after its postal code
    if _IN_BEFORE.search(text, max(0, start - 12), start) and not _IN_PERSON.search(text, max(0, start - 30), start) \
            and not _POSSESSIVE_AFTER.match(text, end):
        return start, end
    if _journey_town(text, start, end):
        return start, end  # "Florence or Siena for a day trip from Rome?": towns of a journey
    body = LOCAL_BODY_END.search(value)
    if body is not None and body.start() > 0 and G.is_place(value[:body.start()]) and not G.is_famous_place(value[:body.start()]):
        return start, start + body.start()  # "Cheadle Hulme Neighbourhood Watch": the town a local body is named after
    if _LEAVING_BEFORE.search(text, max(0, start - 12), start) and G.is_place(value) and not G.is_given(value.split()[0]):
        return start, end  # "leaving Te Awamutu on jan 4": a town one sets out from
    if _FROM_BEFORE.search(text, max(0, start - 16), start) and G.is_town(value) and not _name_shaped(value) \
            and not _POSSESSIVE_AFTER.match(text, end) \
            and not _PERSON_VERB_AFTER.match(text, end) and not PERSON_PRONOUN_AFTER.match(text, end):
        return start, end  # "coming from Đà Nẵng", "driving us from Chapel Allerton": a known town no name is made of
    if _BIO_AGE_BEFORE.search(text, max(0, start - 16), start) \
            and (G.is_place(value) or not (G.is_given(value.split()[0]) or G.is_surname(value.split()[-1]))) \
            and not (" " not in value and G.is_given(value)):
        return start, end  # "Rahul | 23 | Koramangala": a profile's place after its name and age
    if (span := _foreign_place(text, start, end)) is not None:
        return span  # "ti scrivo da Caltanissetta", "İzmir'de yaşıyoruz", "Jhansi mein"
    if _LINKED_TOWN.search(value) and (G.is_place(value) or G.is_place(value.replace("-", " "))):
        return start, end  # "Castle Medical Practice, Ashby-de-la-Zouch": a town's linked name
    if _unnamed_town(text, start, end):
        return start, end  # "Meenakshi Iyer, Velachery, contact 98401 22731": a known town in a contact line
    if not by_ner:
        return None  # a person by a cue or a list ("My name is Beaufort"): its shape is no evidence
    if G.is_famous_place(value) and not G.is_given(value.split()[0]) and _given_before(text, start) == start \
            and not _ROLE_BEFORE.search(text, max(0, start - 30), start):
        return start, end  # NER's "person" on a large city that is no one's name ("What about Barcelona?")
    if _TOPONYM_PREFIX.match(value):
        return start, end
    ws = _words(value)
    if len(ws) == 1 and len(ws[0]) > 5 and (TOPONYM_END.search(ws[0]) or _TOWN_WORD_END.search(ws[0])) \
            and not _known_name(value):
        return start, end
    return None


# a name's key or the article of a family before the span: "Last name: Thornbury", "the Ferreiras"
_NAME_KEY_BEFORE = re.compile(r"(?i:\b(?:name|surname|first|last|given|family|the|mr|mrs|ms|miss|mx|dr|prof|sir|dame|dear)"
                              r"[ \t]*[:.]?[ \t]*$)")


def _unnamed_town(text: str, start: int, end: int) -> bool:
    """A known town no given name or surname of the lists makes ("Velachery", "Nowy Targ"), after a
    comma on a line that holds a number (a contact or an address line), where nothing around it
    speaks of a person: no cue, relation, title or name key before it, no speaker's
    colon, possessive, person's verb or pronoun, family or alias after it."""
    value = text[start:end]
    if not value[:1].isupper() or value.isupper() or not G.is_town(value) or _name_shaped(value) or not _COMMA_BEFORE.search(text, max(0, start - 3), start):
        return False
    lo, hi = line_of(text, start, end)
    if not _DIGIT.search(text, lo, hi):
        return False  # (a contact or address line holds a number; a list of people does not: "Anbu, non-veg")
    before = max(0, start - 40)
    return not (_PERSON_CUE_BEFORE.search(text, before, start) or RELATION_BEFORE.search(text, before, start)
                or _KIN_TITLE_BEFORE.search(text, before, start) or _TITLE_BEFORE.search(text, max(0, start - 12), start)
                or _NAME_KEY_BEFORE.search(text, before, start) or speaker_label(text, start, end)
                or text.startswith(":", end) or _POSSESSIVE_AFTER.match(text, end) or _PERSON_VERB_AFTER.match(text, end)
                or PERSON_PRONOUN_AFTER.match(text, end) or _FAMILY_AFTER.match(text, end) or _ALIAS_AFTER.match(text, end)
                or _SUFFIX_AFTER.match(text, end))


_SUFFIX_AFTER = re.compile(r"-(?:san|sama|kun|chan|sensei|ji|ssi|nim)\b")  # "Arakawa-san": an honorific, a person's


_NUMBER_BEFORE_NAME = re.compile(r"\d[\w/-]*[ \t]*,?[ \t]*$")
_NUMBER_AFTER_NAME = re.compile(r"[ \t]*,?[ \t]*(\d)")


def _number_next(text: str, start: int, end: int, phones: list[tuple[int, int]]) -> bool:
    """A number stands right before or after the span, with nothing but a comma between, as in an
    address ("Kita-ku, Sakai 591", "75011 Paris"); a phone number after a name is no address."""
    if _NUMBER_BEFORE_NAME.search(text, max(0, start - 12), start):
        return True
    m = _NUMBER_AFTER_NAME.match(text, end)
    return m is not None and not any(a <= m.start(1) < b for a, b in phones)


def _person(text: str, start: int, end: int, persons: list[tuple[int, int]], phones: list[tuple[int, int]]) -> bool:
    """Whether this "place" stands where a person does: after a person's role (any name but a large
    city, or a known name), or, for a known given name or surname, in a person's slot."""
    value = text[start:end]
    if _place_key(text, start) or _TOPONYM_WORD_BEFORE.search(text, max(0, start - 16), start) or _town_line(text, start, end):
        return False  # "Place of birth: Hội An", "in San Miguel", an address block's town line
    if speaker_label(text, start, end) and several_speakers(text):
        return True  # "[19:02] Tolu Adeyemi: ok family": a speaker of a pasted chat is no place
    known = _known_name(value)
    if _ROLE_BEFORE.search(text, max(0, start - 30), start) and (known or not G.is_famous_place(value)):
        return True  # "starring Chiba", "commenter Marjančo Nose": a person's role
    if _KIN_TITLE.match(value) and len(_words(value)) >= 2:
        return True  # "Uncle Femi", "Aunty Nkechi": a relative's title opens the span
    if _KIN_TITLE_BEFORE.search(text, max(0, start - 10), start):
        return True  # "Uncle Femi" with the title outside the span
    if RELATION_BEFORE.search(text, max(0, start - 40), start) and G.is_given(value.split()[0]):
        return True  # "MY EX BRANDON KEEPS …", "my sister Florence": a given name after one's relation
    if _TITLE_BEFORE.search(text, max(0, start - 12), start) or _SIGNED_FROM.search(text, max(0, start - 30), start) \
            or _KIN_FOREIGN_BEFORE.search(text, max(0, start - 40), start) \
            or _ALIAS_AFTER.match(text, end):
        return True  # "Mrs. Achterberg", "sign it from Trần Thị Bích Ngọc", "Oyelaran (goes by Laran)"
    if _OCCASION_AFTER.match(text, end) and (G.is_given(value.split()[0]) or not G.is_famous_place(value)):
        return True  # "the money for Olu's hen do": a person's own occasion
    if _closing_name(text, start, end):
        return True  # "… EH9 1HN. Thanks, Morag": a letter's closing name
    if not known:
        return False
    place_slot = _PLACE_PREP.search(text, max(0, start - 8), start) is not None
    if len(_words(value)) == 1 and G.fold_word(value) not in G.major_places() and not value.isupper() \
            and value.lower() not in public_places() and not place_slot \
            and not _number_next(text, start, end, phones):
        return True  # a name NER took for a place no country or town of 15,000 is called, in no place's slot and
        # no address ("paid by Sinéad", "Kontakt: Piotr, 512 889 340"; not "Kita-ku, Sakai 591")
    if _COMMA_BEFORE.search(text, max(0, start - 3), start) and _VOCATIVE_END.match(text, end) \
            and G.is_given(value.split()[0]) and not value.isupper() \
            and (_EXCLAIM_AFTER.match(text, end) or not G.is_famous_place(value)) \
            and not _DIGIT.search(text, max(0, start - 60), start):
        return True  # "Don't go to town, Victoria!" (not the town closing an address: "4 rue Foch, Paris")
    if _MIDDLE_INITIAL.fullmatch(value) and G.is_given(value.split()[0]):
        return True  # "Ruby P Wollaston"
    if G.is_given(value.split()[0]) and " " not in value.strip() and (
            (_TOLD_BEFORE.search(text, max(0, start - 12), start) and _CLAUSE_AFTER.match(text, end))
            or _PERCEIVE_AFTER.match(text, end)):
        return True  # "should i tell Leon or will she kill me", "Paris saw them with her ex": someone told, someone who saw
    if G.is_given(value.split()[0]) and ((_WITH_PERSON.search(text, max(0, start - 30), start)
                                          and not _PLACE_UNIT_AFTER.match(text, end)) or _ANIMATE_AFTER.match(text, end)):
        return True  # "a huge fight with Paris last night", "only if Brooklyn doesnt come with him"
    if len(_words(value)) >= 2 and G.is_given(value.split()[0]) and _POSSESSIVE_AFTER.match(text, end) and not G.is_place(value):
        return True  # "the verses from Şuheda Lugtenburg's Cautionary Tales": a given name's possessive
    if _FROM_AFTER.match(text, end) or _LIFE_AFTER.match(text, end) or (
            G.is_given(value.split()[0]) and PERSON_PRONOUN_AFTER.match(text, end)):
        return True
    given = G.is_given(value.split()[0]) and not value.isupper()
    if given and _KIN_AFTER.match(text, end):
        return True  # "lunch with Sydney and her mum"
    # joined to a person: by "and", or by a comma too away from the numbers of an address or contact
    # line, whose parts commas join ("signed by Austin and Paloma"; not "Kita-ku, Sakai, Osaka-fu 591")
    lo, hi = line_of(text, start, end)
    by_word_only = _DIGIT.search(text, max(lo, start - 40), min(hi, end + 40)) is not None
    join_before, join_after = (_AND_WORD_ASIDE, _AND_WORD_ASIDE) if by_word_only else (_AND_ASIDE, _AND_ASIDE)
    joins = given and not place_slot
    for a, b in persons:
        if b <= start and _AND_ASIDE.fullmatch(text, b, start) and (_ARE_AFTER.match(text, end) or (
                joins and join_before.fullmatch(text, b, start))):
            return True  # "Deguchi and Durham were precision engineers", "Paloma and Austin", "Carter (…) and Savannah"
        if a >= end and _AND_ASIDE.fullmatch(text, end, a):
            return _ARE_AFTER.match(text, b) is not None or (joins and join_after.fullmatch(text, end, a) is not None)
    return False


def _street(text: str, start: int, end: int, phones: list[tuple[int, int]] = ()) -> tuple[int, int] | None:
    """The span of the street this "person" or "place" is part of, by its frame; or None."""
    m = _STREET_TYPE.match(text, end)
    if m:
        before = _NAME_WORDS_BEFORE.search(text, max(0, start - 40), start)
        return (before.start() if before else start), m.end()  # "Cinzia Ford Street", "on Daud Roads Street"
    before = _STREET_PREFIX.search(text, max(0, start - 40), start)
    if _PREFIX_ONLY.fullmatch(text, start, end) and (m := _NAME_AFTER_PREFIX.match(text, end)):
        return start, m.end()  # the span is the street word alone: "8 Heol y Nant"
    if _STREET_PREFIX_START.match(text, start, end):
        return start, end  # the run took the street word: "Λεωφόρος Πανεπιστημίου"
    if before:
        n = _HOUSE_NUMBER_AFTER.match(text, end)
        return before.start(), (n.end() if n and not _DIGIT.search(text, before.start(), start) else end)
        # "Λεωφόρος Πανεπιστημίου", "rue des lieutenants Thomazo", "вул. Шевченка, 23"
    if (_POSTCODE_BEFORE.search(text, max(0, start - 12), start) and G.is_place(text[start:end])) \
            or _HYPHEN_POSTCODE_BEFORE.search(text, max(0, start - 12), start):
        return None  # a town after its postal code: "1200-018 Lisboa", "00-590 Warszawa", "75011 Paris"
    if _STREET_TYPE_END.search(text, start, end) or (_STREET_WORD_END.search(text, start, end)
                                                     and not _THE_BEFORE.search(text, max(0, start - 6), start)) \
            or ((n := _NUMBER_BEFORE.search(text, max(0, start - 16), start)) and _LINE_END_AFTER.match(text, end)
                and not any(a < start and n.end() - 2 < b for a, b in phones)):
        return start, end  # "92 Vasileos Pavlou str", "4093 110 Kontomari"; a phone's digits are no house
        # number ("0412 883 207⇥Cabramatta" in a table)
    return None


def _after_street(text: str, start: int, end: int, streets: list[tuple[int, int]]) -> bool:
    """A name right after a street, on its line: the address's town ("… utca 35., Kisbarát"), also
    past one more numbered part ("Flat 12B, Shanti Kunj, 4th Cross Road, Malleswaram") or with the
    sentence going on after it ("61 Beech Grove, Kirkstall. my car …")."""
    if _LINE_END_AFTER.match(text, end):
        return any(b <= start and (_TOWN_GAP.fullmatch(text, b, start) or _STREET_COMMA_GAP.fullmatch(text, b, start))
                   for _, b in streets)
    return _TOWN_AFTER_STREET.match(text, end) is not None and not _AND_WORD.match(text, end) \
        and not PERSON_PRONOUN_AFTER.match(text, end) and not _POSSESSIVE_AFTER.match(text, end) \
        and any(b <= start and _STREET_COMMA_GAP.fullmatch(text, b, start) for _, b in streets)


def _given_before(text: str, start: int) -> int:
    """Where a person's span starts once the given names right before it join it ("Esa-Pekka
    Kilpeläinen", "Sigríður Ottarsdóttir", "André C. Souza"): NER often takes only the surname."""
    while True:
        m = _GIVEN_BEFORE.search(text, max(0, start - 30), start)
        parts = m.group(1).split("-") if m else []
        initial = m is not None and _INITIAL.match(text[m.end(1):start + 2].strip()) is not None
        if not m or not all(G.is_given(p) and not G.is_famous_place(p) and G.fold_word(p) not in G.word_names()
                            for p in parts) or (_PLACE_PREP.search(text, max(0, m.start() - 8), m.start()) and not initial):
            return start  # (no town, no word, nothing after "to"/"in": "went to Berlin Maria said"; but
            # "the verses from Mirsade J. Črešnjovnjak": an initial follows, a town takes none)
        start = m.start()


# a family named by its surname: "the Okonkwo side", "the Hendersons' reunion" ("the Irish side", "a
# Catholic family" name a nation or a faith: demonyms and _FAITHS_AND_PARTIES)
_FAMILY_AFTER = re.compile(r"(?:['’]s?)?[ \t]+(?:family|families|side|clan|household|twins|kids|boys|girls|cousins|reunion|"
                           r"wedding|funeral|residence|farm)\b")
_FAITHS_AND_PARTIES = frozenset("christian christians muslim jewish hindu sikh catholic protestant baptist buddhist mormon amish "
                                "quaker methodist lutheran anglican orthodox evangelical democrat democrats republican "
                                "republicans labour tory tories conservative conservatives liberal liberals green greens".split())


def _family(text: str, start: int, end: int) -> bool:
    """NER's group ``text[start:end]`` is a family by its surname: one capitalised word that is a known
    surname, no demonym and no faith or party, before a family's noun ("the Okonkwo side")."""
    value = text[start:end]
    word = value.rstrip("s") if value.endswith("s") and not G.is_surname(value) else value
    return " " not in value and value[:1].isupper() and G.is_surname(word) \
        and value.lower() not in _FAITHS_AND_PARTIES and not G.is_demonym(value) \
        and _FAMILY_AFTER.match(text, end) is not None


def _mentioned(value: str) -> bool:
    """A mention that is a person's display name, not a login: one capitalised word of letters that
    is a known given name ("@Tobi", "@Aroha"; not "@jdoe_88", "@tobi", "@Netflix")."""
    return value[:1].isupper() and value[1:].islower() and value.isalpha() and G.is_given(value)


def retype(text: str, cands: list, make) -> list:
    """``cands`` with person/place/street types set by their frames (module docstring).

    ``make(start, end, etype, like)`` builds a candidate like ``like`` with a new span and type
    (the engine's Candidate stays the engine's)."""
    cands = [piece for c in cands for piece in _capitalised_runs(text, c, make)]
    persons = [(c.start, c.end) for c in cands if c.etype == E.PERSON and c.pass_name != "identity"]
    phones = [(c.start, c.end) for c in cands if c.etype == E.PHONE_NUMBER]
    out, streets = [], [(c.start, c.end) for c in cands if c.etype == E.STREET_ADDRESS]
    # a list of people is read whole: a name joined to one NER took for a place, itself joined to a
    # person, is a person too ("Isla, Mateo, Aroha": "Mateo" by "Aroha", then "Isla" by "Mateo")
    places = [c for c in cands if c.etype == E.LOCATION and c.pass_name != "identity"]
    for _ in range(4):
        more = [(c.start, c.end) for c in places if (c.start, c.end) not in persons
                and _street(text, c.start, c.end, phones) is None and _person(text, c.start, c.end, persons, phones)]
        if not more:
            break
        persons = persons + more
    # a list of places likewise: NER's place no person's span overlaps, then a "person" joined to it
    person_spans = [(c.start, c.end) for c in cands if c.etype == E.PERSON]
    towns = [(c.start, c.end) for c in places if (c.start, c.end) not in persons
             and not any(a < c.end and c.start < b for a, b in person_spans)]
    listed: set[tuple[int, int]] = set()
    for _ in range(4):
        more = {(c.start, c.end) for c in cands if c.etype == E.PERSON and c.pass_name != "identity"
                and (c.start, c.end) not in listed and _in_place_list(text, c.start, c.end, towns)}
        if not more:
            break
        listed |= more
        towns = towns + sorted(more)
    for c in sorted(cands, key=lambda c: c.start):
        if c.etype == E.NRP and _family(text, c.start, c.end):
            out.append(make(c.start, c.end, E.PERSON, c))  # "the Okonkwo side": a family, no nation
            continue
        if c.etype == E.USERNAME and text[c.start - 1:c.start] == "@" and _mentioned(text[c.start:c.end]):
            out.append(make(c.start, c.end, E.PERSON, c))  # "@Tobi can you …": a chat's mention names a person
            continue
        if c.etype == E.USERNAME and _NICKNAME_BEFORE.search(text, max(0, c.start - 24), c.start) \
                and text[c.start:c.end].isalpha() and text[c.start].isupper():
            out.append(make(c.start, c.end, E.PERSON, c))  # "her nickname is Ploy": a name people call her, no login
            continue
        if c.pass_name == "identity" or c.etype not in (E.PERSON, E.LOCATION):
            out.append(c)
            continue
        if c.etype == E.PERSON and (cut := _DIGIT_TOKEN.search(text, c.start, c.end)) is not None \
                and cut.start() > c.start:
            c = make(c.start, cut.start(), E.PERSON, c)  # "Aroha Ngata 027 555 8812": the name, not its phone
        street = _street(text, c.start, c.end, phones)
        if c.etype == E.PERSON and (other := _no_name(text, c.start, c.end)) is not None:
            out.append(make(other[0], other[1], other[2], c))
        elif (kin := _KIN_FOREIGN_START.match(text, c.start, c.end)) is not None:
            out.append(make(kin.end(), c.end, E.PERSON, c))  # "mi abuela Remedios": the name, a person
        elif street is not None:
            out.append(make(street[0], street[1], E.STREET_ADDRESS, c))
            streets.append(street)
        elif c.etype == E.PERSON and _after_street(text, c.start, c.end, streets) and not _closing_name(text, c.start, c.end):
            out.append(make(c.start, c.end, E.LOCATION, c))
            streets.append((c.start, c.end))  # the next part reads on from it: "…, Cầu Giấy, Hà Nội"
        elif c.etype == E.PERSON and (c.start, c.end) in listed:
            out.append(make(c.start, c.end, E.LOCATION, c))  # "across Kilimani, Westlands and Eastleigh"
        elif c.etype == E.PERSON and (span := _place(text, c.start, c.end, c.recognizer == "SpacyRecognizer")) is not None:
            out.append(make(span[0], span[1], E.LOCATION, c) if span[0] < span[1] else c)
        elif c.etype == E.LOCATION and (day := _month_and_day(text, c.start, c.end)) is not None:
            out.append(make(day[0], day[1], E.DATE_TIME, c))  # NER's place on "Hulyo 19"
        elif c.etype == E.LOCATION and _person(text, c.start, c.end, persons, phones):
            out.append(make(_given_before(text, c.start), c.end, E.PERSON, c))
        elif c.etype == E.PERSON and (grown := _given_before(text, c.start)) < c.start:
            out.append(make(grown, c.end, E.PERSON, c))
        else:
            out.append(c)
    return out
