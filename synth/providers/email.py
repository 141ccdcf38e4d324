"""EMAIL_ADDRESS: reserved domains, local parts rebuilt from the name maps.

"jane.doe@gmail.com" → "maria.lopez@example.com": the local part is split on ``. _ - +``
and trailing digits; name-like words go through the same first-name/surname maps as
PERSON (so the address agrees with the person), "jdoe"/"janedoe" are recognised as
initial+surname and first+surname, other words become keyed random words, digits keyed
random digits. Domains map injectively (``EMAIL_ADDRESS.DOMAIN``) onto reserved names:
example.com/.org/.net first, then ``<word>.example.com|org|net`` (RFC 2606).
"""

from __future__ import annotations

import re

from synth import names
from synth.shape import apply_case, case_style, random_like, shape_space

from .base import Draw, Provider, register
from .location import NAMED_ATTEMPTS, extended_place, name_free_word
from .person import map_initial, map_word, single_role, word_components

RESERVED = ("example.com", "example.org", "example.net")
_LOCAL_SPLIT = re.compile(r"([._+-])")
_WORD_DIGITS = re.compile(r"^([^\d]*)(\d*)$")


def _split_local(local: str) -> list[tuple[str, str]]:
    """[(kind, text)] with kind 'sep', 'alpha', 'digits', 'other'; after '+' all 'other'."""
    out: list[tuple[str, str]] = []
    plus = False
    for part in _LOCAL_SPLIT.split(local):
        if not part:
            continue
        if part in "._+-" and len(part) == 1:
            out.append(("sep", part))
            plus = plus or part == "+"
            continue
        if plus:
            out.append(("other", part))
            continue
        m = _WORD_DIGITS.match(part)
        if m and m.group(1).isalpha():
            out.append(("alpha", m.group(1)))
            if m.group(2):
                out.append(("digits", m.group(2)))
        elif part.isdigit():
            out.append(("digits", part))
        else:
            out.append(("other", part))
    return out


def _roles(engine, tokens: list[tuple[str, str]]) -> list[tuple[str, ...]]:
    """Role per alpha token: ('first',), ('last',), ('initial',), ('initial+last', i, rest),
    ('first+last', a, b) or ('word',)."""
    alpha = [t for k, t in tokens if k == "alpha"]
    roles: list[tuple[str, ...]] = []
    if len(alpha) >= 2:
        for i, t in enumerate(alpha):
            if len(t) == 1:
                roles.append(("initial",))
            elif i == len(alpha) - 1:
                roles.append(("last",))
            else:
                roles.append(("first",))
        if (
            len(alpha) == 2
            and engine.name_roles.get(alpha[0].casefold()) == "last"
            and engine.name_roles.get(alpha[1].casefold()) == "first"
        ):
            roles = [("last",), ("first",)]
        return roles
    if len(alpha) == 1:
        t = alpha[0]
        f = t.casefold()
        if f in engine.name_roles or names.known_first_name(t):
            return [(single_role(engine, t),)]
        if len(t) > 3 and (engine.name_roles.get(f[1:]) == "last" or names.known_surname(f[1:])):
            return [("initial+last", t[0], t[1:])]
        for cut in range(2, len(t) - 1):
            a, b = t[:cut], t[cut:]
            if (engine.name_roles.get(a.casefold()) == "first" or names.known_first_name(a)) and (
                engine.name_roles.get(b.casefold()) == "last" or names.known_surname(b)
            ):
                return [("first+last", a, b)]
        if names.known_surname(t):
            return [("last",)]
        return [("word",)]
    return []


