"""How close each surrogate kind comes to running out on a large chat export (docs/benchmarks.md,
"session 12: the 300 MB assign").

For each size, writes the ``synth.testdata.bigexport`` chat-style export (``--mb``, ``--seed``) to a
scratch folder, keeps the labelled PII of every user text it consumed (the values a perfect
detector finds: ``synth.testdata.labelled`` spans), and runs the scrub's central assign
(``privacy.scrub.core.build_table``) over those (type, original) pairs in a fresh workspace of the
published test key. Prints per type the distinct originals (vault rows, components included), the
values that went beyond their usual draws (``SurrogateEngine._draw_beyond``: extended space or
walk), the time, and for the kinds whose shape fixes their space the most crowded shape against
its room (originals and surrogates never coincide, so a shape of N strings holds N/2 values).
``--pairs FILE`` reads a pickled list of (type, original) pairs instead (a real scrub's, say).

    python scripts/surrogate_margins.py --mb 20 100 300
    python scripts/surrogate_margins.py --pairs /tmp/pairs-20.pkl

On the code before session 12 the 300 MB assign stopped with "no free surrogate for type
STREET_ADDRESS after 1000 draws"; this script then names the type and stops.
"""

from __future__ import annotations

import argparse
import pickle
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

SHAPE_KINDS = ("POSTAL_CODE", "ACCOUNT_NUMBER", "US_BANK_NUMBER", "US_PASSPORT", "US_DRIVER_LICENSE",
               "VEHICLE_PLATE", "IBAN_CODE", "CREDIT_CARD", "US_SSN", "PHONE_NUMBER", "SECRET")


def chat_pairs(mb: float, seed: int) -> tuple[int, list[tuple[str, str]]]:
    """(labelled texts consumed, distinct labelled (type, value) pairs) of the chat export of ``mb`` MB."""
    import synth.testdata.bigexport as big

    consumed = []
    real = big._Chat._labelled

    def labelled(self):
        lt = real(self)
        consumed.append(lt)
        return lt

    big._Chat._labelled = labelled
    scratch = Path(tempfile.mkdtemp(prefix="margins-"))
    try:
        big.write_big_export(scratch / "export", mb, seed=seed, style="chat")
    finally:
        big._Chat._labelled = real
        shutil.rmtree(scratch)
    pairs: dict[tuple[str, str], None] = {}
    for lt in consumed:
        for sp in lt.spans:
            pairs.setdefault((sp.entity_type, sp.value), None)
    return len(consumed), list(pairs)


def shape_of(value: str) -> str:
    return "".join("d" if c.isdigit() else "L" if c.isalpha() else c for c in value)


def crowded_shapes(pairs) -> dict[str, tuple[str, int, int]]:
    """Per shape kind: its most crowded shape, the distinct values of it, the strings of that shape."""
    from synth.providers import get_provider

    out = {}
    for t in SHAPE_KINDS:
        p = get_provider(t)
        count: Counter = Counter()
        room: dict[str, int] = {}
        for norm in {p.normalize(o) for tt, o in pairs if tt == t and not p.keep(o)}:
            if t == "SECRET":  # FAKE fills its first four letters: they are no room
                from synth.providers.secret import MARK, split_prefix
                from synth.shape import shape_space
                body = split_prefix(norm)[1]
                marked = [i for i, c in enumerate(body) if c.isalpha()][: len(MARK)] if len(body) >= 8 else []
                key = "".join("F" if i in marked else c for i, c in enumerate(shape_of(body)))
                size = shape_space("".join("-" if i in marked else c for i, c in enumerate(body)))[0]
            else:
                space = p.space(None, norm, norm)
                key, size = (f"{len(norm)} digits" if t == "PHONE_NUMBER" else shape_of(norm)), (space[0] if space else None)
            count[key] += 1
            room[key] = size or 0
        if count:
            worst = max(count, key=lambda k: count[k] / max(room[k], 1))
            out[t] = (worst, count[worst], room[worst])
    return out


