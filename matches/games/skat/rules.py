"""Skat as clubs and leagues score it: the ISkO list and the Seeger-Fabian score —
rules.md §4.

The app never sees the cards. Per game the table reports what was announced (the game,
hand, ouvert, the announcements, the bid), the declarer's matadors, and what the table
agrees happened (won or lost, schneider, schwarz, the card points if counted); a deal
that all three passed is reported as passed in. From that the rules derive the game
value (overbid included), the list entry, each seat's Seeger-Fabian score and the
running figures of the list (list total, games won, lost and the others' lost games).

Not zero-sum, on purpose (rules.md §4.3): a won game gives
the declarer value + 50 and nobody else anything; a lost one costs the declarer
2 × value + 50 and gives each other player at the table 40 (three) or 30 (four).

Installed as the others are (``apps.py`` registers its Django side, ``game``): its hand
form's fields are read here too (``Skat.hand_from_fields``), on the server and on the
phone alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matches.rules.base import (
    HANDS_LIMIT,
    Detail,
    Ending,
    Hand,
    MatchState,
    NextHand,
    Option,
    Preset,
    RuleError,
    Ruleset,
    _,
    require_int,
    require_seat,
    term,
)
from matches.rules.fields import ticked, whole
from matches.rules.sizes import TableSizes
from matches.rules.tie_breaks import Figures, TieBreak, counted

# rules.md §4.2: the base values, and the null games' fixed values
# by (hand, ouvert).
SUITS = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
GRAND = "grand"
NULL = "null"
BASE = {**SUITS, GRAND: 24}
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
GAMES = (*SUITS, GRAND, NULL)
# The most matadors with or without: four jacks and the suit's seven cards; in a grand
# the jacks alone.
MOST_MATADORS = {GRAND: 4, **dict.fromkeys(SUITS, 11)}
# rules.md §4.1: every number that is some game's value,
# 18 to 264 (63 of them).
BID_VALUES = tuple(
    sorted(
        {k * base for base in SUITS.values() for k in range(2, 19)}
        | {k * BASE[GRAND] for k in range(2, 12)}
        | set(NULL_VALUES.values())
    )
)
LOWEST_BID = BID_VALUES[0]
CARD_POINTS = 120
WINS = 61  # the card points a plain game needs
SCHNEIDER = 90  # the opponents have 30 or fewer
SCHNEIDER_LINE = 30  # a party with this many card points or fewer is schneider
SKAT_POINTS = 22  # the most a skat holds (two aces): all a declarer without a trick has
# rules.md §4.3: Seeger-Fabian's 50 for a game won or lost,
# and what each other player at the table gets for the declarer's lost game.
GAME_BONUS = 50
OTHERS_LOST = {3: 40, 4: 30}

# What the ISkO does not know (rules.md §4.9): named, so that a client
# sending them is told why, not just "unknown field".
HOUSE_RULES = ("ramsch", "kontra", "re", "bock")
NOT_ISKO = _("Not part of ISkO tournament play: record all-pass deals as passed in.")
# A null game has none of these (rules.md §4.1).
NOT_IN_NULL = ("schneider", "schwarz", "points", "schneider_announced", "schwarz_announced")
FLAGS = ("hand", "ouvert", "schneider_announced", "schwarz_announced", "schneider", "schwarz")
# The hand form's choices as it posts them (``Skat.hand_from_fields``): the declarer's
# field says "passed" for a deal passed in, the matadors are "with" or "without" n, the
# result "won" or "lost".
PASSED = "passed"
WITH, WITHOUT = "with", "without"
WON, LOST = "won", "lost"


@dataclass(frozen=True)
class SkatPreset(Preset):
    players: int = 3


@dataclass(frozen=True)
class SkatGame(Detail):
    """What a game was worth: its value (after an overbid, the value it is lost at) and
    the list entry (+value or −2 × value); both None when the deal was passed in."""

    value: int | None = None
    list_entry: int | None = None
    overbid: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"value": self.value, "list": self.list_entry}


@dataclass(frozen=True)
class SkatTally(Detail):
    """The list's running figures per seat (rules.md §4.4): the list total
    (Σ the entries of the games the seat declared), its games won and lost, the games the
    others at the table lost, and the Seeger-Fabian score, which is the match total."""

    list_totals: tuple[int, ...]
    games_won: tuple[int, ...]
    games_lost: tuple[int, ...]
    others_lost: tuple[int, ...]
    scores: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "list_totals": self.list_totals,
            "games_won": self.games_won,
            "games_lost": self.games_lost,
            "others_lost": self.others_lost,
        }


PRESETS = {
    "isko": SkatPreset(name=_("Skat, table of three"), options={"hands_limit": 36}, players=3),
    "isko-four": SkatPreset(
        name=_("Skat, table of four (the dealer sits out)"),
        options={"hands_limit": 48},
        players=4,
    ),
}


def game_value(
    game: str,
    *,
    hand: bool = False,
    ouvert: bool = False,
    matadors: int = 0,
    schneider: bool = False,
    schwarz: bool = False,
    schneider_announced: bool = False,
    schwarz_announced: bool = False,
) -> int:
    """The value of a game with the levels reached and announced, before any overbid
    (rules.md §4.2). Each level counts once: a declarer who missed
    an announced schneider and is schneider himself pays it once."""
    if game == NULL:
        return NULL_VALUES[hand, ouvert]
    levels = (
        matadors
        + 1  # the game
        + hand
        + (schneider or schneider_announced)
        + schneider_announced
        + (schwarz or schwarz_announced)
        + schwarz_announced
        + ouvert
    )
    return BASE[game] * levels


def lost_overbid(game: str, bid: int, hand: bool = False, ouvert: bool = False) -> int:
    """The value an overbid game is lost at: the smallest multiple of the announced game's
    base value that reaches the bid (for null the null game's own value; rules.md
    §4.2, "Overbid")."""
    base = NULL_VALUES[hand, ouvert] if game == NULL else BASE[game]
    return base * math.ceil(bid / base)


def bid_neighbours(bid: int) -> tuple[int | None, int | None]:
    """The bid values just below and just above ``bid`` (None past either end)."""
    lower = max((value for value in BID_VALUES if value < bid), default=None)
    higher = min((value for value in BID_VALUES if value > bid), default=None)
    return lower, higher


class Skat(Ruleset):
    """Skat at a table of three, or of four with the dealer sitting out, over a series of
    36 or 48 games scored on the ISkO list with Seeger-Fabian (rules.md)."""

    game = "skat"
    presets = PRESETS
    not_an_object = _("A game must be an object.")
    no_setup = _("Skat has no set-up before the first game.")
    over = _("The series is complete (%(number)s games).")
    lists_active = True
    options_spec = (Option("hands_limit", int, minimum=1, ends=True),)
    # A tournament's Skat tables (fours, threes for the rest) and standings are for the
    # planner and the game's Django side once it is registered; these two are the rules'
    # own: the score is Seeger-Fabian's, and a series deals 12 times to each player.
    default_score = "game_points"
    deals_per_round = 12
    # A tournament ranks as a table does (docs/tournaments.md §5, the SkWO's order): the
    # Seeger-Fabian total, then more games won, then fewer games lost (its declared games
    # over all rounds), then the best round.
    tie_breaks = (
        TieBreak(
            "games_won",
            _("games won"),
            _("Ahead of %(name)s on games won: %(value)s to %(other_value)s."),
            _("Behind %(name)s on games won: %(value)s to %(other_value)s."),
            counted("games_won"),
        ),
        TieBreak(
            "fewest_games_lost",
            _("fewest games lost"),
            _("Ahead of %(name)s on fewer games lost: %(value)s to %(other_value)s."),
            _("Behind %(name)s on fewer games lost: %(value)s to %(other_value)s."),
            counted("games_lost"),
            fewest=True,
        ),
    )
    default_tie_breaks = {"game_points": ("games_won", "fewest_games_lost", "best_round")}

    @property
    def seats(self) -> int:
        return self.preset.players

    @property
    def others_lost(self) -> int:
        """What each other player at the table gets for the declarer's lost game."""
        return OTHERS_LOST[self.seats]

    def check_options(self, options: dict[str, Any]) -> None:
        # rules.md §4.5: everyone deals equally often.
        if options["hands_limit"] % self.seats:
            raise RuleError(
                _("A series has a multiple of %(seats)s games, so that everyone deals alike."),
                field="options.hands_limit",
                seats=self.seats,
            )

    def active(self, dealer: int) -> tuple[int, ...]:
        # rules.md §4.6: the dealer deals and sits out.
        return tuple(seat for seat in range(self.seats) if self.seats == 3 or seat != dealer)

    def opening_tally(self) -> SkatTally:
        zeros = (0,) * self.seats
        return SkatTally(zeros, zeros, zeros, zeros, zeros)

    # -- what the table reports ------------------------------------------------------------

    def hand_keys(self) -> set[str]:
        return {"passed", "declarer", "game", "matadors", "bid", "won", "points", *FLAGS}

    def clean(self, state: MatchState, data: Mapping[str, Any]) -> dict[str, Any]:
        # Ramsch, Kontra/Re and Bock are house rules, not the ISkO's: told so, not "unknown".
        if isinstance(data, Mapping):
            for name in HOUSE_RULES:
                if name in data:
                    raise RuleError(NOT_ISKO, field=name)
            if data.get("game") == "ramsch":
                raise RuleError(NOT_ISKO, field="game")
        return super().clean(state, data)

    def clean_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        if flag(data, "passed"):
            given = sorted(name for name in data if name != "passed" and says(name, data[name]))
            if given:
                raise RuleError(
                    _("A passed-in game has no declarer and no result."), field=given[0]
                )
            return {"passed": True}
        declarer = self.clean_declarer(data.get("declarer"), coming)
        game = data.get("game")
        if game is None:
            raise RuleError(_("Which game was played?"), field="game")
        if game not in GAMES:
            raise RuleError(
                _("%(name)s must be one of: %(choices)s."),
                field="game",
                name=term("game"),
                choices=", ".join(GAMES),
            )
        flags = {name: flag(data, name) for name in FLAGS}
        bid = clean_bid(data.get("bid"))
        won = data.get("won")
        if won is None:
            raise RuleError(_("Was the game won or lost?"), field="won")
        won = flag(data, "won")
        cleaned = {"passed": False, "declarer": declarer, "game": game, "bid": bid, "won": won}
        if game == NULL:
            return {**cleaned, **self.clean_null(data, flags, bid, won)}
        return {**cleaned, **self.clean_suit_or_grand(data, game, flags, bid, won)}

    def clean_declarer(self, value: Any, coming: NextHand) -> int:
        if value is None:
            raise RuleError(_("Who declared? Or was the game passed in?"), field="declarer")
        declarer = require_seat(value, self.seats, "declarer")
        if declarer not in coming.active:
            # Seats as people count them, from 1.
            raise RuleError(
                _(
                    "Seat %(seat)s dealt this game and sits out; the declarer is one of "
                    "seats %(seats)s."
                ),
                field="declarer",
                seat=declarer + 1,
                seats=", ".join(str(seat + 1) for seat in coming.active),
            )
        return declarer

    def clean_null(
        self, data: Mapping[str, Any], flags: Mapping[str, bool], bid: int, won: bool
    ) -> dict[str, Any]:
        if data.get("matadors") is not None:
            raise RuleError(_("Null games have no matadors."), field="matadors")
        for name in NOT_IN_NULL:
            if stated(data.get(name)):
                raise RuleError(
                    _(
                        "Null games are won or lost; they have no schneider, schwarz or "
                        "card points."
                    ),
                    field=name,
                )
        hand, ouvert = flags["hand"], flags["ouvert"]
        value = NULL_VALUES[hand, ouvert]
        if won and value < bid:
            raise overbid(value, bid, lost_overbid(NULL, bid, hand, ouvert))
        return {
            "hand": hand,
            "ouvert": ouvert,
            "matadors": None,
            "schneider_announced": False,
            "schwarz_announced": False,
            "schneider": False,
            "schwarz": False,
            "points": None,
        }

    def clean_suit_or_grand(
        self, data: Mapping[str, Any], game: str, flags: Mapping[str, bool], bid: int, won: bool
    ) -> dict[str, Any]:
        matadors = clean_matadors(data.get("matadors"), game)
        hand, ouvert = flags["hand"], flags["ouvert"]
        announced = flags["schneider_announced"], flags["schwarz_announced"]
        if ouvert and not hand:
            raise RuleError(
                _(
                    "A suit or grand ouvert is always a hand game with schwarz announced "
                    "(ISkO 5.2.6)."
                ),
                field="ouvert",
            )
        if any(announced) and not hand:
            raise RuleError(
                _("Schneider and schwarz can only be announced in a hand game (ISkO 5.2.5)."),
                field="schwarz_announced" if announced[1] else "schneider_announced",
            )
        # An ouvert announces every level (rules.md §4.2).
        schneider_announced = flags["schneider_announced"] or ouvert
        schwarz_announced = flags["schwarz_announced"] or ouvert
        if schwarz_announced and not schneider_announced:
            raise RuleError(
                _("Schwarz announced includes schneider announced."), field="schneider_announced"
            )
        schneider, schwarz = flags["schneider"], flags["schwarz"]
        if schwarz and not schneider:
            raise RuleError(
                _(
                    "Schwarz includes schneider: a party without a trick has 30 card "
                    "points or fewer."
                ),
                field="schneider",
            )
        points = clean_points(data.get("points"), won, schneider, schwarz)
        value = game_value(
            game,
            hand=hand,
            ouvert=ouvert,
            matadors=matadors["n"],
            schneider=schneider,
            schwarz=schwarz,
            schneider_announced=schneider_announced,
            schwarz_announced=schwarz_announced,
        )
        if won and value < bid:
            raise overbid(value, bid, lost_overbid(game, bid))
        if won and schwarz_announced and not schwarz:
            raise RuleError(
                _(
                    "Schwarz was announced but the opponents took a trick: the game is "
                    "lost in that level."
                ),
                field="schwarz",
            )
        if won and schneider_announced and not schneider:
            raise RuleError(
                _(
                    "Schneider was announced but not reached: the game is lost in that "
                    "level (ISkO 5.2.5)."
                ),
                field="schneider",
            )
        if points is not None:
            needed = (
                CARD_POINTS if schwarz_announced else SCHNEIDER if schneider_announced else WINS
            )
            # Every trick needs the schwarz too: a trick of no card points still counts.
            made = points >= needed and (schwarz or not schwarz_announced) and value >= bid
            if won != made:
                message = (
                    _(
                        "With %(points)s card points the declarer has won this game; "
                        "correct the points or the result."
                    )
                    if made
                    else _(
                        "With %(points)s card points the declarer has lost this game; "
                        "correct the points or the result."
                    )
                )
                raise RuleError(message, field="points", points=points)
        return {
            "hand": hand,
            "ouvert": ouvert,
            "matadors": matadors,
            "schneider_announced": schneider_announced,
            "schwarz_announced": schwarz_announced,
            "schneider": schneider,
            "schwarz": schwarz,
            "points": points,
        }

    # -- what it is worth ------------------------------------------------------------------

    def value_of(self, data: Mapping[str, Any]) -> SkatGame:
        """The value and list entry of a cleaned game (rules.md §4.2,
        "Overbid", "The list entry")."""
        if data["passed"]:
            return SkatGame()
        game, hand, ouvert = data["game"], data["hand"], data["ouvert"]
        matadors = data["matadors"]
        value = game_value(
            game,
            hand=hand,
            ouvert=ouvert,
            matadors=0 if matadors is None else matadors["n"],
            schneider=data["schneider"],
            schwarz=data["schwarz"],
            schneider_announced=data["schneider_announced"],
            schwarz_announced=data["schwarz_announced"],
        )
        if value < data["bid"]:
            # ``clean`` refused it as won: an overbid game is lost whatever the points.
            value = lost_overbid(game, data["bid"], hand, ouvert)
            return SkatGame(value, -2 * value, overbid=True)
        return SkatGame(value, value if data["won"] else -2 * value)

    def score_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], SkatGame]:
        """Seeger-Fabian per seat (rules.md §4.3): the
        declarer's list entry ± 50; for a lost game each other player at the table, the
        dealer sitting out at four included, gets 40 (three) or 30 (four)."""
        worth = self.value_of(data)
        scores = [0] * self.seats
        if worth.list_entry is not None:
            declarer = data["declarer"]
            if data["won"]:
                scores[declarer] = worth.list_entry + GAME_BONUS
            else:
                scores = [self.others_lost] * self.seats
                scores[declarer] = worth.list_entry - GAME_BONUS
        return tuple(scores), worth

    def tally(self, before: SkatTally, hand: Hand) -> SkatTally:
        lists, won, lost, others = (
            list(before.list_totals),
            list(before.games_won),
            list(before.games_lost),
            list(before.others_lost),
        )
        if hand.detail.list_entry is not None:
            declarer = hand.input["declarer"]
            lists[declarer] += hand.detail.list_entry
            if hand.input["won"]:
                won[declarer] += 1
            else:
                lost[declarer] += 1
                for seat in range(self.seats):
                    others[seat] += seat != declarer
        scores = tuple(a + b for a, b in zip(before.scores, hand.scores, strict=True))
        return SkatTally(tuple(lists), tuple(won), tuple(lost), tuple(others), scores)

    # -- the series ------------------------------------------------------------------------

    def ending(self, played: MatchState, coming: NextHand) -> Ending | None:
        """The series ends after its last game, passed-in deals counted; nothing ends it
        sooner (rules.md §4.5)."""
        if coming.number < self.options["hands_limit"]:
            return None
        order = self.table_order(played.detail)
        best = standing(played.detail, order[0])
        winners = tuple(sorted(s for s in order if standing(played.detail, s) == best))
        return Ending(HANDS_LIMIT, winners, coming.number)

    def next_deal(self, played: MatchState, coming: NextHand) -> NextHand:
        # The deal passes to the left after every game, a passed-in one too.
        return self.deal(coming.number + 1, (coming.dealer + 1) % self.seats)

    def figures(self, state: MatchState) -> tuple[Figures, ...]:
        """Each seat's games won and lost on the list, as its running figures stand."""
        tally = state.detail
        if not isinstance(tally, SkatTally):
            return super().figures(state)
        return tuple(
            {"games_won": won, "games_lost": lost}
            for won, lost in zip(tally.games_won, tally.games_lost, strict=True)
        )

    def table_order(self, tally: SkatTally) -> list[int]:
        """The seats in the order of the table (rules.md §4.4): the higher
        score, then more games won, then fewer games lost; seats still equal share a place
        (listed by seat)."""
        return sorted(range(self.seats), key=lambda seat: standing(tally, seat), reverse=True)

    def hand_fields(self) -> dict[str, str]:
        return {
            "passed": "bool: all three passed (then nothing else)",
            "declarer": "seat (never the dealer at a table of four)",
            "game": "diamonds, hearts, spades, clubs, grand or null",
            "hand": "bool: the skat was not picked up",
            "ouvert": "bool: open game (a suit or grand ouvert is a hand game)",
            "matadors": '{"with": bool, "n": int}: suit 1-11, grand 1-4 (not in null)',
            "schneider_announced": "bool (hand games)",
            "schwarz_announced": "bool (hand games; includes schneider announced)",
            "bid": f"int: a bid value {LOWEST_BID}-{BID_VALUES[-1]}, default {LOWEST_BID}",
            "won": "bool",
            "schneider": "bool: a party has 30 card points or fewer",
            "schwarz": "bool: a party took no trick",
            "points": "int 0-120 or null: the declarer's card points, skat included",
        }

    def hand_from_fields(self, state: MatchState, fields: Mapping[str, str]) -> dict[str, Any]:
        """The game from its form's fields (``SkatHandForm``), every field as given: what
        makes a legal game (no matadors in a null, no result when passed in) is for
        ``clean_hand`` to judge, in the same words as for the API. The bid's picker
        always sends a value; at its default (18) it says nothing of a passed-in deal."""
        declarer = fields.get("declarer", "")
        if not declarer:
            raise RuleError(_("Who declared? Or was the game passed in?"), field="declarer")
        hand: dict[str, Any] = {name: ticked(fields, name) for name in FLAGS}
        hand.update(
            game=fields.get("game") or None,
            matadors=matadors_from_fields(fields),
            bid=whole(fields, "bid"),
            won={WON: True, LOST: False}.get(fields.get("won", "")),
            points=whole(fields, "points"),
        )
        if declarer != PASSED:
            return {"passed": False, "declarer": whole(fields, "declarer"), **hand}
        if hand["bid"] == LOWEST_BID:
            hand["bid"] = None
        return {"passed": True, **hand}

    # -- tournaments (docs/tournaments.md §2, §4) -------------------------------------------

    # The preset that seats each table size: three play, or four with the dealer out.
    TABLE_VARIANTS = {preset.players: name for name, preset in PRESETS.items()}
    sitter_note = _("Each game the dealer sits out.")

    def table_sizes_for(self, table_size: int | None) -> TableSizes:
        """Fours with the dealer sitting out, threes for the rest, whichever preset the
        tournament names (docs/tournaments.md §2). The standard size is 3, as the count
        of games is: a table of three plays ``hands_per_round`` games and a four, where
        each game one of them sits out, ``hands_per_round × 4 / 3``, so that everyone
        plays as many (§4: 36 → 48), and ``hands_per_round`` is a multiple of 3. The
        four is still the table a Skat club seats first (``prefer_sitter``). A table size
        given may name either, as both are Skat's tables."""
        if table_size is not None and (
            isinstance(table_size, bool) or table_size not in self.TABLE_VARIANTS
        ):
            raise RuleError(
                _("Skat tables seat %(low)s or %(high)s players."),
                field="table_size",
                low=min(self.TABLE_VARIANTS),
                high=max(self.TABLE_VARIANTS),
            )
        return TableSizes(min(self.TABLE_VARIANTS), sitter=True, prefer_sitter=True)

    def table_variant(self, size: int, sizes: TableSizes) -> tuple[str, dict[str, Any]]:
        # The preset of the table's size, whatever the tournament's: the four's dealer
        # sits out by the rules themselves (rules.md §4.6), and the table's match takes
        # its number of games from the tournament (``table_hands``), not the preset.
        return self.TABLE_VARIANTS[size], {}


