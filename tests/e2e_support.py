"""What the browser tests share: finding Debian's Chromium, the skip (or, with
E2E_REQUIRED=1, the failure) when it is missing, its launch flags, one page in a
fresh browser context that fails the test on any JavaScript error or server error, a session
handed to a page, and screenshots for ``$SHOTS``.

Playwright's own browser downloads are never used.
"""

import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.test import Client

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MINUS = "−"  # the app shows a real minus sign
TIMEOUT_MS = 10_000
PHONE = {"width": 360, "height": 740}
PASSWORD = "Kitchen-table-42"
# True when the page does not scroll sideways.
FITS = "() => document.scrollingElement.scrollWidth <= window.innerWidth"


def unavailable(reason: str):
    if os.environ.get("E2E_REQUIRED") == "1":
        pytest.fail(f"E2E_REQUIRED=1 but {reason}")
    pytest.skip(reason)


def chromium_path() -> str:
    if os.path.exists("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    found = shutil.which("chromium")
    if not found:
        unavailable("needs Debian's chromium: apt-get install chromium (CI installs it)")
    return found


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


@contextmanager
def browser_page(viewport=None):
    """Yield ``(page, expect)``: a page in a fresh context of headless Chromium, and
    Playwright's auto-waiting ``expect``. Any uncaught JavaScript error on the page, or a
    response of 500 or more from the server, fails the test when the block ends (and is
    added to the report of any failure inside it)."""
    with chromium() as browser:
        with browser_context(browser, viewport) as page_and_expect:
            yield page_and_expect


# One Chromium per test process, launched when a test first asks for one and closed when
# the session ends (``close_chromium``, from tests/conftest.py): a launch costs about 1.4 s,
# and the suite asked for some 45 of them. Each test still gets a fresh context (no
# cookies, no storage, no service worker of another test).
_LAUNCHED: dict = {}


@contextmanager
def chromium():
    """Debian's Chromium, headless (this process's one: see ``_LAUNCHED``); a test opens
    its own ``browser_context`` in it."""
    browser = _LAUNCHED.get("browser")
    if browser is None or not browser.is_connected():
        browser = _launch()
    yield browser


def _launch():
    executable = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the dev extra installs it
        unavailable("needs the playwright Python package (pip install -e '.[dev]')")
    close_chromium()
    # Playwright's sync API keeps an event loop in this thread for as long as it runs, and
    # the tests make their rows with the ORM in between (nothing here runs concurrently:
    # the app is WSGI), so Django is told that is safe for the rest of this process.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    _LAUNCHED["playwright"] = playwright
    _LAUNCHED["browser"] = playwright.chromium.launch(
        executable_path=executable, args=CHROMIUM_ARGS
    )
    return _LAUNCHED["browser"]


def playwright():
    """This process's Playwright (for a test that launches a browser of its own kind, a
    persistent profile say: a second sync Playwright in one thread is refused)."""
    with chromium():
        return _LAUNCHED["playwright"]


def close_chromium() -> None:
    """Close this process's Chromium, if it launched one."""
    browser = _LAUNCHED.pop("browser", None)
    playwright = _LAUNCHED.pop("playwright", None)
    if browser is not None and browser.is_connected():
        browser.close()
    if playwright is not None:
        playwright.stop()


# Service workers only where a test asks for them (the offline tests): otherwise a table
# page's worker fetches the phone's Python (12 MB) from the test server into every fresh
# context. A page without one is what a phone on the club's plain-http network gets (no
# secure context, no service worker).
SERVICE_WORKERS = "block"


@contextmanager
def browser_context(browser, viewport=None, locale="en-GB", service_workers=SERVICE_WORKERS):
    """Yield ``(page, expect)`` in a fresh context (no cookies) of ``browser``, failing
    the test on a JavaScript error, a server error or a blocked policy, as
    ``browser_page`` does. ``service_workers="allow"`` for a test of the offline page."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    errors: list[str] = []
    context = browser.new_context(
        locale=locale,
        viewport=viewport or {"width": 900, "height": 1200},
        service_workers=service_workers,
    )
    try:
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"JavaScript: {error}"))
        page.on("response", lambda response: _server_error(response, errors))
        watch_policy(page, errors)
        try:
            yield page, expect
        except BaseException as failure:
            if errors:
                failure.add_note(f"Errors on the page: {errors}")
            raise
        assert errors == [], f"Errors on the page: {errors}"
    finally:
        context.close()


def watch_policy(page, errors: list[str]) -> None:
    """Count what the Content-Security-Policy blocked (an inline handler, a style, an
    eval) as an error: Chromium reports it on the console only, never as a page error.
    So is a form field's ``pattern`` that is no regular expression (Chromium compiles it
    with the ``v`` flag, stricter than Python's ``re``, and then checks nothing)."""

    def seen(message):
        if "Content Security Policy" in message.text or "evalDisallowed" in message.text:
            errors.append(f"CSP: {message.text}")
        elif "is not a valid regular expression" in message.text:
            errors.append(f"pattern: {message.text}")

    page.on("console", seen)


def _server_error(response, errors: list[str]) -> None:
    if response.status >= 500:
        errors.append(f"HTTP {response.status}: {response.request.method} {response.url}")


def logged_in(context, base: str, user) -> None:
    """The browser ``context`` logged in as ``user`` on the site at ``base``: the session
    of a test client, as a cookie."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])


def qr_codes(pdf, page_number: int) -> list[str]:
    """The QR codes on one page of a PDF, decoded: the page rendered in grey at 150 dpi
    (pdftoppm's PGM: a header, then a byte per pixel) and read by zxing-cpp."""
    import subprocess

    import zxingcpp

    raw = subprocess.run(
        ["pdftoppm", "-gray", "-r", "150", "-f", str(page_number), "-l", str(page_number), pdf],
        capture_output=True,
        check=True,
    ).stdout
    magic, width, height, _depth = raw.split(maxsplit=4)[:4]
    assert magic == b"P5"
    width, height = int(width), int(height)
    pixels = memoryview(raw[-width * height :]).cast("B", (height, width))
    return [code.text for code in zxingcpp.read_barcodes(pixels)]


def pdf_pages(pdf) -> list[str]:
    """Each page's text of a PDF, laid out (pdftotext -layout)."""
    import subprocess

    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")[:-1]


def record_on_target(page, expect, number: int, dealer: int) -> None:
    """Hand ``number`` of a Sergeant Major 8-5-3 table of three on its page, dealt by seat
    ``dealer``: every seat on its target (8, 5, 3 from the dealer), whatever the page's
    language."""
    form = page.locator("form#record")
    expect(form.locator("input[name=number]")).to_have_value(str(number))
    form.locator("label.suit-button.hearts").click()
    for offset, count in enumerate((8, 5, 3)):
        form.locator("input.tricks").nth((dealer + offset) % 3).fill(str(count))
    form.locator("input.tricks").nth(0).dispatch_event("input")
    form.locator("button[type=submit]").click()


def shot(page, name: str, full_page=False) -> None:
    """A screenshot of ``page`` (or of an element) as ``$SHOTS/<name>.png`` when ``$SHOTS``
    is set: to look at, never asserted, so a run without it spends nothing on drawing."""
    folder = os.environ.get("SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        # caret="initial": hiding the caret injects a style the page's CSP refuses.
        options = {"full_page": full_page} if full_page else {}
        page.screenshot(path=f"{folder}/{name}.png", caret="initial", **options)


def create_organiser(page, expect, base: str) -> None:
    """On an empty site, the first organiser ("org") made through the setup form."""
    page.goto(base + "/")
    expect(page).to_have_url(re.compile(r"/setup/$"))
    page.fill("#id_username", "org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Create the organiser account").click()
    expect(page).to_have_url(base + "/")


# Every word of the text inside ``root`` as the browser laid it out: a word drawn on two
# lines (broken inside it) has client rectangles at two heights.
BROKEN_WORDS = """(root) => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent.offsetParent || parent.closest(".visually-hidden")) continue;  // not shown
    for (const word of node.data.matchAll(/\\S+/g)) {
      if (word[0].includes("-")) continue;  // "Live-Anzeige" may break after its hyphen
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""
