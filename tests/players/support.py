"""What the register's API and page tests share: what a refused request must leave as it
was, and who sits in a seat."""

from matches.models import Player, PlayerAudit, Seat


def written():
    """The register's rows, its audit, and the seats that point at its players."""
    return (
        list(Player.objects.order_by("pk").values_list()),
        list(PlayerAudit.objects.order_by("pk").values_list("pk", "action", "player_id")),
        list(Seat.objects.order_by("pk").values_list("pk", "player_id")),
    )


def player_of(match, seat):
    return Seat.objects.get(match=match, number=seat).player
