"""Prefilters (privacy.detect.recognizers.prefilter) are necessary conditions: every
recognizer gives the same results with and without them, and each one lets through texts
its recognizer or rule matches."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import orjson
import pytest

from ingest.textwalk import walk_strings
from privacy.detect.engine import needs_ner
from privacy.detect.recognizers.base import RegexRecognizer
from privacy.detect.recognizers import build_recognizers, prefilter
from privacy.detect.recognizers.gated_phone import SEVEN_DIGIT_CHAIN
from synth.testdata.labelled import generate

# (recognizer, rule) -> texts that rule matches. Every rule behind a prefilter (its own or its
# recognizer's) is listed.
RULE_EXAMPLES = {
    ("AccountNumberRecognizer", "after_context"): ["My policy number is PLC-448812.", "MRN: 00457821"],
    ("AgeRecognizer", "years_old"): ["She is 34 years old.", "a 7-year-old"],
    ("AgeRecognizer", "aged"): ["I turned 40 last week."],
    ("DateOfBirthRecognizer", "birth_context"): ["I was born on March 3, 1990.", "DOB: 04/11/1987"],
    ("DateOfBirthRecognizer", "birth_year"): ["grandpa Mahmoud (born 1941) married Samira"],
    ("StreetAddressRecognizer", "plot_first"): ["Flat 402, Sai Krupa Apartments", "3rd Floor, 21 Loop Street"],
    ("StreetAddressRecognizer", "japanese"): ["2-14-8 Nishiki, Naka-ku"],
    ("StreetAddressRecognizer", "turkish"): ["Hükümet Caddesi No: 12 D: 3", "Atatürk Blv. No.45/7"],
    ("DriverLicenseRecognizer", "said_after_context"): ["my DL is B7720419 and the booking under Marcus lists D7720419.",
                                                        "my driving licence is K4410092, my wife's is K5520931"],
    ("PersonContextRecognizer", "quoted_signoff"): ["note: 'I buy them with my own money. Please stop. - Mar'\nok",
                                                    'he wrote "I\'ll be late. — Tom"'],
    ("PersonContextRecognizer", "role_initials"): ["my mum's carer (J.P.) gave her", "my boss (AK) wants the deck"],
    ("StreetAddressRecognizer", "colombian"): ["Calle 45 # 12-30, Bogotá", "Cra. 7 No. 45-12", "Transversal 5B # 8-81 Sur"],
    ("StreetAddressRecognizer", "indonesian"): ["Jl. Kebon Jeruk Raya No. 27 RT 03/RW 05", "Gg. Melati No.6"],
    ("StreetAddressRecognizer", "vietnamese"): ["số 12 Lê Lợi, Phường Bến Nghé", "45/7 Hẻm 12 Nguyễn Trãi",
                                                "Số 29/244 phố Trần Phú", "12 Lê Lợi, Q. 1"],
    ("StreetAddressRecognizer", "greek"): ["at 7383 πλατεία Καραισκάκη 262", "μένω στην οδό Ερμού 12", "Λεωφ. Κηφισίας 44, Μαρούσι"],
    ("StreetAddressRecognizer", "cyrillic"): ["ул. Ленина, д. 5, кв. 12", "вулиця Шевченка 14", "пр. Красина, д. 7/8 к. 25"],
    ("StreetAddressRecognizer", "the_named"): ["3 The Paddocks, Yate BS37 4FG"],
    ("PronounReferenceRecognizer", "joined"): ["ask grace if she has it"],
    ("PronounReferenceRecognizer", "said"): ["Will said he'd build it"],
    ("PronounReferenceRecognizer", "own"): ["Grace spent her morning on it"],
    ("LowercaseNameRecognizer", "before_speech_verb"): ["yesterday maria said hi"],
    ("LowercaseNameRecognizer", "list_after_name"): ["invite tom, ana, and joe."],
    ("LuhnCardRecognizer", "luhn"): ["card 4539 1488 0343 6467 please"],
    ("LuhnCardRecognizer", "luhn_after_card_word"): ["my card 676272529097 was charged"],
    ("InternationalPhoneRecognizer", "labelled"): ["95 941836 office", "(027) 6145-729 office"],
    ("InternationalPhoneRecognizer", "bare_national"): ["reach Priya at 0803 123 4567", "| Tomasz | 08031234567 |"],
    ("InternationalPhoneRecognizer", "area_code"): ["Archie (nan Pat) (02) 9560 3318", "ring (030) 4412 7789"],
    ("InternationalPhoneRecognizer", "after_label"): ["Desk: 06389599213", "not answering at 444 14 907"],
    ("DriverLicenseRecognizer", "after_context"): ["my driver's license number is D1234567"],
    ("SsnContextRecognizer", "after_context"): ["My SSN is 078051120", "social security number: 078-05-1120"],
    ("SsnContextRecognizer", "said_after_context"): ["my SSN: 614-27-3098. My wife's is 602481175"],
    ("PassportRecognizer", "after_context"): ["passport no. X12345678", "Reisepass: C01X00T47"],
    ("GpsRecognizer", "decimal_in_context"): ["GPS: 40.7128, -74.0060"],
    ("GpsRecognizer", "decimal"): ["meet at 40.7128, -74.0060"],
    ("GpsRecognizer", "dms"): ["40°42'46\"N 74°0'22\"W"],
    ("LocationContextRecognizer", "cued"): ["I live in Port Rachel now.", "We are relocating to Dokkum."],
    ("LocationContextRecognizer", "address_city"): ["12 Baker Street, Lake Markberg, 67418"],
    ("LocationContextRecognizer", "zip_then_city"): ["Rue X 5, 75001 Paris."],
    ("LocationContextRecognizer", "field"): ['"city": "Oslo"', "town: Keswick", '"cidade": "Pelotas"'],
    ("LocationContextRecognizer", "prep_lower"): ["the surgery in rotherham gave me this"],
    ("LocationContextRecognizer", "cued_lower"): ["chidi is moving back to enugu"],
    ("LocationContextRecognizer", "foreign_prep"): ["sino sasama sa Sagada sa april 18?"],
    ("LocationContextRecognizer", "foreign_prep_lower"): ["para sa nanay ko sa iloilo"],
    ("LocationContextRecognizer", "postposition"): ["hum Gujar Khan se aayenge"],
    ("LocationContextRecognizer", "local_body"): ["Keith, Bramhall Neighbourhood Watch"],
    ("LocationContextRecognizer", "journey_lower"): ["are you coming to kumasi for the funeral"],
    ("LocationContextRecognizer", "contact_cell"): ["Ada Eze\nWolverhampton | 07700 900552 | ada@example.com"],
    ("LocationContextRecognizer", "in_city_zip"): ["support Acme plc in Uralaane 68712 in its growth"],
    ("PersonContextRecognizer", "own_occasion"): ["can we make it Tolu's bday dinner"],
    ("PersonContextRecognizer", "own_occasion_any_case"): ["for tolu's wedding", "FOR TOLU'S WEDDING"],
    ("PersonContextRecognizer", "family"): ["the Ferreiras at 2307 Quail Hollow Dr have an RV"],
    ("PersonContextRecognizer", "from_ward"): ["Precious from 6B said she'll take it"],
    ("PersonContextRecognizer", "last_line_name"): ["a card:\n「明けましておめでとう。」\nHarriet"],
    ("PersonContextRecognizer", "size_nickname"): ["Big Tayo: practice moved to 7am"],
    ("PersonContextRecognizer", "name_age"): ['bio: "Rohan | 24 | Koramangala"'],
    ("PersonContextRecognizer", "with_kin_after"): ["Cousins so far: Faith and her husband"],
    ("PersonContextRecognizer", "rota_day"): ["Fri – Precious (teenage sitter)"],
    ("PersonContextRecognizer", "trade_name"): ["a text to the hairdresser kelly to move my appt"],
    ("PersonContextRecognizer", "before_phone"): ["RSVP to Yael 054-555-0192 by Thursday"],
    ("PersonContextRecognizer", "one_before_phone"): ["Contact Marguerite 07700 900123 if late"],
    ("PersonContextRecognizer", "closing_line"): ["The report is attached.\n\nThanks,\nOyinkansola"],
    ("PersonContextRecognizer", "kiss_before"): ["can you send the deposit today pls, ta x Wren"],
    ("PersonContextRecognizer", "kiss_after"): ["see you all soon! Wren x"],
    ("PersonContextRecognizer", "holder"): ["name on card T OKONJO", "account name Dragan Petrović"],
    ("PersonContextRecognizer", "relation"): ["my sister Ana is visiting", "mi cousin Tajay borrowed it"],
    ("PersonContextRecognizer", "title"): ["ask dr. Okafor tomorrow", "señora Lima called", "Zuri - dad Malik, sedan"],
    ("PersonContextRecognizer", "is_relation"): ["context: bill is my flatmate", "Aroha was our neighbour"],
    ("PersonContextRecognizer", "my_name"): ["Hello, my name is Wei Zhang."],
    ("PersonContextRecognizer", "introduced"): ["Hi Priya, welcome!", "attendees: Kofi Mensah", "I'M Wei"],
    ("PersonContextRecognizer", "signoff"): ["see you soon\n—Priya", "thanks\n-- Kofi"],
    ("PersonContextRecognizer", "subject_of_verb"): ["Kofi said yes to the plan."],
    ("PersonContextRecognizer", "field"): ['{"name": "Ana Lima"}', "author='Kofi Mensah'"],
    ("PersonContextRecognizer", "list_relation"): ["- Ana (my sister)"],
    ("PersonContextRecognizer", "key_value"): ["Partner: Themba Mahlangu"],
    ("PersonContextRecognizer", "from_unit"): ["Florence from accounts keeps cc-ing me"],
    ("PersonContextRecognizer", "self_intro"): ["Hey! It's Rain from the pottery class.", "this is Dana here again"],
    ("PersonContextRecognizer", "bare_signature"): ["Thanks for everything.\n\nGaute", "See you.\n \nIngrid Aas"],
    ("PersonalUrlRecognizer", "profile"): ["see linkedin.com/in/jane-doe-123", "https://janedoe.substack.com"],
    ("PersonalUrlRecognizer", "identifying_param"): ["https://x.test/p?email=jane@example.com"],
    ("InternationalPhoneRecognizer", "international"): ["call +44 20 7946 0958"],
    ("InternationalPhoneRecognizer", "north_american"): ["(415) 555-0132"],
    ("InternationalPhoneRecognizer", "national_grouped"): ["06 12 34 56 78"],
    ("InternationalPhoneRecognizer", "national_in_context"): ["call me at 0612345678", "téléphone 0612345678",
                                                              "Il mio numero è 347 812 6650"],
    ("PostalCodeRecognizer", "after_context"): ["zip code 62704", "código postal 28013"],
    ("PostalCodeRecognizer", "us_state_zip"): ["Springfield, IL 62704"],
    ("PostalCodeRecognizer", "uk"): ["London SW1A 1AA", "GIR 0AA"],
    ("PostalCodeRecognizer", "canada"): ["Toronto, ON M5V 3L9"],
    ("PostalCodeRecognizer", "ireland"): ["Salthill, Galway H91 X2F4", "D6W 1234 is wrong but D02 AF30"],
    ("PostalCodeRecognizer", "eu_before_city"): ["Rue X 5, 75001 Paris", "ul. Długa 17/4, 31-147 Kraków"],
    ("PostalCodeRecognizer", "after_city_in_address"): ["12 Baker Street, Springfield 62704"],
    ("PostalCodeRecognizer", "nl"): ["Kerkstraat 3, 1234 AB Amsterdam"],
    ("PersonContextRecognizer", "caps_name_key"): ["Surname: NGUYEN\nGiven names: THI LAN"],
    ("PersonContextRecognizer", "people_list"): ["attendees: Hope (intern), Grant"],
    ("ScriptNameRecognizer", "ja_honorific"): ["「佐藤さん、ありがとう」"],
    ("ScriptNameRecognizer", "ko_honorific"): ["지은 씨도 와요"],
    ("ScriptNameRecognizer", "ko_titled"): ["저는 박영숙 어르신의 딸입니다"],
    ("ScriptNameRecognizer", "ko_self"): ["저는 김지현입니다"],
    ("ScriptNameRecognizer", "english_frame"): ["my grandma's name is 陈美玲, she is 80"],
    ("ScriptNameRecognizer", "is_my_relation"): ["준호 is my boyfriend"],
    ("ScriptNameRecognizer", "romanised"): ["陈美玲 (Chen Meiling)"],
    ("ScriptNameRecognizer", "ar_vocative"): ["يا ليلى، تعالي"],
    ("ScriptNameRecognizer", "zh_vocative"): ["「王晓燕，下周六见」"],
    ("ScriptNameRecognizer", "hi_kin"): ["प्रिया बेटा, कैसी हो"],
    ("SecretRecognizer", "prefixed_key"): ["key sk-proj-abcdefghijklmnop1234", "AKIA1I8IQ0AQ6JZUUCFM"],
    ("SecretRecognizer", "jwt"): ["eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.SflKxwRJSMeKKF2Q"],
    ("SecretRecognizer", "private_key"): ["-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----"],
    ("SecretRecognizer", "key_value"): ["password=hunter2secret", "API_KEY: 9f8e7d6c5b4a"],
    ("SecretRecognizer", "stated"): ["my wifi password is tr0ub4dor"],
    ("StreetAddressRecognizer", "us_uk"): ["12 Baker Street", "1600 N Pennsylvania Ave NW"],
    ("StreetAddressRecognizer", "unit_first"): ["Flat 3, 22 Baker Street"],
    ("StreetAddressRecognizer", "germanic"): ["Hauptstraße 12", "Kerkstraat 3a"],
    ("StreetAddressRecognizer", "romance_num_first"): ["45 rue de Rivoli", "45, rue de Rivoli"],
    ("StreetAddressRecognizer", "romance_num_last"): ["Calle Mayor 5", "Rua Augusta, nº 200"],
    ("StreetAddressRecognizer", "po_box"): ["PO Box 1234"],
    ("UsernameRecognizer", "at_handle"): ["@jdoe_88 said hi"],
    ("UsernameRecognizer", "aside_handle"): ["Kojo (gamertag KojoSnipes) and me"],
    ("UsernameRecognizer", "name_handle"): ["owner: kasia.wrobel"],
    ("UsernameRecognizer", "after_context"): ["my username is jdoe88", "find me on x: jdoe_88"],
    ("VehiclePlateRecognizer", "after_context"): ["license plate 7ABC123", "my car's tag is KJ-4421"],
}

# Presidio recognizer name -> texts it finds something in.
PRESIDIO_EXAMPLES = {
    "CreditCardRecognizer": ["4111 1111 1111 1111"],
    "UsBankRecognizer": ["account 12345678"],
    "UsLicenseRecognizer": ["D1234567"],
    "UsItinRecognizer": ["ITIN 912-70-1234"],
    "UsPassportRecognizer": ["912345678"],
    "UsSsnRecognizer": ["SSN 536-90-4399", "536904399"],
    "NhsRecognizer": ["NHS 943 476 5919"],
    "CryptoRecognizer": ["1BoatSLRHtKNngkdXEeobR76b53LETtpyT"],
    "DateRecognizer": ["2024-01-15", "JAN-24", "15.01.2024"],
    "IbanRecognizer": ["DE89 3704 0044 0532 0130 00"],
    "IbanCapitalsRecognizer": ["cuenta ES98 2085 4471 3903 3021 8847 antes de"],
    "IpRecognizer": ["192.168.1.1", "2001:db8::1", "::", "1:2:3:4:5:6:7:8", "::ffff:10.0.0.1", "1:2:3:4:5:6:10.0.0.1",
                     "fe80::1%eth0", "10.0.0.0/8"],
    "MedicalLicenseRecognizer": ["BB1388568"],
    "MacAddressRecognizer": ["00:1A:2B:3C:4D:5E", "001a.2b3c.4d5e"],
    "UuidRecognizer": ["123e4567-e89b-12d3-a456-426614174000"],
    "OfflineEmailRecognizer": ["jane.doe@example.com"],
    "GatedPhoneRecognizer": ["+1 415 555 0132", "ring 030 1234567", "(415) 555-0132 ext. 12"],
}


def _ours():
    return {r.name: r for r in build_recognizers()}


EVERY = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)


def _clauses(c):
    if isinstance(c, prefilter.Requires) or hasattr(c, "clauses"):
        for sub in c.clauses:
            yield from _clauses(sub)
    else:
        yield c


def _regex_recognizers() -> list[RegexRecognizer]:
    """Our recognizers built on rules (the others, gazetteer-based, have no prefilters)."""
    return [rec for rec in build_recognizers() if isinstance(rec, RegexRecognizer)]


def _on_folded_patterns() -> list[str]:
    out = []
    for rec in _regex_recognizers():
        for req in [rec.REQUIRES] + [r.requires for r in rec.RULES]:
            if req is not None:
                out += [c.pattern for c in _clauses(req) if type(c).__name__ == "_OnFolded"]
    return out


def test_folding_covers_every_character_ignorecase_equates_with_an_ascii_letter():
    found = {m.group() for m in re.finditer(r"[a-z]", EVERY[0x80:], re.I)}
    # re.I says "İ" == "i" etc.; the folded text must then hold the ASCII letter
    assert {c: prefilter.folded(c) for c in found} == {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}


def test_folding_keeps_length_and_word_space_digit_classes_of_every_character():
    f = prefilter.folded(EVERY)
    assert len(f) == len(EVERY)
    for cls in (r"\w", r"\s", r"\d"):
        assert [m.start() for m in re.finditer(cls, f)] == [m.start() for m in re.finditer(cls, EVERY)], cls


def test_every_letter_of_a_folded_pattern_is_what_ignorecase_equates_with_it():
    patterns = _on_folded_patterns()
    assert len(patterns) >= 10
    letters = set()
    for pat in patterns:
        assert "(?i" not in pat
        letters |= {ch for ch in re.sub(r"\\.", "", pat) if ch.isalpha()}
    for p in sorted(letters):
        assert p == p.lower(), p
        equal = {m.group() for m in re.finditer(re.escape(p), EVERY, re.I)}
        assert {c: prefilter.folded(c) for c in equal} == {c: p for c in equal}, p


def test_a_cue_word_written_with_a_long_s_or_kelvin_sign_still_passes():
    clause = prefilter.words("password", "kennzeichen")
    assert clause("my pa\u017f\u017fword is x")  # re.I matches "paſſword" as "password"
    assert clause("\u212aennzeichen B-AB 123")
    assert not clause("my passport")


@pytest.mark.parametrize("key", sorted(RULE_EXAMPLES), ids=lambda k: f"{k[0]}.{k[1]}")
def test_each_rule_prefilter_lets_through_texts_its_rule_matches(key):
    rec = _ours()[key[0]]
    rule = next(r for r in rec.RULES if r.name == key[1])
    checks = [c for c in (rec.REQUIRES, rule.requires) if c is not None]
    assert checks
    for text in RULE_EXAMPLES[key]:
        with prefilter.disabled():
            assert list(rec._spans(rule, text)), f"example does not match: {text!r}"
        for check in checks:
            assert check(text), (text, check)


def test_every_prefiltered_rule_has_an_example():
    prefiltered = {(rec.name, rule.name) for rec in _regex_recognizers() for rule in rec.RULES
                   if rule.requires is not None or rec.REQUIRES is not None}
    assert prefiltered == set(RULE_EXAMPLES)


def test_prefilters_stop_texts_that_cannot_match():
    recs = _ours()
    plain = "Thanks, that sounds like a good plan for the weekend."
    assert not recs["LuhnCardRecognizer"].REQUIRES(plain)
    assert not recs["InternationalPhoneRecognizer"].REQUIRES(plain)
    assert not recs["StreetAddressRecognizer"].REQUIRES(plain)
    assert recs["LuhnCardRecognizer"].analyze(plain, None) == []


def _presidio_recognizers(det):
    """The detector's Presidio recognizers, gated (copies, when the engine has not gated them)."""
    out = {}
    for rec in det.core.analyzer.registry.recognizers:
        if rec.name in prefilter.PRESIDIO and "analyze" not in vars(rec):
            rec = copy.copy(rec)
            assert prefilter.gate_presidio([rec]) == [rec.name], f"{rec.name}: patterns changed, prefilter not applied"
        out[rec.name] = rec
    return out


