"""Faker's weighted one-element picks, without rebuilding their tables on every call.

Faker's ``random_element(OrderedDict)`` (``first_name``, ``last_name``, a street suffix …)
builds a tuple of the dict's keys' weights and ``random.choices`` accumulates them again on
every call: thousands of floats for one name (7,000 first names in ``en_US``). A street
surrogate that holds a real name of the workspace is drawn again, so a dense export's
assign makes tens of thousands of such picks, in the parent, while the workers wait.

``speed_up(faker)`` gives each provider of one Faker instance a ``random_elements`` that
keeps each weighted dict's keys and cumulative weights (by identity, with the dict kept
alive) and calls ``random.choices(keys, cum_weights=...)``: the same single ``random()``
call and the same bisect as ``random.choices(keys, weights=...)``, so the same element for
the same seed (``tests/synth/test_fakerpick.py`` draws both ways). Any other call goes to
Faker's own method. Faker's dicts are module constants, never changed after import.
"""

from __future__ import annotations

from collections import OrderedDict
from itertools import accumulate


def _fast(provider, original):
    cache: dict[int, tuple] = {}

    def random_elements(elements=("a", "b", "c"), length=None, unique=False, use_weighting=None):
        weighted = use_weighting if use_weighting is not None else provider.__use_weighting__
        if length != 1 or unique or not weighted or not isinstance(elements, OrderedDict):
            return original(elements, length=length, unique=unique, use_weighting=use_weighting)
        hit = cache.get(id(elements))
        if hit is None or hit[0] is not elements:
            hit = (elements, tuple(elements), list(accumulate(elements.values())))
            cache[id(elements)] = hit
        return provider.generator.random.choices(hit[1], cum_weights=hit[2], k=1)

    return random_elements


def speed_up(faker) -> None:
    """Give every provider of ``faker`` (one ``Faker`` instance) the cached weighted pick."""
    for generator in getattr(faker, "_factories", None) or [faker]:
        for provider in generator.providers:
            if "random_elements" not in vars(provider):
                provider.random_elements = _fast(provider, provider.random_elements)
