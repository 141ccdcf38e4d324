"""The surrogate engine: one original, one surrogate, everywhere in a workspace.

``SurrogateEngine(ws, contributor_id=...)`` turns (entity type, original) into a
realistic, safe surrogate through the provider registered for the type
(``synth/providers/``). The engine owns what every kind shares:

* **Keyed determinism.** Each candidate is seeded from
  ``HMAC(seed_key, entity_type, normalized original, attempt)``; the same workspace key
  gives the same surrogates on any machine, in any process; another key, other ones.
* **Injectivity.** Candidates already used by another original of the type, or equal to
  any original of the type seen in the workspace, are re-drawn with the next attempt
  counter. The vault's unique index makes this a database invariant. When a provider
  draws from a known pool (names) and ``CHECK_FUTILE_AFTER`` draws in a row were refused,
  the next candidate is picked among the pool's free ones (keyed, like a draw): a crowded
  workspace costs a few draws per new value, not hundreds.
* **No space runs out.** When all ``MAX_ATTEMPTS`` usual draws of a value are refused, the
  draws go on in the kind's extended space (``Provider.overflow``: more components, growing
  numbers, always kind-correct and larger than any vault); a finite kind (a postal code's
  shape, the countries) is then walked whole in a keyed order (``Provider.space``), and only
  when every one of its candidates is taken does the value fail, with a one-line input error
  (``SurrogateSpaceExhausted``). A value that found a surrogate among the usual draws keeps
  it, so no vault that never ran out sees a change.
* **Order independence.** ``assign(pairs)`` first records every original of the batch,
  then draws in sorted keyed-hash order (name components before full names), so the
  result does not depend on input order or partitioning.
* **Dates.** One keyed offset per contributor (±1..365 days, never 0) shifts dates in
  text, ISO strings and timestamps; ``shift_dates=False`` turns it off.
* **Fail closed.** A value a provider cannot read (or would return unchanged) gets the
  shape-keeping fallback instead; an original is never handed back.
* **Export identifiers.** ``pseudonym_id`` maps ids to keyed pseudonyms of the same shape.
* **Per-contributor name maps.** Person names (``PERSON`` and its component maps
  ``PERSON.FIRST`` / ``PERSON.LAST``) and the initial-letter permutation are keyed per
  contributor (``name_scope``, default the contributor id): "Priya" becomes one name in
  one contributor's data and another name elsewhere, so one known pair unmasks nothing
  in other contributors' data. ``study_consistent_names=True`` keys them by the
  workspace alone (the same surrogate for the same name study-wide; SECURITY.md says
  what that costs). Surrogates stay injective across the whole workspace, and never
  equal a name seen in any contributor's data (an unscoped "seen" row is kept for it).
* **Uses.** Every value the engine resolves is recorded in the vault with the
  contributor's keyed tag (``contributor_tag``), so the audit can check an output
  against its own contributor's originals.
"""

from __future__ import annotations

import datetime as _dt
import math
import random as _random
import re
import sqlite3
from collections.abc import Iterable

from faker import Faker

from ingest.errors import InputError

from . import ids as _ids
from .fakerpick import speed_up
from .keyed import hmac_bytes, hmac_int
from .providers import get_provider
from .providers.base import USUAL_DRAWS
from .workspace import Workspace

_WORD = re.compile(r"[^\W\d_]+")

MAX_ATTEMPTS = USUAL_DRAWS  # usual draws per original; then the kind's extended space (_draw_beyond)
OVERFLOW_GUARD = 1_000_000  # draws of an extended space (it grows with them: never reached)
KHASH_CACHE = 1 << 18  # entries of the keyed-hash cache before it is cleared
CHECK_FUTILE_AFTER = 10  # refused draws of a stage before picking among its pool's free candidates
DEFAULT_MAX_SHIFT_DAYS = 365
# Entity types whose surrogates are keyed per contributor unless study_consistent_names.
NAME_SCOPED_TYPES = frozenset({"PERSON", "PERSON.FIRST", "PERSON.LAST"})


class SurrogateSpaceExhausted(InputError):
    """A finite kind has no surrogate left for a value: every candidate of its space (a
    postal code's shape, the 243 countries …) is another value's surrogate or an original of
    the workspace. Bad input for this workspace (too many distinct values of the kind), told in
    one line naming the type and the count, never a value. ``assign`` (what a scrub runs)
    raises it; ``surrogate`` fails closed to the shape fallback, as for a value it cannot read."""

    def __init__(self, vault_path: str, entity_type: str, count: int, size: int):
        self.entity_type, self.count, self.size = entity_type, count, size
        super().__init__(vault_path, f"no surrogate left for a {entity_type} value: none of the {size:,} surrogates "
                                     f"of its shape is free (the workspace holds {count:,} distinct {entity_type} "
                                     f"values; their surrogates and they themselves are excluded)")