@pytest.mark.parametrize("name", sorted(PRESIDIO_EXAMPLES))
def test_each_presidio_prefilter_lets_through_texts_its_recognizer_matches(det, name):
    rec = _presidio_recognizers(det)[name]
    for text in PRESIDIO_EXAMPLES[name]:
        with prefilter.disabled():
            assert rec.analyze(text, rec.supported_entities, None), f"example does not match: {text!r}"
        assert rec.analyze(text, rec.supported_entities, None), text


def test_every_presidio_prefilter_is_applied_and_has_an_example(det):
    names = {r.name for r in det.core.analyzer.registry.recognizers}
    assert set(prefilter.PRESIDIO) <= names
    for rec in det.core.analyzer.registry.recognizers:
        if rec.name in prefilter.PRESIDIO:
            assert prefilter.presidio_requires(rec) is not None, f"{rec.name}: patterns differ from the prefilter's"
    assert set(prefilter.PRESIDIO) | {"OfflineEmailRecognizer", "GatedPhoneRecognizer"} == set(PRESIDIO_EXAMPLES)


def test_the_phone_prefilter_needs_seven_digits_in_one_chain():
    assert SEVEN_DIGIT_CHAIN("call (415) 555-01 23")
    assert not SEVEN_DIGIT_CHAIN("call 415 555")
    assert not SEVEN_DIGIT_CHAIN("page 12 of the 2024 report, 30 copies")  # eight digits, far apart


