"""Addresses, namespaced by subject (``play:match``, ``accounts:login``) as the views are."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from matches.api import api
from matches.api.base import API_ROOT
from matches.views import accounts, common, errors, play

accounts_urls = (
    [
        path("setup/", accounts.first_organiser, name="first_organiser"),
        path(
            "accounts/login/",
            auth_views.LoginView.as_view(redirect_authenticated_user=True),
            name="login",
        ),
        path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
        path("accounts/", accounts.account, name="account"),
        path("accounts/tokens/", accounts.token_create, name="token_create"),
        path("accounts/tokens/<int:token_id>/revoke/", accounts.token_revoke, name="token_revoke"),
    ],
    "accounts",
)

play_urls = (
    [
        path("", play.home, name="home"),
        path("matches/new/", play.match_new, name="match_new"),
        path("matches/<int:match_id>/", play.match_detail, name="match"),
        path("matches/<int:match_id>/hands/", play.hand_record, name="hand_record"),
        path("matches/<int:match_id>/preview/", play.hand_preview, name="hand_preview"),
        path("matches/<int:match_id>/stop/", play.match_stop, name="match_stop"),
        path("matches/<int:match_id>/hands/<int:number>/", play.hand_correct, name="hand_correct"),
        path("matches/<int:match_id>/hands/<int:number>/undo/", play.hand_undo, name="hand_undo"),
        path("matches/<int:match_id>/history/", play.match_audit, name="match_audit"),
        path("s/<str:token>/", play.match_shared, name="match_shared"),
    ],
    "play",
)

urlpatterns = [
    path("ping/", common.ping, name="ping"),
    path("", include(accounts_urls)),
    path("", include(play_urls)),
    path("i18n/", include("django.conf.urls.i18n")),
    path(API_ROOT.lstrip("/"), api.urls),
]

# Django's own error answers: JSON under /api/, its pages elsewhere.
handler400 = errors.bad_request
handler403 = errors.permission_denied
handler404 = errors.page_not_found
handler500 = errors.server_error
