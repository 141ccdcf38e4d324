"""The keep side: what detection finds but is not about the contributor, kept with a reason.

A span becomes a ``PUBLIC`` finding (reported, never replaced: ``privacy.scrub`` keeps the
type) when

* **public figure**: a person span is the full name of one of Wikidata's notable people
  (vicary's ``full`` tier: 10+ sitelinks) *and* the words around it name a public office, role
  or honour ("Jerome Powell said the Fed …", "Marie Curie … Nobel Prizes", "the Monty Hall
  problem"); a single name never is (too many people share one);
* **work**: a person span is the title of a notable work ("the Mona Lisa", vicary's ``title``
  tier) in the same kind of sentence;
* **landmark or region**: a place span is a notable geographical feature, structure, park or
  first-level region (vicary's ``place`` tier: "Silk Road", "Berlin Wall", "Bavaria") and no
  populated place of the gazetteer (privacy.detect.gazetteer);
* **landmark or region** also: a name opening with a mountain's, a lake's, a cape's or an island's word
  ("Mont Saint-Michel", "Mount Kilimanjaro", "Lake Bohinj") that is no populated place ("Lake Placid" is a
  town) and where nobody lives;
* **place as topic**: a place span is a town of 15,000+ people named as a topic: its text
  speaks of travel, weather, history or sights ("the best time to visit Tokyo", "weather in
  Reykjavik", "a haiku about Kyoto") and not of living there or of one's own trip ("I live in",
  "moved to", "my trip with Ioana to Sibiu");
* **work** also: a song by a band ("Roxanne by The Police", "Layla by Derek and the Dominos");
* **colour**, **brand**: a name before a colour word ("Hunter green") or a chain's name before
  its capitalised product, one word each, in a message tied to no one ("Is Wendy's Frosty ice
  cream?"; not "Mike Hermansen's Cautionary Tales");
* **named thing**: one name after a lower-case "the" that is no plural and qualifies no noun
  ("the Nile or the Amazon"; not "the Okafors", "the Beatles", "the Waechter novel"), or a storm's
  name ("Storm Babet");
* **eponym** also: a name before a method's noun ("Kalman filter", "Levenshtein distance"), or a
  pair of surnames in a text about methods ("Bellman-Ford", "Holt-Winters"); a name before a
  medical noun ("Raynaud's phenomenon", "Dupuytren's contracture"; before one anyone's name may own,
  "cyst", "fracture", "sign", only a name that is no given name: "Baker's cyst", not "Sarah's cyst"),
  and such a name at its other places in the message ("… Who was Raynaud?"; not the name of a weak
  eponym: "Ji-woo's cat");
* **saint**: a person named with a saint's, a pope's or a prophet's title ("St Cuthbert", "Saint
  Yared", "święta Faustyna", "Αγίου Νικολάου", "Pope Gregory"; "Padre" before a notable name:
  "Padre Pio"), never a surname after a given name ("Jenny St Clair"), nor a town the title makes
  ("St Albans", "San Diego") unless the text speaks of faith and nobody lives there, nor a street, a
  school or a hospital named after one ("King Street", "St Mary's Hospital");
* **epithet**: a place right after a kept person and "of" keeps the person's reason ("St Francis
  of Assisi", "Catherine of Aragon");
* **public figure** also: a person named with a ruler's title ("King Harold", "Emperor Meiji",
  "Sultan Mehmed II"; not "Prince", a given name too), with the saint's guards;
* **public figure** also: who is named after "in the style of", "in the voice of" ("a poem in the
  style of dr seuss");
* **named thing** also: a famous city before a year, an event it held ("Tokyo 2020", "Paris 2024"),
  where nobody lives or stays;
* **team** also: a town after a club's prefix ("Real Madrid", "Inter Milan", "Bayern Munich") in a
  text about sport or for a famous city;
* **work** also: the last word of a notable title of two words or more whose first words stand
  right before it ("watch better call saul", "Driving Miss Daisy"; never a title opening a line or
  sentence: "Dear John, …" greets John);
* **place as topic** also: a town asked about its rain, snow or blossom, a question typed without
  its mark ("will it rain in tokyo in cherry blossom season"; not where someone lives);
* **landmark or region** also: a nickname of frequent words after "called the", "known as the"
  ("Why is Chicago called the Windy City?"), no place's name and nobody's home;
* **dish** also: a town before a dish or baked good ("Chelsea buns", "Bakewell tart", "nashville hot
  chicken");
* **case name**: a party of a court case in a text about law, in a sentence without the asker
  ("Summarise Miranda v. Arizona");
* **calendar**: a day named for a weekday or "Day" ("Good Friday", "St David's Day"), and, in a
  message tied to no one, a day and month without a year that is the fixed date of a holiday the
  message names ("1 March" by St David's Day), unless its sentence speaks of a birth or a wedding;
  so are Christmas Eve to Boxing Day and New Year's Eve and Day in a sentence about closing or
  opening ("Closed 24–26 December and 1 January");
* **language**: a language after a demonym or listed with another ("British English", "English
  and Māori"): no place, no person;
* **work** also: the figure of a myth, legend or epic ("the myth of Persephone"), a two-word or
  non-given name asked about with "what is … about?" ("what is Eleanor Rigby about?");
* **named thing** also: the place of a treaty, battle or siege ("the Treaty of Waitangi");
* **brand** also: what one buys or picks ("buy a Kindle Paperwhite or a Kobo Clara"), one word after a
  kind of thing and "like" ("a budget airline like Ryanair"; not "a friend like Ana");
* **brand** also: one capitalised word right before what a maker makes ("selected Nike and Adidas trainers",
  "Hunter wellies") or called a brand ("Is Hunter still a good brand …?"), in a message tied to no one;
* **code** also: one word no list knows as a name or place, doing what a program does in a text
  about code ("Clippy warns …", "Gunicorn is running on port 8000"; not "Olumide says the build …");
* **code**: a name the text's code declares or qualifies ("class Jasper:", "Sidekiq::Client"), a
  town quoted as data (NER's "person" too, among other towns), and that value at its other places
  in the text ("KeyError: 'Sydney'"); a type after an annotation's colon or arrow ("name: str", "-> String")
  and a "person" holding what only code writes (a call's bracket, "::", a dotted lower-case identifier, an
  underscore: "pytest.raises(ValueError") in a text with code;
* **match_up**: every side of a "vs" names something public ("Verstappen vs Hamilton", "Gucci vs
  Prada vs Versace", "Real Madrid vs Barcelona", "Berlin vs Munich" as places to live): a notable
  surname, a frequent word few bear as a first name, a famous city, a word English text uses
  often that is no given name and no US census surname, a notable full name few share, or a
  brand and its model ("Samsung Galaxy S24 Ultra"); kept in an untied message with a first person
  elsewhere too ("… I think"), and so do the sides of an alternative asked about with no first person
  in its sentence ("Nike Vaporfly or Adidas Adizero for a first half marathon?"; a public brand's
  model may be a word no list knows). Private match-ups keep no one ("Did Ingrid vs Hallgerd go to a
  tiebreak?", "Mark Jones vs Tom Garcia": a full name many share is no notable name anywhere);
  a famous city and a year after "at"/"in" is an event, no street ("at Abu Dhabi 2021",
  privacy.detect.filters);
* **work** also, a story's inside (``_story_places``): a work named at a message's opening that is
  no known place, by a notable title or a public first word that is no common word and no venue
  ("In Elden Ring, …", "In Zelda Tears of the Kingdom, …"; not "In Riverside Mall, …"), and a
  place no gazetteer knows in a message about a story ("I've already done the Lightning Temple",
  "Stormveil Castle"); in a message with a story's words ("in-universe", "tragic flaws",
  "spoilers", "season 2", "in the books") or a notable work at its opening, a name asked about
  with no first person in its sentence is a character (``topic``: "Why does Gandalf not just ask
  the eagles to fly Frodo to Mordor?", a journey's "to" being no recipient), never who reads,
  watches, plays or is in the work ("Should Ifeoma read the books …?", "Why did Chidi quit the
  show after season 2?"); in such a message "with" before a name in a sentence without the asker
  is the story's ("what happens with lennie and curley's wife. no spoilers"; not "Should I watch
  season 2 with Ana?");
* **work** also: a title after a work's noun ("the episode Keepy Uppy", "the hymn …"): in a message
  tied to someone only when no word of it is a given name or a surname ("My sister lent me the book
  Ana recommended" keeps no one);
* a notable mononym (``gazetteer.notable_mononym``) that 1,800+ US babies were given (vicary's
  ``given`` tier) and no notable surname is counts only in a message with a topic word of a work,
  a public role or a journey (``_mononym``: "Thor and Loki in the Norse myths"; not "Why did Liam
  quit the band?", "Liam vs Oliver …"), and a hyphenated name only when no part is a given name;
* never, whatever anchors the message has: a name opening with a given name and no notable
  person's name or mononym that reads, watches, likes, hates or is right about a work, or quits,
  joins, leaves, cancels or texts ("Why does Luna hate the Harry Potter books?", "Why did Ezra
  leave the band right after the tour?", ``_consumer``, ``_someones``); a given name people bear
  never anchors itself ("Can you explain to Leon why …?"), and a place kept where the same words
  are such a person told something or taking part is not kept ("explain to Leon": León is a city;
  "Did Savannah enjoy the concert?");
* never, in a thing's frame: a given name or word-name as an item of a list before a dish word
  ("Grace brings dessert, Hope salad, Will drinks"), one name after "the" in a sentence about the
  contributor's own street, class or team or on a given name's side of a "vs" ("Who is the Adeyemi
  in our street?", "the Hope vs Grace netball match"), one name after "the" before "family",
  "wedding" … ("the Nkemelu family history"); a colour, a brand, a day, a language or code kept
  anchors no one else of the message ("ask Rose … Ruby green or Hunter green?", ``_WEAK_REASONS``);
* **topic**: the whole message asks about public things and nothing ties it to anyone the
  contributor knows ("In the Sherlock Holmes books, why does Moriarty hate Holmes?"): the
  people and towns named in its questions are characters, public people and destinations
  (``topic``). A notable full name few share counts as asked about wherever it stands ("Roger
  Federer seems more loved"), and a relation ("my son") ties the message only in a sentence that
  names someone or somewhere. A notable surname alone that is no given name ("Maradona") counts
  like a frequent name few bear; "with" right after a person kept earlier in the sentence is no
  personal cue ("Christopher Nolan usually works with Hans Zimmer"); an age asked about is kept
  like a date ("before turning 25?"). People listed beside a notable full name few share ("I
  remember Richard Whiteley and Carol Vorderman, then Des Lynam …", ``_list_mates``) count as asked
  about like it, so a topic question ("Who were the presenters …?", "Who has hosted …?") and the
  notable name keep them; a list member after a personal cue joins no list.

A relation ("my son", "my grandson") ties the message only in a sentence naming someone other than
a notable full name few share ("My son keeps asking why Joe Root was given out", ``_public_full_name``;
a three-letter census given name is judged by its share, ``_few_share``).

Never kept: a span that overlaps the contributor's own identifiers (the identity pass), a
person or place with a personal cue right before it ("my", "our", a greeting), a place in an
address, in capitals or at the end of a longer name, a town of the contributor's own memory ("we got
lost in Gatlinburg on the 8th grade trip": ``RESIDENCE``). The reason is
the finding's recognizer (``Keep:public_figure`` …), so the report says why.
"""

from __future__ import annotations

import re
from functools import lru_cache

from privacy import entities as E
from privacy.detect import gazetteer as G
from privacy.detect.recognizers.runs import TIMETABLE_PREFIX
from privacy.detect.vocabulary import is_common

# a public role, office or work named near the name (not just any topic word: "company songs",
# "RR commenter James Jones" keep no one)
PUBLIC_CONTEXT = re.compile(r"(?i:\b(?:president|prime minister|senator|congress(?:man|woman)|minister|chancellor|governor|"
                            r"king|queen|emperor|empress|pope|prince|princess|the fed|federal reserve|central bank|"
                            r"physicist|chemist|inventor|invented|discovered|novelist|poet|playwright|painter|painted|"
                            r"sculptor|composer|philosopher|economist|nobel|oscars?|grammys?|elections?|elected|votes?|voted|voting|"
                            r"electoral|campaign|politicians?|politics|parliament|government|named after|"
                            r"presidency|administration|reign|theorem|theory|paradox|problem|eras tour|billionaire|"
                            r"ruled|empire|dynasty|conquered|invaded?|unif(?:y|ied)|revolution|century|war|battle|"
                            r"grand slams?|tennis|football|soccer|basketball|league|championships?|olympics?|world cup|"
                            r"ballerina|dancer|singer|songwriter|rapper|novel|novelist|author|mathematician|scientist|programmer|astronaut|explorer|general|admiral|"
                            r"saint|prophet|apostle|pharaoh|ceo|founder|co-founder|chairman|chairwoman|troops|army|siege|sultan|"
                            r"physics|quantum|relativity|interpretation)\b)")
# a work is named: its title is what the sentence is about
WORK_CONTEXT = re.compile(r"(?i:\b(?:(?:summar(?:y|ie)|spoiler|plot|chapter|song|album|track|novel|book|film|movie|tv show|"
                          r"season|episode|tragedy|protagonist|villain|theme|character|sequel|adaptation|musical|opera|poem|"
                          r"painting|soundtrack|story|storie|essay|myth|legend|gospel|comic|verse|game)s?|"
                          r"summari[sz]e|chords|lyrics|read|reading|watch|watched|watching|rewatch|binge|series|tragic|"
                          r"based on|score|composed|mythology|biblical|bible|scripture|about)\b)")
# an eponym: a law, a theorem, a disease named after someone ("Bayes' theorem", "Moore's law",
# "the Fibonacci sequence", "Nobel prizes", "early signs of Parkinson's")
_EPONYM_POSSESSIVE = re.compile(r"(?:['’]s?|s['’])[ \t]+(?i:law|laws|comet|theorem|identity|equation|equations|constant|principle|"
                                r"paradox|razor|hypothesis|conjecture|lemma|formula|syndrome|disease|palsy|algorithm|"
                                r"inequality|postulate|phenomenon|contracture|thyroiditis|ataxia|chorea|neuralgia|"
                                r"lymphoma|sarcoma|neuroma|encephalopathy|dystrophy|arteritis|diverticulum|oesophagus|"
                                r"esophagus|reflex|triad|tetralogy)\b"
                                r"(?![ \t]+(?i:school|firm|office|degree|practice|student|class|exam|results?)\b)")
# nouns anyone's name may own too ("Sarah's cat", "Priya's test"): an eponym only after a name
# that is no given name or a notable surname ("Schrödinger's cat", "Pascal's triangle")
_EPONYM_WEAK = re.compile(r"(?:['’]s?|s['’])[ \t]+(?i:cat|test|approach|cycle|triangle|identity|formula|criterion|"
                          r"interpretation|sign|fracture|cyst|ulcer|tumou?r|hernia|node|nodes|duct|canal|gland|"
                          r"glands|procedure|manoeuvre|maneuver)\b")
