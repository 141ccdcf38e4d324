"""The HTML audit report renders in headless Chromium, offline, and its filter works."""

from __future__ import annotations

from pathlib import Path

import pytest

from privacy.audit import audit_dir, render_html

from .conftest import clean_pack, refresh_manifest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync"]

pytestmark = pytest.mark.browser


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed")
def test_the_html_report_renders_with_no_console_error_or_request_and_filters(tmp_path, known):
    from playwright.sync_api import sync_playwright

    packs = clean_pack(tmp_path / "packs", known)
    folder = packs / "task-1/baseline"
    (folder / "prompt.md").write_text("Plan a dinner for Jane Doe.\n")
    refresh_manifest(folder)
    (packs / "task-1/no_memories/extra.md").write_text("stray file\n")
    report = audit_dir(packs, workspace=known.ws, residual=False)
    page_file = tmp_path / "audit.html"
    page_file.write_text(render_html(report), encoding="utf-8")

    errors, requests = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: requests.append(r.url) if not r.url.startswith("file:") else None)
        page.goto(page_file.as_uri())
        assert page.inner_text("#verdict") == "FAIL"
        rows = page.locator("tr.finding")
        assert rows.count() == len(report.findings())
        assert page.locator("#summary tr[data-check]").count() == 4
        page.select_option("#filter", "review")
        assert page.locator("tr.finding:visible").count() == sum(1 for f in report.findings() if not f.fails)
        page.select_option("#filter", "fail")
        assert page.locator("tr.finding:visible").count() == sum(1 for f in report.findings() if f.fails) > 0
        assert "jane" not in page.content().lower()
        browser.close()
    assert errors == [] and requests == []
