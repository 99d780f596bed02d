"""A new game is a game's folder copied and one line (issue 34, "Done when"): Sieben's
folder copied under a new name, its slug and names renamed inside the copy and nowhere
else, and one ``INSTALLED_APPS`` line make a game that plays through the API, a German
page and a tournament round. No file outside the copy is touched: the test writes only
under its own temporary folder."""

import datetime
import io
import shutil
import sys
import tokenize
from pathlib import Path

import pytest
from django.urls import reverse

from matches.games import registry
from matches.models import Match, Table
from matches.services import closing, drafting, registration, tournaments
from tests.api_support import login, send

SOURCE = Path(__file__).resolve().parents[2] / "matches" / "games" / "sieben"
SLUG = "sieben-copy"
PACKAGE = "copied_sieben"


def _renamed_names(source: str) -> str:
    """The Python source with every name that starts with ``Sieben`` (its classes) renamed
    ``Seven...``, strings and comments untouched: two games' stored details are told apart
    by their class names."""
    tokens = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME and token.string.startswith("Sieben"):
            token = token._replace(string="Seven" + token.string[len("Sieben") :])
        tokens.append(token)
    return tokenize.untokenize(tokens)


def _copy(target: Path) -> None:
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__"))
    for kind in ("templates", "static"):
        (target / kind / "games" / "sieben").rename(target / kind / "games" / SLUG)
    for path in target.glob("*.py"):
        text = _renamed_names(path.read_text())
        text = text.replace('game = "sieben"', f'game = "{SLUG}"')
        text = text.replace('"matches.games.sieben"', f'"{PACKAGE}"')
        text = text.replace('label = "sieben"', 'label = "sieben_copy"')
        path.write_text(text)


@pytest.fixture
def copied(tmp_path, settings):
    _copy(tmp_path / PACKAGE)
    sys.path.insert(0, str(tmp_path))
    try:
        settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, PACKAGE]  # the one line
        yield registry.get(SLUG)
    finally:
        registry.unregister(SLUG)
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def test_the_copy_is_a_game_of_its_own(copied):
    assert copied.slug == SLUG and registry.get("sieben").slug == "sieben"
    assert copied.scripts == [f"games/{SLUG}/hand.js"]
    assert type(copied).__module__ == f"{PACKAGE}.game"


@pytest.mark.django_db
def test_the_copy_plays_through_the_api(owner, copied):
    api = login(owner)
    body = {"game": SLUG, "variant": "two-player", "players": ["Ann", "Ben"], "first_dealer": 0}
    created = send(api, "post", "/api/matches", body)
    assert created.status_code == 201, created.content
    url = f"/api/matches/{created.json()['id']}/hands"
    recorded = send(api, "post", url, {"number": 1, "counters": [50, 40]})
    assert recorded.status_code == 201, recorded.content
    assert Match.objects.get().game == SLUG
    refused = send(api, "post", url, {"number": 2, "counters": [70, 70]})
    assert refused.status_code == 422


@pytest.mark.django_db
def test_the_copy_speaks_german_from_its_copied_catalogue(client, owner, copied):
    from tests.factories import game_match

    client.force_login(owner)
    match = game_match(owner, SLUG, "two-player", ["Ann", "Ben"])
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"/static/games/{SLUG}/hand.js" in page
    assert "Die Verlierer haben keinen Stich gemacht" in page  # its form, in its catalogue


@pytest.mark.django_db
def test_the_copy_plays_a_tournament_round(client, organiser, copied):
    tournament = tournaments.create_tournament(
        organiser,
        name="Copied night",
        date=datetime.date(2026, 12, 3),
        game=SLUG,
        variant="two-player",
        rounds=1,
        hands_per_round=2,
    )
    for entry in registration.register_players(tournament, organiser, ["Ann", "Ben"]):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    table = Table.objects.get(round=round_)
    assert (
        'name="counters_0"'
        in client.get(reverse("tournaments:table_link", args=[table.token])).content.decode()
    )
    match = Match.objects.get(pk=table.match_id)
    for number in range(1, 40):  # its own end, as Sieben's (a side takes every round)
        hand = {"number": str(number), "counters_0": "50"}
        client.post(reverse("tournaments:table_record", args=[table.token]), hand)
        match.refresh_from_db()
        if match.finished:
            break
    assert match.finished and match.hands.count() == number
    closing.close_round(round_, organiser)
    round_.refresh_from_db()
    assert round_.status == round_.Status.CLOSED