def _fixture_texts(root: Path) -> list[str]:
    parts: list = []
    for p in sorted(root.rglob("*.json")):
        try:
            walk_strings(orjson.loads(p.read_bytes()), "", parts, frozenset())
        except orjson.JSONDecodeError:
            continue
    return [part.text for part in parts]


def _results(recs, texts, arts):
    return [[(name, r.start, r.end, r.entity_type, r.score)
             for name, rec in recs.items()
             for r in rec.analyze(t, rec.supported_entities, a) or ()]
            for t, a in zip(texts, arts)]


def _artifacts(det, texts):
    return list(det.core.artifacts(texts, [needs_ner(t) for t in texts], 256))


def test_results_are_identical_with_and_without_prefilters(det, shared_fixtures):
    texts = [lt.text for seed, n in ((7, 1000), (11, 400)) for lt in generate(seed=seed, sentences=n).texts]
    texts += _fixture_texts(shared_fixtures)
    texts = list(dict.fromkeys(texts))
    recs = {r.name: r for r in build_recognizers()}
    recs.update(_presidio_recognizers(det))
    # fresh artifacts for each run: POS tags are made on demand, for the ranges asked for
    with_ = _results(recs, texts, _artifacts(det, texts))
    with prefilter.disabled():
        without = _results(recs, texts, _artifacts(det, texts))
    assert with_ == without
    assert sum(map(len, with_)) > 2000  # the corpora exercise the recognizers


