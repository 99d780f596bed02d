"""Skat, its registry entry: who deals and who sits out at four, the game in the players'
words ("Kreuz mit 2, Spiel 3 — 36"), the list's figures per seat and the series' count.
Its hand form is in ``forms``, its API hand body in ``schema``, its templates and script
in ``templates/`` and ``static/``; the rules, which derive every figure, are in ``rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from matches.games.base import Game, yes_no
from matches.presenters import HandFact
from matches.rules import Hand, MatchState, base
from matches.rules.base import signed

from . import rules
from .forms import GAME_NAMES, SkatHandForm, playing_seats, signed_name
from .rules import Skat
from .schema import SkatHand


@dataclass(frozen=True)
class ListRow:
    """One seat's line of the list (rules.md §4.4): the list total, the games it won and
    lost, the games the others at its table lost, and its Seeger-Fabian score."""

    name: str
    list_total: int
    games_won: int
    games_lost: int
    others_lost: int
    score: int
    winner: bool


class SkatPlugin(Game):
    ruleset_class = Skat
    name = gettext_lazy("Skat")
    hand_form = SkatHandForm
    hand_body = SkatHand
    # A table card's paper list: the declarer, the game and its entry on the list.
    paper_columns = (
        gettext_lazy("Declarer"),
        pgettext_lazy("skat", "Game"),
        gettext_lazy("List"),
    )
    previewed = True
    history_columns = 3
    option_labels = {
        "hands_limit": gettext_lazy("Games in the series (a multiple of the players)"),
    }
    preview_empty = gettext_lazy("The game's value and list entry appear here as you fill it in.")
    preview_incomplete = gettext_lazy("Fill in the game to see its value.")

    # The list on paper (issue 35): the match printed as an ISkO Spielliste, and a blank
    # one on a Skat round's table cards, for a phone that dies.
    sheet_template = "games/skat/list_sheet.html"
    sheet_link = gettext_lazy("Print the list (Spielliste)")
    paper_template = "games/skat/paper_list.html"

    def sheet_context(self, ruleset, state: MatchState) -> dict[str, Any]:
        return {"skat_paper": played_list(state, ruleset.options["hands_limit"])}

    def paper_context(self, table) -> dict[str, Any]:
        names = [seat.name for seat in table.seats]
        first = next((i for i, seat in enumerate(table.seats) if seat.deals_first), 0)
        count = (
            table.hands
            or rules.PRESETS[rules.Skat.TABLE_VARIANTS[len(names)]].options["hands_limit"]
        )
        return {"skat_paper": blank_list(names, first, count)}

    def rules_card(self, ruleset) -> list[str]:
        return skat_card(ruleset)

    def deal_steps(self, ruleset, state: MatchState):
        """Who deals (and at four sits out), and Vorhand, Mittelhand, Hinterhand
        (rules.md §4.6)."""
        coming = state.next_hand
        if coming is None:
            return [], [], []
        names = state.players
        dealer = {"dealer": names[coming.dealer]}
        if coming.dealer in coming.active:
            steps = [_("%(dealer)s deals.") % dealer]
        else:
            steps = [_("%(dealer)s deals and sits out this game.") % dealer]
        seats = playing_seats(state)
        steps.append(
            _(
                "%(vorhand)s is Vorhand and leads; %(mittelhand)s Mittelhand; %(hinterhand)s "
                "Hinterhand."
            )
            % {
                "vorhand": names[seats[0]],
                "mittelhand": names[seats[1]],
                "hinterhand": names[seats[2]],
            }
        )
        return steps, [], []

    def row_details(self, ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        data = hand.input
        if data["passed"]:
            return {"passed": True, "declarer": pgettext("skat", "passed in")}
        return {
            "passed": False,
            "declarer": state.players[data["declarer"]],
            "game": short_game(data),
            "won": data["won"],
            "value": hand.detail.value,
            "list": signed(hand.detail.list_entry),
            "overbid": hand.detail.overbid,
        }

    def page_context(self, ruleset, state: MatchState) -> dict[str, Any]:
        coming = state.next_hand
        limit = ruleset.options["hands_limit"]
        return {
            "skat_list": list_rows(state),
            "series_of": limit,
            # The games still to be dealt, the coming one included.
            "games_left": limit - coming.number + 1 if coming else 0,
        }

    def ending_words(self, ruleset, state: MatchState) -> tuple[str | None, str | None]:
        """The series decides (rules.md §4.4, §4.5), in games."""
        ending = state.ending
        if ending is None:
            return None, None
        if ending.how == base.HANDS_LIMIT:
            words = {"number": ending.hand}
            return (
                ngettext(
                    "After %(number)s game: the highest score wins, then more games won, "
                    "then fewer games lost.",
                    "After %(number)s games: the highest score wins, then more games won, "
                    "then fewer games lost.",
                    ending.hand,
                )
                % words,
                None,
            )
        if ending.how == base.STOPPED and ending.hand:
            return self.ruled_end_words(ruleset, state), None
        return super().ending_words(ruleset, state)

    def ruled_end_words(self, ruleset, state: MatchState) -> str:
        number = state.ending.hand if state.ending else 0
        if not number:
            return super().ruled_end_words(ruleset, state)
        return ngettext(
            "After %(number)s game: the highest score wins.",
            "After %(number)s games: the highest score wins.",
            number,
        ) % {"number": number}

    def hand_facts(self, ruleset, players, data) -> list[HandFact]:
        """What the table reported, for the audit trail."""
        if data.get("passed"):
            return [HandFact("passed", yes_no(True), pgettext("skat", "Passed in"))]
        declarer = data.get("declarer")
        name = (
            players[declarer] if isinstance(declarer, int) and 0 <= declarer < len(players) else "—"
        )
        facts = [
            HandFact("declarer", name, _("Declarer")),
            HandFact("game", str(GAME_NAMES.get(data.get("game"), "—")), pgettext("skat", "Game")),
        ]
        matadors = data.get("matadors")
        if matadors:
            facts.append(HandFact("matadors", matadors_words(matadors), _("Matadors (Spitzen)")))
        facts.append(HandFact("bid", str(data.get("bid")), _("Bid (Reizwert)")))
        facts.append(
            HandFact(
                "won",
                pgettext("skat", "won") if data.get("won") else pgettext("skat", "lost"),
                _("Result"),
            )
        )
        for key, label in FLAG_WORDS.items():
            if key in data:
                facts.append(HandFact(key, yes_no(data[key]), str(label), shown=bool(data[key])))
        if data.get("points") is not None:
            facts.append(HandFact("points", str(data["points"]), _("Card points")))
        return facts

    def preview(self, ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        """The game in the players' words and what it puts on the list, before saving:
        "Clubs with 2, game 3 — 36", then the list entry and the scores."""
        return {"preview_round": preview_words(state, hand)}


FLAG_WORDS = {
    "hand": pgettext_lazy("skat", "Hand"),
    "ouvert": pgettext_lazy("skat", "Ouvert"),
    "schneider_announced": gettext_lazy("Schneider announced"),
    "schwarz_announced": gettext_lazy("Schwarz announced"),
    "schneider": pgettext_lazy("skat", "Schneider"),
    "schwarz": pgettext_lazy("skat", "Schwarz"),
}


def game_name(data) -> str:
    return signed_name(data["game"])


def matadors_words(matadors) -> str:
    words = {"n": matadors["n"]}
    if matadors["with"]:
        return pgettext("skat", "with %(n)s") % words
    return pgettext("skat", "without %(n)s") % words


def short_game(data) -> str:
    """The history's game: "♣ Clubs with 2, Hand, Schneider"."""
    parts = [game_name(data)]
    if data["matadors"]:
        parts[0] += " " + matadors_words(data["matadors"])
    if data["game"] == rules.NULL:
        parts += [str(FLAG_WORDS[name]) for name in ("ouvert", "hand") if data[name]]
        return ", ".join(parts)
    for name in FLAG_WORDS:
        if data[name] and not (
            data["ouvert"] and name in ("schneider_announced", "schwarz_announced", "hand")
        ):
            parts.append(str(FLAG_WORDS[name]))
    return ", ".join(parts)


