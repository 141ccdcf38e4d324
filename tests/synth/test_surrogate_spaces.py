"""No surrogate space runs out: a value whose usual draws are all refused gets one from its kind's
extended space (``Provider.overflow``), a finite kind is walked whole (``Provider.space``) and only
a space with nothing free left is an input error (``SurrogateSpaceExhausted``), never the
RuntimeError the 300 MB chat export's assign died of (docs/benchmarks.md, session 12).

Each case forces the exhaustion on a small or pre-filled vault (rows put straight into it: what a
workspace that has scrubbed many exports holds) and fails without the extended spaces (the usual
draws raised "no free surrogate for type … after 1000 draws"). Every case checks the result is
injective, consistent and the same in a second workspace of the same key given the values in
another order."""

from __future__ import annotations

import re

import pytest
from synth_helpers import make_fixed_workspace

from ingest.errors import InputError
from synth.surrogates import MAX_ATTEMPTS, SurrogateEngine, SurrogateSpaceExhausted


def _prefill(ws, entity_type: str, surrogates) -> None:
    """Rows of other originals holding ``surrogates`` (as a long-used workspace's vault does;
    written in one statement, their originals a placeholder never read)."""
    with ws.vault.batch():
        ws.vault._db.executemany("INSERT INTO entries(entity_type, khash, original, surrogate) VALUES (?,?,?,?)",
                                 ((entity_type, f"prefill-{i:08d}", b"-", s) for i, s in enumerate(surrogates)))


def _twice(tmp_path, prepare, pairs):
    """The surrogates of ``pairs`` in two workspaces of the same key (``prepare``d alike, the
    pairs assigned in opposite orders), checked equal, injective and consistent."""
    out = []
    for name, order in (("a", pairs), ("b", list(reversed(pairs)))):
        ws = make_fixed_workspace(tmp_path / name)
        eng = SurrogateEngine(ws, contributor_id="contributor-1")
        prepare(ws, eng)
        eng.assign(order)
        got = {(t, o): eng.surrogate(t, o) for t, o in pairs}
        again = SurrogateEngine(ws, contributor_id="contributor-1")  # a later run: the vault answers
        assert {(t, o): again.surrogate(t, o) for t, o in pairs} == got
        for t in {t for t, _ in pairs}:
            canon = [eng.canonical(t, o) for tt, o in pairs if tt == t]
            assert len(set(canon)) == len(canon), t  # injective
            taken = {r[0] for r in ws.vault._db.execute(
                "SELECT surrogate FROM entries WHERE entity_type=? AND khash LIKE 'prefill-%'", (t,))}
            assert not set(canon) & taken
        out.append((got, eng))
    assert out[0][0] == out[1][0]  # deterministic under the key, whatever the order
    return out[0][0], out[0][1]


def test_an_address_in_a_state_named_like_someone_still_gets_a_surrogate(tmp_path):
    # the state is kept in every draw; with a person called Georgia in the workspace every
    # candidate held a real name as a word and all 1000 draws were refused
    people = [("PERSON", "Georgia Smith"), ("PERSON", "Tom Washington")]
    addresses = [("STREET_ADDRESS", a) for a in ("12 Elm Street, Springfield, Georgia",
                                                  "7 Oak Road, Seattle, Washington",
                                                  "Flat 4, Roberts Via, Georgia")]
    got, _ = _twice(tmp_path, lambda ws, eng: eng.assign(people), addresses)
    for (_, o), s in got.items():
        assert s.endswith(o.rsplit(",", 1)[1])  # the state kept, as always
        assert o.split(",")[0] not in s


def test_an_address_whose_postal_code_surrogate_spells_a_workspace_name_still_gets_one(tmp_path):
    # the 300 MB export's case: '#912B' maps through POSTAL_CODE to one fixed surrogate in every
    # draw; its letter is a word of the candidate, and a first name 'H' ("Hans-H.") refused them all
    probe = SurrogateEngine(make_fixed_workspace(tmp_path / "probe"))
    letter = re.findall(r"[A-Z]+", probe.surrogate("POSTAL_CODE", "912B"))[-1]
    people = [("PERSON", f"Hans-{letter}. Okafor")]
    addresses = [("STREET_ADDRESS", "Studio 75, Bradley Street #912B")]
    got, eng = _twice(tmp_path, lambda ws, eng: eng.assign(people), addresses)
    (s,) = got.values()
    assert s.endswith(eng.surrogate("POSTAL_CODE", "912B"))  # consistent with the code on its own
    assert re.match(r"^[A-Z][\w -]+ \d\d, [A-Z]", s)  # "Upper Millbrook 38, Fernhill Green #953H"