_EPONYM_NOUN = re.compile(r"[ \t]+(?i:numbers?|burners?|sequence|series|distribution|prizes?|transform|curve|scale|algorithm|approach|"
                          r"constant|effect|inequality|manoeuvre|maneuver|spiral|conjecture|filter|distance|model|method|"
                          r"coefficient|criterion|decomposition|estimator|equation|doctrine|deference|ruling|integral|"
                          r"polynomials?|matrix|diagram|fingerprint|notation|metric|kernel|function|"
                          r"bodies|cells|fibres|fibers|glands|ducts|corpuscles|reflex)\b")  # ("Lewy bodies", "Moro reflex")
# a pair of surnames that names a method, in a text about methods ("Bellman-Ford", "Holt-Winters")
_SURNAME_PAIR = re.compile(r"[A-Z][a-zà-ÿ]+-[A-Z][a-zà-ÿ]+")
_METHOD_TEXT = re.compile(r"(?i:\b(?:algorithms?|methods?|models?|forecast\w*|distances?|equations?|complexity|filters?|"
                          r"theorems?|formula|regression|smoothing|pricing|options?|estimat\w+|statistics?|graphs?|"
                          r"edges?|shortest path|max(?:imum)? flow|similarity|string matching)\b)")
# a court case: "Miranda v. Arizona", "Planned Parenthood v. Casey" (no "vs": a match-up is no case)
_CASE_AFTER = re.compile(r"[ \t]+v\.?[ \t]+[A-Z]")
_CASE_BEFORE = re.compile(r"[A-Za-z.]+[ \t]+v\.?[ \t]+$")
_OFFICE_OF = re.compile(r"(?i:\b(?:minister|governor|president|premier|mayor|king|queen|chancellor|senator|"
                        r"parliament|assembly|government|election|elections|state) of[ \t]+(?:the[ \t]+)?$)")
# a club named after its town: "Manchester United", "Wigan Athletic", "Bristol Rovers"
_TEAM_END = re.compile(r"[ \t](?:United|City|Rovers|Athletic|Wanderers|Albion|Hotspur|Rangers|Celtic|FC|AFC|County|Town)$")
_TEAM_BEFORE = re.compile(r"(?i:\b(?:real|atl[eé]tico|inter|ac|as|ss|bayern|borussia|olympique|sporting|dynamo|"
                          r"dinamo|deportivo|hertha|rapid|red[ \t]+star)[ \t]+$)")
_TEAM_START = re.compile(r"(?i:(?:real|atl[eé]tico|inter|ac|as|ss|bayern|borussia|olympique|sporting|dynamo|dinamo|deportivo|"
                         r"hertha|rapid|red[ \t]+star)[ \t]+(?=\w))")
_SPORT_TEXT = re.compile(r"(?i:\b(?:scored|score|goals?|final|cup|league|match|fixture|kick[- ]?off|premier|derby|vs|versus|"
                         r"against|season|manager|signed|transfer|stadium|fans?)\b)")
_LEGAL_TEXT = re.compile(r"(?i:\b(?:court|ruling|ruled|rulings?|case|cases|law|judges?|justices?|precedent|doctrine|overturn\w*|"
                         r"constitution\w*|appeal|verdict|plaintiff|defendant|civics|legal)\b)")
# a day of the calendar: "Good Friday", "Easter Monday", "St David's Day", "Burns Night"
_CALENDAR_END = re.compile(r"(?:[ \t]|['’]s[ \t])(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Day|Eve|Night)$")
_CALENDAR_AFTER = re.compile(r"(?:['’]s)?[ \t]+(?:Day|Eve)\b")
# a storm's name: "Storm Babet", "Hurricane Katrina"
_STORM_BEFORE = re.compile(r"(?<![\w'’-])(?:Storm|Hurricane|Typhoon|Cyclone|Tropical Storm)[ \t]+$")  # right before the name
# storms' names listed after the word: "hurricane names like Maria, Harvey and Irma", "storms such as Babet"
_STORM_LIST_BEFORE = re.compile(r"(?i:\b(?:hurricanes?|storms?|typhoons?|cyclones?)[ \t]+(?:names?\b[^.?!\n]{0,50}?\b)?"
                                r"(?:like|such[ \t]+as|including|e\.g\.|names?[ \t]+(?:are|were|was|is))[ \t]+)"
                                r"(?:[A-Z][\w'’-]+(?:[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&)[ \t]+))*$")
# a competition, not a place: "Little League", "the Ryder Cup", "the Boat Race"
_EVENT_END = re.compile(r"[ \t]+(?:League|Cup|Series|Open|Championships?|Olympics|Grand[ \t]+Prix|Trophy|Marathon|Bowl|"
                        r"Conference|Division|Race)$")
_EVENT_AFTER = re.compile(r"[ \t]+(?:League|Cup|Trophy|Grand[ \t]+Prix|Bowl)\b")
_STORM_START = re.compile(r"(?:Storm|Hurricane|Typhoon|Cyclone)[ \t]")  # opening the span: "Storm Babet"
# a name that code declares or calls ("class Jasper:", "module Hopper", "Sidekiq::Client")
_CODE_DECLARED = r"(?:class|module|def|struct|interface|enum|trait|object|fn|func|function|namespace|package|import|new)[ \t]+"
_EPONYM_DISEASE = re.compile(r"(?i:\b(?:signs|symptoms|stages?|diagnosed with|treatment for|treating|early[- ]onset|"
                             r"cure for|risk of|living with)[ \t]+(?:of[ \t]+)?$)")
# diseases named by one surname alone ("the difference between Parkinson and Alzheimer"), none of them a
# surname of the US census (so never "Bell", "Graves" or "Wilson": too many people bear them)
_DISEASE_EPONYMS = frozenset("alzheimer alzheimers parkinson parkinsons huntington huntingtons crohn crohns tourette "
                             "tourettes asperger aspergers hodgkin hodgkins cushing cushings hashimoto hashimotos "
                             "raynaud raynauds kawasaki meniere menieres sjogren sjogrens dupuytren peyronie paget "
                             "addison addisons lyme".split())
_MEDICAL_TEXT = re.compile(r"(?i:(?:diseases?|dementia|diagnos\w*|symptoms?|syndrome|tremors?|neurolog\w*|medication|"
                           r"memory loss|condition|illness|krankheit\w*|demenz|enfermedad\w*|doen[çc]a\w*|chorob\w*|"
                           r"maladie|malattia|hastal[ıi]\w*|sakit)\b)")
_KIN_TITLE_BEFORE = re.compile(r"(?i:\b(?:uncle|aunty|auntie|aunt|nana|nan|grandma|grandpa|granny|cousin)[ \t]+$)")
# a line of a list, timetable or roster opened by the name: "- Ana – nights", "Mon 4:00 Ana – maths"
_LIST_HEAD_BEFORE = re.compile(r"(?:^|\n)[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*" + TIMETABLE_PREFIX + "$")
_LIST_HEAD_AFTER = re.compile(r"[ \t]*(?:[–—→]|[ \t]-[ \t]|->)")
# a work's noun right before a title, or a viewer's frame right after it
_WORK_NOUN_BEFORE = re.compile(r"(?i:\bthe[ \t]+(?:film|movie|novel|book|show|series|sitcom|album|song|play|musical|opera|"
                               r"game|anime|manga|documentary|episode|poem|hymn|painting|single|podcast|ballet|symphony|"
                               r"cartoon|comic|webtoon|board[ \t]+game|video[ \t]+game)[ \t]+$)")
_WORK_FRAME_AFTER = re.compile(r"(?i:[ \t]+(?:season|series)[ \t]+\d|[ \t]+(?:is[ \t]+|was[ \t]+)?worth[ \t]+(?:watching|"
                               r"reading|rewatching|a watch|a read|playing|binging))")
# an artist's manner: "a poem in the style of dr seuss", "in the voice of David Attenborough"
_STYLE_OF_BEFORE = re.compile(r"(?i:\bin[ \t]+the[ \t]+(?:style|manner|voice|spirit|vein)[ \t]+of[ \t]+(?:(?:dr|mr|mrs|ms|sir|dame|"
                              r"lord|lady)\.?[ \t]+)?$)")
_GAMES_YEAR_AFTER = re.compile(r"[ \t]+(?:19|20)\d\d\b(?![ \t]*[-–/.:]\d)")
_QUOTED_BEFORE = re.compile(r"[\"“‘'][ \t]?$")  # a title in quotes: 'wrote "Jolene"', '“Jolene”'
# a nickname in quotes after a name: 'Chukwuemeka Obi ("Emeka")', no title
_QUOTED_NICKNAME_BEFORE = re.compile(r"[A-ZÀ-Þ][\w'’-]+[ \t]*\([ \t]*[\"“'‘]$")
_QUOTED_AFTER = re.compile(r"[ \t]?[\"”’'](?![a-z])")
_POSSESSIVE_ONLY = re.compile(r"['’]s\b")
# a dish named after someone or somewhere ("beef Wellington", "eggs Benedict", "Caesar salad")
_DISH_WORDS = r"beef|eggs|chicken|veal|pork|lobster|salmon|peach|oysters|sole"
_DISH_BEFORE = re.compile(r"(?i:\b(?:" + _DISH_WORDS + r")[ \t]+$)")
_DISH_START = re.compile(r"(?i:(?:" + _DISH_WORDS + r")[ \t]+)")  # NER took the dish word: "Beef Wellington"
_DISH_AFTER = re.compile(r"[ \t]+(?:hot[ \t]+|style[ \t]+)?(?:salad|sauce|cake|sponge|pie|pudding|soup|sandwich|tart|dressing|"
                         r"cocktail|chicken|steak|wings|buns|scones|pasty|pasties|bagels?|stew|chowder|gumbo|hotpot|"
                         r"rarebit|dumplings|noodles|biscuits|fudge|toffee|custard|crumble|trifle|cobbler|mustard|"
                         r"chutney|relish)\b")
# the contributor's own street, class or team: "Who is the Adeyemi in our street?"
_OWN_PLACE = re.compile(r"(?i:\b(?:my|our)[ \t]+(?:street|road|close|class|school|office|team|family|building|block|"
                        r"church|group|estate|village|town|area|floor|ward|club|year)\b)")
_VERSUS_AFTER = re.compile(r"(?i:[ \t]+(?:vs\.?|versus|v)[ \t])")


def _given_or_word_name(word: str) -> bool:
    """A given name people bear (``_private_given``) or a name that is also a word ("Hope")."""
    w = G.fold_word(word)
    return _private_given(w, _tiers()) or w in G.word_names()


# an item of a list: "Grace brings dessert, Hope salad, Will drinks"
_LIST_ITEM_BEFORE = re.compile(r"(?:[,;:•]|^|\n|[-*][ \t])[ \t]*$")
# a household after a name with "the": "the Nkemelu family", "the Okafor wedding"
_HOUSEHOLD_AFTER = re.compile(r"(?i:[ \t]+(?:family|families|household|clan|kids|children|twins|wedding|funeral|house|farm|"
                              r"residence|estate|reunion)\b)")
# reasons that keep a word as a thing in its own frame and say nothing of the message's people:
# "Hunter green" keeps no Rose asked about beside it
_WEAK_REASONS = frozenset({"colour", "brand", "calendar", "language", "code"})
_COLOUR_AFTER = re.compile(r"[ \t-]+(?i:green|blue|red|pink|purple|violet|yellow|orange|grey|gray|brown|white|black|"
                           r"beige|teal|navy)\b(?![ \t]+(?:and|&)[ \t]+[A-Z])")
# a possessive before a capitalised product word: "Wendy's Frosty", "McDonald's Big Mac"
_BRANDED_PRODUCT_AFTER = re.compile(r"['’]s[ \t]+[A-Z][a-z]+\b(?![ \t]+(?:is|was|has|said|and)\b)(?![ \t]+[A-Z])")
# a brand before what it makes, or called a brand: "Nike and Adidas trainers", "Is Hunter still a good brand for wellies?"
_PRODUCT_AFTER = re.compile(r"[ \t]+(?:(?:and|or|&)[ \t]+[A-Z][\w'’-]+[ \t]+)?(?:trainers|sneakers|shoes|boots|wellies|"
                            r"wellingtons|sandals|heels|jeans|leggings|hoodies?|jackets?|coats?|handbags?|backpacks?|"
                            r"watches|sunglasses|perfumes?|fragrances?|aftershave|mascara|lipsticks?|moisturi[sz]ers?|"
                            r"shampoos?|deodorants?|toothpaste|headphones|earbuds|laptops?|smartphones?|consoles?|"
                            r"burgers?|nuggets|outlets?|stores)\b")
_BRAND_AFTER = re.compile(r"[ \t]+(?:(?:is|was|still|really|actually|now|even)[ \t]+){0,3}(?:a|an|the)[ \t]+"
                          r"(?:[a-z]+[ \t]+){0,2}brand(?=[ \t]*(?:[?.!,;]|$|(?:for|or|anymore|now|these|overall)\b))", re.M)
# (not a role: "Hannah is a brand ambassador")
# the people of one's own life a relation names: peers, and (``_OWN_PEOPLE_BEFORE``) family and partners
_PEERS = r"friend|colleague|boss|neighbou?r|teacher|cousin|classmate|coworker|co-worker|roommate|flatmate"
_FIRST_PERSON_RELATION = re.compile(r"(?i:\b(?:my|our)[ \t]+(?:\w+[ \t]+)?(?:" + _PEERS + r")\b)")
# a taste, before a name in its sentence: what one is a fan of, listens to, reads, follows or studies
_TASTE_BEFORE = re.compile(r"(?i:\b(?:fan|fans|listens?|listening|reads?|rereads?|reading|follows?|following|admires?|"
                           r"studying|studies|favou?rites?|obsessed|into|loves?|likes?|enjoys?)\b)")
# a life shared with someone, in the sentence of a "with": the writer's own people ("went to school with …, he was in
# my class"), not a public pair ("Kahlo's relationship with Diego Rivera")
_SHARED_LIFE = re.compile(r"(?i:\b(?:(?:went|go|goes|going)[ \t]+to[ \t]+(?:school|uni|university|college)|grew[ \t]+up|"
                          r"worked|works|working|lived|lives|living|studied|dated|dating|shared|sharing|"
                          r"in[ \t]+(?:my|our)[ \t]+(?:class|year|team|group|office|building|street))\b)")
# someone of one's own life before the name ("my friend", "our neighbour", "her son")
_OWN_PEOPLE_BEFORE = re.compile(r"(?i:\b(?:my|our|his|her|their)[ \t]+(?:\w+[ \t]+)?(?:" + _PEERS + r"|partner|wife|"
                                r"husband|son|daughter|sister|brother|mum|mom|dad|girlfriend|boyfriend)s?\b)")
_REGNAL = re.compile(r"[ \t](?:II|III|IV|V|VI|VII|VIII|IX|X|XI|XII|XIII|XIV|XV|XVI)$")
# a band after a title ("by The Police") or a band named after its singer ("Derek and the Dominos")
_BY_BAND = re.compile(r"[ \t]+by[ \t]+(?:[Tt]he[ \t]+[A-Z]|[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?[ \t]+(?:and|&)[ \t]+the[ \t]+[A-Z])")
# the figure a myth or an epic is about ("the myth of Persephone", "the Epic of Gilgamesh"), the place of a
# treaty, a battle or a siege ("the Treaty of Waitangi", "the Battle of Hastings")
_MYTH_OF_BEFORE = re.compile(r"(?i:\b(?:myths?|legends?|epic|saga|tale|ballad|cult)[ \t]+of[ \t]+$)")
_EVENT_OF_BEFORE = re.compile(r"(?i:\b(?:treaty|battle|siege|congress|council|edict|peace|sack|massacre|capitulation|"
                              r"partition|liberation|relief|armistice|raid|great[ \t]+fire|great[ \t]+plague|bombing|blitz|"
                              r"storming|fall|occupation|coronation|unification)[ \t]+of[ \t]+(?:the[ \t]+)?$)")
