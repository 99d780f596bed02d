"""Importing the club's member list from a CSV file (issue 19, item 6): a preview of every
row (new, existing, refused with the reason) before anything is written, then one
transaction on the organiser's yes. Organisers only, CSRF, the wrong method, limits, htmx
and plain."""

import codecs

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from matches.models import Player, PlayerAudit
from matches.services import players as register
from tests.factories import HTMX, text

URL = "/players/import/"


def upload(content, name="members.csv"):
    if isinstance(content, str):
        content = content.encode()
    return {"file": SimpleUploadedFile(name, content, content_type="text/csv")}


def written():
    return (
        list(Player.objects.order_by("pk").values_list("pk", "name", "email", "member_no")),
        list(PlayerAudit.objects.order_by("pk").values_list("pk", "action")),
    )


@pytest.fixture
def ann(organiser):
    return register.create_player(name="Ann", member_no="17", by=organiser)


GERMAN_EXCEL = (
    "\ufeffName;E-Mail;Mitgliedsnummer\r\n"
    "Jürgen Weiß;juergen@example.org;101\r\n"
    "ANN;;\r\n"
    "Anna Berg;;17\r\n"
    ";nobody@example.org;102\r\n"
    "Cy;not-an-address;103\r\n"
    "jürgen weiß;;104\r\n"
    "Dora;;101\r\n"
    "Ed\u200b;;105\r\n"
    "Hal;;999\r\n"
    "\r\n"
    "Fay;fay@example.org;\r\n"
)


def test_it_previews_every_row_and_writes_nothing(boss, ann):
    # Ann has number 17: "Anna Berg;;17" is her by number, "ANN" her by the name's key;
    # Hal is in the register, but the file gives him Gus's number.
    register.create_player(name="Gus", member_no="999", by=None)
    register.create_player(name="Hal", by=None)
    before = written()
    response = boss.post(URL, upload(GERMAN_EXCEL.encode("utf-8")))
    assert response.status_code == 200
    page = text(response)
    assert "2 new players · 2 already in the register · 6 refused" in page
    rows = page.split("Nothing is written yet.")[1]
    for expected in [
        "new Jürgen Weiß line 2 · juergen@example.org · No. 101",
        "in the register ANN line 3 in the register as Ann",
        "in the register Anna Berg line 4 · No. 17 in the register as Ann",
        "refused – line 5",
        "No name on this line.",
        "Enter a valid e-mail address.",
        "jürgen weiß is on line 2 already.",
        "Membership number 101 is on line 2 already.",
        "A name cannot contain the invisible or control character U+200B.",
        "Membership number 999 belongs to Gus already.",
        "new Fay line 12 · fay@example.org",
    ]:
        assert expected in rows, expected
    assert "Add the 2 new players" in page
    assert written() == before


@pytest.mark.parametrize(
    "content",
    [
        "name,email,member number\nZed,zed@example.org,7\n",
        "\ufeffSpieler,Mail,Nr\nZed,zed@example.org,7\n",
        "Member number;Name\n7;Zed\n",
    ],
)
def test_commas_semicolons_and_german_headers(boss, content):
    page = text(boss.post(URL, upload(content)))
    assert "1 new player ·" in page and "Zed" in page


def test_the_yes_writes_the_new_ones_in_one_audited_go(boss, ann):
    preview = boss.post(URL, upload(GERMAN_EXCEL))
    content = preview.context["confirm"].initial["content"]
    done = boss.post(URL, {"content": content})
    assert done.status_code == 302 and done["Location"] == "/players/"
    assert text(boss.get("/players/?show=all")).count("Jürgen Weiß") == 1
    added = Player.objects.filter(name__in=["Jürgen Weiß", "Fay"]).order_by("name")
    assert [(p.name, p.email, p.member_no, p.casual) for p in added] == [
        ("Fay", "fay@example.org", "", False),
        ("Jürgen Weiß", "juergen@example.org", "101", False),
    ]
    assert PlayerAudit.objects.filter(player__in=added, action="create").count() == 2
    assert Player.objects.get(pk=ann.pk).member_no == "17"  # existing ones left alone


