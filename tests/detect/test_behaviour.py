"""Identity, propagation, allow list, false positives, chunking, offline and determinism."""

import socket

from ingest.model import Contributor, CustomInstructions
from privacy import entities as E
from privacy.detect import Detector, DetectorSettings, Finding, IdentityHints
from tests.detect.conftest import spans

HINTS = IdentityHints.from_contributor(
    Contributor(names=("Priya Raman",), emails=("priya.raman@example.com",), phones=("+1 415 555 0132",)),
    [CustomInstructions(about_user="My name is Priya Raman. I'm a nurse.")],
)


def test_contributor_name_found_in_any_case_and_possessive(det):
    text = "PRIYA RAMAN signed it; priya's notes and Raman's too."
    found = spans(text, det.analyze_text(text, hints=HINTS))
    assert ("PRIYA RAMAN", E.PERSON) in found and ("priya", E.PERSON) in found and ("Raman", E.PERSON) in found


def test_contributor_phone_found_in_any_grouping(det):
    for text in ["call 4155550132 now", "call 415.555.0132 now", "call +1-415-555-0132 now", "call (415) 555 01 32 now"]:
        found = det.analyze_text(text, hints=HINTS)
        assert any(f.entity_type == E.PHONE_NUMBER and f.pass_name in ("identity", "pattern") for f in found), text


def test_contributor_email_found_in_upper_case(det):
    text = "write to PRIYA.RAMAN@EXAMPLE.COM"
    assert (("PRIYA.RAMAN@EXAMPLE.COM", E.EMAIL_ADDRESS) in spans(text, det.analyze_text(text, hints=HINTS)))


def test_name_from_custom_instructions_becomes_a_hint():
    hints = IdentityHints.from_contributor(Contributor(), [CustomInstructions(about_user="My name is Kofi Mensah and I teach.")])
    assert "Kofi Mensah" in hints.names


def test_propagation_finds_a_name_everywhere_lower_case(det):
    texts = ["My brother Tobias Lindqvist is visiting.", "we saw lindqvist at the game."]
    out = det.analyze_corpus(texts)
    assert ("lindqvist", E.PERSON) in spans(texts[1], out[1])
    assert any(f.pass_name == "propagation" for f in out[1])


def test_propagation_guards_common_word_names(det):
    texts = ["My uncle Will Barnes called.", "I will call you back.", "Then Will arrived late."]
    out = det.analyze_corpus(texts)
    assert not out[1]
    assert ("Will", E.PERSON) in spans(texts[2], out[2])


def test_allow_list_keeps_products_and_public_figures(det):
    text = "I asked ChatGPT and Claude about Barack Obama's speech in Python."
    found = spans(text, det.analyze_text(text))
    assert not [v for v, _ in found if v in ("ChatGPT", "Claude", "Barack Obama", "Python")]


def test_extra_allow_terms_are_honoured():
    det = Detector.get(DetectorSettings(extra_allow=("Tobias Lindqvist",)))
    text = "My brother Tobias Lindqvist is visiting."
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.PERSON]


def test_durations_and_vague_times_are_not_pii_but_dates_are(det):
    text = "It took twenty minutes, then 8 years passed, a moment later today. The lease began on March 3, 2021."
    found = spans(text, det.analyze_text(text))
    assert [v for v, t in found if t == E.DATE_TIME] == ["March 3, 2021"]


def test_roth_ira_is_not_pii(det):
    assert det.analyze_text("Should I put more into my Roth IRA or my 401(k)?") == []


def test_numbers_in_code_identifiers_and_hashes_are_not_phones(det):
    text = "build_20240115_1234 failed at commit 9f86d081884c7d659a2feaa0c55ad015 (id a4155550132)."
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.PHONE_NUMBER]


def test_findings_are_sorted_and_non_overlapping(det):
    text = "Dear Ana Souza, call +44 20 7946 0958 or ana.souza@gmail.com; I live at 12 Baker Street, London NW1 6XE."
    found = det.analyze_text(text)
    assert found == sorted(found)
    assert all(a.end <= b.start for a, b in zip(found, found[1:]))
    assert all(isinstance(f, Finding) and f.pass_name in ("ner", "pattern", "identity", "propagation") for f in found)


def test_long_text_chunking_keeps_an_entity_at_the_chunk_boundary():
    det = Detector.get(DetectorSettings(chunk_chars=400, chunk_overlap=120))
    filler = "word " * 78  # 390 characters: the e-mail straddles the first chunk end
    text = filler + "mail ngozi.okafor@example.org now " + "word " * 100
    found = spans(text, det.analyze_text(text))
    assert ("ngozi.okafor@example.org", E.EMAIL_ADDRESS) in found


