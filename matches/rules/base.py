"""The interface every game plugs into, and the replay that drives it.

A match is a list of hands as the table reported them. ``replay`` folds that list through
a ``Ruleset`` and returns a ``MatchState``: scores, totals, the next dealer and targets,
the cards owed before the next deal, and the winners. Nothing here knows about Django;
user-facing messages are marked with ``_`` so that ``makemessages`` finds them, and are
translated by whoever shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .sizes import TableSizes, table_hands
from .tie_breaks import Figures, TieBreak


def _(message: str) -> str:
    """Mark a message for translation without translating it (``gettext_noop``)."""
    return message


class Term(str):
    """A word of the program (an option's name, a call) given to a message as a parameter:
    translated when shown. Any other parameter (a player's name, what a client sent) is
    shown as it is."""


def term(word: str) -> Term:
    return Term(word)


class Phrases(tuple):
    """Several sentences of the program given to a message as one parameter: each a
    message and its parameters, translated one by one and joined by whoever shows them
    ("Ann was +2 but passes 1…; Ben was −2 but…")."""

    def __new__(cls, phrases):
        return super().__new__(cls, tuple((message, dict(params)) for message, params in phrases))

    def __str__(self) -> str:
        return "; ".join(message % params for message, params in self)


class RuleError(Exception):
    """A hand, an option or a set-up that breaks the rules: the table's mistake, not a bug.

    ``message`` is an untranslated template with ``%(name)s`` placeholders filled from
    ``params``; ``field`` names the input it is about (``"tricks"``, ``"trump"``,
    ``"options.win_tricks"``) so a form can show it next to the right field.
    """

    def __init__(self, message: str, field: str | None = None, **params: Any):
        super().__init__(message % params if params else message)
        self.message = message
        self.field = field
        self.params = params
        self.hand: int | None = None  # set when a later hand no longer fits a correction

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleError) and (self.message, self.field, self.params) == (
            other.message,
            other.field,
            other.params,
        )

    __hash__ = Exception.__hash__


@dataclass(frozen=True)
class Exchange:
    """``cards`` cards pass face down from seat ``giver`` to seat ``receiver``.

    The receiver answers each with the highest card it holds of that suit.
    """

    giver: int
    receiver: int
    cards: int

    def as_dict(self) -> dict[str, int]:
        return {"from": self.giver, "to": self.receiver, "cards": self.cards}


@dataclass(frozen=True)
class Detail:
    """A game's own facts about a hand, the coming hand or the whole match.

    Each game subclasses it with typed, frozen fields of its own (Sieben's round winner,
    Sheepshead's multiplier, the calls still to make...). ``as_json`` names the keys the
    API adds for them (matches/api/API.md), in the order it writes them; facts only the pages use
    stay out of it."""

    def as_json(self) -> dict[str, Any]:
        return {}


NO_DETAIL = Detail()


@dataclass(frozen=True)
class Hand:
    """One recorded hand with everything derived from it."""

    number: int
    dealer: int
    input: Mapping[str, Any]
    targets: tuple[int, ...] | None
    scores: tuple[int, ...]
    # The seats that played it; any other sat out and scored 0 (but Skat's dealer at a table
    # of four, who still gets the 30 of a lost game: skat/rules.md).
    active: tuple[int, ...]
    detail: Detail = NO_DETAIL


@dataclass(frozen=True)
class NextHand:
    """What the table needs before the next deal."""

    number: int
    dealer: int
    targets: tuple[int, ...] | None
    active: tuple[int, ...]  # the seats that play it
    exchanges: tuple[Exchange, ...] = ()
    detail: Detail = NO_DETAIL


# Why a match ended (``Ending.how``).
TRICKS = "tricks"  # a seat took ``win_tricks`` or more in one hand
POINT_LIMIT = "point_limit"  # a total (Sieben: a side's points) reached the limit
POINT_BAND = "point_band"  # a total reached plus or minus the band
HANDS_LIMIT = "hands_limit"  # the hands were played
ALL_CALLS = "calls"  # every call was made (Sergeant Major alternate)
STOPPED = "stopped"  # the table ended the match
# How a tie at the point limit was broken (sergeant_major/rules.md §1.3).
BY_GAIN = "gain"  # the bigger gain in the last hand
BY_LAST_TRICK = "last_trick"  # whoever of the tied seats took a trick most recently


@dataclass(frozen=True)
class Ending:
    """Why the match ended, as the rules decided it: the pages word it ("Cy took 12
    tricks in hand 6", "tie at +10 broken by the last trick") and never work it out
    again. ``hand`` is the number of the hand that ended it (0: stopped before any);
    ``seat`` and ``count`` say who took how many tricks (``TRICKS``) or the limit that
    was reached (``POINT_LIMIT``, ``POINT_BAND``); ``tied`` are the seats a tie-break
    decided between, and ``tie_break`` how."""

    how: str
    winners: tuple[int, ...]
    hand: int
    seat: int | None = None
    count: int | None = None
    tie_break: str | None = None
    tied: tuple[int, ...] = ()


@dataclass(frozen=True)
class MatchState:
    """The whole match as derived from its hands.

    The rules read nothing of ``hands`` but the last one while it is played: the state
    before a hand may hold none of them (the match's row stores it so: ``rules.stored``),
    and the state after it then holds that hand alone. What a later hand needs of earlier
    ones is carried in ``next_hand`` and ``detail``."""

    players: tuple[str, ...]
    hands: tuple[Hand, ...]
    totals: tuple[int, ...]
    next_hand: NextHand | None
    winners: tuple[int, ...] = ()
    detail: Detail = NO_DETAIL  # the game's own running figures, e.g. Sieben's points
    ending: Ending | None = None  # why it ended, once it has

    @property
    def finished(self) -> bool:
        return self.next_hand is None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def hand_count(self) -> int:
        """How many hands were played. Told by the coming hand's number, or by the ending,
        not by ``hands``: the state a write plays on (``rules.stored``) holds none."""
        if self.next_hand is not None:
            return self.next_hand.number - 1
        return self.ending.hand if self.ending is not None else len(self.hands)

    def running_totals(self) -> list[tuple[int, ...]]:
        """Totals after each hand, starting with zeros before the first (for charts)."""
        running = [tuple(0 for _seat in self.players)]
        for hand in self.hands:
            running.append(tuple(a + b for a, b in zip(running[-1], hand.scores, strict=True)))
        return running


# The most any whole-number option may be (a limit of points or hands, the tricks that
# win at once): far beyond what a table plays (the presets' are 10 to 15, Sieben's
# difference game 500), so that beyond it is a typo, not a table's choice (as for a
# tournament's bye points and adjustments), refused before anything is stored. A number
# past 64 bits was stored and then broke every answer that carried the match's options
# (docs/matches.md; issue 31, item 6). Stored options are checked again when a match is
# read: a match stored with more would no longer load.
OPTION_MAX = 10_000


@dataclass(frozen=True)
class Option:
    """A variant option: its default and how to check a value the table chose."""

    name: str
    kind: type  # int, bool or str
    nullable: bool = False
    minimum: int | None = None
    maximum: int = OPTION_MAX  # for int options
    choices: tuple[str, ...] = ()  # for str options
    ends: bool = False  # an end condition (the pages ask "how the match ends" apart)


class Ruleset:
    """One game in one variant with its options resolved.

    The fold of a match is here: ``start``, the common part of ``clean`` and ``play``.
    A game sets ``game`` and ``presets`` and fills in the hooks: ``seats``, ``first_deal``
    (the set-up), ``hand_keys`` and ``clean_hand`` (its input), ``score_hand``,
    ``ending`` and ``next_deal``; ``active`` and ``tally`` when it needs them. The hooks
    must be pure: same state and input, same result. A game's app registers its ruleset
    (``matches.games.registry``), which fills ``rules.GAMES``.
    """

    game: ClassVar[str]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    presets: ClassVar[Mapping[str, Preset]]
    # Refusals worded in the game's own terms ("a round" in Sieben).
    not_an_object: ClassVar[str] = _("A hand must be an object.")
    no_setup: ClassVar[str]  # unless the game overrides ``first_deal``
    # A hand after the end ("The series is complete" in Skat); ``number``: the hands played.
    over: ClassVar[str] = _("The match ended after hand %(number)s; no more hands can be recorded.")
    # Whether the API lists each hand's ``active`` seats (matches/api/API.md: Sheepshead's do).
    lists_active: ClassVar[bool] = False
    # A bool option that seats one more player, who sits out in turn (Sergeant Major's
    # ``sitter``), if the game has one: the new-match page asks for that seat's name too.
    seat_option: ClassVar[str | None] = None
    # Who sits out each hand at a tournament table of one more than the standard size
    # (``TableSizes.has_sitter``), in the game's own words: the round page, the seating
    # list and the table cards say it (docs/tournaments.md "Table sizes").
    sitter_note: ClassVar[str] = _("Each hand one seat sits out.")

    @property
    def exchanges_cards(self) -> bool:
        """Whether cards ever change hands between deals (Sergeant Major's up and down):
        only then does the phone say that none do before a deal."""
        return False

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None):
        if variant not in self.presets:
            raise RuleError(
                _("Unknown variant %(variant)s."), field="variant", variant=str(variant)
            )
        self.variant = variant
        self.preset = self.presets[variant]
        # Only a missing value means "no options": an empty list or ``false`` from a client
        # is a wrong type and must be refused by ``resolve_options``, not read as ``{}``.
        self.options = self.resolve_options({} if options is None else options)

    # -- options ------------------------------------------------------------------

    def resolve_options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The preset's defaults overridden by ``chosen``; unknown or bad values refused."""
        if not isinstance(chosen, Mapping):
            raise RuleError(_("Options must be an object."), field="options")
        spec = {option.name: option for option in self.options_spec}
        for name in chosen:
            if name not in spec:
                raise RuleError(
                    _("Unknown option %(name)s."), field=f"options.{name}", name=str(name)
                )
        resolved = dict(self.preset.options)
        for name, value in chosen.items():
            resolved[name] = self.check_option(spec[name], value)
        self.check_options(resolved)
        return resolved

    @staticmethod
    def check_option(option: Option, value: Any) -> Any:
        where = f"options.{option.name}"
        if value is None:
            if option.nullable:
                return None
            raise RuleError(_("%(name)s needs a value."), field=where, name=term(option.name))
        if option.kind is bool:
            if not isinstance(value, bool):
                raise RuleError(
                    _("%(name)s must be true or false."), field=where, name=term(option.name)
                )
            return value
        if option.kind is str:
            if value not in option.choices:
                raise RuleError(
                    _("%(name)s must be one of: %(choices)s."),
                    field=where,
                    name=term(option.name),
                    choices=", ".join(option.choices),
                )
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(
                _("%(name)s must be a whole number."), field=where, name=term(option.name)
            )
        if option.minimum is not None and value < option.minimum:
            raise RuleError(
                _("%(name)s must be at least %(minimum)s."),
                field=where,
                name=term(option.name),
                minimum=option.minimum,
            )
        if value > option.maximum:
            raise RuleError(
                _("%(name)s must be at most %(maximum)s."),
                field=where,
                name=term(option.name),
                maximum=option.maximum,
            )
        return value

    def check_options(self, options: dict[str, Any]) -> None:
        """Refuse combinations that cannot work; subclasses add their own checks."""

    # -- the game -----------------------------------------------------------------

    @property
    def seats(self) -> int:
        raise NotImplementedError

    def check_players(self, players: Sequence[str]) -> None:
        if len(players) != self.seats:
            raise RuleError(
                _("This game needs %(seats)s players, not %(count)s."),
                field="players",
                seats=self.seats,
                count=len(players),
            )

    def active(self, dealer: int) -> tuple[int, ...]:
        """The seats that play a hand dealt by ``dealer``: every seat unless a game says
        otherwise (six-handed Sheepshead's dealer sits out)."""
        return tuple(range(self.seats))

    def deal(
        self,
        number: int,
        dealer: int,
        targets: tuple[int, ...] | None = None,
        exchanges: tuple[Exchange, ...] = (),
        detail: Detail = NO_DETAIL,
    ) -> NextHand:
        """Hand ``number`` dealt by ``dealer``, with the seats that play it."""
        return NextHand(number, dealer, targets, self.active(dealer), exchanges, detail)

    # -- the fold -----------------------------------------------------------------------

    def start(
        self, players: Sequence[str], first_dealer: int, setup: Mapping[str, Any]
    ) -> MatchState:
        """The state before the first hand."""
        dealer = require_seat(first_dealer, self.seats, "first_dealer")
        if not isinstance(setup, Mapping):
            raise RuleError(_("The set-up must be an object."), field="setup")
        return MatchState(
            players=tuple(players),
            hands=(),
            totals=(0,) * self.seats,
            next_hand=self.first_deal(dealer, setup),
            detail=self.opening_tally(),
        )

    def clean(self, state: MatchState, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check one hand's input against the state it is played in; return it normalised."""
        if not isinstance(data, Mapping):
            raise RuleError(self.not_an_object)
        unknown = sorted(set(data) - self.hand_keys())
        if unknown:
            raise RuleError(_("Unknown field %(name)s."), field=unknown[0], name=unknown[0])
        assert state.next_hand is not None, "play_hand refuses hands after the end"
        return self.clean_hand(state, state.next_hand, data)

    def play(self, state: MatchState, data: Mapping[str, Any]) -> MatchState:
        """The state after one more hand. ``data`` has passed ``clean``."""
        coming = state.next_hand
        assert coming is not None, "play_hand refuses hands after the end"
        scores, detail = self.score_hand(state, coming, data)
        hand = Hand(
            coming.number,
            coming.dealer,
            dict(data),
            coming.targets,
            scores,
            coming.active,
            detail,
        )
        played = MatchState(
            state.players,
            (*state.hands, hand),
            add_scores(state.totals, scores),
            None,
            (),
            self.tally(state.detail, hand),
        )
        ending = self.ending(played, coming)
        if ending is not None:
            return replace(played, winners=ending.winners, ending=ending)
        return replace(played, next_hand=self.next_deal(played, coming))

    # -- the hooks ------------------------------------------------------------------------

    def first_deal(self, dealer: int, setup: Mapping[str, Any]) -> NextHand:
        """The first hand, after the set-up (refused unless the game has one)."""
        if setup:
            raise RuleError(self.no_setup, field="bid")
        return self.deal(1, dealer)

    def hand_keys(self) -> set[str]:
        """The input fields a hand may have in this variant."""
        raise NotImplementedError

    def clean_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The game's checks of one hand (an object with known keys only)."""
        raise NotImplementedError

    def score_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], Detail]:
        """Each seat's score in the hand ``coming`` and the game's facts about it."""
        raise NotImplementedError

    def opening_tally(self) -> Detail:
        """The game's running figures before the first hand (``MatchState.detail``)."""
        return NO_DETAIL

    def tally(self, before: Detail, hand: Hand) -> Detail:
        """The game's running figures after ``hand``."""
        return before

    def ending(self, played: MatchState, coming: NextHand) -> Ending | None:
        """Whether the match ends once ``coming`` is played: who won and why (None while
        play goes on)."""
        raise NotImplementedError

    def outright(self, state: MatchState) -> int | None:
        """The seat that won the whole match in one hand rather than on totals (Sergeant
        Major's 12 tricks), if any: standings rank such a win first (docs/tournaments.md §5)."""
        return None

    def next_deal(self, played: MatchState, coming: NextHand) -> NextHand:
        """The hand after ``coming``, which ``played`` ends with."""
        raise NotImplementedError

    # -- the API's words for the game's facts ---------------------------------------------

    def hand_json(self, hand: Hand | NextHand) -> dict[str, Any]:
        """What the game adds to a hand or the coming hand in the API's JSON."""
        listed = {"active": hand.active} if self.lists_active else {}
        return {**listed, **hand.detail.as_json()}

    def state_json(self, state: MatchState) -> dict[str, Any]:
        """What the game adds to the match state in the API's JSON."""
        return state.detail.as_json()

    def describe(self) -> dict[str, Any]:
        """What a client needs to build a form for this variant (``GET /api/games``)."""
        return {
            "slug": self.variant,
            "name": self.preset.name,
            "players": self.seats,
            "options": dict(self.options),
            "hand_fields": self.hand_fields(),
        }

    def hand_fields(self) -> dict[str, str]:
        raise NotImplementedError

    def hand_from_fields(self, state: MatchState, fields: Mapping[str, str]) -> dict[str, Any]:
        """The hand (what ``clean_hand`` takes) from the game's hand form's fields as the
        browser posts them (``rules.fields``: text by name, an unticked box or a disabled
        field not among them): the game's one hand reader. The server's form reads its
        hand with it (``forms.play.HandForm.hand``, once its fields are valid) and the
        phone scores with it while the server is out of reach (``matches.offline_play``),
        so both read a hand alike. A refusal is a ``RuleError`` on the form's field it
        names (``HandForm.field_for``). A game that does not say how cannot be scored
        offline, nor played through a hand form."""
        raise RuleError(_("This game cannot be scored offline."), field="game")

    # -- tournaments (docs/tournaments.md §2, §4) -------------------------------------------
    # What a tournament of the game seats and plays is the rules' to say, so that the
    # services ask it here and not of the game's pages.

    # A tournament's standings score unless the organiser chooses (§5).
    default_score: ClassVar[str] = "match_points"
    # The game's own standings tie-breaks (§5: Sergeant Major's 12-trick wins), beside the
    # shared ones of ``matches.standings``, counted from ``figures``: a tournament of
    # another game is neither offered nor allowed them.
    tie_breaks: ClassVar[tuple[TieBreak, ...]] = ()
    # The chain a tournament of the game starts with for a score, where it is not the
    # shared one (``standings.DEFAULT_TIE_BREAKS``).
    default_tie_breaks: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    # A tournament of this game chooses its table size (§2: the new tournament page asks
    # for it); ``table_sizes_for`` says which sizes it takes.
    chooses_table_size: ClassVar[bool] = False
    # Each seat deals this often in a round by default (§4: Sergeant Major's 9 hands at
    # three seats).
    deals_per_round: ClassVar[int] = 3

    def figures(self, state: MatchState) -> tuple[Figures, ...]:
        """Each seat's own figures of the match as ``state`` has it, seat 0 first, which
        the game's ``tie_breaks`` count (``{"twelve_trick_wins": 1}``): read from what the
        match's row stores of its state (totals, the running figures, the ending), never
        from its hands, which that state does not hold (``rules.stored``). None by
        default."""
        return tuple({} for _seat in state.players)

    def table_sizes_for(self, table_size: int | None) -> TableSizes:
        """The table sizes a tournament of this variant seats (§2): by default the
        variant's own size, nothing bigger or smaller; ``table_size`` (the tournament's
        option) may only name it."""
        if table_size is not None and table_size != self.seats:
            raise RuleError(
                _("This variant is played at tables of %(size)s."),
                field="table_size",
                size=self.seats,
            )
        return TableSizes(self.seats)

    def table_variant(self, size: int, sizes: TableSizes) -> tuple[str, dict[str, Any]]:
        """The variant and the options over the tournament's that a table of ``size``
        plays (``size`` is one of ``sizes``, what ``table_sizes_for`` allows). The
        options given here win over the tournament's: a table with a sitter plays with
        one whatever the tournament's own options say."""
        return self.variant, {}

    def default_hands_per_round(self, sizes: TableSizes) -> int:
        """The hands each player plays per round that the new-tournament form offers: a
        multiple of the standard table size, so that everyone deals equally (§4)."""
        return self.deals_per_round * sizes.standard

    def table_hands(self, sizes: TableSizes, size: int, hands_per_round: int) -> int | None:
        """The table's ``hands_limit`` (None: the game's own end decides a round).
        ``hands_per_round`` counts the hands each player plays (``sizes.table_hands``:
        §4's 9 hands at three seats are 12 at four with a sitter)."""
        return table_hands(size, sizes, hands_per_round)

    def partnership(self, seat: int) -> int:
        """The side ``seat`` plays for: partners share one, and the club rating rates
        them as one team (docs/tournaments.md). Each seat its own by default."""
        return seat

    def hands_sat_out(self, seat: int, first_dealer: int, hands: int) -> tuple[int, ...]:
        """The hands (numbered from 1, of ``hands``) that ``seat`` sits out at a table
        whose first hand ``first_dealer`` deals: none where every seat plays every hand.
        The deal passes to the left, as it does at every game with a seat sitting out
        (Sergeant Major's sitter, six-handed Sheepshead's dealer); a player's link says
        it before the first card is dealt."""
        return tuple(
            number
            for number in range(1, hands + 1)
            if seat not in self.active((first_dealer + number - 1) % self.seats)
        )

    def seat_order(self, teams: Sequence[Sequence[str]]) -> list[str]:
        """The players clockwise from seat 0, for a table of ``teams`` (a tournament's
        entries: one player each, or partners) in the order they were drawn. Partners sit
        apart, the sides alternating round the table: every team's first player, then
        every team's second (side ``seat % len(teams)``, as a game of sides counts them)."""
        most = max((len(team) for team in teams), default=0)
        return [team[place] for place in range(most) for team in teams if place < len(team)]


@dataclass(frozen=True)
class Preset:
    """A named variant: its display name and the option defaults it starts from."""

    name: str
    options: Mapping[str, Any]


def replay(
    ruleset: Ruleset,
    players: Sequence[str],
    hands: Sequence[Mapping[str, Any]],
    first_dealer: int = 0,
    setup: Mapping[str, Any] | None = None,
    stopped: bool = False,
) -> MatchState:
    """Derive the match from its hands, oldest first.

    A hand that no longer fits (after a correction of an earlier one) raises a
    ``RuleError`` whose field names that hand: ``"hands.5.tricks"``. ``stopped``: the
    table ended the match early (an open-ended Sheepshead session, say); the highest
    total wins and equal highest share.
    """
    ruleset.check_players(players)
    state = ruleset.start(players, first_dealer, setup or {})
    for number, data in enumerate(hands, start=1):
        state = play_hand(ruleset, state, data, where=f"hands.{number}.")
    return stop(state) if stopped else state


def stop(state: MatchState) -> MatchState:
    """The match ended by the table after its last hand (unless it had ended already)."""
    if state.finished:
        return state
    winners = highest(state.totals)
    ending = Ending(STOPPED, winners, state.hand_count)
    return replace(state, next_hand=None, winners=winners, ending=ending)


def highest(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; equal highest share the win."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def play_hand(
    ruleset: Ruleset, state: MatchState, data: Mapping[str, Any], where: str = ""
) -> MatchState:
    """Check and play one hand on top of ``state``; errors name ``where`` + field."""
    if state.finished:
        raise RuleError(
            ruleset.over,
            field=where.rstrip(".") or None,
            number=state.hand_count,
        )
    try:
        return ruleset.play(state, ruleset.clean(state, data))
    except RuleError as error:
        if where:
            error.field = where + error.field if error.field else where.rstrip(".")
        raise


def signed(value: int) -> str:
    """+2, −1 (a real minus sign), 0: a score as a message shows it."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def add_scores(totals: Sequence[int], scores: Sequence[int]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(totals, scores, strict=True))


def by_offset(values: Sequence[int], dealer: int) -> tuple[int, ...]:
    """Spread per-offset values (dealer first, then to the left) onto seats."""
    seats = len(values)
    return tuple(values[(seat - dealer) % seats] for seat in range(seats))


def require_int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(_("Enter a whole number."), field=field)
    return value


def require_seat(value: Any, seats: int, field: str) -> int:
    seat = require_int(value, field)
    if not 0 <= seat < seats:
        raise RuleError(_("There is no seat %(seat)s at this table."), field=field, seat=seat)
    return seat