# a work asked about: "what is Eleanor Rigby about?"
_WHAT_IS_BEFORE = re.compile(r"(?i:(?:^|[.!?]\s+|\n\s*)(?:and[ \t]+|so[ \t]+)?(?:what|what['’]?s)(?:[ \t]+(?:is|was))?[ \t]+$)")
# "what is the story of … about?", "what's the parable of the … about": a story asked about, with the
# other name of a pair ("David and Goliath")
_WHAT_IS_STORY_BEFORE = re.compile(r"(?i:(?:^|[.!?]\s+|\n\s*)(?:and[ \t]+|so[ \t]+)?(?:what|what['’]?s)(?:[ \t]+(?:is|was))?[ \t]+"
                                   r"the[ \t]+(?:story|tale|legend|parable|myth|fable|book|epic|ballad)[ \t]+of[ \t]+"
                                   r"(?:the[ \t]+)?(?:[A-Z][\w'’-]+[ \t]+(?:and|&)[ \t]+(?:the[ \t]+)?)?$)")
_PAIR_ABOUT_AFTER = re.compile(r"[ \t]+(?:and|&)[ \t]+(?:the[ \t]+)?[A-Z][\w'’-]+[ \t]+(?:really[ \t]+|actually[ \t]+)?about"
                               r"[ \t]*(?:\?|$)", re.M)
_ABOUT_AFTER = re.compile(r"[ \t]+(?:really[ \t]+|actually[ \t]+)?about[ \t]*(?:\?|$)", re.M)
# a kind of thing, then one of them: "a paid antivirus like Norton", "an app like Notion"
_KIND_LIKE_BEFORE = re.compile(r"(?i:\b(?:a|an)[ \t]+((?:[a-z][\w-]*[ \t]+){0,2}[a-z][\w-]*)[ \t]+(?:like|such[ \t]+as)[ \t]+$)")
_PERSON_KIND = re.compile(r"(?i:\b(?:friend|mate|partner|guy|girl|boy|man|woman|person|people|teacher|boss|kid|child|son|"
                          r"daughter|mum|mom|dad|brother|sister|wife|husband|boyfriend|girlfriend|colleague|coworker|"
                          r"neighbou?r|student|someone|somebody|one|leader|manager|coach|player|singer|actor|actress|"
                          r"writer|author|artist|doctor|nurse|lawyer|cousin|uncle|aunt|family|name|baby|dog|cat|pet)s?\b)")
# a thing one buys or picks: "Should I buy a Kindle Paperwhite or a Kobo Clara?"
_BUYING = (r"(?i:\b(?:buy|buying|bought|order|ordering|ordered|get|getting|upgrade[ \t]+to|upgrading[ \t]+to|"
           r"switch[ \t]+to|choose|pick|recommend)[ \t]+(?:a|an)[ \t]+)")
_BOUGHT_BEFORE = re.compile(_BUYING + "$")
_OR_AN_BEFORE = re.compile(r"(?i:[ \t]or[ \t]+(?:a|an)[ \t]+$)")
_BOUGHT_BEFORE_ITEM = re.compile(_BUYING + "[A-Z]")
# a language or a variety of one: "in British English", "two versions, English and Māori"
LANGUAGES = frozenset("english french spanish portuguese german italian dutch flemish arabic chinese mandarin cantonese "
                      "japanese korean hindi urdu bengali punjabi tamil telugu marathi gujarati russian polish turkish "
                      "persian farsi swahili greek hebrew yiddish welsh gaelic irish maori tagalog filipino vietnamese thai "
                      "indonesian malay swedish norwegian danish finnish icelandic czech slovak hungarian romanian "
                      "ukrainian bulgarian serbian croatian catalan basque latin sanskrit creole zulu xhosa yoruba igbo "
                      "hausa amharic somali".split())
_LANGUAGE_PAIR = re.compile(r"[ \t]*(?:,|and|or|&|/)[ \t]*$|^[ \t]*(?:,|and|or|&|/)[ \t]*")
# a fixed-date holiday the message names, and its day and month: "1 March" in a text about St David's Day
_HOLIDAYS = [(re.compile(p_, re.I), d, m) for p_, d, m in (
    (r"\b(?:st\.?|saint)[ \t]+patrick|\bst\.?[ \t]+paddy", 17, 3), (r"\b(?:st\.?|saint)[ \t]+david['’]?s[ \t]+day", 1, 3),
    (r"\b(?:st\.?|saint)[ \t]+george['’]?s[ \t]+day", 23, 4), (r"\b(?:st\.?|saint)[ \t]+andrew['’]?s[ \t]+day", 30, 11),
    (r"\bvalentine['’]?s", 14, 2), (r"\bchristmas[ \t]+eve\b", 24, 12), (r"\bchristmas\b(?![ \t]+eve)", 25, 12),
    (r"\bboxing[ \t]+day\b", 26, 12), (r"\bnew[ \t]+year['’]?s[ \t]+eve\b|\bhogmanay\b", 31, 12),
    (r"\bnew[ \t]+year['’]?s(?:[ \t]+day)?\b(?![ \t]+eve)", 1, 1), (r"\bhallowe['’]?en\b", 31, 10),
    (r"\bbastille[ \t]+day\b", 14, 7), (r"\bfourth[ \t]+of[ \t]+july\b|\bjuly[ \t]+4th\b", 4, 7),
    (r"\bguy[ \t]+fawkes\b|\bbonfire[ \t]+night\b", 5, 11), (r"\bburns[ \t]+night\b", 25, 1),
    (r"\baustralia[ \t]+day\b", 26, 1), (r"\banzac[ \t]+day\b", 25, 4), (r"\bwaitangi[ \t]+day\b", 6, 2),
    (r"\bcanada[ \t]+day\b", 1, 7), (r"\bjuneteenth\b", 19, 6),
    (r"\b(?:armistice|remembrance|veterans['’]?)[ \t]+day\b", 11, 11), (r"\ball[ \t]+saints\b", 1, 11),
    (r"\bd[ií]a[ \t]+de[ \t]+(?:los[ \t]+)?muertos\b|\ball[ \t]+souls\b", 2, 11), (r"\bepiphany\b", 6, 1),
    (r"\bcinco[ \t]+de[ \t]+mayo\b", 5, 5), (r"\bapril[ \t]+fools?\b", 1, 4),
    (r"\binternational[ \t]+women['’]?s[ \t]+day\b", 8, 3), (r"\bearth[ \t]+day\b", 22, 4))]
_MONTH_NUMBERS = {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}
_DAY_MONTH = re.compile(r"(?i:^(?:the[ \t]+)?(\d{1,2})(?:st|nd|rd|th)?(?:[ \t]+of)?[ \t]+([a-z]{3})[a-z]*\.?$|"
                        r"^([a-z]{3})[a-z]*\.?[ \t]+(?:the[ \t]+)?(\d{1,2})(?:st|nd|rd|th)?$)")
_LIFE_EVENT = re.compile(r"(?i:\b(?:born|birth|birthday|bday|b-day|anniversary|died|passed away|wedding|married|due date|"
                         r"appointment|interview|deadline|surgery|funeral)\b)")
_AND_THE_BAND = re.compile(r"[ \t]+(?:and|&)[ \t]+the[ \t]+[A-Z][\w'’-]*s\b")
# a word after the name that it qualifies: "the Waechter novel" is Waechter's (not "the Nile or …")
_NOUN_AFTER = re.compile(r"[ \t]+(?!(?:or|and|vs|versus|is|was|in|on|at|to|from|with|for|of)\b)[a-z]")
_WITH_THE_BEFORE = re.compile(r"(?i:\b(?:with|at|to|from|and|visit|visiting|visited|invite|invited|meet|met|see|saw)[ \t]+the[ \t]+$)")
_THE_BEFORE = re.compile(r"(?:^|(?<=\s))the[ \t]+$")  # lower case: not a sentence's "The"
_TITLE_BY = re.compile(r"[A-Z][\w'’]*[ \t]+by[ \t]+$")
_BY_NAME = re.compile(r"[ \t]+by[ \t]+([A-Z][\w'’-]+(?:[ \t]+(?:(?:de|du|da|di|van|von|der|la|le)[ \t]+)?[A-Z][\w'’-]+){1,2})")
# moving oneself, not a thing: "we moved to Lyon", not "why did Nigeria move its capital from Lagos"
# or "why was it moved from Lagos"
_MOVE_SELF = (r"(?<!was )(?<!were )(?<!been )(?<!being )(?<!it )mov(?:e|ed|es|ing)(?![ \t]+(?:its|the|their|his|her)[ \t]+(?:capital|headquarters|hq|seat|government|"
              r"court|parliament|base|operations|factory|factories|production|plant|offices|office|team|franchise)\b)")
TOPIC_CONTEXT = re.compile(r"(?i:\b(?:visit|visiting|trip|travel|travell?ing|itinerary|vacation|holiday|flights?|fly|hotels?|"
                           r"hostels?|weather|climate|history|historic|museums?|tour|tourist|sightseeing|sights|things to do|"
                           r"packing|guide|capital|population|haiku|poem|best time|restaurants?|cuisine|food|landmarks?|"
                           r"architecture|days? in|week in|weekend in|layover|stopover|destination|"
                           r"(?:summer|winter|spring|autumn|christmas|sunsets?|sunrise|nights?|evenings?|mornings?) in|"
                           r"lovely|beautiful|gorgeous|stunning|charming|picturesque|romantic|overrated|underrated|"
                           r"worth (?:a|the|it|seeing|visiting)|famous for|known for|best \w+ (?:in|from)|tips for|"
                           r"northern lights|souks?|bazaars?|ramen|sushi|pizza|tapas|beaches|"
                           r"nightlife|hiking|skiing|day trip|rain|raining|rainy|snow|snowing|forecast|humid|humidity|"
                           r"monsoon|cherry blossoms?|peak bloom|sun ?(?:sets?|rises?)|sunsets?|daylight|time ?zone|"
                           r"time difference|disaster|earthquake|eruption|treaty|massacre|uprising|meltdown|plague|"
                           r"myth|in 1[0-8]\d\d|in the 1[0-8]\d\ds)\b)")
# one's own life events and business in a town: "he's marrying Summer … in Leamington Spa", "I run a café in …"
_OWN_AFFAIRS = r"marry|marrying|getting married|honeymoon|(?:i|we)[ \t]+(?:run|own|manage)[ \t]+(?:a|an|my|our|the)"
RESIDENCE = re.compile(r"(?i:\b(?:live|lives|living|lived|" + _MOVE_SELF + r"|" + _OWN_AFFAIRS + r"|relocat\w*|based|grew up|born|raised|"
                       r"hometown|home|address|apartment|flat|house|neighbou?rhood|office|work(?:s|ing)? (?:in|at)|"
                       r"commute|school|rent|i am in|i'm in|im in|we are in|we're in|staying|located|meet|send|"
                       r"business trip|conference|my trip|our trip|my flight|our flight|my visit|our visit|"
                       r"(?:i'm|i am|we're|we are|im) (?:going|flying|heading|driving|travell?ing|moving)|"
                       r"(?:we|i) (?:got lost|stayed|were|was) (?:in|at)|(?:school|class|grade) trip)\b)")
# the contributor's own people: a place in the same breath is where they live or go ("my mum will visit
# them in Chengdu", "my mother-in-law is visiting from Daegu")
# family, friends and housemates: the people "my …" and "our …" name (OWN_PEOPLE, and _TIES below)
_KIN = (r"mum|mom|mother|dad|father|parents|sister|brother|wife|husband|partner|son|daughter|kids?|children|family|"
        r"grandma|grandmother|grandpa|grandfather|nan|nana|aunt|aunty|auntie|uncle|cousin|niece|nephew|friends?|boss|"
        r"in-laws?|mother-in-law|father-in-law|fianc[eé]e?|girlfriend|boyfriend|roommate|flatmate|neighbou?rs?")
OWN_PEOPLE = re.compile(r"(?i:\b(?:my|our)[ \t]+(?:\w+[ \t-])?(?:" + _KIN + r")\b|"
                        r"\bvisit(?:ing|s|ed)?[ \t]+(?:me|us|you|them|him|her|my|our)\b|\bvisiting[ \t]+from\b)")
PERSONAL_BEFORE = re.compile(r"(?i:\b(?:my|our|his|her|their|dear|hi|hey|hello|met|with|named(?! after)|called)\s+(?:\w+\s+){0,2}$)")
_NAMING_CUE = re.compile(r"(?i:named|called|with)\b")  # the personal cues a thing's name can follow
WINDOW = 80
_FIRST_PERSON = re.compile(r"(?i:\b(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|we've|our|us)\b)")
# an organisation or an institution in the frame: the place is where it is ("University of Ottawa")
_ORG_FRAME = re.compile(r"(?i:\b(?:university|college|school|inc|ltd|llc|corp|plc|n\.v|gmbh|company|holdings?|group|"
                        r"office|headquarters|hq|branch|arrived|flew|travell?ed|moved)\b)")
_QUESTION = re.compile(r"[^.!\n]*\?")  # the sentence the span is in is a question
_CAPITAL_BEFORE = re.compile(r"[A-ZÀ-Þ][\w'’.-]*[ \t]+$")
_DIGITS_BEFORE = re.compile(r"\d{3}")
_STREET_BEFORE = re.compile(r"(?i:\b(?:street|st|road|rd|avenue|ave|lane|close|crescent|drive|way|block|cross|main|"
                            r"nagar|layout|apartments)\.?,[ \t]*$)")
_NUMBER_AFTER = re.compile(r"[ \t,]*\d{2,}")
_ARTICLE_BEFORE = re.compile(r"(?:^|(?<=\s))[Tt]he[ \t]+$")


# a quoted key of a mapping or an item of a list ('"Lagos": 15.4', '["London", "Sydney"]'), not a field's value
_QUOTED_KEY_OR_ITEM = re.compile(r"[\"'][ \t]*(?::[ \t]*[\d\"'\[{(]|,[ \t]*[\"']|\])")
# what a program does, not a person: "Clippy warns", "Gunicorn is running", "Webpack keeps throwing"
_TOOL_VERB_AFTER = re.compile(r"[ \t]+(?:(?:keeps|kept|is|was|still|now|also|just)[ \t]+)?(?:warns|warned|warning|throws|threw|"
                              r"throwing|crashes|crashed|crashing|returns|returned|returning|logs|logged|errors|errored|"
                              r"erroring|fails|failed|failing|compiles|compiled|running|runs|times[ \t]+out|timed[ \t]+out|"
                              r"hangs|hung|segfaults|panics|panicked|rejects|rejected|flags|flagged|lints|builds|built|"
                              r"listens|listening|serves|serving|exits|exited)\b")
_CODE_TEXT = re.compile(r"`|[{}]|\w\(\)|\b(?:port|config|server|localhost|api|endpoint|compiler|linter|function|struct|"
                        r"crate|package|npm|pip|docker|nginx|systemctl|stack ?trace|traceback|http|json|yaml|sql|regex)\b", re.I)