@dataclass(frozen=True)
class ListEnd:
    """The end of the list for one seat, as clubs write it under the list (rules.md §4.3):
    the list total, 50 for each game won, 50 off for each game lost, 40 (three) or 30
    (four) for each game the others at the table lost, and the sum of these, which is the
    seat's Seeger-Fabian score."""

    list_total: int
    games_won: int
    games_lost: int
    others_lost: int
    per_other: int  # 40 at a table of three, 30 at four

    @property
    def won_points(self) -> int:
        return GAME_BONUS * self.games_won

    @property
    def lost_points(self) -> int:
        return -GAME_BONUS * self.games_lost

    @property
    def others_points(self) -> int:
        return self.per_other * self.others_lost

    @property
    def total(self) -> int:
        return self.list_total + self.won_points + self.lost_points + self.others_points


def list_end(tally: SkatTally, seat: int) -> ListEnd:
    """The end-of-list formula for ``seat`` from the running figures alone: the per-game
    scores summed give the same (rules.md §4.5, the invariants)."""
    return ListEnd(
        list_total=tally.list_totals[seat],
        games_won=tally.games_won[seat],
        games_lost=tally.games_lost[seat],
        others_lost=tally.others_lost[seat],
        per_other=OTHERS_LOST[len(tally.scores)],
    )


