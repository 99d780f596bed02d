"""What a table phone fetches for its offline mode, once (issue 34, item 5): the service
worker's precache is versioned addresses that are cached for good, the same for every
table link and round, and packed where collectstatic made a gzip copy."""

import json
import re

import pytest

from matches import offline
from matches.views import offline as views

YEAR = 365 * 24 * 3600
pytestmark = pytest.mark.usefixtures("organiser")  # past the set-up page


def _config(client, address="/t/sw.js") -> dict:
    first = client.get(address).content.decode().split("\n", 1)[0]
    return json.loads(first[len("self.CONFIG = ") : -1])


def test_the_precache_addresses_are_versioned_and_the_same_for_every_link(client):
    config = _config(client)
    rules_version = offline.rules_zip()[1]
    pyodide = f"/static/pyodide/{offline.PYODIDE_VERSION}/"
    for url in config["precache"]:
        assert url.startswith(pyodide) or rules_version in url, url
    # The cache is named by those addresses alone: no table, round or visit in it, so
    # the next round's table link finds the phone's copy.
    assert re.fullmatch(r"[0-9a-f]{12}", config["version"])
    # The same cache in every scope, each with its own rules worker
    # (tests/offline/test_offline_pages.py::test_each_scope_keeps_its_own_rules_worker).
    for scope in ("/matches/", "/k/"):
        theirs = _config(client, f"{scope}sw.js")
        assert theirs["version"] == config["version"]
        assert [url.replace(scope, "/t/") for url in theirs["precache"]] == config["precache"]


@pytest.mark.skipif(not offline.pyodide_present(), reason="needs make pyodide")
def test_pyodide_and_the_rules_are_served_immutable(client):
    config = _config(client)
    for url in config["precache"]:
        if url.startswith("/static/"):
            response = client.get(url)  # WhiteNoise (the tests' and other servers')
            assert response.status_code == 200, url
            assert response["Cache-Control"] == f"max-age={YEAR}, public, immutable", url
            response.close()
    zipped = client.get(views.rules_url())
    assert zipped["Cache-Control"] == f"public, max-age={YEAR}, immutable"
    # Other static files keep WhiteNoise's own answer.
    assert "immutable" not in client.get("/static/js/offline.js").get("Cache-Control", "")


def test_make_runs_server_caches_static_files_for_a_year():
    from scorekeeper import serve

    assert serve.STATIC_SECONDS == YEAR


@pytest.mark.skipif(not offline.pyodide_present(), reason="needs make pyodide")
def test_the_worker_fetches_the_gzip_copies_collectstatic_made(client, tmp_path, settings):
    folder = tmp_path / offline.PYODIDE_STATIC
    folder.mkdir(parents=True)
    (folder / "pyodide.asm.wasm.gz").write_bytes(b"")
    (folder / "pyodide.asm.js.gz").write_bytes(b"")
    settings.STATIC_ROOT = tmp_path
    views._service_worker_script.cache_clear()
    try:
        config = _config(client)
    finally:
        views._service_worker_script.cache_clear()
    pyodide = f"/static/pyodide/{offline.PYODIDE_VERSION}/"
    assert config["packed"] == [pyodide + "pyodide.asm.js", pyodide + "pyodide.asm.wasm"]
    assert set(config["packed"]) <= set(config["precache"])