def test_po_boxes_beyond_their_digits_get_longer_numbers(tmp_path):
    # one-digit boxes: nine values, every one an original: nothing of the usual space is free
    boxes = [("STREET_ADDRESS", f"P.O. Box {n}") for n in range(1, 10)]
    got, _ = _twice(tmp_path, lambda ws, eng: None, boxes)
    assert all(re.fullmatch(r"P\.O\. Box [1-9]\d+", s) for s in got.values())


def _faker_towns() -> set[str]:
    from faker.providers.address.en_US import Provider as A
    from faker.providers.person.en_US import Provider as P
    out = set()
    for f in P.first_names:
        for pre in A.city_prefixes:
            out.add(f"{pre} {f}")
            out.update(f"{pre} {f}{suf}" for suf in A.city_suffixes)
        out.update(f"{f}{suf}" for suf in A.city_suffixes)
    for last in P.last_names:
        out.update(f"{last}{suf}" for suf in A.city_suffixes)
    return out


def test_towns_beyond_fakers_and_the_name_free_words_come_from_the_extended_space(tmp_path):
    from synth.providers.location import _PLACE_HEADS, _PLACE_TAILS
    used = sorted(_faker_towns() | {h + t for h in _PLACE_HEADS for t in _PLACE_TAILS})
    towns = [("LOCATION", t) for t in ("Lagos", "Quimper", "Tromsø", "ouro preto")]
    got, eng = _twice(tmp_path, lambda ws, eng: _prefill(ws, "LOCATION", used), towns)
    assert all(re.fullmatch(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)+", g) for t, g in got.items() if t[1] != "ouro preto")
    assert re.fullmatch(r"[a-z]+(?:[ -][a-z]+)+", got[("LOCATION", "ouro preto")])  # case kept
    # the space ran out once: the next town (even in another engine) goes to the extended space at once
    later = SurrogateEngine(eng.ws, contributor_id="contributor-2")
    later.surrogate("LOCATION", "Timbuktu")
    assert later.draws < 50


def test_email_domains_beyond_the_name_free_words(tmp_path):
    from faker.providers.person.en_US import Provider as P

    from synth.providers.email import RESERVED
    from synth.providers.location import _PLACE_HEADS, _PLACE_TAILS

    def prepare(ws, eng):
        eng.assign([("PERSON", f"Ada {last}") for last in P.last_names])  # Faker's domain words are surnames
        _prefill(ws, "EMAIL_ADDRESS.DOMAIN", list(RESERVED) + [f"{(h + t).lower()}.{r}" for h in _PLACE_HEADS
                                                               for t in _PLACE_TAILS for r in RESERVED])
    emails = [("EMAIL_ADDRESS", f"ops{n}@firm{n}.example.io") for n in range(3)]
    got, _ = _twice(tmp_path, prepare, emails)
    domains = {g.split("@")[1] for g in got.values()}
    assert len(domains) == 3 and all(re.fullmatch(r"[a-z]+(?:-[a-z]+)+\.example\.(?:com|org|net)", d) for d in domains)


def test_institutions_beyond_fakers_surnames(tmp_path):
    from faker.providers.person.en_US import Provider as P
    orgs = [("ORGANIZATION", o) for o in ("Stanford University", "Mercy Hospital", "University of Lagos")]

    def prepare(ws, eng):
        _prefill(ws, "ORGANIZATION", [f"{last} {k}" for last in P.last_names for k in ("University", "Hospital")])
    got, _ = _twice(tmp_path, prepare, orgs)
    assert got[("ORGANIZATION", "Stanford University")].endswith(" University")
    assert got[("ORGANIZATION", "Mercy Hospital")].endswith(" Hospital")
    assert got[("ORGANIZATION", "University of Lagos")].startswith("University of ")


def test_name_maps_beyond_two_part_names(tmp_path, monkeypatch):
    # a world of two surnames: four two-part names, used up by the first few values
    from synth.providers import person
    monkeypatch.setattr(person, "_pool", lambda kind, letter: ("moss", "vale"))
    monkeypatch.setattr(person, "_wide_pool", lambda kind: ("moss", "vale"))
    names = [("PERSON.LAST", f"Surname{n}") for n in range(12)]
    got, _ = _twice(tmp_path, lambda ws, eng: None, names)
    assert all(set(g.casefold().split("-")) <= {"moss", "vale"} for g in got.values())
    assert max(len(g.split("-")) for g in got.values()) >= 3


def test_ipv4_beyond_the_documentation_and_benchmarking_ranges(tmp_path):
    import ipaddress

    from synth.providers.ip import DOC_V4
    bench = int(ipaddress.ip_address("198.18.0.0"))
    used = [f"{p}{n}" for p in DOC_V4 for n in range(1, 255)] + [str(ipaddress.ip_address(bench + i))
                                                                  for i in range(1, 2**17 - 1)]
    ips = [("IP_ADDRESS", f"73.158.22.{n}") for n in (4, 5)]
    got, _ = _twice(tmp_path, lambda ws, eng: _prefill(ws, "IP_ADDRESS", used), ips)
    assert all(ipaddress.ip_address(g) in ipaddress.ip_network("240.0.0.0/4") for g in got.values())


def test_short_secrets_beyond_their_shape_grow_longer(tmp_path):
    # "Rain#42$" keeps FAKE in its letters: its shape holds 100 values, all taken here
    taken = [f"Fake#{n:02d}$" for n in range(100)]
    got, _ = _twice(tmp_path, lambda ws, eng: _prefill(ws, "SECRET", taken), [("SECRET", "Rain#42$")])
    assert re.fullmatch(r"Fake#\d{3,}\$", got[("SECRET", "Rain#42$")])


def _draws_of(tmp_path, monkeypatch, entity_type, original, prefill):
    """The candidates the usual draws of ``original`` give (in a vault where all are refused)."""
    from synth.providers import get_provider
    p = get_provider(entity_type)
    seen: list[str] = []
    real = type(p).draw
    monkeypatch.setattr(type(p), "draw", lambda self, d: seen.append(real(self, d)) or seen[-1])
    ws = make_fixed_workspace(tmp_path / "draws")
    _prefill(ws, entity_type, prefill)
    with pytest.raises(SurrogateSpaceExhausted):
        SurrogateEngine(ws).assign([(entity_type, original)])
    monkeypatch.setattr(type(p), "draw", real)
    assert len(seen) == MAX_ATTEMPTS
    return set(seen)


def test_a_finite_shape_is_walked_whole_before_it_fails(tmp_path, monkeypatch):
    # every four-digit code but one is another value's: the usual 1000 random draws miss it
    # (they hit ~630 distinct codes), the keyed walk over all 10,000 finds it
    every = [f"{i:04d}" for i in range(10_000)]
    drawn = _draws_of(tmp_path, monkeypatch, "POSTAL_CODE", "4821", [c for c in every if c != "4821"])
    free = next(c for c in every if c not in drawn and c != "4821")
    used = [c for c in every if c not in (free, "4821")]
    got, _ = _twice(tmp_path, lambda ws, eng: _prefill(ws, "POSTAL_CODE", used), [("POSTAL_CODE", "4821")])
    assert list(got.values()) == [free]


def test_a_finite_shape_with_nothing_free_is_a_one_line_input_error(tmp_path):
    # two-digit codes: 100 values; 60 originals leave 40 surrogates for 60 values
    ws = make_fixed_workspace(tmp_path / "w")
    eng = SurrogateEngine(ws)
    with pytest.raises(SurrogateSpaceExhausted) as e:
        eng.assign([("POSTAL_CODE", f"{n:02d}") for n in range(20, 80)])
    msg = str(e.value)
    assert isinstance(e.value, InputError) and "\n" not in msg
    assert "POSTAL_CODE" in msg and "60 distinct" in msg and "100 surrogates" in msg
    assert set(re.findall(r"\d+", msg.split(": ", 1)[1])) == {"60", "100"}  # the counts, no value
    # the CLI's handler prints an InputError as one line and exits 2 (privacy/cli.py)


def test_more_countries_than_there_are_is_a_one_line_input_error(tmp_path):
    from faker.providers.address.en_US import Provider as A
    # Faker's 243 (title case: an upper-case "USA" draws from the upper-case names, another 243)
    countries = list(dict.fromkeys(A.countries)) + ["Usa", "Uk", "Us", "U.s.", "U.k."]
    eng = SurrogateEngine(make_fixed_workspace(tmp_path / "w"))
    with pytest.raises(SurrogateSpaceExhausted) as e:
        eng.assign([("LOCATION", c) for c in countries])
    assert "LOCATION" in str(e.value) and f"{len(countries)} distinct" in str(e.value)
    assert "\n" not in str(e.value)
