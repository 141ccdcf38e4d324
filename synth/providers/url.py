"""URL: host → example.com (or .org/.net), path shape kept.

The scheme, a leading "www.", the number of path segments, separators, file extensions
and query parameter *names* are kept; common route words (``/in/``, ``/user/``,
``/watch``, ``/status/``; a fixed list) are kept; name-like words go
through the person name maps ("/in/jane-doe-4b2" → "/in/maria-lopez-7k1"), everything
else (ids, slugs, query values, fragments) becomes keyed random characters of the same
class.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from synth.shape import random_like, shape_space

from .base import Draw, Provider, register
from .email import local_components, map_local

HOSTS = ("example.com", "example.org", "example.net")
ROUTES = frozenset(
    "in u user users profile profiles people p pub watch channel c company companies r "
    "status posts post photos groups pages comments questions issues pull blob tree "
    "wiki en docs about home search".split()
)


def _segments(path: str) -> list[str]:
    return path.split("/")


def _is_named_slug(engine, seg: str) -> bool:
    words = [w for w in re.split(r"[-_.]", seg) if w.isalpha()]
    return bool(words) and all(w.casefold() in engine.name_roles for w in words)


@register
class UrlProvider(Provider):
    entity_type = "URL"
    how = 'example.com/.org/.net host, path shape kept'
    example = "https://www.linkedin.com/in/jane-doe-4b2a1?trk=profile"

    def normalize(self, original: str) -> str:
        return original.strip()

    def components(self, engine, original: str):
        out = []
        parts = urlsplit(original.strip())
        for seg in _segments(parts.path):
            if seg and _is_named_slug(engine, seg):
                out.extend(local_components(engine, seg))
        return out

    def draw(self, d: Draw) -> str:
        parts = urlsplit(d.original.strip())
        r = d.rng
        host = HOSTS[r.randrange(3)]
        if parts.netloc.lower().startswith("www."):
            host = "www." + host
        if not parts.scheme:  # "linkedin.com/in/x" parses as a path
            return random_like(d.original.strip(), r)
        segs = _segments(parts.path)
        out = []
        for i, seg in enumerate(segs):
            if not seg:
                out.append(seg)
            elif seg in ROUTES:
                out.append(seg)
            elif _is_named_slug(d.engine, seg):
                out.append(map_local(d, seg))
            else:
                stem, dot, ext = seg.rpartition(".")
                if dot and stem and ext.isalpha() and len(ext) <= 5:
                    out.append(random_like(stem, r) + "." + ext)
                else:
                    out.append(random_like(seg, r))
        query = "&".join(
            (k + "=" + random_like(v, r)) if eq else random_like(k, r)
            for k, eq, v in (q.partition("=") for q in parts.query.split("&") if q)
        )
        frag = random_like(parts.fragment, r)
        path = "/".join(out)
        if d.attempt:
            path = path.rstrip("/") + f"/{r.randint(0, 10 ** (1 + d.attempt // 50))}"
        return urlunsplit((parts.scheme, host, path, query, frag))

    def overflow(self, d: Draw) -> str | None:
        """More draws: the keyed number a colliding URL's path gets grows with the attempt."""
        return self.draw(d) if urlsplit(d.original.strip()).scheme else None

    def space(self, engine, norm: str, original: str):
        return shape_space(original.strip())  # no scheme: its shape (finite)