def levels(data) -> list[str]:
    """The levels of a suit or grand game counted as players count them (rules.md §4.2):
    "with 2, game 3, hand 4, schneider 5"."""
    n = data["matadors"]["n"]
    counted = [matadors_words(data["matadors"])]
    steps = [
        (True, pgettext("skat", "game %(n)s")),
        (data["hand"], pgettext("skat", "hand %(n)s")),
        (data["schneider"] or data["schneider_announced"], pgettext("skat", "schneider %(n)s")),
        (data["schneider_announced"], pgettext("skat", "announced %(n)s")),
        (data["schwarz"] or data["schwarz_announced"], pgettext("skat", "schwarz %(n)s")),
        (data["schwarz_announced"], pgettext("skat", "announced %(n)s")),
        (data["ouvert"], pgettext("skat", "ouvert %(n)s")),
    ]
    for counts, words in steps:
        if counts:
            n += 1
            counted.append(words % {"n": n})
    return counted


def preview_words(state: MatchState, hand: Hand) -> str:
    data, worth = hand.input, hand.detail
    if data["passed"]:
        return _("Passed in: the game counts in the series, nobody scores.")
    if data["game"] == rules.NULL:
        announced = [str(FLAG_WORDS[name]) for name in ("ouvert", "hand") if data[name]]
        what = " ".join([game_name(data), *announced])
    else:
        what = f"{game_name(data)} " + ", ".join(levels(data))
    # An overbid game counts at more than it was worth (rules.md §4.2, "Overbid"): the
    # words say both.
    value = worth_before_overbid(data) if worth.overbid else worth.value
    words = {
        "what": what,
        "value": value,
        "bid": data["bid"],
        "lost_at": worth.value,
        "list": signed(worth.list_entry),
        "name": state.players[data["declarer"]],
        "score": signed(hand.scores[data["declarer"]]),
        "others": signed(max(hand.scores)),
    }
    if worth.overbid:
        return (
            _(
                "%(what)s — %(value)s, overbid (bid %(bid)s): lost at %(lost_at)s. List "
                "%(list)s; %(name)s %(score)s, the others %(others)s each."
            )
            % words
        )
    if data["won"]:
        return _("%(what)s — %(value)s, won. List %(list)s; %(name)s %(score)s.") % words
    return (
        _(
            "%(what)s — %(value)s, lost. List %(list)s; %(name)s %(score)s, the others "
            "%(others)s each."
        )
        % words
    )


