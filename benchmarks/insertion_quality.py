"""How well `context_in_conversations` writes facts into a history (issue 18), on a labelled study.

    python benchmarks/insertion_quality.py                       # benchmarks/data/insertion_study.yaml
    python benchmarks/insertion_quality.py --study other.yaml    # a study kept elsewhere, same format
    python benchmarks/insertion_quality.py --show                # every fact: where it went, its rewrite

The study: one contributor, conversations (title, turns alternating user / assistant)
and facts in the third person, each labelled with its home conversation (or null: a new
conversation is right; or a list when two fit equally) and its correct first-person form.
Everything runs on the originals, as ``plan_insertions`` does inside ``privacy pack``
(scrubbing comes after and does not move facts). Printed:

* the calibration of the new-conversation threshold: accuracy over the study's scores
  for every threshold, the best range, and held-out accuracy (threshold chosen on two
  tasks, scored on the third; and on even / odd facts);
* placement with the shipped threshold (lenient: any listed home; strict: the first);
* the first-person rewrite: exact matches, rules, fallbacks;
* third-person mentions of the contributor left in inserted user turns;
* distinct assistant replies; new-conversation title shapes and their largest share;
  turns per new conversation;
* determinism: the same key gives the same conversations, another key other wording.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ingest.model import Conversation, Message, TextPart  # noqa: E402

from context_packs.family import task_family  # noqa: E402
from context_packs.firstperson import rewrite_facts  # noqa: E402
from context_packs.titlebook import TitleBook  # noqa: E402
from context_packs.insertion import SIMILARITY_THRESHOLD, apply_plan, evidence, plan_insertions, scoring_texts  # noqa: E402
from context_packs.semantic import (  # noqa: E402
    MEANING_WEIGHT,
    SENTENCE_WEIGHT,
    WORDS_WEIGHT,
    Index,
    conversation_profile,
)

KEY = b"insertion-quality-benchmark-key!"
FUNCTION_WORDS = {"a", "an", "the", "and", "or", "of", "on", "in", "with", "about", "for", "to", "around", "at",
                  "my", "your", "after", "from", "near", "?"}


def load(path: Path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    names = list(doc["contributor"]["names"])
    convs = []
    for c in doc["conversations"]:
        start = datetime.fromisoformat(c["created"].replace("Z", "+00:00")).timestamp()
        msgs = tuple(
            Message(id=f"{c['id']}-{i}", role="user" if i % 2 == 0 else "assistant", content_type="text",
                    parts=(TextPart("parts[0]", t),), created=start + 420.0 * i)
            for i, t in enumerate(c["turns"]))
        convs.append(Conversation(id=c["id"], title=c["title"], created=start,
                                  updated=start + 420.0 * (len(msgs) - 1), messages=msgs))
    tasks = [(t["id"], t["facts"]) for t in doc["tasks"]]
    return names, convs, tasks


def homes(fact: dict) -> list[str]:
    h = fact.get("home")
    return [] if h is None else [h] if isinstance(h, str) else list(h)


def shape(title: str) -> str:
    """A title's shape: function words kept, other words W (capitalized) or w, numbers 0."""
    out = []
    for w in title.split():
        low = w.lower()
        out.append(low if low in FUNCTION_WORDS else "0" if w[:1].isdigit() else "W" if w[:1].isupper() else "w")
    return " ".join(out)


def template(title: str, fact: str) -> str:
    """A title's template: the words it adds to the fact (those not in the fact in any inflection:
    "playing" is from "play") as written, each run of the fact's words as X: "Planning around
    cello" -> "planning around X", "Scarf tips" -> "X tips", "Cello in community orchestra" -> "X"
    (a title of the fact's words only adds no wording: no template of its own)."""
    from context_packs.nlp import parse
    from context_packs.semantic import forms_of

    fact_forms = set()
    for tok in parse(fact):
        fact_forms |= forms_of(tok.lower_) | {tok.lower_}
    out = []
    for tok in parse(title):
        low = tok.lower_
        if tok.is_punct:
            continue
        if low in fact_forms or forms_of(low) & fact_forms or low.removesuffix("'s") in fact_forms or \
                tok.tag_ == "POS":
            if not (out and out[-1] == "X"):
                out.append("X")
        else:
            out.append(low)
    return " ".join(out)


TITLE_SMALL = frozenset({"a", "an", "the", "and", "or", "of", "on", "in", "with", "about", "for", "to", "around", "at",
                   "from", "by", "after", "before", "into", "near", "my", "your"})


