"""What the browser tests share (tests/browser/): Playwright driving the system Chromium (Debian's
`chromium`, no browser download) against pytest-django's live server. tests/browser/conftest.py
offers the `browser` fixture; each test module defines the `world` fixture it needs set up before
Chromium starts."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from django.db import connections

playwright_sync = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
PASSWORD = "muster-test-password"  # tests/factories.py's UserFactory
TIMEOUT_MS = 15_000


@pytest.fixture
def browser(live_server, world):
    """Chromium for one test, started after the database and the world are set up and closed
    before the database is flushed and restored (serialized_rollback): Playwright's sync API runs
    an event loop in this thread, under which Django's ORM would refuse to run and would use
    other connection objects. The test's own ORM calls are allowed while it lives."""
    path = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not path:
        pytest.skip("the system Chromium is not installed (apt-get install chromium)")
    saved = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with playwright_sync.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
            # Close the connections the test's ORM calls opened under Playwright's loop (other
            # connection objects than the fixtures'), or PostgreSQL cannot drop the test database.
            connections.close_all()
    finally:
        if saved is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = saved


def shot(page, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def sign_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("form[action$='/accounts/login/'] button[type=submit]")
    assert page.locator("header.site").get_by_text(username).is_visible()


def sign_out(page):
    with page.expect_navigation():
        page.click("header.site form[action*='logout'] button[type=submit]")


def new_page(browser, **options):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, **options)
    context.set_default_timeout(TIMEOUT_MS)
    return context, context.new_page()
