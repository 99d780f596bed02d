"""Addresses, namespaced by subject (``play:match``, ``accounts:login``, ``players:list``)
as the views are."""

from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter

from matches.api.base import API_ROOT, api
from matches.tokens import LinkTokenConverter
from matches.views import (
    accounts,
    board,
    common,
    entries,
    errors,
    exports,
    home,
    keeping,
    play,
    player_links,
    players,
    printing,
    rounds,
    scorer,
    series,
    site,
    standings,
    tables,
    tournaments,
    users,
)
from matches.views import offline as offline_views

accounts_urls = (
    [
        path("setup/", accounts.first_organiser, name="first_organiser"),
        path("accounts/login/", accounts.login_view, name="login"),
        path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
        path("accounts/", accounts.account, name="account"),
        path("accounts/password/", accounts.password_change, name="password_change"),
        path("accounts/tokens/", accounts.token_create, name="token_create"),
        path("accounts/tokens/<int:token_id>/revoke/", accounts.token_revoke, name="token_revoke"),
        path("accounts/users/", users.user_list, name="users"),
        path("accounts/invite/<str:token>/", users.invite, name="invite"),
    ],
    "accounts",
)

# A link's token in an address has the shape of one, or the address is unknown (404):
# no lookup ever sees a NUL or a megabyte (matches.tokens).
register_converter(LinkTokenConverter, "token")

play_urls = (
    [
        path("", home.home, name="home"),
        path("matches/new/", play.match_new, name="match_new"),
        path("matches/<int:match_id>/", play.match_detail, name="match"),
        path("matches/<int:match_id>/hands/", play.hand_record, name="hand_record"),
        path("matches/<int:match_id>/preview/", play.hand_preview, name="hand_preview"),
        path("matches/<int:match_id>/stop/", play.match_stop, name="match_stop"),
        path("matches/<int:match_id>/hands/<int:number>/", play.hand_correct, name="hand_correct"),
        path("matches/<int:match_id>/hands/<int:number>/undo/", play.hand_undo, name="hand_undo"),
        path("matches/<int:match_id>/history/", play.match_audit, name="match_audit"),
        path("matches/<int:match_id>/sheet/", play.match_sheet, name="match_sheet"),
        path("matches/<int:match_id>/share/", play.match_share, name="match_share"),
        path("matches/<int:match_id>/archive/", keeping.match_archive, name="match_archive"),
        path("matches/<int:match_id>/delete/", keeping.match_delete, name="match_delete"),
        path("s/<token:token>/", play.match_shared, name="match_shared"),
        path("matches/<int:match_id>/links/", scorer.match_links, name="match_links"),
        path("k/<token:token>/", scorer.scorer_page, name="scorer"),
        path("k/<token:token>/hands/", scorer.scorer_record, name="scorer_record"),
        path("k/<token:token>/preview/", scorer.scorer_preview, name="scorer_preview"),
        path("k/<token:token>/hands/<int:number>/", scorer.scorer_correct, name="scorer_correct"),
        path("k/<token:token>/hands/<int:number>/undo/", scorer.scorer_undo, name="scorer_undo"),
    ],
    "play",
)

T = "tournaments/<int:tournament_id>/"
tournament_urls = (
    [
        path("tournaments/", tournaments.tournament_list, name="list"),
        path("tournaments/new/", tournaments.tournament_new, name="new"),
        path(T, entries.tournament_detail, name="detail"),
        path(T + "edit/", tournaments.tournament_edit, name="edit"),
        path(T + "audit/", tournaments.tournament_audit, name="audit"),
        path(T + "entries/", entries.entries_add, name="entries_add"),
        path(T + "entries/apart/", entries.entries_apart, name="entries_apart"),
        path(T + "adjustments/", standings.entry_adjust, name="adjust"),
        path(T + "entries/<int:entry_id>/check-in/", entries.entry_check_in, name="check_in"),
        path(T + "entries/<int:entry_id>/withdraw/", entries.entry_withdraw, name="withdraw"),
        path(T + "entries/<int:entry_id>/link/", player_links.entry_link, name="entry_link"),
        path(T + "rounds/", rounds.round_draft, name="round_draft"),
        path(T + "rounds/<int:number>/", rounds.round_detail, name="round"),
        path(T + "rounds/<int:number>/change/", rounds.round_change, name="round_change"),
        path(T + "rounds/<int:number>/links/", rounds.table_links, name="table_links"),
        path(T + "board/", board.board, name="board"),
        path(T + "results/", board.results, name="results"),
        path(
            T + "results/<int:number>/<int:table>/",
            board.result_table,
            name="result_table",
        ),
        path(
            T + "rounds/<int:number>/tables/<int:table>/end/",
            rounds.table_end,
            name="table_end",
        ),
        path(
            T + "rounds/<int:number>/tables/<int:table>/reopen/",
            rounds.table_reopen,
            name="table_reopen",
        ),
        path(T + "standings/", standings.standings_page, name="standings"),
        path("t/<token:token>/", tables.table_link, name="table_link"),
        path("t/<token:token>/hands/", tables.table_record, name="table_record"),
        path("t/<token:token>/preview/", tables.table_preview, name="table_preview"),
        path("t/<token:token>/hands/<int:number>/", tables.table_correct, name="table_correct"),
        path("t/<token:token>/hands/<int:number>/undo/", tables.table_undo, name="table_undo"),
        path("t/<token:token>/result/", tables.table_result, name="table_result"),
        path("p/<token:token>/", player_links.player_link, name="player_link"),
        path("p/<token:token>/check-in/", player_links.player_check_in, name="player_check_in"),
        path(
            "p/<token:token>/players/<int:player_id>/",
            player_links.player_own_page,
            name="player_own_page",
        ),
        path(T + "standings.csv", exports.standings_csv, name="standings_csv"),
        path(T + "results.csv", exports.results_csv, name="results_csv"),
        path(T + "print/standings/", printing.print_standings, name="print_standings"),
        path(T + "print/seating/<int:number>/", printing.print_seating, name="print_seating"),
        path(T + "print/tables/<int:number>/", printing.print_tables, name="print_tables"),
        path(T + "print/cards/", printing.print_cards, name="print_cards"),
        path(T + "print/players/", printing.print_players, name="print_players"),
    ],
    "tournaments",
)