def worth_before_overbid(data) -> int:
    if data["game"] == rules.NULL:
        return rules.NULL_VALUES[data["hand"], data["ouvert"]]
    return rules.game_value(
        data["game"],
        **{name: data[name] for name in rules.FLAGS},
        matadors=data["matadors"]["n"],
    )


def list_rows(state: MatchState) -> list[ListRow]:
    tally = state.detail
    return [
        ListRow(
            name=name,
            list_total=tally.list_totals[seat],
            games_won=tally.games_won[seat],
            games_lost=tally.games_lost[seat],
            others_lost=tally.others_lost[seat],
            score=state.totals[seat],
            winner=seat in state.winners,
        )
        for seat, name in enumerate(state.players)
    ]


@dataclass(frozen=True)
class ListCell:
    """One seat's cells in a line of the paper list: the entry and the seat's list total
    after it, written in the declarer's column only (the others stay blank, as on paper);
    ``out``: the dealer sitting out at four."""

    entry: str = ""
    total: str = ""
    out: bool = False


@dataclass(frozen=True)
class ListLine:
    number: int
    dealer: int  # the dealer's seat as the players count (1 for seat 0)
    passed: bool
    cells: tuple[ListCell, ...]


@dataclass(frozen=True)
class PaperList:
    """The ISkO list (Spielliste) on paper: a column per player, a line per game of the
    series with its dealer and the entry in the declarer's column, and under it the end
    of the list per player (rules.md §4.3); blank where nothing is known yet."""

    players: tuple[str, ...]
    lines: tuple[ListLine, ...]
    per_other: int  # what each other player gets for a lost game: 40 at three, 30 at four
    ends: tuple[rules.ListEnd, ...] | None  # None: a blank list
    winners: tuple[int, ...] = ()

    @property
    def size(self) -> str:
        """A class for the rows' height: 48 lines take a smaller row than 36 to stay on
        one A4 page with the end of the list."""
        return "long" if len(self.lines) > 40 else ""

    @property
    def columns(self) -> int:
        """The players' cells in a line: the entry and the list total of each."""
        return 2 * len(self.players)

    @property
    def sitting_out(self) -> bool:
        return len(self.players) == 4


