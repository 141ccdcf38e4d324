"""``benchmarks.sealed_features`` describes the names a detector leaves in counts only: it can run on a
sealed set without spending it (no value, no word of a message is printed)."""

import re

from benchmarks import public_detection as P
from benchmarks.sealed_features import main


def test_the_features_of_what_is_left_print_counts_and_never_a_value(det, capsys):
    main(["chat_holdout25"])  # a development set: its values may be read here, to check they are not printed
    printed = capsys.readouterr().out
    values = {v for _, gold in P.labelled_chat(P.CHAT_SETS["chat_holdout25"]) for t, v, _, _ in gold if t == "PERSON"}
    assert "PERSON values left in chat_holdout25" in printed
    assert not any(f" {v} " in f" {printed} " or f"'{v}'" in printed for v in values if len(v) > 2)
    assert all(line.rsplit(":", 1)[-1].strip().isdigit() for line in printed.splitlines()[1:])


def test_the_street_addresses_left_print_counts_and_never_a_value(det, capsys):
    main(["--streets", "chat_holdout12", "chat_holdout33"])  # development sets (streets were left in both)
    printed = capsys.readouterr().out
    values = {v for name in ("chat_holdout12", "chat_holdout33")
              for _, gold in P.labelled_chat(P.CHAT_SETS[name]) for t, v, _, _ in gold if t == "STREET_ADDRESS"}
    assert re.match(r"STREET_ADDRESS values left in chat_holdout12, chat_holdout33: \d+\n", printed)
    assert not any(part.strip() in printed for v in values for part in v.split(",") if len(part.strip()) > 3)
    assert all(line.rsplit(":", 1)[-1].strip().isdigit() for line in printed.splitlines()[1:])