def standing(tally: SkatTally, seat: int) -> tuple[int, int, int]:
    """What places a seat at the table: score, games won, fewer games lost."""
    return tally.scores[seat], tally.games_won[seat], -tally.games_lost[seat]


def stated(value: Any) -> bool:
    """Whether a field says something: a form or client may send every field, with
    null or false for the ones that do not apply (seat 0 and 0 points do say something)."""
    return value is not None and value is not False


def says(name: str, value: Any) -> bool:
    """Whether field ``name`` of a passed-in game says something: null never does, and
    false does only for ``won`` (a lost game is a result)."""
    return value is not None and (value is not False or name not in FLAGS)


def flag(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RuleError(_("%(name)s must be true or false."), field=name, name=term(name))
    return value


def clean_bid(value: Any) -> int:
    """The bid, 18 when not given: a Vorhand who played after both others passed held 18
    (rules.md §4.1)."""
    if value is None:
        return LOWEST_BID
    bid = require_int(value, "bid")
    if bid in BID_VALUES:
        return bid
    lower, higher = bid_neighbours(bid)
    if lower is None:
        message = _("%(bid)s is not a bid value (the lowest is %(higher)s).")
    elif higher is None:
        message = _("%(bid)s is not a bid value (the highest is %(lower)s).")
    else:
        message = _("%(bid)s is not a bid value (next lower %(lower)s, next higher %(higher)s).")
    raise RuleError(message, field="bid", bid=bid, lower=lower, higher=higher)


def clean_matadors(value: Any, game: str) -> dict[str, Any]:
    """``{"with": bool, "n": int}``: with or without ``n`` (rules.md §4.1:
    counted over the declarer's cards and the skat)."""
    if not isinstance(value, Mapping) or set(value) != {"with", "n"}:
        raise RuleError(_("Enter the matadors: with or without, and how many."), field="matadors")
    if not isinstance(value["with"], bool):
        raise RuleError(_("%(name)s must be true or false."), field="matadors.with", name="with")
    n = require_int(value["n"], "matadors.n")
    if not 1 <= n <= MOST_MATADORS[game]:
        raise RuleError(
            _("A suit game is with or without 1 to 11; a grand with or without 1 to 4."),
            field="matadors.n",
        )
    return {"with": value["with"], "n": n}


def clean_points(value: Any, won: bool, schneider: bool, schwarz: bool) -> int | None:
    """The declarer's card points (skat included), optional; when given they must agree
    with the schneider and schwarz reported (rules.md §4.1)."""
    if value is None:
        return None
    points = require_int(value, "points")
    if not 0 <= points <= CARD_POINTS:
        raise RuleError(_("Card points run from 0 to 120."), field="points")
    reached = points >= SCHNEIDER or points <= SCHNEIDER_LINE
    if schneider != reached:
        message = (
            _("With %(points)s card points schneider is reached.")
            if reached
            else _("With %(points)s card points schneider is not reached.")
        )
        raise RuleError(message, field="schneider", points=points)
    if schwarz and won and points != CARD_POINTS:
        raise RuleError(
            _("The opponents can only be schwarz when the declarer has all 120 card points."),
            field="schwarz",
        )
    if schwarz and not won and points != CARD_POINTS and points > SKAT_POINTS:
        raise RuleError(
            _(
                "Schwarz means a party took no trick: the declarer then has all 120 card "
                "points (an overbid game) or at most the skat's 22."
            ),
            field="schwarz",
        )
    return points


def matadors_from_fields(fields: Mapping[str, str]) -> dict[str, Any] | None:
    """The form's "with" or "without" and its n as the rules take them; neither: none
    (a null game), one without the other: asked for."""
    chosen, n = fields.get("matadors_with", ""), whole(fields, "matadors_n")
    if not chosen and n is None:
        return None
    if chosen not in (WITH, WITHOUT) or n is None:
        raise RuleError(
            _("Enter the matadors: with or without, and how many."),
            field="matadors.n" if chosen in (WITH, WITHOUT) else "matadors.with",
        )
    return {"with": chosen == WITH, "n": n}


def overbid(value: int, bid: int, lost_at: int) -> RuleError:
    return RuleError(
        _(
            "Overbid: this game is worth %(value)s, below the bid of %(bid)s. An overbid "
            "game is lost (ISkO 5.4) — enter it as lost; it counts −%(loss)s."
        ),
        field="won",
        value=value,
        bid=bid,
        loss=2 * lost_at,
    )


__all__: Sequence[str] = (
    "BID_VALUES",
    "PRESETS",
    "Skat",
    "SkatGame",
    "SkatTally",
    "game_value",
    "lost_overbid",
)