def dealer_of(first: int, seats: int, number: int) -> int:
    """The dealer of game ``number``: the deal passes to the left (rules.md §4.5)."""
    return (first + number - 1) % seats


def blank_line(first: int, seats: int, number: int) -> ListLine:
    dealer = dealer_of(first, seats, number)
    cells = tuple(ListCell(out=seats == 4 and seat == dealer) for seat in range(seats))
    return ListLine(number, dealer + 1, False, cells)


def blank_list(players: list[str], first: int, count: int) -> PaperList:
    seats = len(players)
    lines = tuple(blank_line(first, seats, number) for number in range(1, count + 1))
    return PaperList(tuple(players), lines, rules.OTHERS_LOST[seats], None)


def played_line(hand: Hand, seats: int, totals: list[int]) -> ListLine:
    """A game on the list; ``totals``, each seat's list total so far, is moved on."""
    out = [seats == 4 and seat == hand.dealer for seat in range(seats)]
    if hand.input["passed"]:
        cells = tuple(ListCell(out=flag) for flag in out)
        return ListLine(hand.number, hand.dealer + 1, True, cells)
    declarer = hand.input["declarer"]
    totals[declarer] += hand.detail.list_entry
    cells = tuple(
        ListCell(signed(hand.detail.list_entry), signed(totals[seat]), out[seat])
        if seat == declarer
        else ListCell(out=out[seat])
        for seat in range(seats)
    )
    return ListLine(hand.number, hand.dealer + 1, False, cells)


def played_list(state: MatchState, count: int) -> PaperList:
    """The match's list: its games so far, the rest of the series blank with their
    dealers, and the end of the list from the running figures."""
    seats = state.seats
    totals = [0] * seats
    lines = [played_line(hand, seats, totals) for hand in state.hands]
    known = state.hands[0] if state.hands else state.next_hand
    first = (known.dealer - known.number + 1) % seats if known else 0
    lines += [blank_line(first, seats, number) for number in range(len(lines) + 1, count + 1)]
    ends = tuple(rules.list_end(state.detail, seat) for seat in range(seats))
    return PaperList(
        state.players, tuple(lines), rules.OTHERS_LOST[seats], ends, tuple(state.winners)
    )


def skat_card(ruleset) -> list[str]:
    seats = ruleset.seats
    if seats == 4:
        lines = [_("Four players: the dealer deals and sits out each game; the other three play.")]
    else:
        lines = [_("Three players: the dealer plays as Hinterhand.")]
    lines += [
        _(
            "Each game: the declarer (or passed in), the game, with or without how many "
            "matadors, and won or lost; hand, ouvert, announcements, the bid and the card "
            "points when they apply."
        ),
        _(
            "The ISkO list: a won game counts its value, a lost one twice its value "
            "against the declarer; an overbid game is lost."
        ),
        _(
            "Seeger-Fabian: the declarer scores the list entry and 50 more for a game won, "
            "50 less for a game lost; for a lost game each other player gets %(others)s."
        )
        % {"others": rules.OTHERS_LOST[seats]},
        ngettext(
            "The series is %(n)s game; the deal passes to the left.",
            "The series is %(n)s games; the deal passes to the left.",
            ruleset.options["hands_limit"],
        )
        % {"n": ruleset.options["hands_limit"]},
    ]
    return lines


__all__ = ["SkatPlugin"]
