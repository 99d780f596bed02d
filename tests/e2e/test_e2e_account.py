"""End to end: the account pages under the Content-Security-Policy, in headless Chromium.

What used to be inline handlers (the confirmation before revoking a token, selecting a new
key) now lives in static/js/forms.js; the API docs page (Swagger UI) must work under the
same policy. ``browser_page`` fails the test on anything the policy blocked.

Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py does (see tests/e2e_support.py).
"""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.e2e_support import browser_page

pytestmark = pytest.mark.e2e


def test_the_account_pages_work_under_the_policy(live_server):
    # Before the browser starts: the ORM may not run inside Playwright's event loop.
    get_user_model().objects.create_user("org", password="Kitchen-table-42", is_staff=True)
    with browser_page() as (page, expect):
        base = live_server.url

        # Guessing someone's password: after five tries the page says how long to wait.
        page.goto(base + "/accounts/login/")
        for n in range(5):
            page.fill("#id_username", "ghost")
            page.fill("#id_password", f"guess-{n}")
            page.click("button[type=submit]")
        expect(page.get_by_role("alert")).to_contain_text(
            "Too many failed logins. Try again in 15 minutes."
        )

        # The organiser, from the same address, is not locked (5 of the address's 20).
        page.fill("#id_username", "org")
        page.fill("#id_password", "Kitchen-table-42")
        page.click("button[type=submit]")
        expect(page).to_have_url(re.compile(r"/$"))

        # A new token: its key is selected whole when the field is touched.
        page.goto(base + "/accounts/")
        page.fill("#id_name", "scoreboard")
        page.get_by_role("button", name="Create a token").click()
        key = page.locator("input.key")
        expect(key).to_have_value(re.compile(r"^sk_"))
        key.focus()
        assert page.evaluate(
            "() => { const k = document.querySelector('input.key');"
            " return k.selectionStart === 0 && k.selectionEnd === k.value.length; }"
        )

        # Revoking asks first: "Cancel" keeps the token, "OK" revokes it.
        tokens = page.locator("ul.tokens li")
        expect(tokens).to_have_count(1)
        asked = []

        def answer(accept):
            def handle(dialog):
                asked.append(dialog.message)
                dialog.accept() if accept else dialog.dismiss()

            return handle

        page.once("dialog", answer(False))
        page.get_by_role("button", name="Revoke").click()
        expect(tokens).to_have_count(1)
        page.once("dialog", answer(True))
        page.get_by_role("button", name="Revoke").click()
        expect(page.get_by_text("The token was revoked")).to_be_visible()
        expect(tokens).to_have_count(0)
        assert asked == ["Revoke this token? Scripts using it stop working."] * 2

        # The password, from the account page.
        page.get_by_role("link", name="Change your password").click()
        page.fill("#id_old_password", "Kitchen-table-42")
        page.fill("#id_new_password1", "Kitchen-table-43")
        page.fill("#id_new_password2", "Kitchen-table-43")
        page.get_by_role("button", name="Change the password").click()
        expect(page.get_by_text("Your password was changed.")).to_be_visible()

        # The API docs: Swagger UI draws the description from the app's own files.
        page.goto(base + "/api/docs")
        expect(page.locator(".swagger-ui .info .title")).to_contain_text("Scorekeeper API")
        expect(page.locator(".opblock").first).to_be_visible()
