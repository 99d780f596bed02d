"""Skat series for the printed list's tests (tests/print/test_skat_list.py and
tests/e2e/test_e2e_skat_list.py): the games of a series with their list entries worked
out by hand, and a match that plays them."""

from tests.factories import game_match

THREE = ("Ann", "Ben", "Cy")
FOUR = ("Ann", "Ben", "Cy", "Dan")


def suit(game, n, won, with_=True, **flags):
    return {"game": game, "matadors": {"with": with_, "n": n}, "won": won, **flags}


PASSED = {"passed": True}
# The games of a series, in turn, each with its list entry as skat/rules.md §4.2 gives it
# (worked out here by hand, not by the rules): the declarer is a player after the dealer.
GAMES = [
    (suit("grand", 2, True), 72),  # (2 + 1) × 24
    (suit("clubs", 1, False, with_=False), -48),  # 2 × 12, doubled
    (PASSED, None),
    ({"game": "null", "won": True}, 23),
    (suit("hearts", 1, True, hand=True), 30),  # (1 + 1 + 1) × 10
    (suit("spades", 3, True, schneider=True), 55),  # (3 + 1 + 1) × 11
    (suit("diamonds", 2, False, with_=False), -54),  # 3 × 9, doubled
]


def series(seats: int, count: int, first_dealer: int = 0):
    """``count`` games: the hands to record, and per game (dealer, declarer, entry)."""
    hands, played = [], []
    for index in range(count):
        data, entry = GAMES[index % len(GAMES)]
        dealer = (first_dealer + index) % seats
        declarer = None
        if entry is not None:
            # A player after the dealer, moving round: never the dealer at four.
            declarer = (dealer + 1 + index % 3) % seats
            data = {**data, "declarer": declarer}
        hands.append(data)
        played.append((dealer, declarer, entry))
    return hands, played


def skat(owner, players, games, limit=None, first_dealer=0):
    variant = "isko" if len(players) == 3 else "isko-four"
    options = {"hands_limit": limit} if limit else None
    return game_match(
        owner, "skat", variant, players, games, first_dealer=first_dealer, options=options
    )


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "−")
