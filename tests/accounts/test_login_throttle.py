"""The login throttle: failed logins per account and per address, refused with the wait."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.utils import timezone

from matches.models import LoginFailures
from matches.services import accounts as services
from matches.services.accounts import LoginAttempt
from tests.factories import HTMX

LOGIN = "/accounts/login/"
WRONG = "Please enter a correct username and password"
LOCKED = "Too many failed logins. Try again in 15 minutes."


def log_in(client, username, password, address="10.0.0.1", **extra):
    return client.post(
        LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address, **extra
    )


def logged_in(client) -> bool:
    return client.get("/").status_code == 200


@pytest.fixture
def checked():
    """How many times a password was checked and found wrong."""
    seen = []

    def count(**kwargs):
        seen.append(kwargs["credentials"]["username"])

    user_login_failed.connect(count)
    yield seen
    user_login_failed.disconnect(count)


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", password="pw-bob-12345")


@pytest.mark.django_db
class TestAccountLimit:
    def test_two_hundred_wrong_passwords_are_throttled_after_five(self, client, owner, checked):
        answers = [log_in(client, "ann", f"guess-{n}") for n in range(200)]

        assert [a.status_code for a in answers[:4]] == [422] * 4
        assert all(WRONG in a.content.decode() for a in answers[:4])
        # The fifth failure locks the account and already says how long.
        assert answers[4]["Retry-After"] == "900"
        for answer in answers[4:]:
            assert answer.status_code == 429
            assert LOCKED in answer.content.decode()
            assert 840 < int(answer["Retry-After"]) <= 900
        # Only five passwords were ever checked: a locked account costs no hashing.
        assert len(checked) == 5

    def test_the_right_password_is_refused_while_locked(self, client, owner):
        for n in range(5):
            log_in(client, "ann", f"guess-{n}")

        answer = log_in(client, "ann", "pw-ann-12345")

        assert answer.status_code == 429
        assert LOCKED in answer.content.decode()
        assert not logged_in(client)

    def test_the_lock_holds_from_every_address_and_for_any_spelling(self, client, owner):
        for n in range(5):
            log_in(client, "ann", f"guess-{n}", address=f"10.0.0.{n}")

        assert log_in(client, "ANN", "pw-ann-12345", address="10.9.9.9").status_code == 429
        assert not logged_in(client)

    def test_the_account_opens_again_when_the_lock_runs_out(self, client, owner):
        for n in range(5):
            log_in(client, "ann", f"guess-{n}")
        LoginFailures.objects.update(locked_until=timezone.now() - timezone.timedelta(seconds=1))

        answer = log_in(client, "ann", "pw-ann-12345")

        assert answer.status_code == 302
        assert logged_in(client)

    def test_the_wait_shown_is_what_is_left_of_the_lock(self, client, owner):
        for n in range(5):
            log_in(client, "ann", f"guess-{n}")
        LoginFailures.objects.filter(locked_until__isnull=False).update(
            locked_until=timezone.now() + timezone.timedelta(seconds=61)
        )

        answer = log_in(client, "ann", "pw-ann-12345")

        assert "Try again in 2 minutes." in answer.content.decode()
        assert 59 <= int(answer["Retry-After"]) <= 61

    def test_a_successful_login_forgives_the_accounts_failures(self, client, owner):
        for n in range(4):
            log_in(client, "ann", f"guess-{n}")
        assert log_in(client, "ann", "pw-ann-12345").status_code == 302
        client.post("/accounts/logout/")

        answers = [log_in(client, "ann", f"again-{n}") for n in range(4)]

        assert [a.status_code for a in answers] == [422] * 4
        assert log_in(client, "ann", "pw-ann-12345").status_code == 302

    def test_another_account_from_the_same_address_may_still_log_in(self, client, owner, bob):
        for n in range(5):
            log_in(client, "ann", f"guess-{n}")

        assert log_in(client, "bob", "pw-bob-12345").status_code == 302
        assert logged_in(client)

    def test_unknown_accounts_are_throttled_alike(self, client, owner):
        # The same answers whether the account exists or not: the throttle tells nothing.
        answers = [log_in(client, "nobody", f"guess-{n}") for n in range(6)]
        assert [a.status_code for a in answers] == [422] * 4 + [429] * 2


@pytest.mark.django_db
class TestAddressLimit:
    def test_many_accounts_from_one_address_lock_the_address(self, client, owner, bob):
        for n in range(20):
            log_in(client, f"user{n}", "guess", address="10.0.0.66")

        locked = log_in(client, "bob", "pw-bob-12345", address="10.0.0.66")
        assert locked.status_code == 429
        assert LOCKED in locked.content.decode()
        assert not logged_in(client)
        # Bob himself, from elsewhere, is not locked.
        assert log_in(client, "bob", "pw-bob-12345", address="10.0.0.67").status_code == 302

    def test_a_successful_login_does_not_forgive_the_address(self, client, owner, bob):
        for n in range(19):
            log_in(client, f"user{n}", "guess", address="10.0.0.66")
        assert log_in(client, "bob", "pw-bob-12345", address="10.0.0.66").status_code == 302
        client.post("/accounts/logout/")

        assert log_in(client, "user99", "guess", address="10.0.0.66").status_code == 429

    def test_an_ipv6_address_counts_with_its_whole_slash_64(self):
        one = LoginAttempt("ann", "2001:db8:1:2::1").keys()["address"]
        same = LoginAttempt("ann", "2001:db8:1:2:ffff::9").keys()["address"]
        other = LoginAttempt("ann", "2001:db8:1:3::1").keys()["address"]
        assert one == same != other

    def test_forwarded_addresses_count_only_behind_a_trusted_proxy(self, client, settings, bob):
        def flood(forwarded):
            for n in range(20):
                log_in(client, f"user{n}", "guess", HTTP_X_FORWARDED_FOR=forwarded.format(n=n))

        # Untrusted, a forged header changes nothing: the peer's address is locked.
        flood("192.0.2.{n}")
        assert log_in(client, "bob", "pw-bob-12345").status_code == 429
        LoginFailures.objects.all().delete()

        settings.TRUST_X_FORWARDED_FOR = True
        flood("192.0.2.{n}, 203.0.113.5")  # the proxy appended the last one
        assert log_in(client, "bob", "pw-bob-12345").status_code == 302  # from 10.0.0.1
        client.post("/accounts/logout/")
        locked = log_in(client, "bob", "pw-bob-12345", HTTP_X_FORWARDED_FOR="x, 203.0.113.5")
        assert locked.status_code == 429


@pytest.mark.django_db
class TestPages:
    def test_the_throttle_answers_htmx_with_the_page(self, client, owner):
        for n in range(5):
            log_in(client, "ann", f"guess-{n}")

        answer = log_in(client, "ann", "pw-ann-12345", **HTMX)

        assert answer.status_code == 429
        body = answer.content.decode()
        assert body.lstrip().startswith("<!doctype html>")
        assert LOCKED in body
        # htmx swaps a 429 in (the default would drop it and show nothing).
        assert '{"code":"429","swap":true}' in body

    def test_the_message_is_in_german(self, client, owner):
        for n in range(5):
            log_in(client, "ann", f"guess-{n}")

        answer = log_in(client, "ann", "pw-ann-12345", HTTP_ACCEPT_LANGUAGE="de")

        assert "Zu viele fehlgeschlagene Anmeldungen." in answer.content.decode()

    def test_an_incomplete_form_is_not_counted(self, client, owner):
        for _ in range(10):
            answer = client.post(LOGIN, {"username": "ann", "password": ""})
            assert answer.status_code == 422
            assert "This field is required." in answer.content.decode()
        assert not LoginFailures.objects.exists()
        assert log_in(client, "ann", "pw-ann-12345").status_code == 302

    def test_the_table_keeps_no_names_or_addresses(self, client, owner):
        log_in(client, "ann-secret-typo", "guess", address="10.1.2.3")
        keys = " ".join(LoginFailures.objects.values_list("key", flat=True))
        assert LoginFailures.objects.count() == 2
        assert "ann" not in keys and "10.1.2.3" not in keys


@pytest.mark.django_db
def test_when_the_queue_of_password_checks_is_full_the_login_is_asked_to_wait(
    client, owner, monkeypatch, checked, settings, tmp_path
):
    # A queue of this test's own: the lock file in the data directory is shared by the
    # processes of a parallel run, whose logins would otherwise take turns in it too.
    settings.DATA_DIR = tmp_path
    monkeypatch.setattr(services, "_checks_file", None)
    monkeypatch.setattr(services, "PASSWORD_QUEUE_SECONDS", 0.01)
    with services.password_check() as my_turn:  # someone else's check, taking its time
        assert my_turn
        answer = log_in(client, "ann", "pw-ann-12345")

    assert answer.status_code == 429
    assert answer["Retry-After"] == "5"
    assert "Many logins at once. Try again in a few seconds." in answer.content.decode()
    assert checked == [] and not LoginFailures.objects.exists()  # nothing checked nor counted
    assert not logged_in(client)
    assert log_in(client, "ann", "pw-ann-12345").status_code == 302  # its turn now
