"""Every game's match page with seven hands played, for the phone-layout checks: each
Sergeant Major family (three seats, four with a sitter, four players, the calls), every
Sheepshead table size (three to seven seats, six with the dealer sitting out; six again
with a 40-character name in every seat and a leaster) and every Sieben variant, plus one
seat whose name is 40 characters without a space.

The hands are legal and leave every match open (no 12 tricks, no total at a limit), so
the page shows its form, its history with Correct and Undo, and its chart.
"""

from tests import factories

LONG_NAME = "Maximilianevonundzuhohenschwangauerstein"  # 40 characters, no space
assert len(LONG_NAME) == 40

SEVEN = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus")
# Names of 40 characters with spaces, one for each seat of seven (issue 32: the Sheepshead
# table of six that panned at 1280 pixels, the score sheets that lost seats).
LONG_NAMES = (
    "Maximilianus Bartholomäus von Hohenstein",
    "Anneliese Friederike von Hohenzollern-Au",
    "Christophorus Benedikt Freiherr von Thal",
    "Dorothea Walburga Theresia von Wittelsee",
    "Eleonore Kunigunde Gräfin zu Castell-Rüd",
    "Friedrich Wilhelm Ludwig von Hardenstein",
    "Gertrud Margarethe Elisabeth Obermaierin",
)
assert {len(name) for name in LONG_NAMES} == {40}


def _sm(tricks_by_offset, dealer, seats):
    """Tricks per seat from a list by offset from the dealer."""
    return [tricks_by_offset[(seat - dealer) % seats] for seat in range(seats)]


def sergeant_major_hands(variant, seats, sitter=False):
    # By offset from the dealer: the dealer makes one over, eldest one under, and so on;
    # alternating so that totals stay small and some seats pass cards each deal.
    patterns = {
        3: ([9, 4, 3], [8, 6, 2], [7, 5, 4]),
        4: ([6, 3, 2, 2], [5, 4, 3, 1], [4, 5, 2, 2]),
    }[seats]
    hands = []
    for number in range(7):
        dealer = number % (seats + (1 if sitter else 0))
        pattern = patterns[number % 3]
        if sitter:
            # The seat to the dealer's right sits out with 0 tricks.
            tricks = [0] * 4
            for offset, count in enumerate(pattern):
                tricks[(dealer + offset) % 4] = count
        else:
            tricks = _sm(pattern, dealer, seats)
        hands.append(factories.sm_hand(tricks, trump=["hearts", "clubs", "spades"][number % 3]))
    return hands


def alternate_hands():
    # Each dealer makes each call once: clubs, then miz, then no-trumps round the table.
    calls = ["clubs", "clubs", "clubs", "miz", "miz", "miz", "no-trumps"]
    patterns = ([9, 4, 3], [7, 5, 4], [8, 6, 2])
    return [
        {"tricks": _sm(patterns[n % 3], n % 3, 3), "call": call} for n, call in enumerate(calls)
    ]


def sheepshead_hands(seats, dealer_sits_out=False, leaster=False):
    """Seven hands; the third nobody picks: a redeal, or (``leaster``) a leaster won by
    the seat after the dealer."""
    hands = []
    points = [61, 95, 45, 120, 20, 75, 88]
    for number in range(7):
        dealer = number % seats
        active = [s for s in range(seats) if not (dealer_sits_out and s == dealer)]
        picker = active[(number + 1) % len(active)]
        partner = None if seats == 3 else active[(number + 3) % len(active)]
        if number == 2 and leaster:
            hands.append({"picker": None, "leaster_winner": picker})
            continue
        if number == 2:
            hands.append({"picker": None})  # nobody picked: a redeal
            continue
        hands.append(
            {
                "picker": picker,
                "partner": partner if partner != picker else None,
                "points": points[number],
                "all_tricks": points[number] == 120,
                "no_trick": False,
            }
        )
    return hands


def sieben_hands(sides):
    counters = {
        2: ([60, 30], [40, 50], [50, 40], [30, 60], [70, 20], [20, 70], [60, 30]),
        3: (
            [40, 30, 20],
            [20, 50, 20],
            [30, 30, 30],
            [10, 20, 60],
            [50, 20, 20],
            [20, 40, 30],
            [30, 20, 40],
        ),
    }[min(sides, 3)]
    return [{"counters": list(c), "no_trick": False} for c in counters]


def matches(owner):
    """(label, match) for every game page the phone checks look at."""
    made = []

    def add(label, game, variant, seats, hands, options=None, names=SEVEN):
        match = factories.game_match(owner, game, variant, names[:seats], hands, options=options)
        made.append((label, match))

    add("sm-8-5-3", "sergeant-major", "8-5-3", 3, sergeant_major_hands("8-5-3", 3))
    add(
        "sm-sitter",
        "sergeant-major",
        "8-5-3",
        4,
        sergeant_major_hands("8-5-3", 3, sitter=True),
        options={"sitter": True},
    )
    add("sm-four", "sergeant-major", "four-player", 4, sergeant_major_hands("four-player", 4))
    add("sm-alternate", "sergeant-major", "alternate", 3, alternate_hands())
    for seats, variant in ((3, "3-handed"), (4, "4-handed"), (5, "standard"), (7, "7-handed")):
        add(f"sheepshead-{seats}", "sheepshead", variant, seats, sheepshead_hands(seats))
    add("sheepshead-6", "sheepshead", "6-handed", 6, sheepshead_hands(6, dealer_sits_out=True))
    add(
        "sheepshead-6-long",
        "sheepshead",
        "6-handed",
        6,
        sheepshead_hands(6, dealer_sits_out=True, leaster=True),
        options={"all_pass": "leaster"},
        names=LONG_NAMES,
    )
    add("sieben-2", "sieben", "two-player", 2, sieben_hands(2))
    add("sieben-3", "sieben", "three-player", 3, sieben_hands(3))
    add("sieben-4", "sieben", "partners", 4, sieben_hands(2))
    add(
        "long-name",
        "sergeant-major",
        "8-5-3",
        3,
        sergeant_major_hands("8-5-3", 3),
        names=(LONG_NAME, "Ben", "Cy"),
    )
    return made
