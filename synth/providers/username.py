"""USERNAME: handles keep the "@", separators, digit runs and rough length; name-like
words go through the person name maps (so "@jane_doe" → "@maria_lopez")."""

from __future__ import annotations

from .base import Draw, Provider, register
from .email import local_components, map_local


def _split(original: str) -> tuple[str, str]:
    s = original.strip()
    for lead in ("@", "u/", "/u/"):
        if s.startswith(lead):
            return lead, s[len(lead):]
    return "", s


@register
class UsernameProvider(Provider):
    entity_type = "USERNAME"
    how = '"@" and shape kept, names via the name maps'
    example = "@jane_doe85"

    def normalize(self, original: str) -> str:
        return _split(original)[1].casefold()

    def components(self, engine, original: str):
        return local_components(engine, _split(original)[1])

    def draw(self, d: Draw) -> str:
        return map_local(d, _split(d.original)[1])

    def overflow(self, d: Draw) -> str:
        """More draws: the keyed number a colliding handle gets grows with the attempt."""
        return self.draw(d)

    def render(self, engine, original: str, canonical: str) -> str:
        return _split(original)[0] + canonical