def test_the_yes_judges_the_list_again(boss, organiser):
    # What comes back from the browser is not trusted: a name that became a player's
    # since the preview is not added twice, and a changed list is judged as it is.
    preview = boss.post(URL, upload("Name\nZed\nYves\n"))
    content = preview.context["confirm"].initial["content"]
    register.create_player(name="ZED", by=organiser)
    boss.post(URL, {"content": content + "Bad\u0000\n"})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["ZED"]
    boss.post(URL, {"content": content})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Yves", "ZED"]


@pytest.mark.parametrize(
    "content, message",
    [
        (b"Name\nJ\x81rg\n", "The file is not text in UTF-8, UTF-16 or Windows-1252."),
        (b"\xff\xfeN\x00a", "The file is not text in UTF-8, UTF-16 or Windows-1252."),
        (b"\xef\xbb\xbfName\nJ\xfcrg\n", "The file is not text in UTF-8, UTF-16 or"),
        (b"PK\x03\x04\x00\x00", "This is not a CSV file."),
        ("Vorname,Ort\nAnn,Bonn\n", "The first line must name the columns"),
        ("Name\n" + "x" * 300 * 1024, "The file is too big: at most 256 kB."),
        ("Name\n" + "".join(f"P{n}\n" for n in range(2001)), "more than 2000 members"),
        ('Name\nAnn\n"' + "x" * 140_000, "Line 3 of the file is not CSV"),
    ],
)
def test_a_bad_file_says_why_and_writes_nothing(boss, content, message):
    before = written()
    response = boss.post(URL, upload(content))
    assert response.status_code == 422
    assert message in text(response)
    assert written() == before


def test_no_file_and_no_list_say_so(boss):
    assert "Choose the member list" in text(boss.post(URL, {}))
    missing = boss.post(URL, {"content": ""})
    assert missing.status_code == 422 and "choose the file again" in text(missing)


def test_htmx_gets_the_partials_and_leaves_after_the_yes(boss):
    preview = boss.post(URL, upload("Name\nZed\n"), **HTMX)
    assert preview.status_code == 200 and "<html" not in preview.content.decode()
    assert "1 new player" in text(preview)
    form = boss.get(URL, **HTMX)
    assert "<html" not in form.content.decode() and 'type="file"' in form.content.decode()
    done = boss.post(URL, {"content": "Name\nZed\n"}, **HTMX)
    assert done["HX-Redirect"] == "/players/"
    assert Player.objects.get().name == "Zed"


def test_only_organisers_import(client_of, owner):
    before = written()
    anonymous = Client().post(URL, upload("Name\nZed\n"))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    player = client_of(owner)
    assert player.get(URL).status_code == 403
    assert player.post(URL, {"content": "Name\nZed\n"}).status_code == 403
    assert written() == before


def test_the_import_needs_the_csrf_token_and_get_or_post(boss, organiser):
    careful = Client(enforce_csrf_checks=True)
    careful.force_login(organiser)
    assert careful.post(URL, {"content": "Name\nZed\n"}).status_code == 403
    for method in ("put", "delete", "patch"):
        assert getattr(boss, method)(URL).status_code == 405
    assert not Player.objects.exists()


def test_the_register_links_to_the_import(boss):
    assert 'href="/players/import/"' in boss.get("/players/").content.decode()
    assert "Import the member list" in text(boss.get(URL))


def test_the_preview_and_the_door_speak_german(organiser):
    from matches.services import registration
    from tests.factories import tournament as make_tournament

    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(organiser)
    page = text(german.post(URL, upload(GERMAN_EXCEL)))
    for words in [
        "Mitgliederliste importieren",
        "5 neue Spieler · 0 schon im Verzeichnis · 5 abgelehnt",
        "neu Jürgen Weiß Zeile 2",
        "In dieser Zeile steht kein Name.",
        "jürgen weiß steht schon in Zeile 2.",
        "Die 5 neuen Spieler hinzufügen",
    ]:
        assert words in page, words
    refused = text(german.post(URL, upload("Vorname\nAnn\n")))
    assert "Die erste Zeile muss die Spalten benennen" in refused

    cup = make_tournament(organiser)
    registration.register_players(cup, organiser, ["Zed"])
    door = text(german.get(f"/tournaments/{cup.pk}/"))
    assert "Aus dem Spielerverzeichnis" in door and "Angekreuzte Spieler hinzufügen" in door
    asked = text(german.post(f"/tournaments/{cup.pk}/entries/", {"names": "Benn"}))
    assert "Dieser Name steht nicht im Spielerverzeichnis:" in asked
    assert "Als neuen Spieler hinzufügen?" in asked and "Ja, hinzufügen" in asked


