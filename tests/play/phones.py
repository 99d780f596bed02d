"""What the tests of two phones at one table share (a stale phone, the second phone's
choice)."""

from matches.models import Match


def first_hand(table):
    """Hand 1 at ``table``: its match, the tricks on target (9, 4, 3 from the first
    dealer, 0 for the sitter) as recorded by the first phone, and another set of figures
    for the stale phone."""
    match = Match.objects.get(pk=table.match_id)
    dealer = match.first_dealer
    recorded, mine = [0] * 4, [0] * 4
    for offset, (theirs, ours) in enumerate([(9, 8), (4, 5), (3, 3)]):
        recorded[(dealer + offset) % 4] = theirs
        mine[(dealer + offset) % 4] = ours
    return match, recorded, mine
