"""GPS_COORDINATES: a plausible point on land (a Faker place, jittered ±0.05°), written
in the original's layout: same separators, decimal places, signs or N/S/E/W letters."""

from __future__ import annotations

import re

from synth.shape import random_like, shape_space

from .base import Draw, Provider, register

_NUM = re.compile(r"-?\d+(?:\.(\d+))?")


@register
class GpsProvider(Provider):
    entity_type = "GPS_COORDINATES"
    how = 'a point on land, same precision and layout'
    example = "40.7128, -74.0060"

    def normalize(self, original: str) -> str:
        return " ".join(original.split()).upper()

    def draw(self, d: Draw) -> str:
        s = d.original.strip()
        nums = list(_NUM.finditer(s))
        if len(nums) != 2:
            return random_like(s, d.rng)
        lat, lng, *_ = d.fake.location_on_land()
        vals = [float(lat) + d.rng.uniform(-0.05, 0.05), float(lng) + d.rng.uniform(-0.05, 0.05)]
        return _written(s, nums, vals)

    def overflow(self, d: Draw) -> str | None:
        """Beyond the usual draws: a point farther from a place on land (the radius doubles every
        ``OVERFLOW_TIER_DRAWS`` draws, up to the whole globe); then the grid of the original's
        precision is walked whole (``space``)."""
        s = d.original.strip()
        nums = list(_NUM.finditer(s))
        radius = 0.05 * 2 ** (d.beyond // OVERFLOW_TIER_DRAWS)
        if len(nums) != 2 or radius > 360:
            return None
        lat, lng, *_ = d.fake.location_on_land()
        la = max(-90.0, min(90.0, float(lat) + d.rng.uniform(-radius, radius)))
        lo = (float(lng) + d.rng.uniform(-radius, radius) + 180.0) % 360.0 - 180.0
        return _written(s, nums, [la, lo])

    def space(self, engine, norm: str, original: str):
        """Finite: every point of the grid of the original's decimal places."""
        s = original.strip()
        nums = list(_NUM.finditer(s))
        if len(nums) != 2:
            return shape_space(s)
        steps = [10 ** len(m.group(1) or "") for m in nums]
        n_lat, n_lng = 180 * steps[0] + 1, 360 * steps[1] + 1
        return n_lat * n_lng, lambda i: _written(s, nums, [(i // n_lng) / steps[0] - 90, (i % n_lng) / steps[1] - 180])


OVERFLOW_TIER_DRAWS = 25


def _written(s: str, nums: list, vals: list[float]) -> str:
    """``vals`` (latitude, longitude) in the layout of ``s``: same separators, decimal places,
    signs or N/S/E/W letters."""
    hemis = re.findall(r"[NSEW]", s.upper())
    out, pos = [], 0
    for i, m in enumerate(nums):
        decimals = len(m.group(1) or "")
        v = vals[i]
        txt = f"{(abs(v) if hemis else v):.{decimals}f}"
        out.append(s[pos:m.start()])
        out.append(txt)
        pos = m.end()
    tail = s[pos:]
    res = "".join(out) + tail
    if len(hemis) == 2:  # put the right hemisphere letters back in order
        want = iter(["N" if vals[0] >= 0 else "S", "E" if vals[1] >= 0 else "W"])
        res = re.sub(r"[NSEWnsew](?![a-z])", lambda m: (lambda c: c if m.group(0).isupper() else c.lower())(next(want, m.group(0).upper())), res)
    return res
