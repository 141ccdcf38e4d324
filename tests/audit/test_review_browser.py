"""The review page in real headless Chromium (Debian's ``chromium``, through Playwright).

A reviewer marks an over-redaction ``not_pii`` and adds a missed name as a leak, with the
keyboard, and saves; the rerun of ``privacy scrub --review`` keeps the first, replaces the
second, changes nothing else, and its audit passes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from privacy.cli import main

from .study import MISSED, OVER_REDACTED, write_dana_export

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed")]


@pytest.fixture
def scrubbed(tmp_path):
    export = write_dana_export(tmp_path / "contributor-b")
    ws, out = tmp_path / "ws", tmp_path / "out" / "contributor-b.scrubbed"
    assert main(["scrub", str(export), "--out", str(out), "--workspace", str(ws), "--quiet", "--jobs", "1"]) == 0
    return export, ws, out


def _browser(p):
    return p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)


def _watch(page, errors, requests, allowed_prefix="file:"):
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url) if not r.url.startswith(allowed_prefix) else None)


def _row_of(page, original: str) -> int:
    texts = page.locator("tr.item td.orig").all_inner_texts()
    return texts.index(original)


def _items(out, ws_path):
    from privacy.audit.reviewpage import review_items
    from synth.workspace import Workspace

    ws = Workspace.open(ws_path)
    return ws, review_items(out, ws, residual=False)


def _person_surrogates(out) -> set[str]:
    """The PERSON surrogates of an output's redaction report (compared as a set: a short surrogate
    may well be part of some word of the text, "Ana" of "banana")."""
    lines = [json.loads(x) for x in (out / "redaction_report.jsonl").read_text().splitlines()]
    return {x["surrogate"] for x in lines if x["entity_type"] == "PERSON"}


def test_a_reviewer_marks_verdicts_with_the_keyboard_and_the_rerun_applies_them(scrubbed, capsys):
    from playwright.sync_api import expect, sync_playwright

    from privacy.audit.review import load_review
    from privacy.audit.reviewpage import ReviewServer, render_page

    export, ws_path, out = scrubbed
    before = (out / "conversations.json").read_text()
    before_persons = _person_surrogates(out)
    assert f"Answer in {OVER_REDACTED}" not in before and MISSED in before  # precondition: what to review
    ws, items = _items(out, ws_path)
    review_file = ws_path / "reviews" / "b.review.yaml"
    server = ReviewServer(lambda t: render_page(items, title=out.name, review_file=review_file.name, mode="serve", token=t),
                          review_file, workspace=ws).start()
    errors, requests = [], []
    try:
        with sync_playwright() as p:
            browser = _browser(p)
            page = browser.new_page()
            _watch(page, errors, requests, allowed_prefix=server.url.split("/?")[0])
            page.goto(server.url)
            target = _row_of(page, OVER_REDACTED)
            for _ in range(target):
                page.keyboard.press("j")
            page.keyboard.press("k")
            page.keyboard.press("j")  # back on the row: k then j
            assert page.locator("tr.item.current td.orig").inner_text() == OVER_REDACTED
            page.keyboard.press("1")  # leak ... then changed to not_pii
            page.keyboard.press("2")
            page.locator("tr.item.current select.scope").select_option("contributor")
            page.fill("#missed-text", MISSED)
            page.select_option("#missed-type", "PERSON")
            page.click("#add-missed")
            page.locator("body").press("s")
            expect(page.locator("#status")).to_have_text("saved")
            assert page.inner_text("#decided") == "2"
            browser.close()
    finally:
        server.close()
    assert errors == [] and requests == []

    review = load_review(review_file, workspace=ws)
    tag = ws.contributor_tag("user-DANA0000000000000000000")
    ws.close()
    assert review.allow_list_for(tag) == [OVER_REDACTED] and review.allow_list_for("someone-else") == []
    assert review.known_identifiers == [("PERSON", MISSED)]

    assert main(["scrub", str(export), "--out", str(out), "--workspace", str(ws_path), "--quiet", "--jobs", "1",
                 "--force", "--review", str(review_file)]) == 0
    after = (out / "conversations.json").read_text()
    assert f"Answer in {OVER_REDACTED}, please." in after and MISSED not in after.lower()
    # nothing else changed: the old output with the two verdicts applied is the new one
    (new_sur,) = _person_surrogates(out) - before_persons
    old_sur = before.split("Answer in ", 1)[1].split(",", 1)[0]
    assert before.replace(f"Answer in {old_sur},", f"Answer in {OVER_REDACTED},").replace(MISSED, new_sur) == after
    capsys.readouterr()
    assert main(["audit", str(out), "--workspace", str(ws_path), "--review", str(review_file)]) == 0


def test_the_page_saved_from_a_file_is_the_review_file_the_buttons_made(scrubbed, tmp_path):
    from playwright.sync_api import sync_playwright

    from privacy.audit.review import load_review
    from privacy.audit.reviewpage import render_page, write_private

    _export, ws_path, out = scrubbed
    ws, items = _items(out, ws_path)
    page_file = ws_path / "reviews" / "b.html"
    write_private(page_file, render_page(items, title=out.name, review_file="b.review.yaml"))
    errors, requests = [], []
    with sync_playwright() as p:
        browser = _browser(p)
        page = browser.new_page(accept_downloads=True)
        _watch(page, errors, requests)
        page.goto(page_file.as_uri())
        row = page.locator("tr.item").nth(_row_of(page, OVER_REDACTED))
        row.locator("button[data-v=wrong_type]").click()
        row.locator("select.newtype").select_option("ORGANIZATION")
        page.locator("tr.item").nth(0).locator("button[data-v=leak]").click()
        with page.expect_download() as dl:
            page.click("#save")
        saved = tmp_path / dl.value.suggested_filename
        dl.value.save_as(saved)
        browser.close()
    assert errors == [] and requests == [] and saved.name == "b.review.yaml"
    review = load_review(saved, workspace=ws)
    ws.close()
    assert review.retype == [("ORGANIZATION", OVER_REDACTED)]
    assert len(review.verdicts) == 2


def test_through_the_cli_the_served_page_marks_two_verdicts_and_the_reruns_of_scrub_and_pack_pass_their_audits(
        scrubbed, tmp_path, capsys):
    """The Done-when of issue 17, each step a command: ``privacy review --serve`` (a child process),
    the page in Chromium (an over-redaction marked not PII with the keyboard, a missed name added as
    a leak), then ``privacy scrub --review``, ``privacy pack --review`` and ``privacy audit`` of both
    outputs: the word is kept, the name replaced, both audits PASS with exit 0."""
    import os
    import signal
    import subprocess
    import sys

    import yaml
    from playwright.sync_api import expect, sync_playwright

    export, ws_path, out = scrubbed
    review_file = ws_path / "reviews" / "cli.review.yaml"
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from privacy.cli import main; sys.exit(main(sys.argv[1:]))",
         "review", str(out), "--workspace", str(ws_path), "--serve", "--review-file", str(review_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    errors, requests = [], []
    try:
        url = proc.stdout.readline().strip().rsplit(" ", 1)[-1]
        assert url.startswith("http://127.0.0.1:"), url
        with sync_playwright() as p:
            browser = _browser(p)
            page = browser.new_page()
            _watch(page, errors, requests, allowed_prefix=url.split("/?")[0])
            page.goto(url)
            for _ in range(_row_of(page, OVER_REDACTED)):
                page.keyboard.press("j")
            assert page.locator("tr.item.current td.orig").inner_text() == OVER_REDACTED
            page.keyboard.press("2")  # not PII (scope: the study)
            page.fill("#missed-text", MISSED)
            page.select_option("#missed-type", "PERSON")
            page.click("#add-missed")
            page.locator("body").press("s")
            expect(page.locator("#status")).to_have_text("saved")
            browser.close()
    finally:
        os.kill(proc.pid, signal.SIGINT)
        proc.wait(timeout=60)
    assert errors == [] and requests == []
    verdicts = {(r.get("verdict"), r.get("text")) for r in yaml.safe_load(review_file.read_text())["reviews"]}
    assert ("leak", MISSED) in verdicts and any(v == "not_pii" for v, _t in verdicts)

    assert main(["scrub", str(export), "--out", str(out), "--workspace", str(ws_path), "--quiet", "--jobs", "1",
                 "--force", "--review", str(review_file)]) == 0
    text = (out / "conversations.json").read_text()
    assert f"Answer in {OVER_REDACTED}, please." in text and MISSED not in text.lower()
    tasks = tmp_path / "tasks.yaml"
    tasks.write_text(yaml.safe_dump({"tasks": [{"id": "task-b-picnic", "export": str(export),
                                                "prompt": "Remind me what I owe.",
                                                "additional_context": f"- I owe {MISSED} twenty dollars."}]}))
    packs = tmp_path / "packs"
    assert main(["pack", str(tasks), "--out", str(packs), "--workspace", str(ws_path), "--jobs", "1",
                 "--review", str(review_file)]) == 0
    packed = "\n".join(p.read_text() for p in packs.rglob("*.md"))
    assert f"Answer in {OVER_REDACTED}, please." in packed and MISSED not in packed.lower()
    for audited in (out, packs):
        capsys.readouterr()
        rc = main(["audit", str(audited), "--workspace", str(ws_path), "--review", str(review_file)])
        headline = capsys.readouterr().out.splitlines()[0]
        assert (rc, headline.rsplit(": ", 1)[-1]) == (0, "PASS"), headline
