"""New-conversation titles of `context_in_conversations` against the history's own, on every study.

    python benchmarks/insertion_titles.py                 # the six studies, each as one pack build
    python benchmarks/insertion_titles.py --show          # every new title with its shape

Issue 18's done-when asks that no title shape be used by more than 10% of the new
conversations' titles. Three shapes are counted, each for the new titles and for the
history's own (which no rule made):

* the **template** (``insertion_quality.template``): the words a title adds to its fact,
  the fact's words as X ("X tips"); titles of the fact's words only are counted apart;
* the **grammatical shape** (``insertion_quality.grammar_shape``): the title's words as classes, function
  words kept, a run of nouns as one N: "Playing cello" and "Knitting scarf" are "Ving N",
  "Tinnitus in left ear" is "N in A N", "Allergic to latex" is "A to N";
* the **word-class shape** (``insertion_quality.shape``): capitals and lower case ("W w").

Each study's tasks are planned in order with one ``TitleBook``, as one pack build plans
them; the pooled line adds the six studies' titles together (six contributors: a model
sees one pack at a time, the per-study share is the criterion).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from insertion_quality import KEY, grammar_shape, load, shape, template  # noqa: E402

from context_packs.firstperson import rewrite_facts  # noqa: E402
from context_packs.insertion import plan_insertions  # noqa: E402
from context_packs.titlebook import TitleBook  # noqa: E402

STUDIES = ("study", "dev", "heldout", "heldout2", "heldout3", "heldout4")
def largest(counter: Counter, n: int) -> str:
    if not n or not counter:
        return "-"
    shape_, k = counter.most_common(1)[0]
    return f"{k / n:.0%} ({k} of {n}: {shape_!r})"


def new_titles(path: Path) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """(new titles, their facts, the history's (title, user words)) of one study planned as one build."""
    names, convs, tasks = load(path)
    book = TitleBook()
    titles, facts = [], []
    for t, fs in tasks:
        rw = rewrite_facts([f["fact"] for f in fs], names)
        plan = plan_insertions([r.text for r in rw], convs, key=KEY, task_id=t, rewrites=[r.method for r in rw],
                               titles=book)
        for p in plan:
            if p.new_conversation:
                titles.append(p.title)
                facts.append(p.fact)
    history = [(c.title, " ".join(m.text for m in c.messages if m.role == "user")) for c in convs]
    return titles, facts, history


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--study", type=Path, action="append")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    studies = args.study or [ROOT / f"benchmarks/data/insertion_{s}.yaml" for s in STUDIES]
    pooled = {"new": ([], []), "history": ([], [])}
    print("largest share of one shape: new titles | the history's own")
    for path in studies:
        titles, facts, history = new_titles(path)
        pooled["new"][0].extend(titles)
        pooled["new"][1].extend(facts)
        pooled["history"][0].extend(t for t, _ in history)
        pooled["history"][1].extend(u for _, u in history)
        rows = []
        for label, ts, fs in (("new", titles, facts), ("history", [t for t, _ in history], [u for _, u in history])):
            tmpl = Counter(template(x, f) for x, f in zip(ts, fs))
            bare = tmpl.pop("X", 0)
            rows.append(f"{label}: grammatical {largest(Counter(grammar_shape(x) for x in ts), len(ts))}, "
                        f"template {largest(tmpl, len(ts))} (+{bare} of the fact's words only), "
                        f"word-class {largest(Counter(shape(x) for x in ts), len(ts))}")
        print(f"{path.name}: {len(titles)} new titles\n  " + "\n  ".join(rows))
        if args.show:
            for x in titles:
                print(f"    {grammar_shape(x):<18} {x}")
    for label, (ts, fs) in pooled.items():
        tmpl = Counter(template(x, f) for x, f in zip(ts, fs))
        tmpl.pop("X", 0)
        g = Counter(grammar_shape(x) for x in ts)
        print(f"pooled, {label}: {len(ts)} titles; grammatical {largest(g, len(ts))}, next "
              f"{[(s, k) for s, k in g.most_common(4)[1:]]}; template {largest(tmpl, len(ts))}; "
              f"word-class {largest(Counter(shape(x) for x in ts), len(ts))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
