"""report.html in headless Chromium: loads clean, highlights match the report, the filter works."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrub_helpers import SHARDED, report_lines

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


def test_the_page_is_self_contained(scrubbed):
    _, result = scrubbed[SHARDED]
    html = (result.out_dir / "report.html").read_text()
    for needle in ("<link", "<img", "<iframe", " src=", "@import", "url("):
        assert needle not in html
    assert "Content-Security-Policy" in html and "default-src 'none'" in html


@pytest.fixture(scope="module")
def page_on(scrubbed):
    if not CHROMIUM.exists():
        pytest.skip("headless Chromium (/usr/bin/chromium) is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)

        def open_report(out_dir: Path):
            page = browser.new_page()
            problems, requests = [], []
            page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("request", lambda r: requests.append(r.url))
            page.goto((out_dir / "report.html").as_uri())
            return page, problems, requests

        yield open_report
        browser.close()


@pytest.mark.browser
def test_report_loads_without_console_errors_or_requests(page_on, scrubbed):
    _, result = scrubbed[SHARDED]
    page, problems, requests = page_on(result.out_dir)
    assert problems == []
    assert requests == [(result.out_dir / "report.html").as_uri()]


@pytest.mark.browser
def test_each_highlight_is_a_report_line_with_its_surrogate_and_type(page_on, scrubbed):
    _, result = scrubbed[SHARDED]
    lines = report_lines(result.out_dir)
    page, _, _ = page_on(result.out_dir)
    marks = page.eval_on_selector_all(
        "mark.m", "ms => ms.map(m => [Number(m.dataset.line), m.dataset.type, m.textContent, m.title])"
    )
    assert len(marks) == len(lines)  # every field is shown for this small export
    for line_no, etype, text, title in marks:
        line = lines[line_no - 1]
        assert (etype, text) == (line["entity_type"], line["surrogate"])
        assert line["recognizer"] in title and f"line {line_no}" in title


@pytest.mark.browser
def test_filter_by_entity_type_shows_only_that_type(page_on, scrubbed):
    _, result = scrubbed[SHARDED]
    lines = report_lines(result.out_dir)
    page, _, _ = page_on(result.out_dir)
    for etype in sorted({line["entity_type"] for line in lines}):
        page.select_option("#type-filter", etype)
        visible = page.eval_on_selector_all(
            ".field:not(.hidden) mark.m:not(.off)", "ms => ms.map(m => m.dataset.type)"
        )
        assert visible == [etype] * sum(1 for line in lines if line["entity_type"] == etype)
        hidden_with_type = page.eval_on_selector_all(
            ".field.hidden", f"fs => fs.filter(f => f.dataset.types.split(' ').includes({json.dumps(etype)})).length"
        )
        assert hidden_with_type == 0
    page.select_option("#type-filter", "")
    assert page.locator(".field.hidden").count() == 0


@pytest.mark.browser
def test_review_queue_lists_the_low_confidence_lines(page_on, scrubbed):
    _, result = scrubbed[SHARDED]
    lines = report_lines(result.out_dir)
    page, _, _ = page_on(result.out_dir)
    low = [i + 1 for i, line in enumerate(lines) if line["low_confidence"]]
    rows = page.eval_on_selector_all(".queue tr[data-type] a", "as => as.map(a => Number(a.textContent))")
    assert rows == low
    if not low:
        assert page.locator("#queue-empty").count() == 1
