"""The error pages in the browser (issue 19, item 7), at 360 × 740 and 1280 × 800, in
English and German: an old table link's 404 and a stale form's CSRF refusal are the
site's own styled pages (its stylesheet applied, nothing blocked by the policy), fit the
screen without sideways scrolling and show their way on.

One browser for the module; needs Debian's Chromium (tests/e2e_support.py).
"""

import pytest

from tests.e2e_support import PASSWORD, browser_context

pytestmark = pytest.mark.e2e

SIZES = [{"width": 360, "height": 740}, {"width": 1280, "height": 800}]
LOOK = """() => ({
  scrollWidth: document.documentElement.scrollWidth,
  width: document.documentElement.clientWidth,
  header: getComputedStyle(document.querySelector('header.top')).backgroundColor,
  card: getComputedStyle(document.querySelector('.error-page')).borderTopStyle,
})"""
WORDS = {
    "en": {
        "table": "Ask the organiser for this round's table card.",
        "stale": "Go back, reload the page and send it again.",
        "locale": "en-GB",
    },
    "de": {
        "table": "Fragen Sie den Organisator nach der Tischkarte dieser Runde.",
        "stale": "Gehen Sie zurück, laden Sie die Seite neu und senden Sie es noch einmal ab.",
        "locale": "de-DE",
    },
}


def assert_styled_and_fits(page):
    look = page.evaluate(LOOK)
    assert look["scrollWidth"] <= look["width"], look
    assert look["header"] not in ("", "rgba(0, 0, 0, 0)"), look  # app.css is applied
    assert look["card"] == "solid", look


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", SIZES, ids=["phone", "wide"])
def test_an_old_table_link_shows_the_way_on(live_server, browser, ann, language, size):
    words = WORDS[language]
    with browser_context(browser, size, locale=words["locale"]) as (page, expect):
        response = page.goto(f"{live_server.url}/t/an-old-table-link-of-round1/")

        assert response.status == 404
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator(".error-page strong")).to_have_text(words["table"])
        assert_styled_and_fits(page)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", SIZES, ids=["phone", "wide"])
def test_a_stale_form_says_what_to_do(live_server, browser, ann, language, size):
    words = WORDS[language]
    with browser_context(browser, size, locale=words["locale"]) as (page, expect):
        page.goto(live_server.url + "/accounts/login/")
        page.fill("#id_username", "ann")
        page.fill("#id_password", PASSWORD)
        page.locator("main form button[type=submit]").click()
        expect(page).to_have_url(live_server.url + "/")
        page.goto(live_server.url + "/accounts/password/")
        # The token the form carries goes stale (as after a long night on one page).
        page.evaluate(
            "document.querySelectorAll('input[name=csrfmiddlewaretoken]')"
            ".forEach(input => { input.value = 'x'.repeat(64); })"
        )
        with page.expect_response(lambda answer: answer.request.method == "POST") as sent:
            page.evaluate("document.querySelector('main form[method=post]').submit()")

        assert sent.value.status == 403
        expect(page.locator(".error-page")).to_contain_text(words["stale"])
        expect(page.locator(".error-page a.button")).to_have_attribute("href", "/")
        assert_styled_and_fits(page)