_CODE_MARK = re.compile(r"[{}\[\]=]|\w\(")


# a type of code after an annotation's colon or arrow ("name: str", "-> String", "age: number")
_TYPE_NAMES = frozenset("str int float bool bytes dict list tuple set object any none string number boolean void "
                        "char double long short byte integer String Integer Boolean Object Any None".split())
_ANNOTATION_BEFORE = re.compile(r"(?:\w[ \t]*:|->)[ \t]*$")
# what only code writes inside a name: a call's bracket, a scope's "::", a dotted lower-case identifier, an
# underscore ("pytest.raises(ValueError", "os.path", "parse_header")
_CODE_TOKEN = re.compile(r"\(|::|\b[a-z]\w*\.[a-z_]\w*|\w_\w")


_QUOTED_WORDS = re.compile(r"[\"']([A-Z][\w .'’-]{1,30}?)[\"']")


def _quoted_towns(text: str, start: int) -> int:
    """How many quoted items of the line holding ``start`` are towns of 15,000+ people."""
    begin = text.rfind("\n", 0, start) + 1
    end = text.find("\n", start)
    line = text[begin:end if end != -1 else len(text)]
    return sum(1 for m in _QUOTED_WORDS.finditer(line) if _norm(m.group(1)) in G.major_places())


_ECHOED = ("code", "eponym")


