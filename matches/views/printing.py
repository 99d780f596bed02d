"""The printed sheets of a tournament (docs/tournaments.md §7 "Print"): standings, a round's
seating list (by table and by name), table cards, every player's score card, and the
player slips (each player's own link as a QR code, eight to a page, to cut apart).

Each is an ordinary page, readable on screen, that the browser prints on A4 through
``static/css/sheet.css`` (no PDF library): the page's tools (back, Print) stay on screen.

Who may print what (``access``): organisers everything; anyone, logged in or not, the
standings, the seating lists and the score cards of a public tournament (what its public
results show anyway). Table cards carry the tables' secret links, so only organisers
print them, public tournament or not; so do the player slips, and the score cards carry
each player's link only when an organiser prints them. Anyone else logged in gets 403, an anonymous
visitor the login page; a tournament that does not exist is a 404 on the sheets a public
tournament shows anyone.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils.text import capfirst
from django.views.decorators.http import require_GET

from .. import access, links
from ..forms.tournaments import TIE_BREAK_LABELS
from ..games import registry as games
from ..models import Round, Tournament
from ..services import sheets
from ..services import standings as standings_reads
from .common import template_for
from .standings_table import standings_columns


def _printable(request, tournament_id: int, *, public: bool) -> Tournament:
    """The tournament, if the request may print this sheet of it (``public``: a sheet a
    public tournament shows anyone); ``access`` decides."""
    asker = access.page_asker(request)
    if public:
        return access.tournament_to_see(asker, tournament_id)
    return access.tournament_to_run(asker, tournament_id)


# A printed sheet is read, never posted to.
_sheet = require_GET


def _render(request, name: str, context: dict):
    # htmx gets the sheet alone; a browser the page around it.
    return render(request, template_for(request, name, "sheet"), context)


def _context(request, tournament: Tournament, **more) -> dict:
    """What every sheet's head shows, and whether the tools may link to organisers' pages."""
    return {
        "tournament": tournament,
        "game_label": games.label(tournament),
        "organiser": access.is_organiser(request.user),
        **more,
    }


@_sheet
def print_standings(request, tournament_id: int):
    tournament = _printable(request, tournament_id, public=True)
    read = standings_reads.tournament_standings(tournament)
    columns = [capfirst(label) for label in standings_columns(tournament)]
    lines, notes = sheets.standings_sheet(read, columns)
    context = _context(
        request,
        tournament,
        read=read,
        lines=lines,
        footnotes=notes,
        columns=columns,
    )
    return _render(request, "print/standings.html", context)


def _round(tournament: Tournament, number: int) -> Round:
    rounds = Round.objects.select_related("tournament")
    return get_object_or_404(rounds, tournament=tournament, number=number)


@_sheet
def print_seating(request, tournament_id: int, number: int):
    tournament = _printable(request, tournament_id, public=True)
    sheet = sheets.round_sheet(_round(tournament, number))
    context = _context(request, tournament, sheet=sheet, round=sheet.round)
    return _render(request, "print/seating.html", context)


@_sheet
def print_tables(request, tournament_id: int, number: int):
    tournament = _printable(request, tournament_id, public=False)
    sheet = sheets.round_sheet(_round(tournament, number))
    plugin = games.get(tournament.game)
    cards = []
    for table in sheet.tables:
        url = links.table_url(request, table.token)
        cards.append(
            {
                "table": table,
                "url": url,
                "qr": links.qr_svg(url, title=url),
                # The grid has a row per hand; a game that ends by itself (Sieben) gets
                # as many as a round usually takes.
                "hands": _paper_rows(plugin, table),
                "size": _grid_size(table.hands or BLANK_ROWS, [seat.name for seat in table.seats]),
                # The head says what this table plays: six at Sheepshead play six-handed.
                "game_label": games.variant_label(tournament.game, table.variant),
                # What the game's own paper backup needs besides (``Game.paper_template``).
                "paper": plugin.paper_context(table),
            }
        )
    context = _context(
        request,
        tournament,
        sheet=sheet,
        round=sheet.round,
        cards=cards,
        phones_origin=links.loopback_origin(request),
        paper_template=plugin.paper_template,
        paper_columns=plugin.paper_columns,
        seat_column=plugin.paper_seat_column,
    )
    return _render(request, "print/tables.html", context)


BLANK_ROWS = 12


def _paper_rows(game: games.Game, table: sheets.TableSheet) -> list[tuple[int, int | None]]:
    """The grid's rows: each hand's number and its dealer's seat number (the seat heads
    carry it; a name would wrap and push the grid off its page), pre-printed where the
    deal passes to the left round every seat (``Game.deal_passes_left``; None where it
    does not)."""
    count = table.hands or BLANK_ROWS
    first = next((i for i, seat in enumerate(table.seats) if seat.deals_first), 0)
    seats = len(table.seats)
    return [
        (hand, table.seats[(first + hand - 1) % seats].number if game.deal_passes_left else None)
        for hand in range(1, count + 1)
    ]


# A name in the card's list of seats longer than this wraps onto a second line.
LIST_LINE = 28


def _grid_size(hands: int, names: list[str]) -> str:
    """A class that fits a table card on one page: the grid's rows and the list of seats
    take the height (a long name two lines of it), so Sheepshead's 24 hands at a table of
    six print smaller than Sergeant Major's 12 at four, and four 40-letter names take
    that card down a size too. (Beyond about 30 hands the grid runs onto a second page,
    its heading repeated.)"""
    lines = hands + sum(2 if len(name) > LIST_LINE else 1 for name in names)
    if lines <= 16:
        return ""
    return "small" if lines <= 22 else "tiny"


@_sheet
def print_cards(request, tournament_id: int):
    tournament = _printable(request, tournament_id, public=True)
    read = standings_reads.tournament_standings(tournament)
    cards = sheets.score_cards(read)
    codes = {}
    if access.is_organiser(request.user):
        # The player's own link on their card: only an organiser's print carries it (a
        # public tournament's cards are anyone's to print; the links are the players').
        tokens = dict(tournament.entries.values_list("pk", "token"))
        for card in cards:
            url = links.player_url(request, tokens[card.row.entry])
            codes[card.row.entry] = links.qr_svg(url, title=url)
    context = _context(
        request,
        tournament,
        read=read,
        cards=[(card, codes.get(card.row.entry)) for card in cards],
        score_label=TIE_BREAK_LABELS[tournament.score],
        match_points=tournament.score == "match_points",
    )
    return _render(request, "print/cards.html", context)


SLIPS_PER_PAGE = 8  # two columns of four on A4, to cut apart


@_sheet
def print_players(request, tournament_id: int):
    """A slip per entry, A–Z, eight to an A4 page: the name, the tournament and the QR code
    of the player's own link (organisers only: the links are the players' keys)."""
    tournament = _printable(request, tournament_id, public=False)
    slips = []
    for entry in sheets.entries_by_name(tournament):
        url = links.player_url(request, entry.token)
        slips.append({"entry": entry, "url": url, "qr": links.qr_svg(url, title=url)})
    pages = [slips[i : i + SLIPS_PER_PAGE] for i in range(0, len(slips), SLIPS_PER_PAGE)]
    context = _context(
        request, tournament, pages=pages, phones_origin=links.loopback_origin(request)
    )
    return _render(request, "print/players.html", context)
