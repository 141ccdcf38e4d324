"""The speakers of a pasted group chat are people whatever their case and whether a list knows
them: nicknames, word-names, titles kept; roles, log levels and a document's keys are no one."""

from privacy import entities as E
from tests.detect.conftest import found

FIVE_A_SIDE = ("who is right here\n"
               "gazza: subs are a fiver this week\n"
               "macca: cash or transfer?\n"
               "gazza: either mate\n"
               "jonesy: i paid already\n"
               "macca: no u didnt")


def test_nicknames_no_list_knows_are_speakers_of_a_pasted_chat(det):
    assert {"gazza", "macca", "jonesy"} <= set(found(det, FIVE_A_SIDE, E.PERSON))


def test_every_line_of_a_speaker_is_replaced(det):
    assert found(det, FIVE_A_SIDE, E.PERSON).count("macca") == 2


def test_word_names_are_speakers_of_a_pasted_chat(det):
    text = "summarise pls\nhope: the hall is booked\nfaith: what time\nhope: 7pm\nfaith: ok"
    assert found(det, text, E.PERSON).count("faith") == 2


def test_a_title_before_a_speakers_name_stays(det):
    text = ("compound gc\nbaba femi: the pump is broken\nmrs ngozi: again?\nbaba femi: yes o\n"
            "mrs ngozi: call the plumber")
    names = found(det, text, E.PERSON)
    assert "femi" in names and "ngozi" in names and not any("baba" in n or "mrs" in n for n in names)


def test_a_flat_number_after_a_speakers_name_stays(det):
    text = "block chat\nkemi flat 4: bins are full\ndare: i'll sort it\nkemi flat 4: thanks\ndare: np"
    assert "kemi" in found(det, text, E.PERSON)
    assert not any("flat" in n for n in found(det, text, E.PERSON))


def test_log_levels_and_roles_are_no_speakers(det):
    text = "error: cannot find module\nwarning: deprecated\nerror: exit code 1\nnote: see docs\nuser: why?"
    assert found(det, text, E.PERSON) == []


def test_the_keys_of_an_indented_document_are_no_speakers(det):
    text = "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm ci\n      - run: npm test\n  lint:\n    runs-on: ubuntu-latest"
    assert found(det, text, E.PERSON) == []


def test_two_speaker_lines_are_no_pasted_chat(det):
    assert "macca" not in found(det, "macca: cash or transfer?\ngazza: either", E.PERSON)


def test_a_name_a_dictionary_lists_but_english_hardly_uses_is_a_speaker(det):
    text = "estate gc\ntolu: water is off\nmrs bisi: again??\ntolu: since morning\nmrs bisi: call the plumber"
    assert found(det, text, E.PERSON).count("tolu") == 2


def test_the_stations_of_a_timetable_are_no_speakers(det):
    text = ("Put this timetable in a table:\n\nLondon Euston 07:00 → Stafford 08:20 → Manchester Piccadilly 09:07\n"
            "London Euston 07:20 → Stockport 09:21 → Manchester Piccadilly 09:33\n"
            "London Euston 07:40 → Wilmslow 09:28 → Manchester Piccadilly 09:47\nOperator: Avanti. Off-peak not valid.")
    assert not any("Euston" in v for v in found(det, text, E.PERSON))
