"""The migration of player links (issue 36): the entries already there each get a link of
their own, and the tournaments no self check-in. Rows made with the historical models of
0018, then the migrations run forward on the test database, SQLite or PostgreSQL."""

import datetime
import re

from tests.migrations_support import latest, migrate, migrated_to

BEFORE = [("matches", "0018_player_name_sort_and_search")]


def test_every_entry_already_there_gets_its_own_link(transactional_db):
    with migrated_to(BEFORE) as old:
        Player = old.get_model("matches", "Player")
        Tournament = old.get_model("matches", "Tournament")
        Entry = old.get_model("matches", "Entry")
        tournament = Tournament.objects.create(
            name="Old night",
            date=datetime.date(2026, 11, 1),
            game="sergeant-major",
            variant="8-5-3",
            rounds_planned=3,
            hands_per_round=9,
            table_size=3,
            score="match_points",
            board_token="b" * 27,
        )
        for name in ("Ann", "Ben", "Cy"):
            player = Player.objects.create(name=name, name_key=name.lower())
            Entry.objects.create(tournament=tournament, player=player, checked_in=True)

        new = migrate(latest())

        entries = new.get_model("matches", "Entry").objects.all()
        tokens = [entry.token for entry in entries]
        assert len(set(tokens)) == 3
        assert all(re.fullmatch(r"[A-Za-z0-9_-]{27}", token) for token in tokens)
        assert not any(entry.self_checked_in for entry in entries)
        assert new.get_model("matches", "Tournament").objects.get().self_check_in is False
