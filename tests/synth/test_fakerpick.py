"""synth.fakerpick: the cached weighted pick gives Faker's own draws, seed for seed."""

from collections import OrderedDict

from faker import Faker

from synth.fakerpick import speed_up


def _draws(fk, seeds):
    out = []
    for seed in seeds:
        fk.seed_instance(seed)
        out.append((fk.first_name(), fk.last_name(), fk.street_suffix(), fk.city(), fk.random_element("xyz"),
                    fk.random_element(OrderedDict([("a", 0.5), ("b", 0.25), ("c", 0.25)])),
                    tuple(fk.random_elements(OrderedDict([("a", 0.9), ("b", 0.1)]), length=3)),
                    tuple(fk.random_elements(OrderedDict([("a", 0.9), ("b", 0.1)]), length=2, unique=True)),
                    fk.random_int(0, 10**9)))
    return out


def test_the_cached_pick_draws_what_faker_draws():
    plain, fast = Faker("en_US"), Faker("en_US")
    speed_up(fast)
    seeds = range(2_000)
    assert _draws(fast, seeds) == _draws(plain, seeds)


def test_a_pick_is_cached_per_dict_and_follows_a_new_dict():
    fk = Faker("en_US")
    speed_up(fk)
    speed_up(fk)  # twice: still one wrapper
    fk.seed_instance(1)
    assert fk.random_element(OrderedDict([("only", 1.0)])) == "only"
    assert fk.random_element(OrderedDict([("other", 1.0)])) == "other"