@register
class EmailDomainMap(Provider):
    entity_type = "EMAIL_ADDRESS.DOMAIN"
    # Faker's domain words are surnames ("cantu-daniel"): none may be a name the workspace's people bear
    avoid_words = ("PERSON.FIRST", "PERSON.LAST")

    def normalize(self, original: str) -> str:
        return original.strip().lower()

    def chosen_text(self, cand: str) -> str:
        """The drawn label only: a real "Example" of the workspace is no reason to refuse
        every "….example.com" (which once used up all 1,000 draws)."""
        for root in RESERVED:
            if cand == root:
                return ""
            if cand.endswith("." + root):
                return cand[: -len(root) - 1]
        return cand

    def draw(self, d: Draw) -> str:
        if d.attempt < len(RESERVED):  # each reserved root once, from a keyed start
            start = d.engine.seed_int("domain-start", d.norm)
            return RESERVED[(start + d.attempt) % len(RESERVED)]
        if d.attempt < len(RESERVED) + NAMED_ATTEMPTS:
            word = re.sub(r"[^a-z0-9-]", "", d.fake.domain_word().lower()) or "mail"
        else:  # the workspace's people bear Faker's names: a word no one is called ("millbrook")
            word = name_free_word(d.rng).lower()
        return f"{word}.{d.fake.random.choice(RESERVED)}"

    def overflow(self, d: Draw) -> str:
        """Beyond the 4,500 usual names: ``upper-millbrook.example.org``, ``ashcombe-green-7.example.net`` …"""
        word = re.sub(r"[^a-z0-9-]", "", extended_place(d.rng, d.beyond).lower().replace(" ", "-"))
        d.chosen.append(word)
        return f"{word}.{d.rng.choice(RESERVED)}"

    def space_key(self, norm: str) -> str:
        return "domain"


def local_components(engine, local: str) -> list[tuple[str, str]]:
    """The name-map components a local part / handle will use."""
    tokens = _split_local(local)
    out: list[tuple[str, str]] = []
    roles = iter(_roles(engine, tokens))
    for kind, t in tokens:
        if kind != "alpha":
            continue
        r = next(roles)
        if r[0] in ("first", "last"):
            out.extend(word_components(r[0], t))
        elif r[0] == "initial+last":
            out.extend(word_components("last", r[2]))
        elif r[0] == "first+last":
            out.extend(word_components("first", r[1]) + word_components("last", r[2]))
    return out


def map_local(d: Draw, local: str) -> str:
    """A local part / handle rebuilt: names through the name maps, the rest keyed random."""
    eng = d.engine
    tokens = _split_local(local)
    roles = iter(_roles(eng, tokens))
    out = []
    for kind, t in tokens:
        if kind == "sep":
            out.append(t)
        elif kind == "digits":
            out.append("".join(d.rng.choice("0123456789") for _ in t))
        elif kind == "other":
            out.append(random_like(t, d.rng))
        else:
            r = next(roles)
            if r[0] in ("first", "last"):
                out.append(map_word(eng, t, r[0]))
            elif r[0] == "initial":
                out.append(map_initial(eng, t))
            elif r[0] == "initial+last":
                out.append(map_initial(eng, r[1]) + map_word(eng, r[2], "last"))
            elif r[0] == "first+last":
                out.append(map_word(eng, r[1], "first") + map_word(eng, r[2], "last"))
            else:
                word = re.sub(r"[^a-z]", "", d.fake.user_name().lower()) or "user"
                while len(word) < len(t):
                    word += re.sub(r"[^a-z]", "", d.fake.last_name().lower())
                out.append(apply_case(word[: max(len(t), 3)], case_style(t)))
    if d.attempt:  # collision: add keyed digits
        out.append(str(d.rng.randint(1, 99 * d.attempt)))
    return "".join(out)


@register
class EmailProvider(Provider):
    entity_type = "EMAIL_ADDRESS"
    how = 'local part from the name maps, reserved domain'
    example = "jane.doe85@gmail.com"

    def normalize(self, original: str) -> str:
        return original.strip().lower()

    def components(self, engine, original: str):
        if "@" not in original:
            return []
        local, _, domain = original.strip().rpartition("@")
        return local_components(engine, local) + [("EMAIL_ADDRESS.DOMAIN", domain)]

    def draw(self, d: Draw) -> str:
        if "@" not in d.original:  # not an address after all: replace its shape (fail closed)
            return random_like(d.original.strip(), d.rng)
        local, _, domain = d.original.strip().rpartition("@")
        new_local = map_local(d, local).lower() or "user"
        return f"{new_local}@{d.engine.canonical('EMAIL_ADDRESS.DOMAIN', domain)}"

    def overflow(self, d: Draw) -> str | None:
        """More draws: the keyed number a colliding local part gets grows with the attempt."""
        return self.draw(d) if "@" in d.original else None

    def space(self, engine, norm: str, original: str):
        return shape_space(original.strip())  # not an address: its shape (finite)
