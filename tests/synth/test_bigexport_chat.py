"""The chat style of the large-export generator (synth.testdata.bigexport): realistic heavy-user text
with the PII of synth.testdata.labelled, deterministic, same record shapes as the word salad."""

from __future__ import annotations

import orjson
import pytest

from ingest import open_export
from synth.testdata.bigexport import expected_counts, labelled_batch, write_big_export


def _messages(folder):
    """(role, text) of every text part, conversation by conversation, in mapping order."""
    out = []
    for conv in orjson.loads((folder / "conversations.json").read_bytes()):
        for node in (conv.get("mapping") or {}).values():
            msg = node.get("message")
            if msg and msg["content"].get("content_type") == "text":
                out.append((msg["author"]["role"], msg["content"]["parts"][0]))
    return out


@pytest.fixture(scope="module")
def chat(tmp_path_factory):
    return write_big_export(tmp_path_factory.mktemp("chat") / "a", 0.3, seed=3, style="chat")


def test_same_seed_gives_the_same_bytes_and_another_seed_other_bytes(chat, tmp_path):
    again = write_big_export(tmp_path / "b", 0.3, seed=3, style="chat")
    other = write_big_export(tmp_path / "c", 0.3, seed=4, style="chat")
    data = (chat / "conversations.json").read_bytes()
    assert (again / "conversations.json").read_bytes() == data
    assert (other / "conversations.json").read_bytes() != data


def test_the_size_asked_for_is_reached_within_one_conversation(chat):
    size = (chat / "conversations.json").stat().st_size
    assert 0.3 * 2**20 <= size < 0.3 * 2**20 + 100_000


def test_ingest_reads_it_with_the_generator_rule_for_archived_and_mapping_less_records(chat):
    exp = open_export(chat)
    n = sum(1 for name in exp.source.members() if exp.member_role(name) == "conversations"
            for _ in exp.iter_raw_records(name))
    s = exp.summary()
    assert {k: s[k] for k in ("conversations", "archived_dropped", "skipped")} == expected_counts(n)
    assert sum(len(c.messages) for c in exp.conversations()) > 100


def test_user_turns_carry_the_labelled_pii_in_order(chat):
    user_text = "\n".join(t for role, t in _messages(chat) if role == "user")
    pii = [lt for lt in labelled_batch(3, 0).texts if not lt.control][:40]
    found = [lt for lt in pii if lt.text in user_text or lt.text.lower() in user_text]
    assert len(found) >= 0.7 * len(pii)  # the rest went to image captions and reply quotes


def test_assistant_replies_are_markdown_and_name_the_people_of_the_user_turn(chat):
    msgs = _messages(chat)
    replies = [t for role, t in msgs if role == "assistant"]
    assert sum("\n## " in r or "\n### " in r for r in replies) > len(replies) / 3
    assert sum("```python\n" in r for r in replies) > 0
    assert sum("\n- " in r for r in replies) > len(replies) / 4
    names = {sp.value for lt in labelled_batch(3, 0).texts for sp in lt.spans if sp.entity_type == "PERSON"}
    named = [r for r in replies if any(n in r for n in names)]
    assert len(named) > len(replies) / 4


def test_salad_stays_the_default_and_has_no_labelled_text(tmp_path):
    salad = write_big_export(tmp_path / "s", 0.1, seed=3)
    assert (salad / "conversations.json").read_bytes() == \
        (write_big_export(tmp_path / "t", 0.1, seed=3, style="salad") / "conversations.json").read_bytes()
    user_text = "\n".join(t for role, t in _messages(salad) if role == "user")
    assert not any(lt.text in user_text for lt in labelled_batch(3, 0).texts[:50])


def test_command_line_writes_the_chat_style(tmp_path, capsys):
    from synth.testdata.bigexport import main

    main([str(tmp_path / "cli"), "--mb", "0.05", "--seed", "3", "--style", "chat"])
    assert capsys.readouterr().out.strip() == str(tmp_path / "cli")
    direct = write_big_export(tmp_path / "direct", 0.05, seed=3, style="chat")
    assert (tmp_path / "cli" / "conversations.json").read_bytes() == (direct / "conversations.json").read_bytes()


def test_an_unknown_style_is_refused(tmp_path):
    with pytest.raises(ValueError, match="unknown style"):
        write_big_export(tmp_path / "x", 0.01, style="poetry")