def test_the_analyzer_gives_identical_results_with_and_without_prefilters(det):
    texts = list(dict.fromkeys(lt.text for lt in generate(seed=23, sentences=300).texts))
    analyzer, thr = det.core.analyzer, det.settings.threshold

    def analyzed():
        return [[(r.start, r.end, r.entity_type, r.score) for r in
                 analyzer.analyze(text=t, language="en", nlp_artifacts=a, score_threshold=thr)]
                for t, a in zip(texts, _artifacts(det, texts))]

    with_ = analyzed()
    with prefilter.disabled():
        assert analyzed() == with_


def test_the_bisect_context_enhancer_finds_the_token_presidio_finds(det):
    from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer

    from privacy.detect.recognizers.context_enhancer import BisectContextEnhancer

    texts = list(dict.fromkeys(lt.text for lt in generate(seed=5, sentences=120).texts)) + ["", "  ", "a"]
    checked = 0
    for text, art in zip(texts, _artifacts(det, texts)):
        for start in range(len(text) + 2):
            try:
                want = LemmaContextAwareEnhancer._find_index_of_match_token("w", start, art.tokens, art.tokens_indices)
            except ValueError:
                want = ValueError
            try:
                got = BisectContextEnhancer._find_index_of_match_token("w", start, art.tokens, art.tokens_indices)
            except ValueError:
                got = ValueError
            assert got == want, (text, start)
            checked += 1
    assert checked > 5000