class SurrogateEngine:
    """Consistent keyed surrogates for one contributor over a shared workspace vault."""

    def __init__(
        self,
        ws: Workspace,
        contributor_id: str = "",
        *,
        shift_dates: bool = True,
        max_shift_days: int = DEFAULT_MAX_SHIFT_DAYS,
        study_consistent_names: bool = False,
    ):
        self.ws = ws
        self.contributor_id = contributor_id
        self.study_consistent_names = study_consistent_names
        # the scope of the name maps: the contributor (default), or the whole workspace
        self.name_scope = "" if study_consistent_names else contributor_id
        self.contributor_tag = ws.contributor_tag(contributor_id)
        # one keying per workspace, recorded on first use (mixing would give a name two surrogates)
        ws.vault.name_keying("study" if study_consistent_names else "contributor")
        self.shift_dates = shift_dates
        self._hash_key = ws.subkey("keyed-hash")
        self._seed_key = ws.subkey("surrogate-seed")
        self._id_key = ws.subkey("export-id")
        self._date_key = ws.subkey("date-offset")
        self._memo: dict[tuple[str, str], str] = {}
        # keyed hashes of (type, normalized value): a pure function, cached because a draw
        # that collides checks the same few hundred candidate names again and again
        self._khash_cache: dict[tuple[str, str], str] = {}
        # (type, pool key) -> the pool's candidates still free when last looked (_pick_free)
        self._free_lists: dict[tuple[str, object], list[str]] = {}
        self.draws = 0  # candidates drawn so far (a cost figure for benchmarks)
        self._fakers: list[Faker] = []
        self._depth = 0  # nesting of draws in progress
        self._initials: dict[str, str] | None = None
        self.name_roles: dict[str, str] = {}  # casefolded word -> 'first' | 'last' (from full names)
        if shift_dates:
            if max_shift_days < 1:
                raise ValueError("max_shift_days must be at least 1")
            n = hmac_int(self._date_key, "date-offset", contributor_id)
            magnitude = 1 + (n >> 1) % max_shift_days
            self.date_offset_days = magnitude if n & 1 else -magnitude
        else:
            self.date_offset_days = 0

    # ---- keyed hashing ---------------------------------------------------------------
    def _scoped(self, entity_type: str, norm: str) -> str:
        """What a value's keyed hash and draws are computed from: the normalized value,
        plus the name scope for person names (per-contributor name maps)."""
        if self.name_scope and entity_type in NAME_SCOPED_TYPES:
            return f"{norm}\x1fscope\x1f{self.name_scope}"
        return norm

    def seen_hash(self, entity_type: str, norm: str) -> str:
        """The workspace-wide keyed hash of a normalized value (no name scope): the key of
        the row that says "this original was seen in some contributor's data"."""
        return self._khash_norm(entity_type, norm, scoped=False)

    def _khash_norm(self, entity_type: str, norm: str, scoped: bool = True) -> str:
        key = (entity_type, norm) if scoped else (entity_type, norm, "")
        kh = self._khash_cache.get(key)
        if kh is None:
            kh = hmac_bytes(self._hash_key, entity_type, self._scoped(entity_type, norm) if scoped else norm).hex()[:32]
            if len(self._khash_cache) >= KHASH_CACHE:
                self._khash_cache.clear()
            self._khash_cache[key] = kh
        return kh

    def keyed_hash(self, entity_type: str, original: str) -> str:
        """HMAC of (type, normalized original), hex: joinable across reports, not reversible."""
        return self._khash_norm(entity_type, get_provider(entity_type).normalize(original))

    def _faker_for(self, seed: int, depth: int) -> Faker:
        """A Faker instance for one draw, seeded with its keyed seed. Draws nested inside
        a draw (a component assigned on the fly) get their own instance, so they never
        disturb the outer draw's random stream."""
        while len(self._fakers) <= depth:
            fk = Faker("en_US")
            speed_up(fk)  # weighted picks without rebuilding their tables (same draws)
            self._fakers.append(fk)
        fk = self._fakers[depth]
        fk.seed_instance(seed)
        return fk

    # ---- what providers use (public: providers never reach into the engine) -----------
    def faker(self, seed: int) -> Faker:
        """The Faker instance of the draw in progress, seeded with ``seed`` (a nested draw
        gets its own instance)."""
        return self._faker_for(seed, self._depth)

    def seed_int(self, *parts) -> int:
        """A keyed integer of ``parts`` under the workspace's surrogate-seed key."""
        return hmac_int(self._seed_key, *parts)

    @property
    def id_key(self) -> bytes:
        """The workspace's key for identifier pseudonyms (``synth.ids``)."""
        return self._id_key

    @property
    def initials(self) -> dict[str, str]:
        """The keyed initial-letter permutation shared by every name surrogate."""
        if self._initials is None:
            from .names import initial_map

            parts = ("initials", self.name_scope) if self.name_scope else ("initials",)
            self._initials = initial_map(_random.Random(hmac_int(self._seed_key, *parts)))
        return self._initials

    # ---- surrogates ------------------------------------------------------------------
    def surrogate(self, entity_type: str, original: str) -> str:
        """The surrogate of ``original``: consistent, injective per type, realistic, safe."""
        p = get_provider(entity_type)
        if not p.vaulted:
            return p.transform(self, original)
        if p.keep(original):
            return original
        try:
            out = p.render(self, original, self.canonical(entity_type, original))
        except sqlite3.Error:
            raise  # a vault problem is not a value problem: never paper over it
        except Exception:  # a value the provider cannot read: fail closed below
            out = None
        if out is None or out == original:
            # Never hand back the original: replace its shape (its own vault type, listed
            # for the audit, as consistent and injective as any other surrogate).
            fb = get_provider("_FALLBACK")
            out = fb.render(self, original, self.canonical(entity_type + ".SHAPE", original))
        return out

    def canonical(self, entity_type: str, original: str) -> str:
        """The canonical surrogate (before rendering into the original's surface form),
        drawing and recording it if new. Injectivity is checked on normalized forms."""
        p = get_provider(entity_type)
        norm = p.normalize(original)
        kh = self._khash_norm(entity_type, norm)
        memo_key = (entity_type, kh)
        hit = self._memo.get(memo_key)
        if hit is not None:
            return hit
        vault = self.ws.vault
        with vault.lock:  # threads share the engine: one draw at a time
            return self._canonical_miss(p, entity_type, original, norm, kh, memo_key)

    def _canonical_miss(self, p, entity_type, original, norm, kh, memo_key) -> str:
        vault = self.ws.vault
        found = vault.lookup(entity_type, kh)
        if found is None:
            for ctype, cvalue in p.components(self, original):
                self.canonical(ctype, cvalue)
            found = vault.lookup(entity_type, kh)  # a component may be this very value
        if found is None:
            self._reserve(entity_type, kh, norm, original)
            found = self._draw_new(p, entity_type, original, norm, kh)
        if not entity_type.startswith("_"):
            vault.record_use(entity_type, kh, self.contributor_tag)
        self._memo[memo_key] = found
        return found

    def _reserve(self, entity_type: str, kh: str, norm: str, original: str) -> None:
        """Record an original as seen; a name keyed per contributor is also recorded under its
        workspace-wide hash, so no contributor's surrogate ever equals it."""
        vault = self.ws.vault
        vault.reserve(entity_type, kh, original)
        if self.name_scope and entity_type in NAME_SCOPED_TYPES:
            vault.reserve(entity_type, self.seen_hash(entity_type, norm), original)

    def _draw_new(self, p, entity_type: str, original: str, norm: str, kh: str) -> str:
        self._depth += 1
        try:
            return self._draw_new_inner(p, entity_type, original, norm, kh)
        finally:
            self._depth -= 1

    def _draw_new_inner(self, p, entity_type: str, original: str, norm: str, kh: str) -> str:
        from .providers import Draw

        vault = self.ws.vault
        if p.derived:  # injective by construction (its components are)
            seed = hmac_int(self._seed_key, entity_type, self._scoped(entity_type, norm), 0)
            d = Draw(self, entity_type, original, norm, 0, _random.Random(seed), seed)
            cand = p.draw(d)
            if not vault.put(entity_type, kh, original, cand):
                return vault.lookup(entity_type, kh) or cand
            return cand
        relax = p.relax_for(norm)
        space_key = p.space_key(norm)
        spent = None if space_key is None else self._spent_key(entity_type, space_key)
        if spent is not None and vault.spent(spent):
            return self._draw_beyond(p, entity_type, original, norm, kh, relax)  # its usual space ran out before
        stages = p.draw_pools(self, norm) if relax is None else ()
        attempt = 0
        while attempt < MAX_ATTEMPTS:
            stage = next((st for st in stages if st[0] <= attempt < st[1]), None)
            if stage is not None and attempt == stage[0] and self._free_lists.get((entity_type, stage[2])) == []:
                attempt = stage[1]  # the pool was found used up before (and used stays used)
                continue
            if stage is not None and attempt == stage[0] + CHECK_FUTILE_AFTER:
                cand = self._pick_free(p, entity_type, norm, attempt, stage)
                if cand is None:
                    attempt = stage[1]  # nothing of this pool is free: every draw would be refused
                    continue
            else:
                sn = self._scoped(entity_type, norm)
                seed = hmac_int(self._seed_key, entity_type, sn, attempt)
                rng_seed = hmac_int(self._seed_key, "rng", entity_type, sn, attempt)
                d = Draw(self, entity_type, original, norm, attempt, _random.Random(rng_seed), seed)  # private instance
                cand = p.draw(d)
            self.draws += 1
            attempt += 1
            if not self._free(p, entity_type, norm, cand, strict=relax is None or attempt - 1 < relax):
                continue
            if vault.put(entity_type, kh, original, cand):
                return cand
            existing = vault.lookup(entity_type, kh)  # another process assigned it meanwhile
            if existing is not None:
                return existing
        if spent is not None:
            vault.mark_spent(spent)
        return self._draw_beyond(p, entity_type, original, norm, kh, relax)

    def _spent_key(self, entity_type: str, space_key: str) -> str:
        """The vault's name for one surrogate space of a type (keyed: nothing in clear)."""
        return f"{entity_type}\x1f{hmac_bytes(self._hash_key, 'space', entity_type, space_key).hex()[:32]}"

    def _draw_beyond(self, p, entity_type: str, original: str, norm: str, kh: str, relax: int | None) -> str:
        """The usual ``MAX_ATTEMPTS`` draws were all refused (or the usual space was found used
        up before): draw from the kind's extended space (``Provider.overflow``, keyed like every
        draw, attempts ``MAX_ATTEMPTS``, ``MAX_ATTEMPTS + 1`` …), which always has a free
        candidate; a finite kind (no extended space) is walked whole, in a keyed order
        (``Provider.space``). Values that found a surrogate among the usual draws never come
        here, so their surrogates are what they always were."""
        from .providers import Draw

        vault = self.ws.vault
        sn = self._scoped(entity_type, norm)
        for n in range(OVERFLOW_GUARD):
            attempt = MAX_ATTEMPTS + n
            seed = hmac_int(self._seed_key, entity_type, sn, attempt)
            rng_seed = hmac_int(self._seed_key, "rng", entity_type, sn, attempt)
            d = Draw(self, entity_type, original, norm, attempt, _random.Random(rng_seed), seed, chosen=[])
            cand = p.overflow(d)
            if cand is None:
                break  # a finite kind
            self.draws += 1
            if self._free(p, entity_type, norm, cand, strict=True, chosen=d.chosen) and vault.put(entity_type, kh, original, cand):
                return cand
            existing = vault.lookup(entity_type, kh)
            if existing is not None:
                return existing
        else:  # an extended space grows with n: only a provider's bug ends here
            raise RuntimeError(f"the extended space of {entity_type} gave no free surrogate in {OVERFLOW_GUARD} draws")
        space = p.space(self, norm, original)
        size = space[0] if space is not None else 0
        if size > 0:
            at = space[1]
            start = hmac_int(self._seed_key, "walk", entity_type, sn) % size
            step = 1 + hmac_int(self._seed_key, "walk-step", entity_type, sn) % max(size - 1, 1)
            while math.gcd(step, size) != 1:
                step += 1
            for strict in (True, False) if relax is not None else (True,):
                for k in range(size):  # every candidate once: (start + k * step) mod size
                    cand = at((start + k * step) % size)
                    self.draws += 1
                    if self._free(p, entity_type, norm, cand, strict=strict) and vault.put(entity_type, kh, original, cand):
                        return cand
                    existing = vault.lookup(entity_type, kh)
                    if existing is not None:
                        return existing
        raise SurrogateSpaceExhausted(str(vault.path), entity_type, vault.count(entity_type), size)

    def _free(self, p, entity_type: str, norm: str, cand: str, strict: bool, chosen: list[str] | None = None) -> bool:
        """Whether ``cand`` may become the surrogate of the original ``norm``: not empty, not
        the original itself (``Provider.distinct``), and ``_unused``."""
        if not cand:
            return False
        if strict and not p.distinct(norm, cand):
            return False
        return self._unused(p, entity_type, cand, strict, chosen)

    def _unused(self, p, entity_type: str, cand: str, strict: bool = True, chosen: list[str] | None = None) -> bool:
        """No original seen in the workspace (of this type or the types it must avoid) and no
        other original's surrogate. Only ever turns false as the vault fills, never back.
        ``chosen``: what a draw beyond the usual ones drew (``Draw.chosen``), the only words
        ``avoid_words`` then checks."""
        vault = self.ws.vault
        if strict:
            cnorm = p.normalize(cand)
            if any(vault.has_original(t, self.seen_hash(t, cnorm)) for t in (entity_type, *p.also_avoid)):
                return False
            text = p.chosen_text(cand) if chosen is None else " ".join(chosen)
            if p.avoid_words and any(vault.has_original(t, self.seen_hash(t, w))
                                     for w in _WORD.findall(text.casefold()) for t in p.avoid_words):
                return False  # a real name of the workspace as a word of the surrogate
        return not vault.surrogate_taken(entity_type, cand)

    def bears_avoided_word(self, entity_type: str, text: str) -> bool:
        """Whether a word of ``text`` is an original of a type the kind's surrogates must not hold
        as a word (``Provider.avoid_words``: a real name of the workspace)."""
        p = get_provider(entity_type)
        vault = self.ws.vault
        return any(vault.has_original(t, self.seen_hash(t, w)) for w in _WORD.findall(text.casefold()) for t in p.avoid_words)

    def _pick_free(self, p, entity_type: str, norm: str, attempt: int, stage: tuple) -> str | None:
        """A keyed pick among the stage's pool candidates still free for ``norm`` (None: none).

        The list of unused candidates of a pool is kept between calls and only filtered again
        (what is used stays used), so it is always exactly the pool minus what the vault
        holds now: the pick depends on the vault and the key, never on what this process
        did before."""
        _start, _until, key, pool = stage
        free = [c for c in self._free_lists.get((entity_type, key), pool) if self._unused(p, entity_type, c)]
        self._free_lists[(entity_type, key)] = free
        mine = [c for c in free if p.normalize(c) != norm]
        if not mine:
            return None
        return mine[hmac_int(self._seed_key, "free", entity_type, self._scoped(entity_type, norm), attempt) % len(mine)]

    def assign(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Pre-assign surrogates for many (entity_type, original) pairs, independent of order.

        Every original (and its components) is recorded first, so no surrogate drawn in
        the batch equals an original of the batch; then surrogates are drawn level by
        level (components first) in sorted keyed-hash order.
        """
        with self.ws.vault.lock:
            self._assign(list(pairs))

    def _assign(self, pairs: list[tuple[str, str]]) -> None:
        levels: list[dict[tuple[str, str], str]] = []

        def add(t: str, o: str, depth: int) -> None:
            p = get_provider(t)
            if not p.vaulted or p.keep(o):
                return
            while len(levels) <= depth:
                levels.append({})
            kh = self._khash_norm(t, p.normalize(o))
            if (t, kh) in levels[depth]:
                return
            levels[depth][(t, kh)] = (o, p.normalize(o))
            for ct, co in p.components(self, o):
                add(ct, co, depth + 1)

        by_type: dict[str, set[str]] = {}
        for t, o in pairs:
            by_type.setdefault(t, set()).add(o)
        for t in sorted(by_type):
            get_provider(t).prepare(self, sorted(by_type[t]))
        for t, o in pairs:
            add(t, o, 0)
        vault = self.ws.vault
        with vault.batch():
            for level in levels:
                for (t, kh), (o, norm) in sorted(level.items(), key=lambda kv: (kv[0][1], kv[0][0])):
                    self._reserve(t, kh, norm, o)
            for level in reversed(levels):
                for (t, kh), (o, _norm) in sorted(level.items(), key=lambda kv: (kv[0][1], kv[0][0])):
                    self.canonical(t, o)

    # ---- export identifiers --------------------------------------------------------------
    def pseudonym_id(self, original_id: str) -> str:
        """A keyed pseudonym of the same shape (uuid stays a uuid, prefixes and schemes kept)."""
        return _ids.pseudonym(self, original_id)

    # ---- dates -----------------------------------------------------------------------
    def shift_timestamp(self, ts: float | int | None):
        """A POSIX timestamp moved by the contributor's offset (whole days; None stays None)."""
        if ts is None:
            return None
        return ts + self.date_offset_days * 86400

    def shift_date(self, d: _dt.date) -> _dt.date:
        return d + _dt.timedelta(days=self.date_offset_days)

    def shift_iso(self, s: str | None) -> str | None:
        """An ISO-8601 date/datetime string shifted, byte layout kept (only the date part changes)."""
        from .dates import shift_iso

        return shift_iso(s, self.date_offset_days)

    def shift_date_text(self, text: str) -> str:
        """Every date written in ``text`` shifted, each in its own written format."""
        from .dates import shift_text

        return shift_text(text, self.date_offset_days)
