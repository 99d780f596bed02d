"""The register's writer (``services.players``): add, edit, deactivate, merge, each audited;
every refusal writes nothing."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches import text
from matches.models import Match, Player, PlayerAudit, Seat, name_key
from matches.rules import RuleError
from matches.services import players as register
from tests.factories import sm_hand


def snapshot():
    """Everything a refused register write must leave as it was."""
    return (
        list(Player.objects.order_by("pk").values_list()),
        list(PlayerAudit.objects.order_by("pk").values_list()),
        list(Seat.objects.order_by("pk").values_list("pk", "player_id", "total", "place", "won")),
    )


def problems(excinfo):
    return {error.field: error for error in getattr(excinfo.value, "errors", [excinfo.value])}


def player_of(match, seat):
    return Seat.objects.get(match=match, number=seat).player


# -- adding -------------------------------------------------------------------------------


class TestCreate:
    def test_it_adds_a_registered_player_with_the_name_cleaned(self, organiser):
        player = register.create_player(
            name="  Ann\tMarie  ", email=" ann@example.org ", member_no=" 17 ", by=organiser
        )
        player.refresh_from_db()
        assert (player.name, player.email, player.member_no) == (
            "Ann Marie",
            "ann@example.org",
            "17",
        )
        assert player.active and not player.casual
        assert player.name_key == "ann rnarie"  # its look-alike skeleton: "m" is "rn"

    def test_it_audits_who_added_whom(self, organiser):
        player = register.create_player(name="Ann", by=organiser)
        entry = PlayerAudit.objects.get()
        assert (entry.player, entry.player_name, entry.action) == (player, "Ann", "create")
        assert (entry.by, entry.by_name) == (organiser, "otto")
        assert entry.before is None
        assert entry.after == {
            "id": player.pk,
            "name": "Ann",
            "email": "",
            "member_no": "",
            "active": True,
            "casual": False,
        }

    @pytest.mark.parametrize(
        "taken, typed", [("Ann", "ANN"), ("Straße", "strasse"), ("Zoë", "zoe\u0308")]
    )
    def test_it_refuses_a_name_the_register_has_ignoring_case(self, organiser, taken, typed):
        register.create_player(name=taken, by=organiser)
        before = snapshot()
        with pytest.raises(RuleError) as excinfo:
            register.create_player(name=typed, by=organiser)
        assert excinfo.value.field == "name"
        assert str(excinfo.value) == f"There is already a player called {taken}."
        assert snapshot() == before

    def test_a_casual_players_name_is_taken_too(self, organiser, make_match):
        make_match(players=("Ann", "Ben", "Cy"))
        with pytest.raises(RuleError, match="There is already a player called Ben."):
            register.create_player(name="ben", by=organiser)

    @pytest.mark.parametrize(
        "fields, field, message",
        [
            ({"name": "   "}, "name", "Enter a name."),
            ({"name": "x" * 41}, "name", "A name can have at most 40 characters."),
            (
                {"name": "Ann\u200b"},
                "name",
                "A name cannot contain the invisible or control character U+200B.",
            ),
            ({"name": 17}, "name", "Enter text."),
            ({"name": "Ann", "email": "ann at home"}, "email", "Enter a valid e-mail address."),
            ({"name": "Ann", "email": "a@" + "b" * 260 + ".de"}, "email", None),
            ({"name": "Ann", "member_no": "9" * 33}, "member_no", None),
            ({"name": "Ann", "active": "yes"}, "active", None),
        ],
    )
    def test_it_refuses_bad_input_and_writes_nothing(self, organiser, fields, field, message):
        before = snapshot()
        with pytest.raises(RuleError) as excinfo:
            register.create_player(**fields, by=organiser)
        assert excinfo.value.field == field
        if message:
            assert str(excinfo.value) == message
        assert snapshot() == before

    def test_it_names_every_field_at_fault_at_once(self, organiser):
        register.create_player(name="Ann", member_no="17", by=organiser)
        with pytest.raises(register.PlayerInvalid) as excinfo:
            register.create_player(name="ann", email="nope", member_no="17", by=organiser)
        found = problems(excinfo)
        assert set(found) == {"name", "email", "member_no"}
        assert str(found["member_no"]) == "Membership number 17 belongs to Ann already."

    def test_blank_membership_numbers_never_clash(self, organiser):
        register.create_player(name="Ann", by=organiser)
        register.create_player(name="Ben", member_no="", by=organiser)
        assert Player.objects.filter(member_no="").count() == 2

    def test_the_database_decides_between_two_organisers_adding_one_name(
        self, organiser, monkeypatch
    ):
        # Both pass the check before the insert; the unique key refuses the second, which
        # then reads as the same message, and nothing of it is left.
        register.create_player(name="Ann", by=organiser)
        checks = []
        real = register._cleaned

        def blind_first_time(changes, keep=None):
            if not checks:
                checks.append(changes)
                return {**changes, "name": "ANN", "email": "", "member_no": ""}
            return real(changes, keep=keep)

        monkeypatch.setattr(register, "_cleaned", blind_first_time)
        before = snapshot()
        with pytest.raises(RuleError, match="There is already a player called Ann."):
            register.create_player(name="ANN", by=organiser)
        assert snapshot() == before


# -- editing ------------------------------------------------------------------------------


class TestEdit:
    def test_it_changes_what_was_sent_and_audits_before_and_after(self, organiser):
        player = register.create_player(name="Ann", email="ann@example.org", by=organiser)
        register.edit_player(player, {"name": " Anne ", "member_no": "17"}, by=organiser)
        player.refresh_from_db()
        assert (player.name, player.name_key, player.email, player.member_no) == (
            "Anne",
            "anne",
            "ann@example.org",
            "17",
        )
        entry = PlayerAudit.objects.get(action="edit")
        assert (entry.before["name"], entry.after["name"]) == ("Ann", "Anne")
        assert (entry.before["member_no"], entry.after["member_no"]) == ("", "17")
        assert entry.player_name == "Anne"

    def test_a_player_may_change_the_case_of_their_own_name(self, organiser):
        player = register.create_player(name="ann", member_no="17", by=organiser)
        register.edit_player(player.pk, {"name": "Ann", "member_no": "17"}, by=organiser)
        player.refresh_from_db()
        assert player.name == "Ann"

    def test_it_refuses_another_players_name_or_number_and_writes_nothing(self, organiser):
        register.create_player(name="Ann", member_no="17", by=organiser)
        ben = register.create_player(name="Ben", by=organiser)
        before = snapshot()
        with pytest.raises(register.PlayerInvalid) as excinfo:
            register.edit_player(ben, {"name": "ANN", "member_no": "17"}, by=organiser)
        assert set(problems(excinfo)) == {"name", "member_no"}
        assert snapshot() == before

    def test_nothing_changed_writes_nothing(self, organiser):
        player = register.create_player(name="Ann", by=organiser)
        before = snapshot()
        register.edit_player(player, {"name": "Ann", "email": ""}, by=organiser)
        assert snapshot() == before

    def test_an_edit_makes_a_casual_player_registered(self, organiser, make_match):
        match = make_match(players=("Ann", "Ben", "Cy"))
        ann = player_of(match, 0)
        assert ann.casual
        register.edit_player(ann, {"email": "ann@example.org"}, by=organiser)
        ann.refresh_from_db()
        assert not ann.casual
        entry = PlayerAudit.objects.get()
        assert (entry.before["casual"], entry.after["casual"]) == (True, False)

    def test_it_refuses_an_unknown_field(self, organiser):
        player = register.create_player(name="Ann", by=organiser)
        with pytest.raises(RuleError) as excinfo:
            register.edit_player(player, {"casual": True}, by=organiser)
        assert excinfo.value.field == "casual"

    def test_a_player_gone_meanwhile_is_no_such_player(self, organiser):
        with pytest.raises(register.NoSuchPlayer):
            register.edit_player(12345, {"name": "Ann"}, by=organiser)


# -- active or not ------------------------------------------------------------------------


class TestActive:
    def test_it_deactivates_and_reactivates_with_an_audit_entry_each(self, organiser):
        player = register.create_player(name="Ann", by=organiser)
        register.deactivate_player(player, by=organiser)
        player.refresh_from_db()
        assert not player.active
        register.reactivate_player(player.pk, by=organiser)
        player.refresh_from_db()
        assert player.active
        actions = list(PlayerAudit.objects.values_list("action", flat=True))
        assert actions == ["create", "deactivate", "reactivate"]

    def test_it_refuses_what_is_so_already_and_writes_nothing(self, organiser):
        player = register.create_player(name="Ann", by=organiser)
        before = snapshot()
        with pytest.raises(RuleError, match="Ann is active already."):
            register.reactivate_player(player, by=organiser)
        register.deactivate_player(player, by=organiser)
        before = snapshot()
        with pytest.raises(RuleError, match="Ann is inactive already."):
            register.deactivate_player(player, by=organiser)
        assert snapshot() == before

    def test_an_inactive_player_keeps_their_seats_and_is_still_found_at_a_table(
        self, organiser, make_match
    ):
        first = make_match(players=("Ann", "Ben", "Cy"))
        ann = player_of(first, 0)
        register.deactivate_player(ann, by=organiser)
        second = make_match(players=("ANN", "Ben", "Cy"))
        assert player_of(second, 0) == ann
        assert Seat.objects.filter(player=ann).count() == 2


# -- merging ------------------------------------------------------------------------------


class TestMerge:
    def played(self, make_match):
        # Ann plays as "Ann" in one match and as "Annie" (a casual entry) in another. By
        # sergeant_major/rules.md §1 (targets 8, 5, 3 from the dealer, seat 0): tricks 9-4-3
        # score +1, −1, 0; tricks 9-3-4 score +1, −2, +1.
        first = make_match(players=("Ann", "Ben", "Cy"), hands=[sm_hand((9, 4, 3))])
        second = make_match(players=("Dora", "Annie", "Ed"), hands=[sm_hand((9, 3, 4))])
        return first, second

    def test_it_moves_every_seat_and_keeps_every_result(self, organiser, make_match):
        first, second = self.played(make_match)
        ann, annie = player_of(first, 0), player_of(second, 1)
        results_before = {
            match.pk: list(match.seats.values_list("name", "total", "place", "won"))
            for match in (first, second)
        }
        assert results_before[first.pk][0] == ("Ann", 1, 1, False)
        assert results_before[second.pk][1] == ("Annie", -2, 3, False)

        merged = register.merge_players(annie, ann, by=organiser)

        assert merged.player == ann and merged.seats == 1 and merged.matches == [second.pk]
        assert not Player.objects.filter(pk=annie.pk).exists()
        seats = Seat.objects.filter(player=ann).order_by("match_id")
        assert [(s.match_id, s.name, s.total, s.place) for s in seats] == [
            (first.pk, "Ann", 1, 1),
            (second.pk, "Annie", -2, 3),
        ]
        assert sum(seat.total for seat in seats) == 1 - 2
        for match in (first, second):
            assert (
                list(match.seats.values_list("name", "total", "place", "won"))
                == (results_before[match.pk])
            )
            match.refresh_from_db()
            assert match.names == [name for name, *_ in results_before[match.pk]]

    def test_the_audit_says_who_merged_what_and_what_moved(self, organiser, make_match):
        first, second = self.played(make_match)
        ann, annie = player_of(first, 0), player_of(second, 1)
        register.edit_player(annie, {"email": "annie@example.org"}, by=organiser)
        register.merge_players(annie.pk, ann.pk, by=organiser)

        entry = PlayerAudit.objects.get(action="merge")
        assert (entry.player, entry.by, entry.by_name) == (ann, organiser, "otto")
        assert entry.before["source"]["name"] == "Annie"
        assert entry.before["source"]["id"] == annie.pk
        assert entry.before["target"]["name"] == "Ann"
        assert entry.after["seats_moved"] == 1
        assert entry.after["matches"] == [second.pk]
        # The merged player's earlier entries now read on the player that remains.
        assert list(ann.audit.values_list("action", "player_name")) == [
            ("edit", "Annie"),
            ("merge", "Ann"),
        ]

    def test_the_remaining_player_keeps_their_facts_and_fills_blanks(self, organiser):
        ann = register.create_player(name="Ann", email="ann@example.org", by=organiser)
        annie = register.create_player(
            name="Annie", email="annie@example.org", member_no="17", active=False, by=organiser
        )
        register.merge_players(annie, ann, by=organiser)
        ann.refresh_from_db()
        assert (ann.name, ann.email, ann.member_no, ann.active, ann.casual) == (
            "Ann",
            "ann@example.org",
            "17",
            True,
            False,
        )

    def test_two_casual_players_merge_into_a_casual_one(self, organiser, make_match):
        first, second = self.played(make_match)
        register.merge_players(player_of(second, 1), player_of(first, 0), by=organiser)
        assert player_of(first, 0).casual

    def test_a_merged_name_typed_again_makes_a_new_casual_player(self, organiser, make_match):
        first, second = self.played(make_match)
        register.merge_players(player_of(second, 1), player_of(first, 0), by=organiser)
        third = make_match(players=("Annie", "Ben", "Cy"))
        annie = player_of(third, 0)
        assert annie.casual and annie != player_of(first, 0)

    def test_it_refuses_two_players_who_sat_at_one_match_and_writes_nothing(
        self, organiser, make_match
    ):
        match = make_match(players=("Ann", "Annie", "Ben"))
        ann, annie = player_of(match, 0), player_of(match, 1)
        before = snapshot()
        with pytest.raises(RuleError) as excinfo:
            register.merge_players(annie, ann, by=organiser)
        assert excinfo.value.field == "into"
        day = match.created_at.date().isoformat()
        assert str(excinfo.value) == (
            f"Annie and Ann both sat at match {match.pk} ({day}: Ann · Annie · Ben). "
            "One person cannot hold two seats at a table, so these are two people."
        )
        assert snapshot() == before

    def test_it_counts_every_shared_match_and_names_the_first(self, organiser, make_match):
        make_match(players=("Ann", "Ben", "Cy"))
        first = make_match(players=("Ann", "Annie", "Ben"))
        make_match(players=("Annie", "Dora", "Ann"))
        ann, annie = player_of(first, 0), player_of(first, 1)
        plan = register.merge_plan(annie, ann)
        assert (plan.seats, plan.matches, plan.clash_count) == (2, 2, 2)
        message = str(plan.refusal())
        assert message.startswith(f"Annie and Ann both sat at 2 matches, first at match {first.pk}")

    def test_it_refuses_merging_a_player_with_themselves(self, organiser, make_match):
        match = make_match()
        ann = player_of(match, 0)
        before = snapshot()
        with pytest.raises(RuleError, match="cannot be merged with themselves"):
            register.merge_players(ann, ann.pk, by=organiser)
        assert snapshot() == before

    def test_a_missing_player_is_no_such_player(self, organiser):
        ann = register.create_player(name="Ann", by=organiser)
        before = snapshot()
        with pytest.raises(register.NoSuchPlayer):
            register.merge_players(ann, 98765, by=organiser)
        with pytest.raises(register.NoSuchPlayer):
            register.merge_players(98765, ann, by=organiser)
        assert snapshot() == before

    def test_the_plan_counts_what_would_move(self, make_match):
        first, second = self.played(make_match)
        third = make_match(players=("Annie", "Ben", "Cy"))
        annie = player_of(second, 1)
        plan = register.merge_plan(annie, player_of(first, 0))
        assert (plan.seats, plan.matches, plan.clash_count, plan.refusal()) == (2, 2, 0, None)
        assert Match.objects.filter(seats__player=annie).count() == 2
        assert third.pk in Seat.objects.filter(player=annie).values_list("match", flat=True)


# -- reading ------------------------------------------------------------------------------


class TestSearch:
    @pytest.fixture
    def club(self, organiser, make_match):
        register.create_player(name="Straße", by=organiser)
        register.create_player(name="Ann Marie", by=organiser)
        gone = register.create_player(name="Bernd", by=organiser)
        register.deactivate_player(gone, by=organiser)
        make_match(players=("annika", "Zoë", "Cy"))

    def names(self, query="", show="all"):
        return [player.name for player in register.search(query, show)]

    def test_it_lists_the_register_by_name(self, club):
        assert self.names() == ["Ann Marie", "annika", "Bernd", "Cy", "Straße", "Zoë"]

    def test_it_finds_a_part_of_a_name_ignoring_case_and_spaces(self, club):
        assert self.names("ANN") == ["Ann Marie", "annika"]
        assert self.names("n  m") == ["Ann Marie"]
        assert self.names("STRASSE") == ["Straße"]
        assert self.names("zoe\u0308") == ["Zoë"]
        assert self.names("xyz") == []

    def test_it_narrows_to_active_casual_or_inactive(self, club):
        assert self.names(show="active") == ["Ann Marie", "annika", "Cy", "Straße", "Zoë"]
        assert self.names(show="casual") == ["annika", "Cy", "Zoë"]
        assert self.names(show="inactive") == ["Bernd"]
        assert self.names("b", show="active") == []

    def test_it_counts_each_players_matches(self, club):
        counts = {player.name: player.seat_count for player in register.search()}
        assert counts["annika"] == 1 and counts["Bernd"] == 0

    def test_equal_keys_cannot_happen_so_the_order_is_stable(self, club):
        assert self.names() == self.names()


# -- one name key -------------------------------------------------------------------------


@given(st.text(max_size=60))
def test_the_stored_key_is_text_name_key_of_the_cleaned_name(raw):
    """``models.name_key`` (what the database keys on) and ``text.name_key`` (what new code
    compares with) agree on every name ``text.clean_name`` accepts, typed any way."""
    try:
        cleaned = text.clean_name(raw)
    except RuleError:
        return
    assert name_key(raw) == name_key(cleaned) == text.name_key(cleaned)


@pytest.mark.django_db(transaction=True)
def test_organisers_adding_one_name_at_once_add_one_player(organiser):
    from tests.races import at_once

    results = at_once(
        lambda index: register.create_player(name="Zoe" if index % 2 else "ZOE", by=organiser)
    )

    added = [result for result in results if isinstance(result, Player)]
    refused = [result for result in results if isinstance(result, RuleError)]
    assert len(added) == 1 and len(refused) == len(results) - 1, results
    assert all("There is already a player called" in str(error) for error in refused)
    assert Player.objects.count() == 1
    assert PlayerAudit.objects.count() == 1