def test_an_analyzer_with_the_bisect_context_enhancer_gives_presidios_results(det):
    from presidio_analyzer import AnalyzerEngine

    from privacy.detect.recognizers.context_enhancer import BisectContextEnhancer

    texts = list(dict.fromkeys(lt.text for lt in generate(seed=29, sentences=300).texts))
    arts = _artifacts(det, texts)
    plain = det.core.analyzer
    fast = AnalyzerEngine(registry=plain.registry, nlp_engine=plain.nlp_engine, supported_languages=["en"],
                          context_aware_enhancer=BisectContextEnhancer())

    def results(analyzer):
        return [[(r.start, r.end, r.entity_type, r.score, getattr(r.analysis_explanation, "supportive_context_word", None))
                 for r in analyzer.analyze(text=t, language="en", nlp_artifacts=a, score_threshold=0.0,
                                           return_decision_process=True)]
                for t, a in zip(texts, arts)]

    got = results(fast)
    assert got == results(plain)
    assert sum(1 for rs in got for r in rs if r[4]) >= 5  # context words were found and used


def test_the_ascii_digit_first_entries_match_only_with_an_ascii_digit():
    """``_ASCII_DIGIT_FIRST``: each entry's pattern, as Presidio compiles it, needs a character only
    0-9 matches; ``re``'s ``[0-9]`` checked first then stops nothing the pattern would match."""
    import regex

    flags = regex.I | regex.M | regex.S
    needs = {"UsBankRecognizer": "[0-9]", "UsLicenseRecognizer": "[0-9]", "UsItinRecognizer": "9",
             "UsPassportRecognizer": "[0-9]", "UsSsnRecognizer": "[0-9]", "NhsRecognizer": "[0-9]",
             "CryptoRecognizer": "[13]", "IbanRecognizer": "[0-9]", "IbanCapitalsRecognizer": "[0-9]"}
    assert set(needs) == prefilter._ASCII_DIGIT_FIRST
    for name, atom in needs.items():
        pattern = prefilter.PRESIDIO[name][1]
        # every alternative of the entry holds the atom (checked on the pattern's source) ...
        assert all(atom in alt for alt in pattern.split("|")), name
        # ... and the atom matches no character but an ASCII digit
        compiled = regex.compile(atom, flags)
        assert [c for c in EVERY if compiled.match(c) and not "0" <= c <= "9"] == [], name


def test_every_character_of_another_script_is_beyond_latin():
    from privacy.detect.recognizers.script_names import _ANY_SCRIPT, _BEYOND_LATIN

    missed = [hex(ord(c)) for c in EVERY if _ANY_SCRIPT.match(c) and not _BEYOND_LATIN.match(c)]
    assert missed == []
