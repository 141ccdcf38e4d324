"""The provider contract and registry: one provider per entity type, like Presidio operators.

A provider turns one original into a *canonical* surrogate (``draw``) and renders it back
into the original's surface form (``render``: case, punctuation, grouping). The engine
owns everything else — keyed seeding, the vault, injectivity, collision re-draws — so a
new kind is one small module with a ``@register`` class and no change to the engine.

Transform providers (``vaulted = False``: dates, ages, kept types) are pure functions of
the original and the contributor's settings and never touch the vault.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:  # pragma: no cover
    from faker import Faker

    from synth.surrogates import SurrogateEngine

_REGISTRY: dict[str, "Provider"] = {}

# Draws of a kind's usual space per original (attempts 0 .. USUAL_DRAWS-1); the engine's
# MAX_ATTEMPTS. Beyond them come ``Provider.overflow`` and ``Provider.space``.
USUAL_DRAWS = 1000


@dataclass
class Draw:
    """One keyed draw: everything a provider needs to produce a candidate surrogate."""

    engine: "SurrogateEngine"
    entity_type: str
    original: str
    norm: str
    attempt: int
    rng: random.Random
    _seed: int = field(repr=False)

    _fake: object = field(default=None, repr=False)
    # Only in a draw beyond the usual ones (``Provider.overflow``): the words the provider drew
    # from its extended space, the only ones ``avoid_words`` then checks (None: the whole
    # candidate, through ``Provider.chosen_text``). A kept part of the original, or the
    # surrogate of a value inside it (an address's postal code), is the same in every draw:
    # a name word there would refuse every candidate.
    chosen: list[str] | None = field(default=None, repr=False)

    @property
    def beyond(self) -> int:
        """How far past the usual draws this one is (0, 1, 2 …; negative for a usual draw)."""
        return self.attempt - USUAL_DRAWS

    @property
    def fake(self) -> "Faker":
        """A Faker instance seeded once for this draw with its keyed seed (never the
        global random); successive uses continue one random stream."""
        if self._fake is None:
            self._fake = self.engine.faker(self._seed)
        return self._fake


class Provider:
    """Base class of a surrogate provider. Subclass, set ``entity_type`` and ``@register``."""

    entity_type: ClassVar[str] = ""
    vaulted: ClassVar[bool] = True
    derived: ClassVar[bool] = False  # canonical is a function of injective components
    # After this many draws, a candidate may equal an original (tiny spaces such as
    # "assistant-1": injectivity still holds, the map becomes a permutation). None: never.
    relax_after: ClassVar[int | None] = None
    # Other vault types whose originals a candidate must not equal either (a surrogate
    # first name must not be someone's real surname).
    also_avoid: ClassVar[tuple[str, ...]] = ()
    # Vault types none of whose originals may stand as a word of a candidate (a street
    # surrogate "354 Thomas Cain Dr" would write a real "Thomas" of the workspace back).
    avoid_words: ClassVar[tuple[str, ...]] = ()
    example: ClassVar[str] = ""  # a sample original, for the README table
    how: ClassVar[str] = ""  # one line on what is kept, for the README table

    def normalize(self, original: str) -> str:
        """The form two originals share when they are the same value (default: case and
        whitespace folded). Canonical surrogates live in this normalized space too."""
        return " ".join(original.split()).casefold()

    def distinct(self, norm: str, cand: str) -> bool:
        """Whether ``cand`` may stand for the original ``norm`` (normalized): not the original
        itself (a provider may ask more, e.g. no word of the original in it)."""
        return self.normalize(cand) != norm

    def chosen_text(self, cand: str) -> str:
        """The part of a candidate whose words ``avoid_words`` checks: what was drawn, not a
        fixed part every candidate shares (an e-mail domain's reserved root "example.com")."""
        return cand

    def relax_for(self, norm: str) -> int | None:
        """``relax_after`` for this original (a provider whose values mix tiny and large spaces
        relaxes only the tiny ones)."""
        return self.relax_after

    def keep(self, original: str) -> bool:
        """True when there is nothing to replace (e.g. no letter or digit): kept as is."""
        return not any(c.isalnum() for c in original)

    def components(self, engine: "SurrogateEngine", original: str) -> Iterable[tuple[str, str]]:
        """(entity_type, value) parts that must be assigned before this value (names)."""
        return ()

    def prepare(self, engine: "SurrogateEngine", originals: list[str]) -> None:
        """Called by ``assign`` with every original of this type (sorted) before any draw."""

    def draw(self, d: Draw) -> str:
        """A canonical candidate for ``d.original``; a different one for each ``d.attempt``."""
        raise NotImplementedError

    def draw_pools(self, engine: "SurrogateEngine", norm: str) -> tuple:
        """The stages of draws for ``norm``: ``(start, until, key, pool)`` when every draw
        with ``start <= attempt < until`` picks one of ``pool`` (``key`` names the pool).
        After ``CHECK_FUTILE_AFTER`` refused draws in a stage the engine stops drawing at
        random and picks among the pool's still-free candidates, or skips the stage when
        none is free (``SurrogateEngine._pick_free``). Default: no stages (draw until free)."""
        return ()

    def overflow(self, d: Draw) -> str | None:
        """A candidate from the kind's *extended* space, drawn only once the ``USUAL_DRAWS``
        usual draws of an original were all refused (``d.beyond`` = 0, 1, 2 …, keyed like any
        draw). A kind that has one makes it larger than any vault: kind-correct values with more
        components as ``d.beyond`` grows (``location.extended_place``), numbers that grow, so
        a free candidate always comes; ``d.chosen`` lists what it drew there. None (default):
        no extended space, the kind is finite (``space``)."""
        return None

    def space(self, engine: "SurrogateEngine", norm: str, original: str) -> tuple[int, Callable[[int], str]] | None:
        """A finite kind's every candidate for ``norm`` as ``(size, at)``: ``at(i)`` for
        ``0 <= i < size`` gives them all, each once. The engine walks it in a keyed order when the
        usual draws (and ``overflow``, if any) found nothing free; when none is free the value
        has no surrogate (``SurrogateSpaceExhausted``, an input error). None: not enumerable."""
        return None

    def space_key(self, norm: str) -> str | None:
        """Which of the kind's spaces ``norm`` draws from ("city", "University" …), when values
        whose usual space ran out once should go straight to ``overflow`` (the engine records it
        in the vault: a crowded space costs no ``USUAL_DRAWS`` refused draws per new value).
        None (default): always draw the usual way first."""
        return None

    def render(self, engine: "SurrogateEngine", original: str, canonical: str) -> str:
        """The surrogate in the original's surface form."""
        return canonical

    def transform(self, engine: "SurrogateEngine", original: str) -> str:
        """For ``vaulted = False`` providers: the replacement, without any vault state."""
        raise NotImplementedError


def register(cls: type[Provider]) -> type[Provider]:
    """Class decorator: register a provider instance under its ``entity_type``."""
    if not cls.entity_type:
        raise ValueError("provider without entity_type")
    _REGISTRY[cls.entity_type] = cls()
    return cls


def get_provider(entity_type: str) -> Provider:
    """The provider for an entity type; unknown types get the shape-keeping fallback."""
    p = _REGISTRY.get(entity_type)
    if p is None:
        p = _REGISTRY["_FALLBACK"]
    return p


def registered_types() -> list[str]:
    return sorted(t for t in _REGISTRY if not t.startswith("_") and "." not in t)
