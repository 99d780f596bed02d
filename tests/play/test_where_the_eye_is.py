"""Issue 20, item 1: where the eye is after a write.

Recording a hand leaves the reader at its message ("Hand 4 recorded"), with the seats'
totals and the "Before the deal" panel just below it: a plain post returns to the page
at ``#now``, htmx scrolls the swapped table there (``HX-Reswap``). A correction or an
undo leaves the reader at its message too. A screen reader hears it: the page's own
live region (``#said``) changes after an htmx write; a page loaded afresh has the message
in the table's live region. The browser's view of it: tests/e2e/test_e2e_after_a_write.py.
"""

import re

import pytest

from matches.models import Hand
from matches.services import play as services
from tests.factories import HTMX, sm_hand


def hand(number=1, tricks=(9, 4, 3), trump="hearts"):
    data = {"number": number, "trump": trump}
    data.update({f"tricks_{seat}": count for seat, count in enumerate(tricks)})
    return data


def now_block(page: str) -> str:
    """The part of the page at ``#now``: the table's messages."""
    start = page.index('<div id="now">')
    return page[start : page.index("</div>", start)]


def said(page: str) -> re.Match | None:
    return re.search(r'<p id="said"[^>]*>(.*?)</p>', page, re.S)


@pytest.mark.django_db
class TestAfterRecording:
    def url(self, match):
        return f"/matches/{match.pk}/hands/"

    def test_plain_returns_to_the_message_above_the_totals_and_the_next_deal(
        self, client_of, owner, make_match
    ):
        match = make_match([sm_hand([9, 4, 3])] * 3)
        client = client_of(owner)
        response = client.post(self.url(match), hand(4))
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/#now"
        page = client.get(response["Location"]).content.decode()
        block = now_block(page)
        assert '<ul class="messages" role="status">' in block
        assert "Hand 4 recorded." in block
        # Below it, in this order: the seats' totals, then the next deal.
        here = page.index('<div id="now">')
        assert here < page.index('class="seats') < page.index("Before the deal of hand 5")
        # The page's own live region is for htmx writes: empty here, no second reading.
        assert said(page).group(1) == ""

    def test_the_message_shows_once(self, client_of, owner, make_match):
        match = make_match()
        client = client_of(owner)
        client.post(self.url(match), hand(1))
        assert "Hand 1 recorded." in client.get(f"/matches/{match.pk}/").content.decode()
        assert "Hand 1 recorded." not in client.get(f"/matches/{match.pk}/").content.decode()

    def test_htmx_scrolls_to_the_message_and_the_live_region_says_it(
        self, client_of, owner, make_match
    ):
        match = make_match([sm_hand([9, 4, 3])] * 3)
        response = client_of(owner).post(self.url(match), hand(4), **HTMX)
        assert response.status_code == 200
        assert response["HX-Reswap"] == "outerHTML show:#now:top"
        page = response.content.decode()
        assert page.lstrip().startswith('<div id="table"')
        # Seen in the table, said by the live region outside it (swapped in out of band),
        # not by a second live region arriving with the table.
        assert "Hand 4 recorded." in now_block(page)
        assert 'role="status"' not in now_block(page)
        region = said(page)
        assert 'hx-swap-oob="innerHTML"' in region.group(0)
        assert 'aria-live="polite"' in region.group(0) and 'role="status"' in region.group(0)
        assert region.group(1) == "Hand 4 recorded."

    def test_the_page_holds_the_live_region_outside_the_table(self, client_of, owner, make_match):
        match = make_match()
        page = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        region = said(page)
        assert region and region.group(1) == ""
        assert "hx-swap-oob" not in region.group(0)
        assert page.index('<div id="table"') < region.start()

    def test_a_hand_after_the_end_is_refused_where_the_eye_is(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        services.stop_match(match, by=owner, reason="bed time")
        response = client_of(owner).post(self.url(match), hand(2), **HTMX)
        assert response.status_code == 409
        assert response["HX-Reswap"] == "outerHTML show:#now:top"
        assert "no more hands can be recorded" in now_block(response.content.decode())

    def test_german(self, client_of, owner, make_match):
        match = make_match()
        client = client_of(owner)
        client.cookies["django_language"] = "de"
        response = client.post(self.url(match), hand(1), **HTMX)
        assert said(response.content.decode()).group(1) == "Spiel 1 eingetragen."

    def test_bad_input_says_nothing_recorded(self, client_of, owner, make_match):
        match = make_match()
        for headers in ({}, HTMX):
            response = client_of(owner).post(self.url(match), hand(tricks=(9, 4, 4)), **headers)
            assert response.status_code == 422
            assert "recorded." not in response.content.decode()
            assert "HX-Reswap" not in response
        assert not Hand.objects.exists()

    def test_the_wrong_user_and_anonymous_get_no_message(
        self, client, client_of, other, make_match
    ):
        match = make_match()
        response = client.post(self.url(match), hand(1))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        response = client_of(other).post(self.url(match), hand(1), **HTMX)
        assert response.status_code == 403
        assert "recorded" not in response.content.decode()
        assert not Hand.objects.exists()


@pytest.mark.django_db
class TestAfterCorrectingOrUndoing:
    @pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
    def test_a_correction_s_message_is_where_the_page_opens(
        self, client_of, owner, make_match, headers
    ):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        data = {**hand(1, tricks=(10, 3, 3)), "version": 1, "reason": "miscounted"}
        response = client.post(f"/matches/{match.pk}/hands/1/", data, **headers)
        where = response["HX-Redirect"] if headers else response["Location"]
        assert where == f"/matches/{match.pk}/#now"
        page = client.get(where).content.decode()
        assert "Hand 1 corrected; the totals follow." in now_block(page)

    @pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
    def test_an_undo_s_message_is_where_the_page_opens(self, client_of, owner, make_match, headers):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        response = client.post(f"/matches/{match.pk}/hands/1/undo/", {"reason": ""}, **headers)
        where = response["HX-Redirect"] if headers else response["Location"]
        assert where == f"/matches/{match.pk}/#now"
        block = now_block(client.get(where).content.decode())
        assert '<ul class="messages" role="status">' in block
        assert "Hand 1 was undone." in block

    def test_the_table_link_door_leaves_the_reader_there_too(self, client_of, owner, make_match):
        # Every door shares the write views: tests/tournaments/test_table_link.py checks
        # the table link's own redirect ends at #now as well.
        match = make_match()
        response = client_of(owner).post(f"/matches/{match.pk}/hands/", hand(1))
        assert response["Location"].endswith("#now")