# -- the encodings a spreadsheet saves (issue 32, item 10) --------------------------------

MEMBERS = "Name;E-Mail;Mitgliedsnummer\r\nJörg Müller;joerg@example.org;7\r\nÄnne Weiß;;8\r\n"


@pytest.mark.parametrize(
    ("content", "read_as"),
    [
        # Excel's plain "CSV" on a German Windows: Windows-1252, semicolons, no mark.
        (
            MEMBERS.encode("cp1252"),
            "Windows-1252 (Excel's “CSV”), the columns separated by semicolons",
        ),
        # Its "Unicode text": UTF-16 with a byte-order mark, tab-separated (little-endian
        # as Windows writes it; big-endian read the same).
        (
            MEMBERS.replace(";", "\t").encode("utf-16"),
            "UTF-16 (Excel's “Unicode text”), the columns separated by tabs",
        ),
        (
            codecs.BOM_UTF16_BE + MEMBERS.replace(";", "\t").encode("utf-16-be"),
            "UTF-16 (Excel's “Unicode text”), the columns separated by tabs",
        ),
        # "CSV UTF-8": with the mark, and without it as other programs save it.
        (codecs.BOM_UTF8 + MEMBERS.encode(), "UTF-8, the columns separated by semicolons"),
        (MEMBERS.replace(";", ",").encode(), "UTF-8, the columns separated by commas"),
    ],
)
def test_it_reads_what_excel_saves_and_says_how(boss, content, read_as):
    before = written()
    response = boss.post(URL, upload(content))
    assert response.status_code == 200
    page = text(response)
    assert f"Read as {read_as}." in page
    assert "2 new players" in page
    assert "new Jörg Müller line 2 · joerg@example.org · No. 7" in page
    assert "new Änne Weiß line 3 · No. 8" in page
    assert written() == before


def test_the_brief_s_own_bytes(boss):
    # The line of the report, as Excel wrote it: "Müller;Jörg" in Windows-1252.
    response = boss.post(URL, upload(b"Name;Vorname\r\n" + "Müller;Jörg\n".encode("cp1252")))
    assert response.status_code == 200
    assert "new Müller line 2" in text(response)
    assert "Read as Windows-1252" in text(response)


def test_a_windows_1252_list_is_added_with_its_umlauts(boss):
    preview = boss.post(URL, upload(MEMBERS.encode("cp1252")))
    content = preview.context["confirm"].initial["content"]
    done = boss.post(URL, {"content": content})
    assert done.status_code == 302
    assert sorted(Player.objects.values_list("name", "member_no")) == [
        ("Jörg Müller", "7"),
        ("Änne Weiß", "8"),
    ]


def test_htmx_and_german_say_how_the_file_was_read(boss, organiser):
    preview = boss.post(URL, upload(MEMBERS.encode("utf-16")), **HTMX)
    assert "<html" not in preview.content.decode()
    assert "Read as UTF-16 (Excel's “Unicode text”)" in text(preview)
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(organiser)
    page = text(german.post(URL, upload(MEMBERS.encode("cp1252"))))
    assert (
        "Gelesen als Windows-1252 (Excels „CSV (Trennzeichen-getrennt)“), die Spalten "
        "getrennt durch Semikolons." in page
    )
    page = text(german.post(URL, upload(MEMBERS.replace(";", "\t").encode("utf-16"))))
    assert (
        "Gelesen als UTF-16 (Excels „Unicode-Text“), die Spalten getrennt durch Tabulatoren."
        in page
    )
    refused = text(german.post(URL, upload(b"Name\nJ\x81rg\n")))
    assert "Die Datei ist kein Text in UTF-8, UTF-16 oder Windows-1252." in refused
