"""Person names: every form of one name agrees, case and gender are kept, the space is wide."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synth import names
from synth.surrogates import SurrogateEngine

from synth_helpers import make_fixed_workspace

T = names.tables()
FEMALE = sorted(n.title() for v in T["female"].values() for n in v)
MALE = sorted(n.title() for v in T["male"].values() for n in v)
LAST = sorted(n.title() for v in T["last"].values() for n in v)


@pytest.fixture()
def jane(engine):
    engine.assign([("PERSON", "Jane Doe"), ("EMAIL_ADDRESS", "jane.doe@gmail.com")])
    full = engine.surrogate("PERSON", "Jane Doe")
    first, last = full.split()
    return engine, first, last


def test_first_name_alone_maps_like_in_the_full_name(jane):
    engine, first, _ = jane
    assert engine.surrogate("PERSON", "Jane") == first


def test_surname_alone_and_with_title_map_like_in_the_full_name(jane):
    engine, _, last = jane
    assert engine.surrogate("PERSON", "Doe") == last
    assert engine.surrogate("PERSON", "Dr. Doe") == f"Dr. {last}"
    assert engine.surrogate("PERSON", "Ms. Jane Doe") == f"Ms. {first_of(jane)} {last}"


def first_of(jane):
    return jane[1]


def test_possessive_is_kept(jane):
    engine, first, last = jane
    assert engine.surrogate("PERSON", "Jane's") == f"{first}'s"
    assert engine.surrogate("PERSON", "Jane Doe’s") == f"{first} {last}’s"


def test_initials_follow_the_mapped_names(jane):
    engine, first, last = jane
    assert engine.surrogate("PERSON", "J. Doe") == f"{first[0]}. {last}"
    assert engine.surrogate("PERSON", "JD") == first[0] + last[0]


def test_case_style_is_kept(jane):
    engine, first, last = jane
    assert engine.surrogate("PERSON", "JANE DOE") == f"{first} {last}".upper()
    assert engine.surrogate("PERSON", "jane doe") == f"{first} {last}".lower()


def test_reversed_comma_form_is_coherent(jane):
    engine, first, last = jane
    assert engine.surrogate("PERSON", "Doe, Jane") == f"{last}, {first}"


def test_email_local_part_is_built_from_the_mapped_name(jane):
    engine, first, last = jane
    email = engine.surrogate("EMAIL_ADDRESS", "jane.doe@gmail.com")
    assert email.split("@")[0] == f"{first}.{last}".lower()


def test_email_uses_a_reserved_domain(engine):
    for e in ["a.person@gmail.com", "boss@acme-corp.com", "x@yahoo.co.uk", "me@university.edu"]:
        domain = engine.surrogate("EMAIL_ADDRESS", e).split("@")[1]
        assert domain in ("example.com", "example.org", "example.net") or domain.endswith(
            (".example.com", ".example.org", ".example.net")
        )


def test_colleagues_keep_a_shared_surrogate_domain(engine):
    a = engine.surrogate("EMAIL_ADDRESS", "ann@acme-corp.com").split("@")[1]
    b = engine.surrogate("EMAIL_ADDRESS", "bob@acme-corp.com").split("@")[1]
    assert a == b


def test_handle_is_built_from_the_mapped_name(jane):
    engine, first, last = jane
    assert engine.surrogate("USERNAME", "@jane_doe") == f"@{first.lower()}_{last.lower()}"


def test_surrogate_name_never_starts_with_the_original_initial(engine):
    originals = ["Alice Brown", "Carlos Diaz", "Emma Fischer", "Hugo Ito", "Quinn Xu"]
    engine.assign([("PERSON", o) for o in originals])
    for o in originals:
        s = engine.surrogate("PERSON", o)
        assert s.split()[0][0] != o[0] and s.split()[1][0] != o.split()[1][0]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(FEMALE), st.sampled_from(MALE))
def test_first_names_keep_their_likely_gender(tmp_path_factory, female, male):
    eng = SurrogateEngine(make_fixed_workspace(tmp_path_factory.mktemp("g") / "ws"))
    for original, want in ((female, "female"), (male, "male")):
        if names.gender(original) != want:
            continue  # the gender table disagrees with Faker's list: no gender to keep
        assert names.gender(eng.surrogate("PERSON", original)) in (want, "any")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(FEMALE + MALE), st.sampled_from(LAST), st.sampled_from(["Dr.", "Mr.", "Ms.", "Prof."]))
def test_every_form_of_a_name_agrees(tmp_path_factory, first, last, title):
    eng = SurrogateEngine(make_fixed_workspace(tmp_path_factory.mktemp("n") / "ws"))
    full = f"{first} {last}"
    eng.assign([("PERSON", full), ("PERSON", first), ("PERSON", f"{title} {last}"), ("PERSON", f"{first}'s")])
    sf, sl = eng.surrogate("PERSON", full).split(" ")
    assert eng.surrogate("PERSON", first) == sf
    assert eng.surrogate("PERSON", f"{title} {last}") == f"{title} {sl}"
    assert eng.surrogate("PERSON", f"{first}'s") == f"{sf}'s"
    assert eng.surrogate("PERSON", full.upper()) == f"{sf} {sl}".upper()


def test_name_tables_are_far_wider_than_faker_name_alone():
    # ~3.8k first names and ~4.6k surnames from nine locales: ~17M full names
    assert len(FEMALE) + len(MALE) > 3000 and len(LAST) > 4000


def test_a_surrogate_first_name_is_never_a_real_surname_of_the_workspace(tmp_path):
    # with this key, "Jane" would become X ...
    x = SurrogateEngine(make_fixed_workspace(tmp_path / "a")).surrogate("PERSON", "Jane")
    # ... unless X is a real surname in the workspace
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "b"))
    eng.assign([("PERSON", f"Mr. {x}"), ("PERSON", "Jane Doe")])
    assert eng.surrogate("PERSON", "Jane") != x


def test_a_lone_surname_before_its_full_name_in_one_batch_maps_as_a_surname(engine):
    engine.assign([("PERSON", "Doe"), ("PERSON", "Jane Doe")])
    assert engine.surrogate("PERSON", "Doe") == engine.surrogate("PERSON", "Jane Doe").split()[1]


WORDS = [f"s{a}{b}{c}" for a in "aeiou" for b in "bcdfgklmnprt" for c in "aeiou"][:320]  # one initial


def _surnames_assigned(ws, words=WORDS) -> tuple[dict[str, str], int]:
    engine = SurrogateEngine(ws)
    engine.assign([("PERSON.LAST", w) for w in words])
    return {w: engine.surrogate("PERSON.LAST", w) for w in words}, engine.draws


def test_a_used_up_initial_costs_a_few_draws_per_name_not_hundreds(tmp_path, monkeypatch):
    # 320 surnames with one initial use up that initial's surrogate surnames (~230): later
    # ones pick among the free names after 10 refused draws instead of drawing on and on
    import synth.surrogates as S

    picked, picking_draws = _surnames_assigned(make_fixed_workspace(tmp_path / "pick"))
    monkeypatch.setattr(S, "CHECK_FUTILE_AFTER", S.MAX_ATTEMPTS + 1)  # only random draws
    drawn, drawing_draws = _surnames_assigned(make_fixed_workspace(tmp_path / "draw"))
    assert picking_draws < 12 * len(WORDS) and picking_draws * 5 < drawing_draws
    for got in (picked, drawn):
        assert len(set(got.values())) == len(got)  # one surrogate per original
        assert not set(got.values()) & set(WORDS)  # never an original


def test_names_picked_among_free_ones_do_not_depend_on_what_the_process_assigned_before(tmp_path):
    # an engine keeps its lists of free names: one that filled most of a pool itself must
    # pick what a fresh engine picks on the same vault
    from synth.providers.person import _pool

    warm = SurrogateEngine(make_fixed_workspace(tmp_path / "a"))
    split = len(_pool("last", warm.initials["s"])) - 8  # 8 surnames of the initial left free
    warm.assign([("PERSON.LAST", w) for w in WORDS[:split]])
    assert warm._free_lists  # it has picked among free names already
    warm.assign([("PERSON.LAST", w) for w in WORDS[split:]])
    ws_b = make_fixed_workspace(tmp_path / "b")
    SurrogateEngine(ws_b).assign([("PERSON.LAST", w) for w in WORDS[:split]])
    fresh, _ = _surnames_assigned(ws_b, WORDS[split:])
    assert {w: warm.surrogate("PERSON.LAST", w) for w in WORDS[split:]} == fresh


def test_fast_gender_table_is_gender_guessers_own():
    """synth.names parses gender-guesser's table faster; the table is the package's, key order included."""
    import gender_guesser.detector as gd

    from synth.names import _fast_detector_class

    for case_sensitive in (False, True):
        ours, theirs = _fast_detector_class()(case_sensitive=case_sensitive).names, gd.Detector(case_sensitive).names
        assert ours == theirs
        assert list(ours) == list(theirs)
        assert all(list(ours[k]) == list(theirs[k]) for k in theirs)


def test_a_street_or_town_surrogate_never_holds_a_real_name_of_the_workspace_as_a_word(tmp_path):
    # with this key, these streets and towns draw surrogates whose words are names ...
    streets = [f"{n} Main Street" for n in range(1, 200)] + [f"Town{n}" for n in range(200)]
    plain = SurrogateEngine(make_fixed_workspace(tmp_path / "a"))
    plain.assign([("STREET_ADDRESS", s) for s in streets[:199]] + [("LOCATION", s) for s in streets[199:]])
    drawn = [plain.surrogate("STREET_ADDRESS", s) for s in streets[:199]] + [plain.surrogate("LOCATION", s) for s in streets[199:]]
    words = sorted({w for d in drawn for w in d.split() if w.isalpha() and w.istitle()})[:40]
    assert words  # (Faker's streets and towns are made of names)
    # ... which become real names of the workspace when its people bear them
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "b"))
    eng.assign([("PERSON", f"{w} Okonkwo") for w in words] + [("PERSON", f"Ada {w}") for w in words])
    eng.assign([("STREET_ADDRESS", s) for s in streets[:199]] + [("LOCATION", s) for s in streets[199:]])
    again = [eng.surrogate("STREET_ADDRESS", s) for s in streets[:199]] + [eng.surrogate("LOCATION", s) for s in streets[199:]]
    assert not {w.casefold() for d in again for w in d.split()} & {w.casefold() for w in words}


def test_streets_and_towns_still_get_surrogates_when_the_workspace_bears_every_faker_name(tmp_path):
    # a dense corpus's people bear most of Faker's names, which Faker builds streets and towns from
    from faker.providers.person.en_US import Provider as P
    firsts = list(P.first_names_male) + list(P.first_names_female)
    lasts = list(P.last_names)
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "w"))
    eng.assign([("PERSON", f"{f} {lasts[i % len(lasts)]}") for i, f in enumerate(firsts)])
    streets = [f"{n} P.O. Box {n + 7}" for n in range(1000, 1400)] + [f"{n} Elm Street" for n in range(1, 400)]
    eng.assign([("STREET_ADDRESS", s) for s in streets] + [("LOCATION", f"Town{n}") for n in range(400)])
    drawn = [eng.surrogate("STREET_ADDRESS", s) for s in streets]
    assert len(set(drawn)) == len(drawn)  # (it used to fail: "no free surrogate for type STREET_ADDRESS")


def test_state_codes_become_a_permutation_once_a_corpus_has_used_them_up(tmp_path):
    from synth.providers.location import _places
    codes = sorted(_places()[2])
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "w"))
    eng.assign([("LOCATION", c) for c in codes])
    drawn = [eng.surrogate("LOCATION", c) for c in codes]
    assert len(set(drawn)) == len(drawn) and set(drawn) <= set(codes)


def test_an_email_domain_surrogate_never_holds_a_real_name_of_the_workspace_as_a_word(tmp_path):
    from faker.providers.person.en_US import Provider as P
    lasts = list(P.last_names)
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "w"))
    eng.assign([("PERSON", f"Ada {last}") for last in lasts])
    emails = [f"user{n}@domain{n}.org" for n in range(60)]
    eng.assign([("EMAIL_ADDRESS", e) for e in emails])
    words = {w for e in emails for w in re.findall(r"[a-z]+", eng.surrogate("EMAIL_ADDRESS", e).split("@")[1])}
    assert not words & {w.casefold() for w in lasts}


def test_a_real_surname_that_is_a_reserved_domain_word_does_not_use_up_the_domains(tmp_path):
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "w"))
    eng.assign([("PERSON", "Ada Example"), ("PERSON", "Bo Com"), ("PERSON", "Cy Net")])
    emails = [f"user{n}@domain{n}.org" for n in range(20)]
    eng.assign([("EMAIL_ADDRESS", e) for e in emails])
    domains = {eng.surrogate("EMAIL_ADDRESS", e).split("@")[1] for e in emails}
    assert len(domains) == len(emails)


def test_a_place_that_holds_the_original_place_as_words_may_not_stand_for_it():
    from synth.providers.location import LocationProvider

    p = LocationProvider()
    assert not p.distinct(p.normalize("Netherlands"), "Netherlands Antilles")
    assert not p.distinct(p.normalize("Papua New Guinea"), "Guinea")
    assert not p.distinct(p.normalize("Samoa"), "SAMOA")
    assert p.distinct(p.normalize("Niger"), "Nigeria") and p.distinct(p.normalize("Netherlands"), "Belgium")


def test_a_place_surrogate_never_holds_the_original_place_as_words(tmp_path):
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "w"))
    places = ["Netherlands", "Guinea", "Congo", "Samoa", "Virginia", "Dakota", "Georgia", "Jersey", "Sudan", "Korea"]
    eng.assign([("LOCATION", p) for p in places])
    for p in places:
        got = eng.surrogate("LOCATION", p)
        assert p.casefold() not in got.casefold().split() and got.casefold() not in p.casefold().split(), (p, got)
