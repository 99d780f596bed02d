"""What the phone's offline mode is served (issue 24): the service workers, the rules'
worker and zip, each match's JSON for its replay, and the page's hooks; none of it
changes the page without JavaScript."""

import io
import json
import subprocess
import sys
import zipfile

import pytest

from matches import offline
from matches.models import Table
from matches.services import drafting
from tests.tournaments.evenings import club


@pytest.fixture
def table(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return Table.objects.get(round=round_, number=1)


def test_the_service_workers_and_the_rules_worker(client, organiser):
    worker = client.get("/t/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert worker["Cache-Control"] == "no-cache"
    config = json.loads(worker.content.decode().split("\n", 1)[0][len("self.CONFIG = ") : -1])
    assert f"/static/pyodide/{offline.PYODIDE_VERSION}/pyodide.asm.wasm" in config["precache"]
    rules = client.get("/t/rules-worker.js")
    # Only the rules' worker may compile WebAssembly; eval of JavaScript stays refused.
    assert "'wasm-unsafe-eval'" in rules["Content-Security-Policy"]
    assert "'unsafe-eval'" not in rules["Content-Security-Policy"].replace("'wasm-unsafe-eval'", "")
    assert "'wasm-unsafe-eval'" not in client.get("/t/sw.js")["Content-Security-Policy"]


@pytest.mark.parametrize("scope", ["/t/", "/matches/", "/k/"])
def test_each_scope_keeps_its_own_rules_worker(client, organiser, scope):
    """A page's worker belongs to the service worker whose scope holds the worker's own
    address: each scope serves one and keeps a copy of it, with the same rules (a match
    page's worker at /t/ found no copy of itself offline; tests/e2e/test_e2e_offline.py)."""
    config = _config_of(client.get(f"{scope}sw.js"))
    workers = [url for url in config["precache"] if "rules-worker.js" in url]
    assert len(workers) == 1 and workers[0].startswith(f"{scope}rules-worker.js?v=")
    assert client.get(workers[0]).content == client.get("/t/rules-worker.js").content
    others = {url for url in config["precache"] if "rules-worker.js" not in url}
    assert others == {
        url
        for url in _config_of(client.get("/t/sw.js"))["precache"]
        if "rules-worker.js" not in url
    }


def _config_of(worker):
    return json.loads(worker.content.decode().split("\n", 1)[0][len("self.CONFIG = ") : -1])


def test_a_visit_that_looks_for_a_new_service_worker_costs_a_304(client, organiser):
    """Browsers fetch the service worker again on every visit to a page it keeps: one
    they have is revalidated by its ETag and answered with no body."""
    for address in ("/t/sw.js", "/t/rules-worker.js"):
        first = client.get(address)
        again = client.get(address, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304 and again.content == b""
        assert again["Cache-Control"] == "no-cache"
        assert client.get(address, HTTP_IF_NONE_MATCH='"another"').content == first.content
    assert "'wasm-unsafe-eval'" in client.get("/t/rules-worker.js")["Content-Security-Policy"]


def test_the_rules_zip_holds_the_pure_rules_and_the_glue():
    data, version = offline.rules_zip()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "matches/__init__.py" in names and "matches/rules/base.py" in names
    assert "matches/offline_play.py" in names
    assert "matches/rules/fields.py" in names  # what the games read a hand form with
    assert not any("views" in name or "models" in name for name in names)
    assert offline.rules_zip() == (data, version)  # the same sources, the same bytes


PHONE = """
import json, sys
from matches import offline_play
offline_play.install()
match = {"game": "sergeant-major", "variant": "8-5-3", "players": ["Ann", "Ben", "Cy"]}
form = [["trump", "hearts"], ["tricks_0", "8"], ["tricks_1", "5"], ["tricks_2", "3"]]
answer = json.loads(offline_play.derive(json.dumps({**match, "hands": [], "form": form})))
print(json.dumps([answer["ok"], answer["played"], "django" in sys.modules]))
"""


def test_the_rules_zip_alone_scores_a_hand(tmp_path):
    # What Pyodide does with it, in a Python that sees nothing but the zip: a module the
    # rules import and the zip lacks would leave the phone without its rules.
    zipfile.ZipFile(io.BytesIO(offline.rules_zip()[0])).extractall(tmp_path)
    python = [sys.executable, "-I", "-c", f"import sys; sys.path[:0] = ['.']\n{PHONE}"]
    ran = subprocess.run(python, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == [True, 1, False]


def test_the_rules_zip_by_its_version(client, organiser):
    data, version = offline.rules_zip()
    answer = client.get(f"/t/rules-{version}.zip")
    assert answer.status_code == 200 and answer.content == data
    assert "immutable" in answer["Cache-Control"]
    assert client.get("/t/rules-0000000000000000.zip").status_code == 404


def test_a_table_links_json_for_its_replay(client, table, organiser):
    from tests.tournaments.evenings import play_table

    play_table(table, organiser)
    answer = client.get(f"/t/{table.token}/offline.json")
    assert answer.status_code == 200
    assert "no-store" in answer["Cache-Control"]  # it carries a table's key
    data = answer.json()
    assert data["match"]["game"] == "sergeant-major" and data["next_number"] == 4
    assert len(data["hands"]) == 3 and data["hands"][0]["trump"] == "hearts"
    assert data["match"]["first_dealer"] == table.first_dealer and data["writes"] is True
    assert client.get("/t/aaaaaaaaaaaaaaaaaaaaaaaaaaa/offline.json").status_code == 404


def test_a_match_pages_json_is_its_keepers(client, other, make_match, owner):
    match = make_match([{"tricks": [9, 4, 3], "trump": "hearts"}])
    client.force_login(owner)
    data = client.get(f"/matches/{match.pk}/offline.json").json()
    assert data["hands"] == [{"tricks": [9, 4, 3], "trump": "hearts"}]
    client.force_login(other)
    assert client.get(f"/matches/{match.pk}/offline.json").status_code in (403, 404)


def test_the_pages_carry_the_offline_hooks_only_where_a_phone_writes(
    client, table, owner, make_match
):
    page = client.get(f"/t/{table.token}/").content.decode()
    assert page.count('id="offline"') == 1 and "js/offline.js" in page
    match = make_match()
    client.force_login(owner)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert page.count('id="offline"') == 1 and f'data-token="match-{match.pk}"' in page
    assert 'data-worker="/matches/rules-worker.js?v=' in page  # its own scope's
    client.logout()
    shared = client.get(f"/s/{match.share_token}/").content.decode()
    assert 'id="offline"' not in shared and "js/offline.js" not in shared


def test_a_german_page_carries_the_rules_messages_in_german(client, table):
    page = client.get(f"/t/{table.token}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    messages = json.loads(
        page.split('id="offline-messages" type="application/json">')[1].split("</script>")[0]
    )
    assert messages["A hand must be an object."] == "Ein Spiel muss ein Objekt sein."
    assert "Offline seit %(time)s" in page  # the card's own words, German too
