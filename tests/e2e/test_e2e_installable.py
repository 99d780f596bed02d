"""Issue 20, item 6 in Chromium: the browser reads the app's manifest without an error
and reports the app installable (Page.getInstallabilityErrors: none), so a phone can add
it to its home screen and open it without the browser's bars.

A persistent profile, as a phone's browser has: a fresh Playwright context counts as an
incognito window, which Chromium never offers to install from. Needs Debian's Chromium
(tests/e2e_support.py).
"""

import json

import pytest
from django.contrib.auth import get_user_model

from tests.e2e_support import CHROMIUM_ARGS, chromium_path, playwright

pytestmark = pytest.mark.e2e


@pytest.fixture
def site(transactional_db):
    # A site with an account: an empty one sends every page to its first organiser's form.
    return get_user_model().objects.create_user("ann", password="Kitchen-table-42")


@pytest.mark.parametrize("language", ["en-GB", "de-DE"])
def test_chromium_reports_the_app_installable(live_server, site, tmp_path, language):
    context = playwright().chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_path(),
        args=CHROMIUM_ARGS,
        locale=language,
        viewport={"width": 360, "height": 740},
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        installable = cdp.send("Page.getInstallabilityErrors")
    finally:
        context.close()

    assert manifest["url"] == f"{live_server.url}/manifest.webmanifest"
    assert manifest["errors"] == []
    read = json.loads(manifest["data"])
    assert read["display"] == "standalone"
    short = {"en-GB": "Scorekeeper", "de-DE": "Punkteblock"}[language]
    assert read["short_name"] == short
    assert installable["installabilityErrors"] == []