def grammar_shape(title: str) -> str:
    """A title's words as classes: function words kept, a gerund Ving, a noun or name N (a run of
    them one N), an adjective A, a number 0, any other word its coarse part of speech.

    The same classes as ``context_packs.voice.title_shape``, written here on purpose: the yardstick
    does not import what it measures (a change to the tool's classes must not move its own score)."""
    from context_packs.nlp import parse

    out: list[str] = []
    for tok in parse(title):
        if tok.is_punct:
            continue
        low = tok.lower_
        if low in TITLE_SMALL:
            cls = low
        elif tok.tag_ == "VBG" or (tok.i == 0 and low.endswith("ing") and len(low) > 4):
            cls = "Ving"
        elif tok.pos_ in ("NOUN", "PROPN"):
            cls = "N"
        elif tok.pos_ == "ADJ":
            cls = "A"
        elif tok.like_num:
            cls = "0"
        else:
            cls = tok.pos_
        if not (cls == "N" and out and out[-1] == "N"):
            out.append(cls)
    return " ".join(out)


PRONOUNS = {"fem": r"\b(?:she|her|hers|herself)\b", "masc": r"\b(?:he|him|his|himself)\b",
            "they": r"\b(?:they|them|their|theirs|themselves|themself)\b"}


def third_person_left(text: str, names: list[str], gold: str, family: str | None = "fem") -> bool:
    """Whether an inserted user turn names the contributor or has more of their family's
    pronouns than the correct first-person form (``family``: the task's, ``task_family``)."""
    first_names = {n.split()[0] for n in names if n.split()}
    if any(re.search(rf"\b{re.escape(n)}\b", text) for n in first_names):
        return True
    pron = PRONOUNS.get(family or "fem", PRONOUNS["fem"])
    return len(re.findall(pron, text, re.I)) > len(re.findall(pron, gold, re.I))


def calibrate(scores: list[list[float]], ids: list[str], facts: list[dict]):
    """Accuracy for any threshold on what the plan compares with it (``insertion.evidence``: the
    best score less a share of the fact's median score over the history)."""
    best = [max(range(len(s)), key=lambda j: (s[j], -j)) for s in scores]
    top = [evidence(s[b], round(statistics.median(s), 4)) for s, b in zip(scores, best)]

    def acc(th, idx):
        return sum((not homes(facts[i])) if top[i] < th else (ids[best[i]] in homes(facts[i])) for i in idx) / len(idx)

    grid = sorted(set(top))
    every = range(len(facts))
    table = [(th, acc(th, every)) for th in grid]
    peak = max(a for _, a in table)
    at_peak = [th for th, a in table if a == peak]
    return acc, grid, peak, at_peak, top, best


