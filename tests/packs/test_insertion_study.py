"""The labelled study's figures (docs/benchmarks.md) hold: a regression guard for issue 18."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from context_packs.firstperson import rewrite_first_person
from context_packs.insertion import apply_plan, plan_insertions

ROOT = Path(__file__).resolve().parents[2]
STUDY = ROOT / "benchmarks" / "data" / "insertion_study.yaml"
KEY = b"insertion-quality-benchmark-key!"


def _bench():
    spec = importlib.util.spec_from_file_location("insertion_quality", ROOT / "benchmarks" / "insertion_quality.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def study():
    """(benchmark module, names, conversations, [(task, fact label, planned fact)])."""
    bench = _bench()
    names, convs, tasks = bench.load(STUDY)
    rows = []
    for task, facts in tasks:
        first = [rewrite_first_person(f["fact"], names).text for f in facts]
        plan = plan_insertions(first, convs, key=KEY, task_id=task)
        apply_plan(plan, convs, key=KEY, task_id=task)
        rows += [(task, f, p) for f, p in zip(facts, plan)]
    return bench, names, convs, rows


def test_the_study_holds_at_least_60_labelled_facts(study):
    assert len(study[3]) >= 60


def test_at_least_97_percent_of_the_study_facts_are_rewritten_exactly(study):
    _bench, names, _convs, rows = study
    exact = sum(rewrite_first_person(f["fact"], names).text == f["first_person"] for _, f, _ in rows)
    assert exact / len(rows) >= 0.97


def test_no_inserted_user_turn_names_the_contributor_in_the_third_person(study):
    bench, names, _convs, rows = study
    for _, f, p in rows:
        for text in [p.user_text] + [t for r, t in p.opening if r == "user"]:
            assert not bench.third_person_left(text, names, f["first_person"]), f["fact"]


def test_the_study_gets_at_least_30_distinct_assistant_replies_in_60_insertions(study):
    assert len({p.reply for _, _, p in study[3]}) >= 30


def test_placement_on_the_study_stays_at_its_measured_85_percent(study):
    bench, _names, _convs, rows = study
    right = 0
    for _, f, p in rows:
        homes, new = bench.homes(f), p.new_conversation or p.joined_new
        right += (not homes and new) or (not new and p.conversation_id in homes)
    assert right / len(rows) >= 0.85


def test_placement_on_the_gold_facts_of_the_second_held_out_study_stays_at_its_measured_81_percent():
    # the decision on the gold first-person forms, as benchmarks/insertion_mix.py scores it (73.3% with the
    # TF-IDF words and user turns only; 81.7% with the word coverage and the passages)
    import statistics

    from context_packs.insertion import SIMILARITY_THRESHOLD, evidence, scoring_texts
    from context_packs.semantic import Index, conversation_profile

    bench = _bench()
    _names, convs, tasks = bench.load(ROOT / "benchmarks" / "data" / "insertion_heldout2.yaml")
    index = Index([conversation_profile(c) for c in convs])
    right = total = 0
    for _, facts in tasks:
        for f, text in zip(facts, scoring_texts([f["first_person"] for f in facts], convs)):
            scores = index.scores(text)
            best = max(range(len(scores)), key=lambda j: (scores[j], -j))
            placed = evidence(scores[best], round(statistics.median(scores), 4)) >= SIMILARITY_THRESHOLD
            homes = bench.homes(f)
            right += (not homes and not placed) or (placed and convs[best].id in homes)
            total += 1
    assert right / total >= 0.81


@pytest.mark.parametrize("name, at_least", [("first_person_dev2.yaml", 68), ("first_person_dev3.yaml", 53),
                                             ("first_person_dev4.yaml", 44), ("first_person_dev5.yaml", 36),
                                             ("first_person_dev6.yaml", 26), ("first_person_dev7.yaml", 25),
                                             ("first_person_dev8.yaml", 19), ("first_person_dev9.yaml", 21),
                                             ("first_person_dev10.yaml", 24), ("first_person_dev11.yaml", 46)])
def test_the_later_first_person_dev_sets_stay_at_their_measured_figures(name, at_least):
    import yaml

    from context_packs.firstperson import rewrite_facts

    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / name).read_text(encoding="utf-8"))
    exact = 0
    for person in doc["contributors"]:
        facts = person["facts"]
        got = rewrite_facts([f["fact"] for f in facts], person["names"])
        exact += sum(g.text == f["first_person"] for g, f in zip(got, facts))
    assert exact >= at_least