def _code_echoes(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """A value kept as code in a text is code at its other places there with no personal cue
    ("KeyError: 'Sydney'" after 'for city in ["London", "Sydney"]'; "Europe/London"), and a value
    kept as an eponym is that namesake at its other places ("… Raynaud's phenomenon? … Who was
    Raynaud?")."""
    kept = {_norm(text[a:b]): why for (a, b, _), why in zip(spans, reasons)
            if why == "code" or (why == "eponym" and (_EPONYM_POSSESSIVE.match(text, b) or _EPONYM_NOUN.match(text, b)))}
    # (an eponym by a noun anyone's name may own is no evidence elsewhere: "Ji-woo's cat")
    if not kept:
        return reasons
    return [(kept[_norm(text[a:b])] if why is None and etype in (E.PERSON, E.LOCATION) and _norm(text[a:b]) in kept
             and _personal_cue(text, a, etype) is None else why) for (a, b, etype), why in zip(spans, reasons)]


def _declared_in_code(text: str, value: str) -> bool:
    """``value`` is a name the text's code declares, imports or qualifies ("class Jasper:",
    "module Hopper", "Sidekiq::Client"): an identifier, whatever else the text calls it."""
    if " " in value or not value[:1].isupper():
        return False
    if value + "::" not in text and not any(text.startswith(value, e) for e in _declared_at(text)):
        return False  # a necessary condition, checked without compiling a pattern for the value (0.5 ms)
    v = re.escape(value)
    return re.search(r"(?m)(?:^|[ \t(;{])" + _CODE_DECLARED + v + r"\b(?![ \t]+[a-z])|\b" + v + r"::\w", text) is not None


# where a declared name may start: after a keyword that opens a line or follows a space or
# bracket (a look-behind, so no keyword's match hides the next one's: "def new Foo")
_DECLARATION = re.compile(r"(?m)(?:^|(?<=[ \t(;{]))" + _CODE_DECLARED)


@lru_cache(maxsize=1)
def _declared_at(text: str) -> tuple[int, ...]:
    """The offsets right after each declaration keyword of ``text`` (and its spaces)."""
    return tuple(m.end() for m in _DECLARATION.finditer(text))


def _tiers() -> dict[str, frozenset[str]]:
    return G.vicary_tiers()


def load() -> None:
    """Read vicary's lists now (once per process)."""
    _tiers()


_INITIAL_DOT = re.compile(r"(?<![\w.])(\w)\.(?=\s)")


def _norm(value: str) -> str:
    """The folded value as the notability lists spell it: no stop after an initial ("michael j fox"),
    and a hyphen between two capitalised parts that the lists write as a space ("Marie-Antoinette", French
    spelling, is "marie antoinette"; "Ji-woo" stays one given name)."""
    v = " ".join(_INITIAL_DOT.sub(r"\1", G.fold_word(value).replace("’", "'")).split())
    if "-" in v and re.search(r"-[A-ZÀ-Þ]", value):  # two capitalised parts ("Ji-woo" is one given name)
        full = _tiers().get("full", ())
        spaced = v.replace("-", " ")
        if v not in full and spaced in full:
            return spaced
    return v


def _personal_cue(text: str, start: int, entity_type: str) -> re.Match | None:
    """The personal cue right before a span ("my", "hi", "with" …); "with" before a place that
    starts with no given name is none ("a couple of days with Ha Long Bay and Hoi An"; but "a
    day trip with Florence")."""
    if start and text[start - 1] in "\"“‘'":
        start -= 1  # 'my daughter "Jolene"': the cue before the quote
    cue = PERSONAL_BEFORE.search(text, max(0, start - 40), start)
    if cue is not None and entity_type == E.LOCATION and cue.group()[:4].lower() == "with" \
            and not G.is_given(text[start:].split(None, 1)[0].strip(",.;:!?\"'’”")):
        return None
    return cue


def _around(text: str, start: int, end: int) -> str:
    return text[max(0, start - WINDOW):end + WINDOW]


def _language(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` names a language: a language after a demonym ("British English", "Brazilian
    Portuguese"), or a language listed with another ("English and Māori", "French or Spanish")."""
    words = [G.fold_word(w) for w in text[start:end].split()]
    following = re.match(r"[ \t]+([A-Z][a-zà-ÿ]+)\b", text[end:end + 24])
    if len(words) == 1 and words[0] in _tiers().get("demonym", ()) and following is not None \
            and G.fold_word(following.group(1)) in LANGUAGES:
        return True  # NER's place "Canadian" of "in Canadian English"
    if not words or len(words) > 2 or words[-1] not in LANGUAGES:
        return False
    if len(words) == 2:
        return words[0] in LANGUAGES or words[0] in _tiers().get("demonym", ())
    before = re.search(r"([A-Za-zÀ-ÿĀ-ž]+)[ \t]*(?:,|and|or|&|/)[ \t]*$", text[max(0, start - 24):start])
    after = re.match(r"[ \t]*(?:,|and|or|&|/)[ \t]*([A-Za-zÀ-ÿĀ-ž]+)", text[end:end + 24])
    return any(m is not None and m.group(1)[:1].isupper() and G.fold_word(m.group(1)) in LANGUAGES for m in (before, after))


# a saint's, a pope's or a prophet's title, in the languages the controls and chat use ("St Cuthbert",
# "Saint Yared", "święta Faustyna", "Αγίου Νικολάου", "Pope Gregory"); "Padre" only before a notable name
# a ruler's title ("King John", "Queen Victoria", "Emperor Meiji", "Sultan Mehmed II"); not "Prince" or
# "Princess", which are given names too ("Prince Adeyemi")
_RULER = r"King|Queen|Emperor|Empress|Tsar|Tsarina|Czar|Sultan|Pharaoh|Kaiser|Shah|Caliph"
_RULER_TITLE = re.compile(r"(?:" + _RULER + r")$")
_SAINT_TITLE = (r"(?:St\.?|Saint|Sainte|Sankt|Santa|Santo|San|São|Sveti|Sv\.|Św\.|[Śś]wi[eę]t[aeyo]|"
                r"Άγιος|Αγίου|Αγία|Αγίας|Άγιο|Pope|Blessed|Prophet|Padre|" + _RULER + ")")
_SAINT_BEFORE = re.compile(r"(?:^|(?<=[\s(\"“'‘]))(?P<title>" + _SAINT_TITLE + r")[ \t]+$")
_SAINT_START = re.compile(r"(?P<title>" + _SAINT_TITLE + r")[ \t]+(?=\S)")
_GIVEN_BEFORE = re.compile(r"(?P<word>[A-ZÀ-Þ][\w'’-]+)[ \t]+$")
# the words of faith and its days that let a saint's name that is also a town's be the saint ("St George and
# the dragon … patron saint", not "we moved to St George")
_FAITH = re.compile(r"(?i:\b(?:saints?|patron|prayers?|pray|feast|pilgrims?|pilgrimage|shrine|relics?|canoni[sz]\w*|"
                    r"martyr\w*|monks?|nuns?|church|abbey|hymns?|miracles?|gospels?|apostles?|disciples?|holy|"
                    r"bible|biblical|legend|dragon)\b)")
_PLACE_WORDS = (r"street|st|road|rd|avenue|ave|lane|square|place|close|drive|way|terrace|crescent|cross|gardens|park|"
                r"hill|court|row|walk|parade|station|hospital|school|college|academy|church|cathedral|chapel|hall|"
                r"bridge|centre|center|primary|infants|juniors")
_PLACE_WORD_END = re.compile(r"(?i:\b(?:" + _PLACE_WORDS + r")\.?)$")
_PLACE_WORD_AFTER = re.compile(r"(?:['’]s)?[ \t]+(?i:" + _PLACE_WORDS + r")\b")
_SAINT_NAME = re.compile(r"[A-ZÀ-ÞΑ-ΩΆ-Ώ][\w'’-]*(?:[ \t]+(?:(?:of|de|da|di|the)[ \t]+)?[A-ZÀ-ÞΑ-ΩΆ-Ώ][\w'’-]*){0,2}")


def _saint(text: str, start: int, end: int) -> str:
    """``text[start:end]`` is a saint, a pope or a prophet named with the title ("St Cuthbert",
    "Saint Yared", "święta Faustyna Kowalska", "Pope Gregory", "Padre Pio" as a notable name): not
    a surname after a given name ("Ian St John"), not a town the title and name make ("St Albans",
    "San Diego") unless the text speaks of faith, and not in an address (the caller's guards). A
    ruler's title counts alike ("King John seals Magna Carta", "Queen Victoria"). The title, or ""."""
    raw = text[start:end]
    m = _SAINT_START.match(raw)
    if m is not None:
        title, name, at = m.group("title"), raw[m.end():], start
    else:
        b = _SAINT_BEFORE.search(text, max(0, start - 16), start)
        if b is None:
            return ""
        title, name, at = b.group("title"), raw, b.start("title")
    if not _SAINT_NAME.fullmatch(name.strip()) or _PLACE_WORD_END.search(name.strip()):
        return ""  # (a street, a station or a school named after one: "King Street", "St Mary's Hospital")
    g = _GIVEN_BEFORE.search(text, max(0, at - 30), at)
    if g is not None and G.is_given(g.group("word")) and not _SENTENCE_START.search(text, 0, g.start()):
        return ""  # "Ian St John": a surname (not "Tell St Cuthbert's story": a sentence's first word)
    whole = _norm(title + " " + name)
    if title == "Padre":
        return title if whole in _tiers().get("full", ()) else ""
    if G.is_place(whole) or whole in G.places() or G.is_place(_norm(name)) and not G.is_given(name.split()[0]):
        return title if _FAITH.search(text) is not None and not RESIDENCE.search(_around(text, start, end)) else ""
    return title


# a geographical feature's word opening a name: "Mont Saint-Michel", "Mount Kilimanjaro", "Lake Bled", "Isle of Skye"
_FEATURE_START = re.compile(r"(?:Mount|Mt\.?|Mont|Monte|Lake|Loch|Lough|Cape|Isle|Isla|Ile|Île|Pico|Cerro|Volcán)[ \t]+[A-ZÀ-Þ]")
_WORDS_BEFORE = re.compile(r"((?:[\w'’-]+[ \t]+){1,4})$")


def _title_end(text: str, start: int, end: int, tiers: dict[str, frozenset[str]]) -> bool:
    """``text[start:end]`` ends a notable title of two to six words whose first words stand right
    before it on its line ("better call saul", "Driving Miss Daisy", "Killing Eve"), and the
    title opens no line or sentence (a greeting: "Dear John, …")."""
    m = _WORDS_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return False
    words = m.group(1).split()
    for i in range(len(words)):
        begin = m.start(1) + len(" ".join(words[:i])) + (1 if i else 0)
        begin = text.index(words[i], begin)
        if _norm(text[begin:end]) in tiers.get("title", ()) and len(words) - i + len(text[start:end].split()) >= 2:
            return not _SENTENCE_START.search(text, 0, begin)
    return False


_NICKNAME_BEFORE = re.compile(r"(?i:\b(?:called|call(?:s|ed)?[ \t]+[\w'’-]+|known[ \t]+as|nicknamed|dubbed|aka)[ \t]+the[ \t]+$)")


def _nickname(text: str, start: int, end: int) -> bool:
    """``text[start:end]``, a nickname after "called the", "known as the", "call … the", is two
    words or more that English text uses often and no place or town is ("Why is Chicago called the
    Windy City?"; not "the Old Mill": a mill is a place's name), and nobody lives or stays there."""
    value = _norm(text[start:end])
    words = value.split()
    return _NICKNAME_BEFORE.search(text, max(0, start - 40), start) is not None and len(words) >= 2 \
        and not G.is_place(value) and value not in G.places() and not RESIDENCE.search(_around(text, start, end)) \
        and all(G.english_zipf(w) >= (3.5 if G.is_given(w) else 3.0) and not G.is_place(w) for w in words) \
        and not _HOUSEHOLD_AFTER.match(text, end)


def reason(text: str, start: int, end: int, entity_type: str, near_person: bool = False) -> str | None:
    """Why the span ``text[start:end]`` found as ``entity_type`` is kept, or None. ``near_person``:
    the same sentence names a private person, so a place in it is that person's, never a topic."""
    if entity_type not in (E.PERSON, E.LOCATION):
        return None
    cue = _personal_cue(text, start, entity_type)
    if cue is not None and not _NAMING_CUE.match(cue.group()):
        return None  # "my mum Ann's law firm"
    raw = text[start:end]
    weak = _EPONYM_WEAK.match(text, end) is not None and (not G.is_given(raw) or _norm(raw) in _tiers().get("short", ()))
    if _EPONYM_POSSESSIVE.match(text, end) or _EPONYM_NOUN.match(text, end) or weak or (
            _POSSESSIVE_ONLY.match(text, end) and _EPONYM_DISEASE.search(text, max(0, start - 30), start)):
        return "eponym"  # also after "called": "why is it called Parkinson's law?"
    if entity_type == E.PERSON and _disease_eponym(text, start, end):
        return "eponym"  # "Was ist der Unterschied zwischen Parkinson und Alzheimer?"
    if (_DISH_BEFORE.search(text, max(0, start - 12), start) or _DISH_AFTER.match(text, end)) \
            and not (_LIST_ITEM_BEFORE.search(text, max(0, start - 4), start) and _given_or_word_name(raw.split()[0])) \
            or (entity_type == E.PERSON and _DISH_START.match(raw)):  # (a town: "Salmon Arm")
        return "dish"
    if _CALENDAR_END.search(raw) or _CALENDAR_AFTER.match(text, end):
        return "calendar"  # "Good Friday", "Easter Monday", "St David's Day": a day, no one
    if _STORM_BEFORE.search(text, max(0, start - 16), start) or _STORM_START.match(raw):
        # (only right before the span: "… Tama and Storm leaving Te Awamutu" names a friend, no storm)
        return "named_thing"  # "Storm Babet", "Hurricane Katrina"
    if entity_type == E.PERSON and _STORM_LIST_BEFORE.search(text, max(0, start - 120), start):
        return "named_thing"  # "hurricane names get retired, like Maria, Harvey and Irma": storms' names
    if (_EVENT_END.search(raw) and not G.is_place(_norm(_EVENT_END.sub("", raw)))) or (
            _EVENT_AFTER.match(text, end) and " " not in raw.strip() and (G.is_surname(raw) or G.is_given(raw))):
        # (a town before the word is no one's: "the Leeds Marathon" keeps no town; "the Davis Cup" is Davis's)
        return "named_thing"  # "the mercy rule in Little League", "the Ryder Cup": a competition, no place or person
    if (_CASE_AFTER.match(text, end) or _CASE_BEFORE.search(text, max(0, start - 40), start)) \
            and _LEGAL_TEXT.search(text) and not _FIRST_PERSON.search(_sentence(text, start, end)):
        return "case_name"  # "Miranda v. Arizona": a court case, in a sentence not about the asker
    if _SURNAME_PAIR.fullmatch(raw) and _METHOD_TEXT.search(text) and not _TIES.search(text):
        return "eponym"  # "switch to Bellman-Ford", "Holt-Winters or ARIMA"
    if _declared_in_code(text, raw):
        return "code"  # "class Jasper:", "Sidekiq::Client.push": a name in code
    if entity_type == E.PERSON and _CODE_MARK.search(text) and (
            _CODE_TOKEN.search(raw) or (raw in _TYPE_NAMES and _ANNOTATION_BEFORE.search(text, max(0, start - 8), start))):
        return "code"  # "def __init__(self, name: str)", "with pytest.raises(ValueError):": a type or a call, no one
    if entity_type == E.PERSON and _TOOL_VERB_AFTER.match(text, end) and _CODE_TEXT.search(text) and " " not in raw.strip() \
            and not G.is_given(raw) and not G.is_surname(raw) and not G.is_place(raw) and not _TIES.search(text):
        return "code"  # "Clippy warns …", "Gunicorn is running on port 8000": a tool in a text about code, no one
    if entity_type in (E.LOCATION, E.PERSON) and _QUOTED_KEY_OR_ITEM.match(text, end) and start and text[start - 1] in "\"'" \
            and _CODE_MARK.search(text) and _norm(raw) in G.major_places() \
            and (entity_type == E.LOCATION or _quoted_towns(text, start) >= 2):
        return "code"  # 'cities = {"Lagos": 15.4}', 'for city in ["London", "Sydney"]': a town as data in code
        # (NER's "person" too, among other towns: '["London", "Sydney", "Lisbon"]')
    team = _TEAM_START.match(raw)
    if entity_type == E.LOCATION and (_TEAM_BEFORE.search(text, max(0, start - 12), start) or team) \
            and (_SPORT_TEXT.search(text) or G.is_famous_place(_norm(raw[team.end():] if team else raw))):
        return "team"  # "is mbappe at real madrid a flop", "Inter Milan vs Bayern Munich": a club and its town
    if _TEAM_END.search(raw) and _SPORT_TEXT.search(text):
        return "team"  # "against Manchester United", "Wigan Athletic at home": a club, in a text about sport
    if _MYTH_OF_BEFORE.search(text, max(0, start - 20), start) and entity_type == E.PERSON:
        return "work"  # "the myth of Persephone", "the Epic of Gilgamesh": the figure of a myth or an epic
    if _EVENT_OF_BEFORE.search(text, max(0, start - 20), start):
        return "named_thing"  # "the Treaty of Waitangi", "the Battle of Hastings": an event of history, no one's place
    if _language(text, start, end):
        return "language"  # "in British English", "two versions, English and Māori": a language, no place or person
    story_of = _WHAT_IS_STORY_BEFORE.search(text, max(0, start - 60), start)
    if story_of is not None and (_ABOUT_AFTER.match(text, end) or _PAIR_ABOUT_AFTER.match(text, end)) \
            and not _FIRST_PERSON.search(text, story_of.start(), end):
        return "work"  # "What is the story of David and Goliath actually about?": who a story is of
    if entity_type == E.PERSON and _WHAT_IS_BEFORE.search(text, max(0, start - 20), start) and _ABOUT_AFTER.match(text, end) \
            and (" " in raw.strip() or not G.is_given(raw)) and not _DESCRIBED.search(text) and not _TIES.search(text):
        return "work"  # "what is Eleanor Rigby about?": a work's subject asked about (not "what is Yaw about? he
        # keeps asking": a given name alone, someone the text goes on about)
    if entity_type == E.PERSON and " " not in raw.strip() and _KIND_LIKE_BEFORE.search(text, max(0, start - 40), start) \
            and not _PERSON_KIND.search(_KIND_LIKE_BEFORE.search(text, max(0, start - 40), start).group(1)) \
            and not _TIES.search(text):
        return "brand"  # "a paid antivirus like Norton", "a budget phone like Xiaomi": an instance of a kind
        # of thing, no one (not "a friend like Ana", "someone like Ana")
    if entity_type == E.PERSON and (_BOUGHT_BEFORE.search(text, max(0, start - 24), start)
                                    or (_OR_AN_BEFORE.search(text, max(0, start - 8), start)
                                        and _BOUGHT_BEFORE_ITEM.search(_sentence(text, start, end)))):
        return "brand"  # "Should I buy a Kindle Paperwhite or a Kobo Clara?": a product one buys, no one
    if entity_type == E.PERSON and _COLOUR_AFTER.match(text, end):
        return "colour"  # "Hunter green or forest green for the cabinets?", "Tiffany blue"
    if entity_type == E.PERSON and " " not in raw.strip() and _BRANDED_PRODUCT_AFTER.match(text, end) \
            and not _TIES.search(text):
        return "brand"  # "Is Wendy's Frosty actually ice cream?": a chain's product, not someone's
    if entity_type == E.PERSON and " " not in raw.strip() and raw[:1].isupper() and not raw.isupper() \
            and (_PRODUCT_AFTER.match(text, end) or _BRAND_AFTER.match(text, end)) and not _TIES.search(text):
        return "brand"  # "Up to 40% off selected Nike and Adidas trainers", "Is Hunter still a good brand for
        # wellies?": a maker named before what it makes, no one (not "Sarah's trainers": a possessive owns)
    if entity_type == E.LOCATION and _nickname(text, start, end):
        return "landmark_or_region"  # "Why is Chicago called the Windy City?": a nickname of ordinary words, no town
    if cue is not None:
        return None
    value = _norm(text[start:end])
    if value.startswith("the "):
        value = value[4:]
    around = _around(text, start, end)
    if entity_type == E.LOCATION and _GAMES_YEAR_AFTER.match(text, end) and G.is_famous_place(value) \
            and not _LIVES_THERE.search(around) and not RESIDENCE.search(around):
        return "named_thing"  # "this medal table? Tokyo 2020": the games or the expo a famous city held that year
    if _DIGITS_BEFORE.search(text, max(0, start - 60), start) or _NUMBER_AFTER.match(text, end) \
            or _STREET_BEFORE.search(text, max(0, start - 30), start) \
            or (text[start:start + 1].isdigit() and value not in _tiers().get("place", ())):  # ("10 Downing Street" is one)
        return None  # part of an address ("0057 Avenida Forças Armadas 83", "Odeku Street, Victoria Island")
    title = _saint(text, start, end) if entity_type == E.PERSON and not _PLACE_WORD_AFTER.match(text, end) else ""
    if title:
        return "public_figure" if _RULER_TITLE.match(title) else "saint"  # "Tell me about St Cuthbert", "who was Saint Yared?", "Padre Pio": a saint or a pope
    if entity_type == E.PERSON and " " in value and value in _tiers().get("place", ()) and value not in G.places():
        return "landmark_or_region"  # "the Berlin Wall": a structure, whatever its words look like
    if _FEATURE_START.match(text, start) and " " in value and not G.is_place(value) and not _LIVES_THERE.search(around):
        return "landmark_or_region"  # "from Paris to Mont Saint-Michel", "Lake Bled or Lake Bohinj": a mountain, a
        # lake, a cape or an island, no town and no one (not "Lake Placid", a town; nor "Ben …", a given name)
    if entity_type == E.PERSON and (raw.isupper() or _KIN_TITLE_BEFORE.search(text, max(0, start - 12), start)
                                    or (_LIST_HEAD_BEFORE.search(text, max(0, start - 40), start)
                                        and _LIST_HEAD_AFTER.match(text, end))):
        return None  # a resume's name line in capitals ("KIM MIN-JUN"), someone's uncle or aunty ("Uncle
        # Reggie Walker talks about …"), the head of a roster's line ("Mon 5:30 Lily Zhang – A level physics")
    if entity_type == E.PERSON:
        tiers = _tiers()
        if (_BY_BAND.match(text, end) or _AND_THE_BAND.match(text, end)) and WORK_CONTEXT.search(around) \
                and not _TIES.search(text):
            return "work"  # "Roxanne by The Police", "Layla by Derek and the Dominos": a song and its band
        if " " not in value and _THE_BEFORE.search(text, max(0, start - 5), start) and not raw.endswith("s") \
                and not _POSSESSIVE_ONLY.match(text, end) and not _NOUN_AFTER.match(text, end) and not _TIES.search(text) \
                and not _OWN_PLACE.search(_sentence(text, start, end)) \
                and not (_given_or_word_name(value) and _VERSUS_AFTER.match(text, end)):
            return "named_thing"  # "the Nile or the Amazon": one name after "the" is a thing, not a person
            # (not "Who is the Adeyemi in our street?", nor a given name's side of "the Hope vs Grace netball match")
            # (a family or a band is plural: "the Okafors", "the Beatles")
        if _STYLE_OF_BEFORE.search(text, max(0, start - 40), start) and not _OWN_OCCASION_AFTER.match(text, end):
            return "public_figure"  # "a poem in the style of Dr Seuss": an author's or an artist's manner
        if " " in value and value in tiers.get("full", ()) and _TITLE_BY.search(text, max(0, start - 60), start):
            return "public_figure"  # the author of a work: "Is Matilda by Roald Dahl okay for …"
        by = _BY_NAME.match(text, end)
        if by and _norm(by.group(1)) in tiers.get("full", ()):
            return "work"  # "Jolene by Dolly Parton"
        if _title_end(text, start, end, tiers):
            return "work"  # "what order do i watch better call saul and el camino", "is Killing Eve worth it": the
            # last word of a notable title (never at a line's start: "Dear John, …" greets John)
        if value in tiers.get("title", ()) and (" " in value or not G.is_given(value)) and WORK_CONTEXT.search(around):
            return "work"  # "a summary of Anna Karenina"
        if (_WORK_NOUN_BEFORE.search(text, max(0, start - 16), start) or _WORK_FRAME_AFTER.match(text, end)) \
                and not _TIES.search(text):
            return "work"  # "the plot of the film Amélie", "Is Frasier worth watching from season 1?"
        if _WORK_NOUN_BEFORE.search(text, max(0, start - 20), start) \
                and not any(G.is_given(w) or G.is_surname(w) for w in raw.split()):
            return "work"  # "my kids love Bluey, is the episode Sleepytime sad?": a title no name's words make,
            # whoever the message is about (not "my sister lent me the book Ana recommended")
        if _QUOTED_BEFORE.search(text, max(0, start - 2), start) and _QUOTED_AFTER.match(text, end) \
                and WORK_CONTEXT.search(around) and not _TIES.search(text) \
                and not _QUOTED_NICKNAME_BEFORE.search(text, max(0, start - 40), start):
            return "work"  # 'Who wrote "Jolene" and what's the story behind the song?': a quoted title
            # in a message tied to no one (not 'my cousin Chukwuemeka ("Emeka" to everyone)')
        if " " in value and value in tiers.get("full", ()) and WORK_CONTEXT.search(around) \
                and not _FIRST_PERSON_RELATION.search(around) and not _many_share(value):
            return "public_figure"  # "Christopher Nolan usually works with Hans Zimmer", "Frida Kahlo paintings"
        if " " in value and value in tiers.get("full", ()) and _TASTE_BEFORE.search(text, _sentence_start(text, start), start) \
                and not _OWN_PEOPLE_BEFORE.search(text, _sentence_start(text, start), start) and not _many_share(value):
            return "public_figure"  # "Is a fan of Agatha Christie", "Listens to a lot of Fela Kuti and Tony Allen": one's
            # taste, as the memories of a contributor record it, is for public people (not "my friend …")
        if not PUBLIC_CONTEXT.search(around):
            return None
        if " " in value and value in tiers.get("full", ()):
            return "public_figure"
        if _REGNAL.search(text[start:end]) and G.is_given(value.split()[0]):
            return "public_figure"  # "under Mehmed II": a ruler's regnal number, in a public role
            # (after a given name: "København V" is a district of Copenhagen)
        if " " not in value and value in tiers.get("short", ()) and not G.is_given(value):
            return "public_figure"  # "why did Bismarck unify Germany": a known surname alone, in a public role
        if " " in value and value in tiers.get("title", ()):
            return "work"
        return None
    article = _ARTICLE_BEFORE.search(text, max(0, start - 5), start) is not None
    if raw.isupper() or (not article and _CAPITAL_BEFORE.search(text, max(0, start - 30), start)):
        return None  # a town on an envelope, or the end of a longer name ("Heather Harvey")
    if article and raw.endswith("s") and G.is_surname(raw[:-1]) and _WITH_THE_BEFORE.search(text, max(0, start - 24), start):
        return None  # a family: "dinner with the Okafors", "staying at the Lindqvists'" (not "the Alps")
    tiers = _tiers()
    if " " in value and value in tiers.get("full", ()) and PUBLIC_CONTEXT.search(around):
        return "public_figure"  # "was Saint Patrick actually Irish?"
    if " " in value and value in tiers.get("title", ()) and WORK_CONTEXT.search(around):
        return "work"  # "if I found Mansfield Park boring"
    if value not in G.places() and (value in tiers.get("place", ())
                                     or (article and " " not in value and not RESIDENCE.search(around)
                                         and not _HOUSEHOLD_AFTER.match(text, end))):
        return "landmark_or_region"  # "the Louvre", "the Alps": a feature or a building, no town
    if value not in G.places() and _OFFICE_OF.search(text, max(0, start - 40), start) \
            and not _FIRST_PERSON.search(_sentence(text, start, end)):
        return "landmark_or_region"  # "the Chief Minister of Sindh": the region of a public office, no town
    if value in G.famous_places() and not near_person and not _LIVES_THERE.search(around) \
            and not OWN_PEOPLE.search(around) and not _ORG_FRAME.search(around) and _QUESTION.search(text, end):
        return "place_as_topic"  # "Why is Venice sinking?", "We're going to Lisbon … is it worth …?": a large
        # city asked about, even as one's own destination (half a million people hide a visitor), never a home
    if TOPIC_CONTEXT.search(around) and not RESIDENCE.search(around) and not OWN_PEOPLE.search(around):
        if value in G.major_places() and not near_person:
            return "place_as_topic"
        if value not in G.places():
            return "landmark_or_region"  # no populated place: a park, a mountain, a region ("camping in Yosemite")
    return None



# --- a message about the world, not about the contributor's life --------------------------------
# Names in "In Harry Potter why does Snape protect Harry?" or "Was Messi or Maradona the better
# player?" are characters and public people: the message asks about notable things and nothing
# ties it to anyone the contributor knows. Any tie (a relation, a greeting or sign-off, contact
# data, "named …", a person named outside a question) leaves every name to the rules above.
_TIES = re.compile(r"(?i:^[ \t]*(?:hi|hey|hello|dear|to|from|attn|cc)\b|"
                   r"^[ \t]*(?:best|thanks|thank you|cheers|regards|love|warmly|sincerely|xx+)\b[^\n]{0,20}\n[ \t]*[A-Z]|"
                   r"\b(?:my|our|his|her|their|your)[ \t]+(?:\w+[ \t-])?(?:" + _KIN + r"|parent|child|"
                   r"grand(?:son|daughter|kids?|children)|manager|colleague|coworker|co-worker|teacher|tutor|coach|doctor|"
                   r"dentist|landlord|landlady|tenant|\w+-in-law|gf|bf|classmate|client|customer|patient|student|pupil|"
                   r"team|baby|toddler|dog|cat|puppy|kitten)\b|"
                   r"\b(?:named(?! after)|called(?![ \t]+(?:the|a|an|it|that|this)\b)(?![ \t]*`)|met|texted|emailed|messaged|dating|married|divorced|invited|invite|hired|fired)\b)", re.M)