def assign(pairs) -> None:
    import synth.surrogates as S
    from privacy.scrub import core
    from scripts.byte_identity import fixed_workspace

    beyond: Counter = Counter()
    draw_beyond = getattr(S.SurrogateEngine, "_draw_beyond", None)
    if draw_beyond is not None:
        def counted(self, p, entity_type, *a, **k):
            beyond[entity_type] += 1
            return draw_beyond(self, p, entity_type, *a, **k)
        S.SurrogateEngine._draw_beyond = counted
    with tempfile.TemporaryDirectory(prefix="margins-ws-") as tmp:
        ws = fixed_workspace(Path(tmp) / "ws")
        eng = S.SurrogateEngine(ws, contributor_id="user-BENCH0000")
        t0 = time.perf_counter()
        failed = None
        try:
            core.build_table(eng, pairs, [])
        except Exception as exc:  # the code before session 12: RuntimeError "no free surrogate …"
            failed = f"{type(exc).__name__}: {exc}"
        took = time.perf_counter() - t0
        rows = Counter(r[0] for r in ws.vault._db.execute("SELECT entity_type FROM entries WHERE surrogate IS NOT NULL"))
        ws.close()
    if draw_beyond is not None:
        S.SurrogateEngine._draw_beyond = draw_beyond
    print(f"  assign of {len(pairs):,} pairs: {took:.0f} s, {eng.draws:,} draws" + (f"; STOPPED: {failed}" if failed else ""))
    for t in sorted(rows):
        print(f"    {t:22s} {rows[t]:8,d} distinct" + (f", {beyond[t]} beyond the usual draws" if beyond[t] else ""))


def _margin(n: int, room: int) -> str:
    return "" if not n else f", margin {room / n:,.0f}x" if room / n < 1e6 else ", margin > 1,000,000x"


def usual_rooms(pairs) -> None:
    """The kinds whose usual space is a list: towns, e-mail domains, IPv4, single-word names."""
    import ipaddress

    from synth.providers.location import _PLACE_HEADS, _PLACE_TAILS, kind_of
    from synth.providers.person import _wide_pool

    towns = {o.casefold() for t, o in pairs if t == "LOCATION" and all(kind_of(x.strip()) == "city" for x in o.split(","))}
    words = len(_PLACE_HEADS) * len(_PLACE_TAILS)
    faker_towns = 120_282  # en_US: 7 prefixes x 690 first names x (19 suffixes + none), + (690 + 1,000 names) x 19
    domains = {o.rpartition("@")[2].lower() for t, o in pairs if t == "EMAIL_ADDRESS" and "@" in o}
    v4 = set()
    for t, o in pairs:
        if t == "IP_ADDRESS":
            try:
                if ipaddress.ip_address(o.strip()).version == 4:
                    v4.add(o.strip())
            except ValueError:
                pass
    rows = [("LOCATION towns", len(towns), faker_towns + words, "Faker's en_US towns + 1,500 name-free words"),
            ("EMAIL_ADDRESS.DOMAIN", len(domains), 3 + 3 * words, "when the people bear Faker's surnames: 3 + 3 x 1,500"),
            ("IP_ADDRESS v4", len(v4), 3 * 254 + 2**17 - 2, "RFC 5737 + 198.18.0.0/15")]
    for kind in ("male", "female", "any", "last"):
        rows.append((f"{'PERSON.LAST' if kind == 'last' else 'PERSON.FIRST ' + kind} two-part", 0,
                     len(_wide_pool(kind)) ** 2, f"{len(_wide_pool(kind)):,} names, squared"))
    for name, n, room, how in rows:  # (names: their distinct counts are the assign's PERSON.FIRST/LAST rows)
        have = f"{n:,} distinct of " if n else ""
        print(f"    {name:22s} {have}a usual space of {room:,} ({how}){_margin(n, room)}")


def report(pairs) -> None:
    for t, (shape, n, room) in crowded_shapes(pairs).items():
        print(f"    {t:22s} most crowded shape {shape!r}: {n:,} of at most {room // 2:,} ({room:,} strings)"
              + _margin(n, room // 2))
    usual_rooms(pairs)
    assign(pairs)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, nargs="*", default=[20.0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairs", type=Path, help="a pickled list of (type, original) pairs instead")
    a = ap.parse_args(argv)
    if a.pairs:
        pairs = pickle.loads(a.pairs.read_bytes())
        print(f"{a.pairs}: {len(set(pairs)):,} distinct pairs")
        report(sorted(set(pairs)))
        return
    for mb in a.mb:
        t0 = time.perf_counter()
        texts, pairs = chat_pairs(mb, a.seed)
        print(f"chat export of {mb:g} MB (seed {a.seed}): {texts:,} labelled texts, {len(pairs):,} distinct "
              f"(type, value) pairs ({time.perf_counter() - t0:.0f} s to generate)")
        report(pairs)


if __name__ == "__main__":
    main()