series_urls = (
    [
        path("", series.series_list, name="list"),
        path("<int:series_id>/", series.series_detail, name="detail"),
        path("<int:series_id>/tournaments/", series.series_add, name="add"),
        path(
            "<int:series_id>/tournaments/<int:tournament_id>/remove/",
            series.series_remove,
            name="remove",
        ),
        path("<int:series_id>/print/", series.series_print, name="print"),
        path("<int:series_id>/table.csv", series.series_csv, name="csv"),
    ],
    "series",
)

players_urls = (
    [
        path("", players.player_list, name="list"),
        path("new/", players.player_new, name="new"),
        path("import/", players.player_import, name="import"),
        path("<int:player_id>/", players.player_detail, name="player"),
        path("<int:player_id>/edit/", players.player_edit, name="edit"),
        path("<int:player_id>/deactivate/", players.player_deactivate, name="deactivate"),
        path("<int:player_id>/reactivate/", players.player_reactivate, name="reactivate"),
        path("<int:player_id>/merge/", players.player_merge, name="merge"),
    ],
    "players",
)

# The club rating of a game (docs/tournaments.md "Player pages and the club rating").
ratings_urls = (
    [
        path("<slug:game>/", players.rating_list, name="list"),
        path("<slug:game>/ratings.csv", players.rating_csv, name="csv"),
    ],
    "ratings",
)

# Django tries these in order, and every address in an include with an empty prefix is
# tried in turn: the API comes first, so that a hand recorded through it does not walk
# past every page's address to reach its own (its prefix turns pages away in one test).
# A table link without the server (issue 24): the service worker's scope is /t/.
offline_urls = (
    [
        path("t/sw.js", offline_views.service_worker, name="service_worker"),
        path("t/rules-worker.js", offline_views.rules_worker, name="rules_worker"),
        path("t/rules-<str:version>.zip", offline_views.rules_zip, name="rules_zip"),
        path("t/<token:token>/offline.json", offline_views.table_offline, name="table"),
        path("t/<token:token>/waiting/", offline_views.table_waiting, name="waiting"),
        path("matches/sw.js", offline_views.service_worker, name="match_service_worker"),
        path("matches/rules-worker.js", offline_views.rules_worker, name="match_rules_worker"),
        path("matches/<int:match_id>/offline.json", offline_views.match_offline, name="match"),
        path("k/sw.js", offline_views.service_worker, name="scorer_service_worker"),
        path("k/rules-worker.js", offline_views.rules_worker, name="scorer_rules_worker"),
        path("k/<token:token>/offline.json", offline_views.scorer_offline, name="scorer"),
    ],
    "offline",
)

urlpatterns = [
    path("ping/", common.ping, name="ping"),
    path("favicon.ico", common.favicon),
    path("manifest.webmanifest", site.manifest, name="manifest"),
    # Before the API's own addresses, whose last one answers every other path with 404.
    path(API_ROOT.lstrip("/") + "contract", site.api_contract, name="api_contract"),
    path(API_ROOT.lstrip("/"), api.urls),
    path("", include(accounts_urls)),
    path("", include(play_urls)),
    path("", include(tournament_urls)),
    path("", include(offline_urls)),
    path("players/", include(players_urls)),
    path("ratings/", include(ratings_urls)),
    path("series/", include(series_urls)),
    path("i18n/", include("django.conf.urls.i18n")),
]

# Django's own error answers: JSON under /api/, the site's own pages elsewhere (each with
# a way on, in the reader's language: matches.views.errors).
handler400 = errors.bad_request
handler403 = errors.permission_denied
handler404 = errors.page_not_found
handler500 = errors.server_error