_RELATION_TIE = re.compile(r"(?i:(?:my|our|his|her|their|your)[ \t])")


def _tied(text: str, spans: list[tuple[int, int, str]]) -> bool:
    """A tie (``_TIES``) to the contributor's life: a greeting, a sign-off or "named", "met" …
    anywhere; a relation ("my son", "my history teacher") only in a sentence that names a person
    or a place ("my son is asking about it. What's the difference between Ganesh and Hanuman?"
    is no tie; "my son loves Thor" is) other than a notable full name few share (``_public_full_name``:
    "My son keeps asking why Joe Root was given out")."""
    for m in _TIES.finditer(text):
        if not _RELATION_TIE.match(m.group()):
            return True
        begin, end = _sentence_start(text, m.start()), _SENTENCE_REST.match(text, m.end()).end()
        if any(begin <= a and b <= end + 1 and not _public_full_name(text[a:b])
               for a, b, etype in spans if etype in (E.PERSON, E.LOCATION)):
            return True
    return False


def _public_full_name(value: str) -> bool:
    """A notable person's full name few people share ("Florence Nightingale", "Joe Root"): a
    relation in its sentence speaks about the public person ("My grandson is doing a project on
    Florence Nightingale", "My son keeps asking why Joe Root was given out"), it names no one of
    theirs (who follows the relation right away is: "my friend Joe Root", a personal cue)."""
    v = _norm(value)
    return " " in v and v in _tiers().get("full", ()) and _few_share(v)


_NEXT_WORD = re.compile(r"[ \t]+([^\W\d_][\w'’-]*)")


def grown_to_notable_name(text: str, start: int, end: int) -> int:
    """Where a one-word person span ends when the word after it completes a notable full name few
    people share ("why do people call taylor swift fans …": the list took "taylor" alone, "swift"
    being a word), so the keep side judges the whole name; ``end`` otherwise."""
    if " " in text[start:end].strip():
        return end
    m = _NEXT_WORD.match(text, end)
    if m is None:
        return end
    word = m.group(1)
    if word.endswith(("'s", "’s")):
        word = word[:-2]
    return end + (m.start(1) - end) + len(word) if _public_full_name(text[start:end] + " " + word) else end


def _few_share(v: str) -> bool:
    """Few people bear this (folded) full name: ``gazetteer.shared_full_name``'s judgement, but a
    three-letter given name of the US census is judged by its share like any other ("joe root"),
    not as too short to judge ("li wei" still is)."""
    parts = v.replace("-", " ").replace(".", " ").split()
    if len(parts) < 2:
        return False
    given, last = G._census_shares()
    if any(len(p) <= 2 or (len(p) == 3 and p not in given and p not in last) for p in (parts[0], parts[-1])):
        return False  # "Li Wei", "Al …": too short to judge ("Joe Root": Joe is a census name, judged)
    if parts[0] not in given and parts[-1] not in last:
        return not (G.is_given(parts[0]) and G.is_surname(parts[-1]) and len(parts) == 2)
    share = given.get(parts[0], 0.0) * last.get(parts[-1], 0.0)
    for middle in parts[1:-1]:
        share *= 1.0 if len(middle) <= 1 else max(given.get(middle, 0.0), last.get(middle, 0.0))
    return share < G.SHARED_NAME_SHARE


# contact data and account numbers: a message with one is about someone's life, a line with one is an address
PRIVATE_TYPES = frozenset({E.EMAIL_ADDRESS, E.PHONE_NUMBER, E.STREET_ADDRESS, E.CREDIT_CARD, E.IBAN_CODE, E.US_SSN,
                            E.IP_ADDRESS, E.ACCOUNT_NUMBER})
_TOPIC_QUESTION = re.compile(r"(?i:\bwho (?:was|were|is|are)\b|\bwhat (?:happened to|did)\b|\bwhy (?:did|does|do|is|was)\b|"
                             r"\bwho (?:(?:has|have|had)[ \t]+(?:\w+[ \t]+)?)?(?:hosted|presented|played|wrote|written|"
                             r"sang|sung|directed|starred|won|invented|discovered|painted|composed|ruled|founded)\b)")
_LIVES_THERE = re.compile(r"(?i:\b(?:live|lives|living|lived|" + _MOVE_SELF + r"|relocat\w*|based|grew up|born|raised|hometown|"
                          r"address|(?:rent|renting)(?![ \t]+an?[ \t]+(?:car|bike|scooter|boat|van|kayak))|my home|our home|my house|"
                          r"our house|(?<!for )work(?:s|ing)? (?:in|at|from)|stud(?:y|ying|ies) (?:in|at)|commute|neighbou?rhood|"
                          r"(?:my|our)[ \t]+(?:\w+[ \t]+)?(?:office|school|business|shop|store|restaurant|clinic|practice)|"
                          r"wedding|funeral|christening|graduation|" + _OWN_AFFAIRS + r")\b)")
_VERSUS = re.compile(r"(?i:\b(?:vs\.?|versus)(?=\s))")  # a match-up: "Tesla vs Ferrari", "Gandalf vs Dumbledore"
# the sides of a match-up beside a span: "Verstappen vs Hamilton", "Gucci vs Prada vs Versace"
_SIDE = r"[A-Z0-9][\w'’.-]*(?:[ \t]+[A-Z0-9][\w'’.-]*){0,4}"
_SIDE_BEFORE = re.compile(r"(?:^|(?<=[\s(\"“]))(" + _SIDE + r")[ \t]+(?i:vs\.?|versus)[ \t]+$")
_SIDE_AFTER = re.compile(r"[ \t]+(?i:vs\.?|versus)[ \t]+(" + _SIDE + r")")
# an alternative or a comparison in a question: "Nike Pegasus or Adidas Ultraboost for flat feet?", "Is Lidl
# cheaper than Aldi?"
_ALT_BEFORE = re.compile(r"(?:^|(?<=[\s(\"“]))(" + _SIDE + r")[ \t]+(?:or|than)[ \t]+$")
_ALT_AFTER = re.compile(r"[ \t]+(?:or|than)[ \t]+(?:(?:a|an|the)[ \t]+)?(" + _SIDE + r")")
_QUESTION_WORD = re.compile(r"(?:Is|Are|Was|Were|Should|Would|Could|Can|Do|Does|Did|Which|Who|What|Why|How|Or|And|Better|Buy|Get)[ \t]+")
_MODEL_TOKEN = re.compile(r"(?i:[a-z]{0,3}\d+[a-z]{0,3}|pro|max|plus|ultra|mini|lite|se|gt|xl)")


def _mononym(word: str, tiers: dict[str, frozenset[str]], context: bool = False) -> bool:
    """``gazetteer.notable_mononym`` ("Zeus", "Nokia", "Messi"), less the given names 1,800+ US babies
    were given (vicary's ``given`` tier) that no notable surname is: the census shares we hold are
    an older generation's, so "Liam", "Sophie", "Oliver" or "Santiago" read as rare there, and
    "Why did Liam quit the band?" is about someone; such a name counts only in a message with a
    topic word of a work, a public role or a journey (``context``: "Thor and Loki in the Norse
    myths"). A hyphenated name is one only when no part is a given name ("Accept-Language", not
    "Min-jun")."""
    if "-" in word:  # a hyphenated given name ("Min-jun"): English text's frequency of its parts says nothing
        return G.notable_mononym(word) and not any(G.is_given(p) for p in word.split("-") if p)  # "Accept-Language"
    return G.notable_mononym(word) and (context or word not in tiers.get("given", ()) or word in tiers.get("short", ()))


def _public_word(word: str, tiers: dict[str, frozenset[str]], context: bool = False) -> bool:
    """One word that names something public rather than someone ("Verstappen", "Hamilton", "Prada",
    "Gandalf", "Munich"): a notable surname no common first name, a frequent word few bear as a
    first name (``gazetteer.notable_mononym``), a famous city, or a word general English text
    uses often (Zipf 3+) that is no given name and no US census surname ("Gucci", "Dumbledore";
    not "Ingrid", "Smith", "Patel")."""
    w = G.fold_word(word)
    if "-" in w:  # "Hyun-woo", "Min-jun": a given name's form; "Santos-Dumont": each part public
        return all(_public_word(p, tiers, context) for p in w.split("-") if p)
    if (w in tiers.get("short", ()) and not G.is_given(w)) or _mononym(w, tiers, context) or G.is_famous_place(w):
        return True
    return not G.is_given(w) and w not in G._census_shares()[1] and G.english_zipf(w) >= 3.0


def _public_side(value: str, tiers: dict[str, frozenset[str]]) -> bool:
    """A side of a match-up that names a public thing: a notable full name few share, a work, a
    landmark, a famous city, a public word (``_public_word``), or a brand and its model ("Samsung
    Galaxy S24 Ultra", "Real Madrid": every word a public word, an ordinary word or a model's
    token, the first no given name unless public or a frequent word no US first name: "Real",
    one at least public; not "Mark Jones", "Tom Garcia")."""
    v = _norm(value)
    if v in tiers.get("title", ()) or v in tiers.get("place", ()) or G.is_famous_place(v) \
            or (" " in v and v in tiers.get("full", ()) and not G.shared_full_name(v)):
        return True
    words = value.split()
    if not words or any(w.isupper() and len(w) > 1 and not _MODEL_TOKEN.fullmatch(w) for w in words[:1]):
        return False
    public = [_public_word(w, tiers) for w in words]
    if not public[0] and G.is_given(words[0]) and (G.fold_word(words[0]) in G._census_shares()[0] or G.english_zipf(G.fold_word(words[0])) < 4.0):
        return False
    return any(public) and all(p or _MODEL_TOKEN.fullmatch(w) or is_common(G.fold_word(w)) or G.english_zipf(G.fold_word(w)) >= 4.0
                               or (public[0] and not G.is_given(w) and not G.is_surname(w))  # "Adidas Ultraboost"
                               for w, p in zip(words, public))


def _private_name(value: str, tiers: dict[str, frozenset[str]]) -> bool:
    """A (folded) person span that reads as someone's: it opens with a given name people bear
    (``_private_given``), is no notable person's name, no place, and no later word of it is a public
    word ("ana", "tunde okafor"; not "cesc fabregas", "chiang mai", "mont saint-michel")."""
    words = value.split()
    return bool(words) and _private_given(words[0], tiers) and value not in tiers.get("full", ()) \
        and not G.is_place(value) and value not in tiers.get("place", ()) \
        and not any(_public_word(w, tiers) for w in words[1:])


def _private_given(word: str, tiers: dict[str, frozenset[str]]) -> bool:
    """A given name that is no public word and that people bear: a US census first name ("Mark")
    or a name English text seldom uses (Zipf under 3.5: "Ingrid"; not "Kindle")."""
    w = G.fold_word(word)
    return G.is_given(w) and not _public_word(w, tiers) \
        and (w in G._census_shares()[0] or G.english_zipf(w) < G.NOTABLE_MONONYM_ZIPF)


def _match_up(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """The names of a match-up of public things are kept ("Verstappen vs Hamilton at Abu Dhabi …",
    "Gucci vs Prada vs Versace: which house is oldest?"), with a first person elsewhere too ("… I
    think"): every side of its "vs" names something public (``_public_side``) and none follows a
    personal cue. Private people's match-ups keep no one ("Did Ingrid vs Hallgerd go to a
    tiebreak?", "Smith vs Patel in the club final"). An alternative or a comparison asked about with no
    first person in its sentence counts as a match-up ("Nike Pegasus or Adidas Ultraboost for flat
    feet?", "Is Lidl cheaper than Aldi?"; not "Should Mia or Zoe give the toast?")."""
    if _VERSUS.search(text) is None and not re.search(r"\b(?:or|than)\b", text):
        return reasons
    tiers = _tiers()
    out = list(reasons)
    for i, (a, b, etype) in enumerate(spans):
        if out[i] is not None or etype not in (E.PERSON, E.LOCATION):
            continue
        left = _SIDE_BEFORE.search(text, max(0, a - 60), a)
        right = _SIDE_AFTER.match(text, b)
        if left is None and right is None and _asked(text, a, b) and not _FIRST_PERSON.search(_sentence(text, a, b)):
            left = _ALT_BEFORE.search(text, max(0, a - 60), a)  # "Nike Pegasus or Adidas Ultraboost …?"
            right = _ALT_AFTER.match(text, b)
        if left is None and right is None:
            continue
        sides = [text[a:b]] + [_QUESTION_WORD.sub("", m.group(1), count=1) if m.start(1) == _sentence_start(text, m.start(1))
                               else m.group(1) for m in (left, right) if m is not None]
        if all(_public_side(side, tiers) for side in sides) and _personal_cue(text, left.start(1) if left else a, etype) is None:
            out[i] = "match_up"
    return out
# a sentence that goes on about someone: "She gets back Sunday.", "He has four days and loves history."
_DESCRIBED = re.compile(r"(?:^|[.!?]\s+|\n\s*)(?:She|He|she|he)(?:['’]s|[ \t]+(?:is|was|has|had|gets|got|turns|turned|"
                        r"loves|likes|wants|needs|keeps|won['’]t|can['’]t|doesn['’]t|isn['’]t|will|just|always|never))\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+|\n\s*)$")  # a run opening a sentence may be its first word only
_CAPITALISED_RUN = re.compile(r"\b[A-Z][\w'’-]*(?:[ \t]+(?:(?:of|the|and|in|de|van|von|du|da)[ \t]+){0,2}[A-Z][\w'’-]+){1,4}")
_SENTENCE_REST = re.compile(r"[^.!?\n]*")
_SENTENCE_END = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bProf)[.!?]+(?=\s)|\n")
_ASK = re.compile(r"[ \t]*(?i:explain|summari[sz]e|describe|compare|contrast|analy[sz]e|discuss|outline|"
                  r"write (?:an? )?(?:essay|summary|review|analysis|outline|essay outline)|tell me about|give me a summary|"
                  r"rank|list|make (?:me )?(?:a|an) (?:list|table|timeline|chart|quiz)|recommend|suggest|give me|tell me|show me|help me understand|plan (?:an? )?(?:\d+[- ]day |week |weekend |road |rail )?(?:trip|itinerary|route|tour)|write (?:me )?(?:an? )?(?:limerick|poem|haiku|sonnet|song|story|rap) about)\b")