def middle_of_best(grid: list[float], at_peak: list[float]) -> float:
    """The calibration rule. A threshold in (grid[k-1], grid[k]] decides like grid[k]; the widest
    interval of thresholds that all give the best accuracy is taken, and its middle is shipped
    (the first such interval on a tie)."""
    peak = set(at_peak)
    runs, start = [], None
    for k, g in enumerate(grid):
        if g in peak and start is None:
            start = k
        if start is not None and (g not in peak or k == len(grid) - 1):
            end = k if g in peak else k - 1
            lo = grid[start - 1] if start > 0 else grid[start]
            runs.append((grid[end] - lo, -start, lo, grid[end]))
            start = None
    _, _, lo, hi = max(runs)
    return round((lo + hi) / 2, 3)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--study", type=Path, default=ROOT / "benchmarks/data/insertion_study.yaml")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--scale", type=int, default=0, metavar="N",
                    help="also time planning one task's facts over N conversations (the study's, repeated, "
                         "each message eight times as long)")
    ap.add_argument("--fresh", type=Path, action="append",
                    help="more first-person cases (fact, first_person) for other contributors (default: "
                         "benchmarks/data/first_person_fresh.yaml, first_person_dev.yaml, first_person_dev2.yaml, first_person_dev3.yaml … first_person_dev11.yaml)")
    args = ap.parse_args()
    names, convs, tasks = load(args.study)
    facts = [f for _, fs in tasks for f in fs]
    task_of = [t for t, fs in tasks for _ in fs]
    print(f"study: {args.study.name}: {len(convs)} conversations, {len(facts)} facts over {len(tasks)} tasks, "
          f"{sum(not homes(f) for f in facts)} without a home")

    # -- first person ------------------------------------------------------------------
    rewrites = [r for _, fs in tasks for r in rewrite_facts([f["fact"] for f in fs], names)]
    exact = sum(r.text == f["first_person"] for r, f in zip(rewrites, facts))
    methods = Counter(r.method.split(":")[0] for r in rewrites)
    print(f"\nfirst-person rewrite exact: {exact}/{len(facts)} = {exact / len(facts):.1%}   "
          f"methods: {dict(sorted(methods.items()))}")
    for r, f in zip(rewrites, facts):
        if r.text != f["first_person"]:
            print(f"  miss: {f['fact']!r} -> {r.text!r} ({r.method}); want {f['first_person']!r}")

    for path in args.fresh or [ROOT / "benchmarks/data/first_person_fresh.yaml",
                               ROOT / "benchmarks/data/first_person_dev.yaml",
                               ROOT / "benchmarks/data/first_person_dev2.yaml",
                               ROOT / "benchmarks/data/first_person_dev3.yaml",
                               ROOT / "benchmarks/data/first_person_dev4.yaml",
                               ROOT / "benchmarks/data/first_person_dev5.yaml",
                               ROOT / "benchmarks/data/first_person_dev6.yaml",
                               ROOT / "benchmarks/data/first_person_dev7.yaml",
                               ROOT / "benchmarks/data/first_person_dev8.yaml",
                               ROOT / "benchmarks/data/first_person_dev9.yaml",
                               ROOT / "benchmarks/data/first_person_dev10.yaml",
                               ROOT / "benchmarks/data/first_person_dev11.yaml"]:
        if not path.exists():
            continue
        fresh = yaml.safe_load(path.read_text(encoding="utf-8"))
        got = []
        for person in fresh.get("contributors") or [fresh]:  # one contributor (a task) or several
            fnames = (person.get("contributor") or person)["names"]
            got += list(zip(rewrite_facts([f["fact"] for f in person["facts"]], fnames), person["facts"]))
        ok = sum(r.text == f["first_person"] for r, f in got)
        print(f"first-person rewrite exact on {path.name}: {ok}/{len(got)} = {ok / len(got):.1%}   methods: "
              f"{dict(sorted(Counter(r.method.split(':')[0] for r, _ in got).items()))}")
        for r, f in got:
            if r.text != f["first_person"]:
                print(f"  miss: {f['fact']!r} -> {r.text!r} ({r.method}); want {f['first_person']!r}")

    # -- calibration (on the gold first-person forms: placement is judged apart from rewriting)
    index = Index([conversation_profile(c) for c in convs])
    ids = [c.id for c in convs]
    scored = [x for _, fs in tasks for x in scoring_texts([f["first_person"] for f in fs], convs)]
    scores = [index.scores(x) for x in scored]
    acc, grid, peak, at_peak, top, best = calibrate(scores, ids, facts)
    print(f"\ncalibration: best accuracy {peak:.1%} for thresholds {min(at_peak):.3f}..{max(at_peak):.3f} "
          f"(the middle of the best interval {middle_of_best(grid, at_peak)}; shipped {SIMILARITY_THRESHOLD}); ranking alone puts {sum(ids[best[i]] in homes(f) for i, f in enumerate(facts) if homes(f))}"
          f"/{sum(bool(homes(f)) for f in facts)} homed facts first")
    held = []
    for t, _ in tasks:
        train = [i for i in range(len(facts)) if task_of[i] != t]
        test = [i for i in range(len(facts)) if task_of[i] == t]
        th = max(grid, key=lambda x: (acc(x, train), -abs(x - SIMILARITY_THRESHOLD)))
        held.append((t, th, acc(th, test), len(test)))
    total = sum(a * n for _, _, a, n in held) / sum(n for *_, n in held)
    print("held out by task: " + ", ".join(f"{t} (threshold {th:.3f} from the others) {a:.1%}" for t, th, a, _ in held)
          + f"; overall {total:.1%}")
    even, odd = list(range(0, len(facts), 2)), list(range(1, len(facts), 2))
    te = max(grid, key=lambda x: (acc(x, even), -abs(x - SIMILARITY_THRESHOLD)))
    to = max(grid, key=lambda x: (acc(x, odd), -abs(x - SIMILARITY_THRESHOLD)))
    print(f"held out even/odd: {(acc(te, odd) * len(odd) + acc(to, even) * len(even)) / len(facts):.1%}")

    print("mixes of word coverage, md word vectors and sentence embeddings, each calibrated on this study "
          "(best accuracy / held out by task / homed facts ranked first; benchmarks/insertion_mix.py chooses the mix "
          "on the studies pooled):")
    lexical = [index.coverage_scores(x) for x in scored]
    meaning = [index.meaning_scores(x) for x in scored]
    sentence = [index.sentence_scores(x) for x in scored]
    for mix_w in ((0.6, 0.4, 0.0), (0.5, 0.1, 0.4), (0.4, 0.2, 0.4), (0.5, 0.0, 0.5), (0.0, 0.0, 1.0)):
        a, b, c = mix_w
        mix = [[a * x + b * m + c * e for x, m, e in zip(xs, ms, es)] for xs, ms, es in zip(lexical, meaning, sentence)]
        acc_m, grid_m, peak_m, _, _, best_m = calibrate(mix, ids, facts)
        tot = 0.0
        for t, _ in tasks:
            train = [i for i in range(len(facts)) if task_of[i] != t]
            test = [i for i in range(len(facts)) if task_of[i] == t]
            th = max(grid_m, key=lambda x: acc_m(x, train))
            tot += acc_m(th, test) * len(test)
        ranked = sum(ids[best_m[i]] in homes(f) for i, f in enumerate(facts) if homes(f))
        shipped = mix_w == (WORDS_WEIGHT, MEANING_WEIGHT, SENTENCE_WEIGHT)
        print(f"  words x{a:.1f} + md x{b:.1f} + sentences x{c:.1f}: {peak_m:.1%} / {tot / len(facts):.1%} / {ranked}"
              f"/{sum(bool(homes(f)) for f in facts)}" + ("   <- shipped" if shipped else ""))

    # -- the real pipeline: rewrite, plan, apply -------------------------------------------
    placed_ok = strict_ok = 0
    replies, titles, new_facts, new_turns, third, reported = [], [], [], [], 0, 0
    rows = []
    book = TitleBook()  # shared by the study's tasks, as by the tasks of one pack build
    for t, fs in tasks:
        before = book.copy()
        rw = rewrite_facts([f["fact"] for f in fs], names)
        family = task_family([f["fact"] for f in fs], names)
        plan = plan_insertions([r.text for r in rw], convs, key=KEY, task_id=t, rewrites=[r.method for r in rw],
                               titles=book)
        out, records = apply_plan(plan, convs, key=KEY, task_id=t)
        again = apply_plan(plan_insertions([r.text for r in rw], convs, key=KEY, task_id=t, titles=before), convs,
                           key=KEY, task_id=t)
        assert again[0] == out, "not deterministic"
        by_id = {c.id: c for c in out}
        for f, p in zip(fs, plan):
            h = homes(f)
            where_new = p.new_conversation or p.joined_new
            ok = bool((not h and where_new) or (not where_new and p.conversation_id in h))
            strict = bool((not h and where_new) or (not where_new and h and p.conversation_id == h[0]))
            placed_ok += ok
            strict_ok += strict
            replies.append(p.reply)
            user_texts = [p.user_text] + [x for r, x in p.opening if r == "user"]
            if p.user_text.lower().startswith("about me:"):
                reported += 1  # the sentence as written, reported by the user: counted apart
            else:
                third += any(third_person_left(u, names, f["first_person"], family) for u in user_texts)
            if p.new_conversation:
                titles.append(p.title)
                new_facts.append(p.fact)
                new_turns.append(len(by_id[p.conversation_id].messages))
            rows.append((t, f, p, ok))
    n = len(facts)
    print(f"\nplacement (shipped threshold {SIMILARITY_THRESHOLD}): {placed_ok}/{n} = {placed_ok / n:.1%} "
          f"(strict, first listed home only: {strict_ok}/{n} = {strict_ok / n:.1%})")
    homed = [(f, p) for _, f, p, _ in rows if homes(f)]
    print(f"  facts with a home: {sum(p.conversation_id in homes(f) and not (p.new_conversation or p.joined_new) for f, p in homed)}"
          f"/{len(homed)} in it, {sum(p.new_conversation or p.joined_new for f, p in homed)} to a new conversation; "
          f"facts without one: {sum((p.new_conversation or p.joined_new) for _, f, p, _ in rows if not homes(f))}"
          f"/{n - len(homed)} to a new conversation")
    print(f"inserted user turns mentioning the contributor in the third person: {third}/{n} "
          f"(besides {reported} reported as 'About me: ...', the sentence as written)")
    print(f"distinct assistant replies: {len(set(replies))} in {len(replies)} insertions")
    shapes = Counter(shape(x) for x in titles)
    share = max(shapes.values()) / len(titles) if titles else 0.0
    all_templates = Counter(template(x, f) for x, f in zip(titles, new_facts))
    bare = all_templates.pop("X", 0)
    templates = all_templates
    tshare = max(templates.values()) / len(titles) if templates else 0.0
    print(f"new conversations: {len(titles)}; title templates (the words a title adds, the fact's as X) "
          f"{len(templates)} distinct, largest share {tshare:.0%} (besides {bare} titles of the fact's words only, "
          f"{bare / max(1, len(titles)):.0%}); word-class shapes {len(shapes)} distinct, largest share {share:.0%}; "
          f"messages per new conversation {dict(sorted(Counter(new_turns).items()))}")
    grammar = Counter(grammar_shape(x) for x in titles)
    real_g = Counter(grammar_shape(c.title) for c in convs)
    if titles:
        g, k = grammar.most_common(1)[0]
        rg, rk = real_g.most_common(1)[0]
        print(f"  grammatical shapes (benchmarks/insertion_titles.py): {len(grammar)} distinct, largest share "
              f"{k / len(titles):.0%} ({g!r}); the history's own {rk / len(convs):.0%} ({rg!r})")
    print(f"  titles: {titles}")
    real = Counter(shape(c.title) for c in convs)
    real_t = Counter(template(c.title, " ".join(m.text for m in c.messages if m.role == "user")) for c in convs)
    real_bare = real_t.pop("X", 0)
    print(f"  (the history's own titles, against their user turns: templates {len(real_t)} distinct in {len(convs)}, "
          f"largest share {max(real_t.values()) / len(convs):.0%}, {real_bare} of the user's words only; "
          f"word-class shapes {len(real)} distinct, largest share {max(real.values()) / len(convs):.0%})")
    print(f"  title templates: {dict(templates.most_common(4))}")
    other = apply_plan(plan_insertions([r.text for r in rewrites[:5]], convs, key=b"another-key" * 3, task_id="x"),
                       convs, key=b"another-key" * 3, task_id="x")
    print("determinism: same key -> same conversations (checked for every task); another key -> other ids and wording "
          f"({len(other[1])} insertions)")
    if args.show:
        print()
        for t, f, p, ok in rows:
            where = "NEW " + repr(p.title) if p.new_conversation else ("joined new" if p.joined_new else p.conversation_id)
            print(f"[{t}] {'ok ' if ok else 'BAD'} {p.similarity:.3f} (runner-up {p.runner_up_id} {p.runner_up_similarity}) "
                  f"-> {where} (home {homes(f) or 'none'})\n      user: {p.user_text!r}\n      asst: {p.reply!r}")
    if args.scale:
        import time
        from dataclasses import replace as dc_replace

        from context_packs import sentences

        # the study's conversations repeated, each copy's every message eight times as long and made
        # distinct ("(copy 3) …", in the embedded opening), so that nothing is cached from the copy before: the cold cost
        big = [dc_replace(c, id=f"{c.id}-{k}", messages=tuple(
            dc_replace(m, parts=tuple(dc_replace(p, text=f"(copy {k}) {(p.text + ' ') * 8}") for p in m.parts))
            for m in c.messages)) for k in range(max(1, args.scale // len(convs))) for c in convs]
        turns = sum(1 for c in big for m in c.messages if m.role == "user")
        for label, (tid, fs) in zip(("first task (cold)", "second task, same history (one build)"), tasks[:2]):
            calls = sentences.encoder_calls()
            t0, c0 = time.perf_counter(), time.process_time()
            plan_insertions([f["first_person"] for f in fs], big, key=KEY, task_id=tid)
            print(f"{label}: planning {len(fs)} facts over {len(big)} conversations ({turns} user turns): "
                  f"{time.perf_counter() - t0:.1f} s ({time.process_time() - c0:.1f} s of CPU: the machine is "
                  f"shared); texts embedded {sentences.encoder_calls()[1] - calls[1]} in "
                  f"{sentences.encoder_calls()[0] - calls[0]} encoder calls")
    median_sim = statistics.median(top)
    print(f"\nmedian best similarity {median_sim:.3f}; threshold {SIMILARITY_THRESHOLD}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
