"""The assistant's memories of a contributor and their custom instructions have shapes of their own:
a memory's sentence has no subject ("Rereads …", "Supports …"), a contributor's taste is for public
people ("Is a big fan of Agatha Christie"), and custom instructions are a form of labelled fields
("Format: …", "Tone: …"). None of that hides a person of the contributor's own life."""

from __future__ import annotations

from tests.detect.conftest import found, spans


def persons(det, text: str) -> list[str]:
    return found(det, text, "PERSON")


def test_the_verb_opening_a_memory_is_no_part_of_a_name(det):
    text = "Rereads Ursula K. Le Guin's Earthsea books every winter."
    assert not any(v.startswith("Rereads") for v, _ in spans(text, det.analyze_text(text)))


def test_a_private_name_after_a_memory_verb_is_found_whole(det):
    assert persons(det, "Visits Teodora Novak in Maribor every other Sunday.") == ["Teodora Novak"]


def test_a_notable_name_the_contributor_is_a_fan_of_is_kept(det):
    assert persons(det, "Is a big fan of Agatha Christie and P. G. Wodehouse.") == []


def test_a_notable_name_the_contributor_listens_to_is_kept(det):
    assert persons(det, "Listens to a lot of Fela Kuti and Tony Allen.") == []


def test_a_notable_name_after_my_friend_is_someone_of_the_contributors_own(det):
    assert persons(det, "Goes to the pub on Fridays with my friend Tony Allen.") == ["Tony Allen"]


def test_the_labels_of_a_form_of_fields_are_no_speakers(det):
    assert persons(det, "Format: bullet points, short.\nTone: friendly, a bit nerdy.") == []


def test_the_labels_of_a_pasted_chat_are_speakers(det):
    assert persons(det, "Joy: are you coming tonight?\nMark: yes, at 8") == ["Joy", "Mark"]


def test_a_notable_name_one_went_to_school_with_is_someone_of_ones_own(det):
    assert "Harry Kane" in persons(det, "Went to school with Harry Kane in Chingford, he was in my class.")


def test_a_notable_pair_named_with_with_stays_public(det):
    assert persons(det, "Tell me about Frida Kahlo's relationship with Diego Rivera.") == []
