"""What tests share besides fixtures: request headers, hands and matches as the forms and
services take them, how a page reads, and the one table of Sergeant Major presets.

Fixtures live in ``conftest.py`` and may call these; tests import these by name.
"""

import html
import re

from matches.services import play as services

# An htmx request, as the browser's htmx sends it.
HTMX = {"HTTP_HX_REQUEST": "true"}

# sergeant_major/rules.md §1.2: each Sergeant Major preset's targets by offset (dealer,
# eldest, third, ...) and the tricks in a hand. The one table every test of the presets reads.
PRESET_TABLE = {
    "8-5-3": ((8, 5, 3), 16),
    "8-5-3-points": ((8, 5, 3), 16),
    "9-5-2": ((9, 5, 2), 16),
    "9-2-5": ((9, 2, 5), 16),
    "8-6-3": ((8, 6, 3), 17),
    "9-5-3": ((9, 5, 3), 17),
    "alternate": ((8, 5, 3), 16),
    "woburn": ((8, 5, 3), 16),
    "four-player": ((5, 4, 2, 2), 13),
}
PRESETS = list(PRESET_TABLE)
THREE_PLAYER_PRESETS = [slug for slug in PRESETS if slug != "four-player"]

SHEEP5 = ("Ann", "Ben", "Cy", "Dan", "Eve")


# -- matches ------------------------------------------------------------------------------


def game_match(owner, game, variant, players, hands=(), first_dealer=0, options=None, by=None):
    """A match of ``owner`` created and played through the services, fresh from the
    database; ``by`` records the hands (the owner unless given)."""
    match = services.create_match(
        by or owner,
        game=game,
        variant=variant,
        players=list(players),
        first_dealer=first_dealer,
        options=options,
    ).match
    for number, hand in enumerate(hands, start=1):
        services.record_hand(match, number, hand, by=by or owner)
    match.refresh_from_db()
    return match


def sheep(owner, hands=(), players=SHEEP5, variant="standard", **options):
    """A Sheepshead match, five players unless told."""
    return game_match(owner, "sheepshead", variant, players, hands, options=options or None)


def sieben(owner, variant="two-player", players=("Ann", "Ben"), hands=(), **options):
    """A Sieben match, two players unless told."""
    return game_match(owner, "sieben", variant, players, hands, options=options or None)


def totals(match):
    match.refresh_from_db()
    return match.totals


# -- hands --------------------------------------------------------------------------------


def sm_hand(tricks, trump="hearts", **extra):
    """A Sergeant Major hand as the services take it."""
    return {"tricks": list(tricks), "trump": trump, **extra}


def sh(number, picker, partner="alone", points=None, **flags):
    """A Sheepshead hand as the browser posts it (ticked boxes only)."""
    data = {"number": number, "picker": str(picker), "partner": str(partner)}
    data["points"] = "" if points is None else str(points)
    data.update({name: "on" for name, ticked in flags.items() if ticked})
    return data


def sv(number, *counters, no_trick=False):
    """A Sieben round as the browser posts it."""
    data = {"number": number}
    data.update({f"counters_{side}": str(value) for side, value in enumerate(counters)})
    if no_trick:
        data["no_trick"] = "on"
    return data


# -- pages --------------------------------------------------------------------------------


def text(response):
    """The page as a reader sees it: tags dropped, entities decoded, spaces squeezed."""
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(words))


# -- tournaments --------------------------------------------------------------------------


def tournament(by, **changes):
    """A Sergeant Major 8-5-3 tournament of three rounds of 9 hands, made by ``by``."""
    import datetime

    from matches.services import tournaments

    fields = {
        "name": "Club night",
        "date": datetime.date(2026, 12, 1),
        "game": "sergeant-major",
        "variant": "8-5-3",
        "rounds": 3,
        "hands_per_round": 9,
        **changes,
    }
    return tournaments.create_tournament(by, **fields)


def played_out(table, by):
    """The table's match (Sergeant Major 8-5-3, three hands a round) played to its last
    hand, every seat on its target."""
    from matches.models import Match

    match = Match.objects.get(pk=table.match_id)
    for number in range(1, 4):
        dealer = (match.first_dealer + number - 1) % 3
        tricks = [0, 0, 0]
        for offset, target in enumerate((8, 5, 3)):
            tricks[(dealer + offset) % 3] = target
        services.record_hand(match, number, sm_hand(tricks), by=by)
    return Match.objects.get(pk=match.pk)


# -- names in the order people read them (issue 32) ---------------------------------------

# As a reader lists them: an "m" is no "rn" (the look-alike key sorted Marianne after
# Resi), an umlaut sorts with its letter (not after z), an accent after the bare letter.
READ_IN_ORDER = ["Arger", "Ärger", "Marianne", "Muller", "Müller", "Olga", "Resi", "Zahn", "Zoë"]
# The same names as they come in (the order they were typed, so ids tell nothing).
TYPED_ORDER = [READ_IN_ORDER[index] for index in (7, 4, 1, 5, 2, 8, 0, 6, 3)]


def tied_night(by, names=TYPED_ORDER, *, ended=False):
    """A one-round tournament of ``names`` entered in that order, checked in, round 1
    drafted; ``ended``: the round started and closed with every table ended before its
    first hand, so that the tournament is finished and everyone ties."""
    from matches.models import Round
    from matches.services import closing, drafting, registration

    night = tournament(by, rounds=1, hands_per_round=3)
    for entry in registration.register_players(night, by, list(names)):
        registration.check_in(entry, by)
    round_ = drafting.draft_round(night, by, method="draw", seed=1)
    if ended:
        drafting.start_round(round_, by)
        closing.close_round(
            Round.objects.get(pk=round_.pk), by, end_unfinished=True, reason="Nobody played"
        )
    night.refresh_from_db()
    return night