# a question typed without its mark, as chat does: "was it the final season under Ferguson"
_QUESTION_OPENING = re.compile(r"[ \t]*(?i:and |also |so |but |or )?(?i:was|were|did|does|do|is|are|can|could|would|should|will|"
                               r"has|have|who|what|when|where|why|which|how)[ \t]+"
                               r"(?:(?i:it|he|she|they|there|the|a|an|this|that|you)\b|[A-ZÀ-Þ]|"
                               r"[a-z]+[ \t]+(?:(?i:the|a|an|it|his|her|their)\b|[A-ZÀ-Þ]))")
_OWN_OCCASION_AFTER = re.compile(r"(?i:['’]s?[ \t]+(?:\w+[ \t]+)?(?:birthday|bday|party|wedding|funeral|retirement|"
                                 r"graduation|christening|leaving|anniversary|shower|mum|mom|dad|kids?|family))\b")
_RECIPIENT_BEFORE = re.compile(r"(?i:\b(?<!compared )(?<!similar )(?<!close )(?:for|to|from)[ \t]+$)")  # "a poem for
# Wilhelmina": someone's own (never a comparison's "compared to", "similar to")
# words of a story's inside: a message with one asks about a work's characters and places ("Why does
# Gandalf not just ask the eagles …? Give me the in-universe arguments.", "Hamlet's and Othello's tragic
# flaws"), not about who reads or watches it ("Should Ximena read the book before the exam?")
_STORY = re.compile(r"(?i:\b(?:in-universe|in universe|plot armou?r|canon(?:ically)?|lore|questlines?|side ?quests?|"
                    r"boss fights?|dlc|spoilers?|tragic flaws?|character arcs?|protagonists?|antagonists?|villains?|"
                    r"heroine|plot holes?|playthrough|walkthrough|(?:in|from)[ \t]+the[ \t]+(?:books|films|movies|"
                    r"series|show|anime|manga|games|novels|comics|sequels?|prequels?|trilogy|saga|franchise|mcu|"
                    r"marvel films)|season[ \t]+\d+|episode[ \t]+\d+)\b)")
# a work named at a message's opening: "In Elden Ring, …", "In Zelda Tears of the Kingdom, …", "Elden Ring help: …"
_WORK_OPENER = re.compile(r"\A[ \t]*(?:(?:In|in)[ \t]+(?P<a>[A-Z][\w'’-]*(?:[ \t]+(?:[A-Z0-9][\w'’:-]*|of|the|and)){0,6}),"
                          r"|(?P<b>[A-Z][\w'’-]*(?:[ \t]+[A-Z0-9][\w'’-]*){0,4})[ \t]+(?:help|question|spoilers?|lore|tips?)[ \t]*:)")
# who reads, watches, plays or is in it, not a character: "Should Ximena read the book …?", "Is Maelle too young
# for …?", "Why did Chidi quit the show after season 2?"
_CONSUME = (r"right|wrong|think|thinks|thought|read|reads|reading|watch|watches|watching|play|plays|playing|finish|finished|start|started|like|likes|"
            r"liked|love|loves|loved|enjoy|enjoys|enjoyed|hate|hates|hated|prefer|prefers|preferred|rate|rated|recommend|"
            r"recommended|cried|revise|study|listen|binge|binged|rewatch|rewatched|too[ \t]+young|old[ \t]+enough|allowed")
# what someone does in a band, a club, a chat or a show: "Why did Chidi quit the show?", "Why did Ezra leave the band?"
_TAKE_PART = (r"quit|quits|leave|leaves|left|join|joins|joined|audition\w*|perform\w*|act|acted|acting|star|starred|sing|"
              r"sings|sang|host|hosts|hosted|present|presents|presented|cancel|cancels|cancelled|canceled|text|texted|"
              r"message|messaged|mean|meant|move|moved|date|dating|dated|invite|invited|ghost|ghosted|block|blocked")
_GAP = r"(?:(?:really|only|always|never|just|still|actually|not|also|even|ever|usually|finally|suddenly|secretly)[ \t]+)?"
_CONSUMER_AFTER = re.compile(r"(?i:[ \t]+" + _GAP + r"(?:" + _CONSUME + "|" + _TAKE_PART + r")\b)")
_READER_AFTER = re.compile(r"(?i:[ \t]+" + _GAP + r"(?:" + _CONSUME + r")\b)")


# a journey's "to" in a story, no recipient: "fly Frodo to Mordor", "take the ring to Mount Doom"
_JOURNEY_TO_BEFORE = re.compile(r"(?i:\b(?:fly|flies|flew|go|goes|went|travel\w*|walk\w*|ride|rode|return\w*|sail\w*|"
                                r"take|takes|took|bring|brings|brought|lead|leads|led|march\w*|head\w*|escape\w*|"
                                r"flee|flees|fled)[ \t]+(?:[\w'’-]+[ \t]+){0,3}to[ \t]+$)")


_VENUE_WORDS = frozenset("mall park centre center street road square station airport hospital school college "
                         "university market hall club gym village town city estate court plaza arcade library".split())


def _consumer(text: str, start: int, end: int) -> bool:
    """The name reads, watches or plays the work, is too young for it, or takes part in a band, a
    club, a chat or a show (quits, joins, cancels, texts …): someone's, no character."""
    return _CONSUMER_AFTER.match(text, end) is not None


def _someones(value: str, tiers: dict[str, frozenset[str]]) -> bool:
    """A (folded) name that opens with a given name and is no notable person's name, mononym or
    title ("ezra", "logan"; not "napoleon", "messi"): what it does may be someone's doing."""
    words = value.split()
    return bool(words) and G.is_given(words[0]) and not any(value in tiers.get(t, ()) for t in ("short", "full", "title"))


def _reader(text: str, start: int, end: int) -> bool:
    """The name reads, watches, plays, likes or hates a work ("Why does Luna hate the Harry Potter
    books?"): its reader, whoever the work's people are."""
    return _READER_AFTER.match(text, end) is not None


def _story_places(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None],
                  normed: list[str]) -> tuple[bool, list[str | None]]:
    """Whether the message asks about a story (``_STORY`` words, or a work named at its opening
    that is no known place, by a notable title or a public first word that is no common word: "In
    Elden Ring, …", "In Zelda Tears of the Kingdom, …"), and ``reasons`` with that opening work kept and
    with the places of the story kept: a place no gazetteer knows, in a message about a story,
    with no residence or personal cue ("I've already done the Lightning Temple", "after Caria
    Manor"; never "we live near the Copper Kettle")."""
    opener = _WORK_OPENER.match(text)
    work = None
    if opener is not None:
        g = "a" if opener.group("a") else "b"
        name = _norm(opener.group(g))
        tiers = _tiers()
        first, last = opener.group(g).split()[0], opener.group(g).split()[-1]
        notable = name in tiers.get("title", ()) or (_public_word(first, tiers, True) and not is_common(G.fold_word(first))
                                                     and G.fold_word(last) not in _VENUE_WORDS)
        if notable and not G.is_place(name) and not G.is_famous_place(name) and name not in tiers.get("place", ()) \
                and name not in filters_public_places():
            work = (opener.start(g), opener.end(g))  # (a work by its title or a public first word that is no
            # common word: not "In Marchmont, where can Ana park?", "In Riverside Mall, …")
    titled = work is not None and name in _tiers().get("title", ())
    story = work is not None or _STORY.search(text) is not None
    if not story:
        return False, reasons
    out = list(reasons)
    for i, ((a, b, etype), v) in enumerate(zip(spans, normed)):
        if out[i] is not None or etype not in (E.PERSON, E.LOCATION):
            continue
        if work is not None and a >= work[0] and b <= work[1]:
            out[i] = "work"  # "In Elden Ring, …": the work the message is about
        elif etype == E.LOCATION and v not in G.places() and _personal_cue(text, a, etype) is None \
                and not RESIDENCE.search(_around(text, a, b)) and not text[a:b].isupper():
            out[i] = "work"  # a place of the story, which no gazetteer knows
    # its people are characters only by a story's words or a notable title ("In Elden Ring, …"), not by a
    # public first word alone ("In Riverside Mall, where can Ana park?")
    return titled or _STORY.search(text) is not None, out


def filters_public_places() -> frozenset[str]:
    """Countries and continents (privacy.detect.filters), read lazily: no import cycle."""
    from privacy.detect.filters import public_places

    return public_places()