def test_detection_is_deterministic(det):
    texts = ["My wife Ana turned 34.", "Ship to 12 Baker Street.", "ana loves it"] * 3
    assert det.analyze_corpus(texts) == det.analyze_corpus(list(texts))


def test_identical_texts_get_identical_findings(det):
    out = det.analyze_corpus(["Call Ana at +44 20 7946 0958.", "x", "Call Ana at +44 20 7946 0958."])
    assert out[0] == out[2] and out[0]


def test_detection_runs_with_network_blocked(det, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("network disabled in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    fresh = Detector(DetectorSettings(threshold=0.45))  # builds new recognizers too
    text = "email me at someone@mail.example.co.uk or kofi@gmail.com"
    found = spans(text, fresh.analyze_text(text))
    assert ("kofi@gmail.com", E.EMAIL_ADDRESS) in found


def test_lower_threshold_finds_at_least_as_much(det):
    text = "My sister Ngozi lives at 12 Baker Street; her account 12345678 is new."
    low = Detector.get(DetectorSettings(threshold=0.2)).analyze_text(text)
    covered = lambda fs: {i for f in fs for i in range(f.start, f.end)}  # noqa: E731
    assert covered(det.analyze_text(text)) <= covered(low)


FRESH_CONTROLS = [
    "Can you recommend a good book on Stoic philosophy?", "I spent 45 minutes debugging a null pointer in Java yesterday.",
    "What is the capital of Australia?", "Give me a 5 day itinerary for Japan in April.",
    "My Tesla Model 3 needs new tires, which brand is best?", "Explain how HTTPS certificates work.",
    "The function returns None when the list is empty.", "Should I learn Go or Rust for backend work?",
    "Make a grocery list for tacos for four people.", "How do I center a div in CSS?",
    "My team at work switched to Scrum last month.", "Rewrite: we will meet at noon on Friday.", "Why is the sky blue?",
    "Is 7 hours of sleep enough for adults?", "I want to run a 10k in under 50 minutes.",
    "Convert this SQL query to use a LEFT JOIN.", "Suggest a name for my golden retriever puppy.",
    "The invoice total was 1,249.99 USD including tax.", "Tell me a joke about programmers.",
    "Use git rebase -i HEAD~3 to squash commits.", "What is the difference between a Roth and a traditional IRA?",
    "How far is the Moon from Earth?", "Can I freeze cooked rice for a week?", "The Q3 OKRs are due next Monday.",
]


def test_pii_free_sentences_not_used_for_tuning_are_mostly_untouched(det):
    touched = [t for t, f in zip(FRESH_CONTROLS, det.analyze_corpus(FRESH_CONTROLS)) if f]
    assert len(touched) <= 1, touched


def test_a_long_text_of_repeated_sentences_finds_every_repetition():
    det = Detector.get(DetectorSettings(chunk_chars=400, chunk_overlap=120))
    text = "Filler first. " + "Send it to ngozi.okafor@example.org today. " * 50
    emails = [f for f in det.analyze_text(text) if f.entity_type == E.EMAIL_ADDRESS]
    assert len(emails) == 50
    assert all(text[f.start:f.end] == "ngozi.okafor@example.org" for f in emails)


def test_markdown_headings_file_names_and_acronyms_are_not_names_and_names_stop_at_line_breaks(det):
    assert det.analyze_text("## Scope\nWe need to finish.\n\nBudget:\n- 5k") == []
    assert det.analyze_text("Saved to conversations-000.json and set SMTP up") == []
    text = "Sam Example\nRole: admin"
    assert spans(text, det.analyze_text(text)) == [("Sam Example", E.PERSON)]


def test_markdown_bullets_of_capitalised_words_are_not_names(det):
    text = "- Scope\n- Timeline\n- Budget\n\n- Goals\n- Risks\n- Owners"
    assert [f for f in det.analyze_text(text, hints=IdentityHints()) if f.entity_type == E.PERSON] == []


def test_a_dash_sign_off_on_the_last_line_is_a_name(det):
    text = "Thanks for everything!\n—Priyanka"
    assert ("Priyanka", E.PERSON) in spans(text, det.analyze_text(text, hints=IdentityHints()))


def test_a_name_never_runs_across_a_line_break(det):
    text = "Preferred name: Sam Example\nRole: Backend developer\n"
    names = [text[f.start:f.end] for f in det.analyze_text(text, hints=IdentityHints()) if f.entity_type == E.PERSON]
    assert names and all("\n" not in n and "Role" not in n for n in names)


def test_a_custom_instructions_name_stops_at_the_line_end():
    hints = IdentityHints.from_contributor(None, [CustomInstructions(about_user="Preferred name: Sam Okoro\nRole: Backend developer\n")])
    assert hints.names == ("Sam Okoro",)
