"""matches.access: the one policy behind the pages and the API, on its own (no views)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory

from matches import access
from matches.access import Access, Viewer
from matches.services.accounts import issue_token, token_user


@pytest.fixture
def match(make_match):
    return make_match()


def test_the_owner_reads_and_writes(owner, match):
    viewer = Viewer(users=(owner,))

    assert viewer.access(match) == Access.WRITE
    assert viewer.can_read(match) and viewer.can_write(match)


def test_an_organiser_reads_and_writes_any_match(organiser, match):
    viewer = Viewer(users=(organiser,))

    assert viewer.can_read(match) and viewer.can_write(match)


def test_another_user_reaches_nothing(other, match):
    viewer = Viewer(users=(other,))

    assert viewer.access(match) == Access.NONE
    assert not viewer.can_read(match) and not viewer.can_write(match)


@pytest.mark.parametrize("who", ["owner", "organiser"])
def test_a_deactivated_account_reaches_nothing(request, match, who):
    user = request.getfixturevalue(who)
    user.is_active = False

    assert Viewer(users=(user,)).access(match) == Access.NONE


def test_anonymous_reaches_nothing(match):
    viewer = Viewer(users=(AnonymousUser(),))

    assert viewer.access(match) == Access.NONE
    assert Viewer().access(match) == Access.NONE
    assert Viewer().is_anonymous


def test_the_share_token_reads_only(match):
    viewer = Viewer(tokens=(match.share_token,))

    assert viewer.access(match) == Access.READ
    assert viewer.can_read(match) and not viewer.can_write(match)


def test_a_share_token_follows_the_match_but_never_sees_its_audit(match):
    # Spectators see the match, not who changed what and why: the pages and the API ask
    # for Access.AUDIT before they show the audit trail.
    viewer = Viewer(tokens=(match.share_token,))

    assert viewer.access(match) < Access.AUDIT
    with pytest.raises(access.NoAccess):
        access.find_match(viewer, match.pk, Access.AUDIT)


@pytest.mark.parametrize("who", ["owner", "organiser"])
def test_owner_and_organisers_see_the_audit(request, match, who):
    viewer = Viewer(users=(request.getfixturevalue(who),))

    assert access.find_match(viewer, match.pk, Access.AUDIT) == match


def test_a_replaced_share_token_reaches_nothing(owner, match):
    from matches.services.play import replace_share_link

    old = match.share_token
    replaced = replace_share_link(match, by=owner)

    assert Viewer(tokens=(old,)).access(replaced) == Access.NONE
    assert Viewer(tokens=(replaced.share_token,)).access(replaced) == Access.READ
    with pytest.raises(access.NoSuchMatch):
        access.shared_match(old)


@pytest.mark.parametrize("token", ["", "wrong", "x" * 22, "share_token_of_another_match"], ids=repr)
def test_a_wrong_share_token_reads_nothing(match, token):
    assert Viewer(tokens=(token,)).access(match) == Access.NONE


def test_a_share_token_reads_only_its_own_match(make_match):
    match, elsewhere = make_match(), make_match()

    viewer = Viewer(tokens=(elsewhere.share_token,))

    assert not viewer.can_read(match)
    assert viewer.can_read(elsewhere)


def test_the_furthest_credential_counts(owner, other, match):
    assert Viewer(users=(other, owner)).access(match) == Access.WRITE
    assert Viewer(users=(other,), tokens=("nope", match.share_token)).access(match) == (Access.READ)
    assert Viewer(users=(owner,), tokens=(match.share_token,)).access(match) == Access.WRITE


def test_tokens_are_compared_in_constant_time(match, monkeypatch):
    compared = []
    real = access.secrets.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(access.secrets, "compare_digest", spy)

    assert Viewer(tokens=(match.share_token,)).can_read(match)
    assert compared == [(match.share_token.encode(), match.share_token.encode())]


# -- finding a match ----------------------------------------------------------------------


def test_find_match_gives_the_match_within_reach(owner, match):
    assert access.find_match(Viewer(users=(owner,)), match.pk, Access.WRITE) == match
    assert access.find_match(Viewer(tokens=(match.share_token,)), match.pk, Access.READ) == (match)


def test_find_match_refuses_beyond_reach(other, match):
    with pytest.raises(access.NoAccess) as refused:
        access.find_match(Viewer(tokens=(match.share_token,)), match.pk, Access.WRITE)
    assert (refused.value.match, refused.value.needed) == (match, Access.WRITE)
    with pytest.raises(access.NoAccess):
        access.find_match(Viewer(users=(other,)), match.pk, Access.READ)


def test_find_match_says_when_there_is_none(owner, match):
    with pytest.raises(access.NoSuchMatch):
        access.find_match(Viewer(users=(owner,)), match.pk + 1, Access.READ)


def test_shared_match_finds_by_the_token_only(match):
    assert access.shared_match(match.share_token) == match
    for token in ("", "not-the-token", match.share_token[:-1]):
        with pytest.raises(access.NoSuchMatch):
            access.shared_match(token)


# -- the viewer of a request --------------------------------------------------------------

rf = RequestFactory()


def _request(method="get", path="/", user=None, auth=None, **headers):
    request = getattr(rf, method)(path, headers=headers)
    request.user = user or AnonymousUser()
    if auth is not None:
        request.auth = auth
    return request


def test_a_page_speaks_for_the_logged_in_user_and_the_token_in_its_address(owner, match):
    assert access.page_viewer(_request(user=owner)) == Viewer(users=(owner,))
    assert access.page_viewer(_request(), token=match.share_token) == Viewer(
        tokens=(match.share_token,)
    )
    assert access.page_viewer(_request()).is_anonymous


def test_a_page_counts_the_session_on_posts_too(owner, match):
    # The CSRF middleware guards the pages' posts.
    assert access.page_viewer(_request("post", user=owner)).can_write(match)


def test_the_api_reads_with_an_api_key(owner, match):
    key = issue_token(owner, "scoreboard")[1]
    request = _request(auth=token_user(key), Authorization=f"Bearer {key}")

    assert access.api_viewer(request).can_write(match)


def test_the_api_reads_with_the_share_token_in_the_query_or_as_bearer(match):
    by_query = _request(path=f"/?share={match.share_token}")
    by_header = _request(Authorization=f"Bearer {match.share_token}")

    for request in (by_query, by_header):
        viewer = access.api_viewer(request)
        assert viewer.can_read(match) and not viewer.can_write(match)


def test_the_api_counts_the_session_on_reads(owner, other, match):
    # Another user's API key does not hide the owner's session on a read.
    request = _request(user=owner, auth=other)

    assert access.api_viewer(request).can_read(match)


def test_the_api_ignores_a_session_on_a_write_it_did_not_accept(owner, other, match):
    # The API's authentication took the bearer key (other's) and never checked the
    # session's CSRF token: the owner's session must not write through it.
    request = _request("post", user=owner, auth=other)

    assert not access.api_viewer(request).can_write(match)
    assert access.api_viewer(_request("post", user=owner, auth=owner)).can_write(match)


def test_the_api_knows_nobody_without_credentials(match):
    viewer = access.api_viewer(_request(Authorization="Basic abc"))

    assert viewer.is_anonymous
    assert not viewer.can_read(match)