def _sub_runs(run: str) -> list[str]:
    """The runs of two or more words inside ``run`` ("in the sherlock holmes" → … "sherlock holmes")."""
    w = run.split()
    return [" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 2, len(w) + 1)]


def _asked(text: str, start: int, end: int) -> bool:
    """The sentence holding ``text[start:end]`` asks the assistant about something: it ends with
    a question mark, opens like a question and ends with none of "." and "!" (chat drops the
    mark: "was it the final season under Ferguson"), or opens with a request to explain or write about a topic ("Explain the
    difference between Hamlet's and Othello's flaws", "Write an essay on …")."""
    if text.startswith("?", _SENTENCE_REST.match(text, end).end()):
        return True
    begin = _sentence_start(text, start)
    return _ASK.match(text, begin) is not None or (_QUESTION_OPENING.match(text, begin) is not None
                                                   and not text.startswith((".", "!"), _SENTENCE_REST.match(text, end).end()))


def _sentence_start(text: str, start: int) -> int:
    """Where the sentence holding ``start`` begins (after ., !, ? or a line break)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    return ends[-1] if ends else 0


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence holding ``text[start:end]`` (ends at ., !, ? or a line break)."""
    return text[_sentence_start(text, start):_SENTENCE_REST.match(text, end).end() + 1]


def _disease_eponym(text: str, start: int, end: int) -> bool:
    """One surname that names a disease (``_DISEASE_EPONYMS``: "Parkinson", "Crohn"), no given name or
    title before it, in a text about illness: another such name in it, or a word of medicine ("the
    difference between Parkinson and Alzheimer", "early Crohn symptoms"; not "Dr Parkinson", "Liz
    Parkinson", nor "Parkinson said he'd come round" with no word of illness)."""
    word = G.fold_word(text[start:end]).replace("'", "").replace("’", "")
    if word not in _DISEASE_EPONYMS:
        return False
    before = _CAPITAL_BEFORE.search(text, max(0, start - 30), start)
    if before is not None and (G.is_given(before.group().strip(" \t.")) or before.group().strip().rstrip(".").lower()
                               in ("dr", "mr", "mrs", "ms", "miss", "prof", "sir", "dame", "herr", "frau")):
        return False
    others = {G.fold_word(w) for w in re.findall(r"[A-Z][a-zé]+", text)} & _DISEASE_EPONYMS - {word}
    return bool(others) or _MEDICAL_TEXT.search(text) is not None


def _town(value: str) -> bool:
    """A town of 15,000+ people ("Venice", not "Armen": a village, and a given name)."""
    return value in G.major_places()


def _notable(value: str, etype: str, tiers: dict[str, frozenset[str]], context: bool = False) -> bool:
    """A famous city, a notable person's full name or work (with "the" before it or not), one
    word that is a notable mononym or title and no given name ("Maradona", not "Sharon" or
    "Armen"; a mononym that is a given name counts only in a message with a topic word: ``topic``),
    or one word frequent in English that few people bear ("Zeus", "Nokia": ``notable_mononym``)."""
    if etype == E.LOCATION:
        return value in G.famous_places()
    if " " in value:  # (a full name many share is no evidence: "Mark Jones vs Tom Garcia in the club final")
        return (value in tiers.get("full", ()) and not _many_share(value)) or value in tiers.get("title", ()) \
            or "the " + value in tiers.get("title", ())
    return ((value in tiers.get("short", ()) or value in tiers.get("title", ())
             or "the " + value in tiers.get("title", ())) and not G.is_given(value)) \
        or _mononym(value, tiers, context)  # "the Beatles": NER leaves "the" out; "Zeus", "Nokia": frequent, few bear it


def _many_share(value: str) -> bool:
    """A given name and a surname that many people in the US census bear together ("mark jones",
    "tom garcia"): a notable namesake is no evidence. A written middle name or initial is ("michael
    j fox"), and so is a name the census shares do not know ("enzo ferrari", "les paul")."""
    parts = G.fold_word(value).split()
    if len(parts) != 2:
        return False
    given, last = G._census_shares()  # the US shares only: "Enzo Ferrari" is common in no census we hold
    return given.get(parts[0], 0.0) * last.get(parts[1], 0.0) >= G.SHARED_NAME_SHARE


def _notable_person(value: str, tiers: dict[str, frozenset[str]]) -> bool:
    """A notable person's full name few people share ("Gordon Ramsay", not "Reggie Walker"; one
    word never is: "Schröder began writing as a teenager" may be anyone's surname)."""
    return " " in value and value in tiers.get("full", ()) and _few_share(value)


def topic(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """``reasons`` with ``"topic"`` and the message-wide reasons (``_topic``); then a place kept
    where the same words were also found as a person that nothing kept, whose name opens with a
    given name people bear (``_private_given``) and who is told something or takes part ("Can you explain to Leon
    why …?": León is a city too; "Why did Austin quit the choir?") is not kept, nor a place whose
    name opens so and that reads, likes or takes part ("Did Savannah enjoy the concert?")."""
    out = _epithets(text, spans, _topic(text, spans, reasons))
    tiers = _tiers()
    people = [(a, b) for (a, b, etype), why in zip(spans, out)
              if etype == E.PERSON and why is None and _private_given(_norm(text[a:b]).split()[0], tiers)
              and (_TOLD_BEFORE.search(text, max(0, a - 50), a) or _consumer(text, a, b))]
    out = [None if why is not None and etype == E.LOCATION and (any(x < b and a < y for x, y in people) or (
        _consumer(text, a, b) and _private_given(_norm(text[a:b]).split()[0], tiers))) else why
           for (a, b, etype), why in zip(spans, out)]
    from privacy.detect.keep_document import public_document  # (it reads this module's lists)

    return public_document(text, spans, out)


_OF_ONLY = re.compile(r"[ \t]+of[ \t]+")


def _epithets(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """A place right after a kept person and "of" is the person's epithet ("St Francis of Assisi",
    "Joan of Arc", "Catherine of Aragon"): kept for the person's reason (a colour, a brand … kept
    lends nothing: ``_WEAK_REASONS``)."""
    out = list(reasons)
    for i, (a, b, etype) in enumerate(spans):
        if out[i] is not None or etype != E.LOCATION:
            continue
        for (x, y, other), why in zip(spans, reasons):
            if other == E.PERSON and why is not None and why not in _WEAK_REASONS and y < a \
                    and _OF_ONLY.fullmatch(text, y, a):
                out[i] = why
    return out


# someone told, written or sent something: "explain to Leon", "write a note for Austin"
_TOLD_BEFORE = re.compile(r"(?i:\b(?:explain|say|write|send|give|reply|talk|speak|text|email|show|tell|read|sing|sent|"
                          r"wrote|gave|said)[ \t]+(?:[\w'’-]+[ \t]+){0,4}?(?:to|for)[ \t]+$)")


def _topic(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """``reasons`` with ``"topic"`` for the person and place spans of a message about public things.

    The message qualifies when it has no tie to the contributor's life (``_TIES``, contact data)
    and every person in it that no rule above kept is named in a question or a request to
    explain or write about a topic (``_asked``). Its *notable names*
    are famous cities, notable people's full names, notable works and notable surnames that are
    no given name (``_notable``), spans the rules above kept, and runs of capitalised words that
    name a notable person or work ("In the Sherlock Holmes books"). Then, named in a question:

    * a person is kept when its one word is frequent in English text and few people bear it as
      a first name (``gazetteer.notable_mononym``: "How did Nokia go from the biggest phone
      maker …?", "Explain … a paid antivirus like Norton"), with no first person in its sentence;
    * a person is kept when its name is a notable full name few people share
      (``gazetteer.shared_full_name``): "Who would win a sprint, Usain Bolt or a cheetah?" (not
      "have you heard Enrico Rossi speak yet?": both parts are common in Italy), or a part of
      one named in the message when it has a topic word: "Is a Caesar salad named after Julius
      Caesar?";
    * or when the message names another notable person or work, or has both a topic word of a
      work, a public role or a journey (``WORK_CONTEXT``, ``PUBLIC_CONTEXT``, ``TOPIC_CONTEXT``)
      and a title-like run of capitalised words that is no name found ("Big Machine Records"), and the
      sentence asking about the name has no first-person word and no recipient's "for"/"to"
      before it: "Why does Gandalf not just ask the eagles to fly Frodo …?" keeps Gandalf, "Can
      you help me reply to Oisín?" and "Why did Kofi leave the band right after the album came
      out?" do not (a place so asked about is kept too, unless someone lives, works or studies
      there);
    * never, for a person, when a sentence goes on about someone ("She's 3.", "He has four days
      and loves history.": ``_DESCRIBED``), unless the name is a notable full name few share;
    * or when the notable names plus a topic word ("novel", "why did …") count two or more (for
      a name that reads as someone's, ``_private_name``, cities do not count: "Why did Ana move to
      Lagos?" keeps no one),
      and one notable name is one word or not the person's own full name: "Why is
      Armen so impulsive?" keeps no one (no notable name), nor "Why did David Brown cancel?"
      (only his own full name, and many share it), but "the Kubrick film" is Kubrick's;
    * a town of 15,000+ people is kept when the message has a topic word or a notable name and
      the town is not where someone lives ("we moved to …");
    * once anything of the message is kept, a city of 500,000+ people in it is kept too, asked
      about or not, unless someone lives there ("Thinking Osaka → Kyoto → Tokyo over 10 days")."""
    if not any(etype in (E.PERSON, E.LOCATION, E.DATE_TIME, E.AGE) for _, _, etype in spans):
        return reasons  # no name, date or age to keep: the text is not searched
    reasons = _code_echoes(text, spans, reasons)
    if any(etype in PRIVATE_TYPES for _, _, etype in spans) or _tied(text, spans):
        return reasons
    reasons = _holiday_dates(text, spans, list(reasons))
    reasons = _match_up(text, spans, reasons)
    if not any(etype in (E.PERSON, E.LOCATION) for _, _, etype in spans):
        return _public_dates(text, spans, list(reasons))
    tiers = _tiers()
    named = [etype in (E.PERSON, E.LOCATION) for _, _, etype in spans]
    normed = [_norm(text[a:b]) if n else "" for (a, b, _), n in zip(spans, named)]
    # named in a question, or a notable person's full name or surname anywhere ("Wellington and
    # Blücher get the credit"; not a frequent word few bear: "a poem for Georgia, she's turning 30")
    asked = [n and (_asked(text, a, b) or (etype == E.PERSON and _notable_person(v, tiers)
                                           and not _KIN_TITLE_BEFORE.search(text, max(0, a - 12), a)))
             for (a, b, etype), n, v in zip(spans, named, normed)]
    asked = _list_mates(text, spans, normed, asked, tiers)
    story, reasons = _story_places(text, spans, reasons, normed)
    if any(why is None and not ask and (etype == E.PERSON or (etype == E.LOCATION and v not in G.places()))
           for (_, _, etype), why, v, ask in zip(spans, reasons, normed, asked)):
        return reasons
    values = {v if n else _norm(text[a:b]) for (a, b, _), v, n in zip(spans, normed, named)}
    context = any(p.search(text) for p in (WORK_CONTEXT, PUBLIC_CONTEXT, TOPIC_CONTEXT))
    anchors = {v for (_, _, etype), why, v, n in zip(spans, reasons, normed, named)
               if n and ((why is not None and why not in _WEAK_REASONS) or _notable(v, etype, tiers, context))}
    anchors |= {v for m in _CAPITALISED_RUN.finditer(text) for v in _sub_runs(_norm(m.group()))
                if v in tiers.get("title", ()) or (v in tiers.get("full", ()) and not _many_share(v))}  # "In the
    # Sherlock Holmes books" (not a full name many share: "Mark Jones vs Tom Garcia")
    words = context or _TOPIC_QUESTION.search(text) is not None
    if words:  # a notable mononym that is also a given name, asked about with a topic word ("Who was Cleopatra?")
        anchors |= {v for (_, _, etype), v, n in zip(spans, normed, named)
                    if n and etype == E.PERSON and " " not in v and v in tiers.get("short", ())}
    anchors = {v for v in anchors if not any(v != w and v in w.split() for w in anchors)}  # "Castro" of "Luís Castro"
    public = [v for v in anchors if not G.is_famous_place(v)]  # notable people and works, not cities
    # a title-like run of capitalised words that is no name found here: "Big Machine Records", "Champions League"
    titled = any(not any(a < m.end() and m.start() < b for a, b, etype in spans if etype in (E.PERSON, E.LOCATION))
                 for m in _CAPITALISED_RUN.finditer(text) if not _SENTENCE_START.search(text, 0, m.start()))
    rare = {v for v in anchors if " " in v and _few_share(v)}  # "margaret thatcher", not "david brown"
    described = _DESCRIBED.search(text) is not None  # "… She's 3.": someone the contributor knows
    out = list(reasons)
    for i, ((a, b, etype), why, own, ask) in enumerate(zip(spans, reasons, normed, asked)):
        if why is not None or not ask or (described and etype == E.PERSON and own not in rare):
            continue
        if etype == E.PERSON and own not in rare and _OWN_OCCASION_AFTER.match(text, b):
            continue  # "Rank these for Bartek's birthday playlist: Queen, ABBA, the Beatles": someone's own
        cue = _personal_cue(text, a, etype)
        if cue is not None and _with_public(text, a, b, spans, out):
            cue = None  # "Christopher Nolan usually works with Hans Zimmer", "Zeus's children with Hera"
        if cue is not None and story and cue.group()[:4].lower() == "with" and etype == E.PERSON \
                and not _FIRST_PERSON.search(_sentence(text, a, b)):
            cue = None  # "summarise chapter 5, what happens with lennie and curley's wife. no spoilers": a
            # story's people, in a sentence without the asker
        if cue is not None and not (own in rare and _NAMING_CUE.search(cue.group()) and not _OWN_PEOPLE_BEFORE.search(cue.group())
                                    and not _SHARED_LIFE.search(_sentence(text, a, b))):
            # ("… about her compared with …"; not "with my friend Tony Allen", "Went to school with Harry Kane,
            # he was in my class": someone's own)
            continue  # "dinner with Ana" (but "Kahlo's relationship with Diego Rivera": a notable name few share)
        if etype == E.PERSON and (own in rare or (words and any(own in v.split() for v in rare))):
            out[i] = "topic"  # a notable full name few people share, or a part of it ("Caesar" of "Julius Caesar")
        elif etype == E.PERSON and (_mononym(own, tiers, context) or (own in tiers.get("short", ()) and not G.is_given(own))) \
                and not _FIRST_PERSON.search(_sentence(text, a, b)) and not _RECIPIENT_BEFORE.search(text, max(0, a - 6), a) \
                and not (_consumer(text, a, b) and _someones(own, tiers)):  # ("Why did Ezra leave the band …?")
            out[i] = "topic"  # one frequent name few people bear, or a notable surname alone that is no given
            # name, asked about: "How did Nokia go from …?", "Was Messi or Maradona the better player?"
        elif etype in (E.PERSON, E.LOCATION) and (any(v != own and own not in v.split() for v in public)
                                                  or (context and titled)
                                                  or (story and not _consumer(text, a, b))) \
                and not _FIRST_PERSON.search(_sentence(text, a, b)) \
                and not (etype == E.PERSON and _reader(text, a, b) and _someones(own, tiers)) \
                and not (etype == E.PERSON and _RECIPIENT_BEFORE.search(text, max(0, a - 6), a)
                         and not (story and _JOURNEY_TO_BEFORE.search(text, max(0, a - 40), a))) \
                and not (etype == E.LOCATION and _LIVES_THERE.search(_around(text, a, b))):
            out[i] = "topic"  # asked about, and the asker is not in the sentence: "Why does Gandalf not …?"
        elif etype == E.PERSON and len(pool := {v for v in public if v != own or own in tiers.get("short", ())}
                                            if _private_name(own, tiers) else anchors) \
                + words >= 2 and any(" " not in v or (own != v and not (own in v.split() and v in values)) for v in pool) \
                and not (_consumer(text, a, b) and _someones(own, tiers)):
            out[i] = "topic"  # (a famous city is no notable name for a given name people bear: "Why did Ana
            # move to Lagos?" keeps no one; "… when Rio was the capital" is kept)
        elif etype == E.LOCATION and (words or anchors) and _town(own) and not text[a:b].isupper() \
                and not _LIVES_THERE.search(_around(text, a, b)):
            out[i] = "topic"
    if any(why is not None for why in out):  # the message is about public things: its big cities too,
        for i, ((a, b, etype), own) in enumerate(zip(spans, normed)):  # asked about or not ("Thinking
            if out[i] is None and etype == E.LOCATION and G.is_famous_place(own) and not text[a:b].isupper() \
                    and not _LIVES_THERE.search(_around(text, a, b)) and _personal_cue(text, a, etype) is None:
                out[i] = "topic"  # Osaka → Kyoto → Tokyo over 10 days.", "… or is that in Amsterdam")
    if all(why is not None for (_, _, etype), why in zip(spans, out) if etype in (E.PERSON, E.LOCATION)):
        out = _public_dates(text, spans, out)
    return out


# the joint between two names of a list: "Richard Whiteley and Carol Vorderman, then Des Lynam", "Bamber
# Gascoigne and Jeremy Paxman, and now Amol Rajan"
_LIST_JOINT = re.compile(r"[ \t]*(?:,|;|&|/|\.\.\.|…)?[ \t]*(?:(?:and|or|then|plus|also)[ \t]+(?:(?:then|now|later|also|finally)[ \t]+)?)?")


def _list_mates(text: str, spans: list[tuple[int, int, str]], normed: list[str], asked: list[bool],
                tiers: dict[str, frozenset[str]]) -> list[bool]:
    """``asked``, with the people listed beside a notable person's full name few share counted as
    named like it: "I remember Richard Whiteley and Carol Vorderman, then Des Lynam …" lists the
    presenters of a show, not the asker's friends (who is kept is then ``_topic``'s judgement: a
    topic word and a notable name besides their own). A list member with a personal cue joins no
    list ("with my friend Ana")."""
    people = sorted((a, b, i) for i, (a, b, etype) in enumerate(spans) if etype == E.PERSON)
    groups: list[list[int]] = []
    last = None
    for a, b, i in people:
        if last is not None and last[1] <= a and _LIST_JOINT.fullmatch(text, last[1], a) \
                and _personal_cue(text, a, E.PERSON) is None:
            groups[-1].append(i)
        else:
            groups.append([i])
        last = (a, b)
    out = list(asked)
    for group in groups:
        if len(group) > 1 and any(_notable_person(normed[i], tiers) for i in group):
            for i in group:
                out[i] = True
    return out


_WITH_ONLY = re.compile(r"(?i:with)\s+")


def _with_public(text: str, start: int, end: int, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> bool:
    """The "with" right before ``text[start:end]`` joins it to a person kept earlier in its sentence,
    in a sentence without the asker: a public person's work or partner ("Christopher Nolan usually
    works with Hans Zimmer"), no dinner of the contributor's."""
    cue = PERSONAL_BEFORE.search(text, max(0, start - 40), start)
    if cue is None or not _WITH_ONLY.fullmatch(cue.group()):
        return False
    begin = _sentence_start(text, start)
    if _FIRST_PERSON.search(_sentence(text, start, end)):
        return False
    return any(why is not None and etype == E.PERSON and begin <= a and b <= cue.start()
               for (a, b, etype), why in zip(spans, reasons))


def _public_dates(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """In a message tied to no one that keeps every name it holds, a date asked about with no
    first person in its sentence is a public date ("When did the Berlin Wall fall … on 9 November
    1989?", "Is 2024-03-10T14:30:00Z valid in both?"; not "can we meet on 14 March?")."""
    for i, (a, b, etype) in enumerate(spans):
        if etype in (E.DATE_TIME, E.AGE) and reasons[i] is None and _asked(text, a, b) \
                and not _FIRST_PERSON.search(_sentence(text, a, b)):
            reasons[i] = "topic"  # (an age too: "who scored more goals before turning 25?")
    return reasons


def _holiday_dates(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """In a message tied to no one, a day and month with no year that is the fixed date of a
    holiday the message names is that holiday ("what day is 17 March this year?" in a text about
    St Patrick's Day), unless its sentence speaks of a birth, a wedding or an appointment."""
    days = None  # the holidays the message names: searched for (28 patterns) once a date needs them
    for i, (a, b, etype) in enumerate(spans):
        if etype != E.DATE_TIME or reasons[i] is not None:
            continue
        sentence = _sentence(text, a, b)
        if _LIFE_EVENT.search(sentence):
            continue
        value = text[a:b].strip()
        m, r = _DAY_MONTH.match(value), _DAY_RANGE.match(value)
        if m is not None:
            dates = [(int(m.group(1) or m.group(4)), _MONTH_NUMBERS.get((m.group(2) or m.group(3)).lower()))]
        elif r is not None and int(r.group(1)) < int(r.group(2)) <= int(r.group(1)) + 7:
            dates = [(d, _MONTH_NUMBERS.get(r.group(3).lower())) for d in range(int(r.group(1)), int(r.group(2)) + 1)]
        else:
            continue
        shut = _CLOSED.search(sentence) is not None  # "Closed 24–26 December and 1 January"
        if days is None:
            days = {(d, m) for pattern, d, m in _HOLIDAYS if pattern.search(text)}
        if all(d in days or (shut and d in _CLOSING_DAYS) for d in dates):
            reasons[i] = "calendar"
    return reasons


# the days a museum, a shop or an office shuts for: Christmas Eve to Boxing Day, New Year's Eve and Day
_CLOSING_DAYS = frozenset({(24, 12), (25, 12), (26, 12), (31, 12), (1, 1)})
_CLOSED = re.compile(r"(?i:\b(?:closed|closes|closing|closure|shut|open|opens|opening hours|except)\b)")
_DAY_RANGE = re.compile(r"(?i:^(\d{1,2})(?:st|nd|rd|th)?[ \t]*[–-][ \t]*(\d{1,2})(?:st|nd|rd|th)?[ \t]+([a-z]{3})[a-z]*\.?$)")
