from django.contrib.auth import views as auth_views
from django.urls import include, path

from matches import views
from matches.api import api

urlpatterns = [
    path("", views.home, name="home"),
    path("ping/", views.ping, name="ping"),
    path("setup/", views.first_organiser, name="first_organiser"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", views.account, name="account"),
    path("accounts/tokens/", views.token_create, name="token_create"),
    path("accounts/tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
    path("matches/new/", views.match_new, name="match_new"),
    path("matches/<int:match_id>/", views.match_detail, name="match"),
    path("matches/<int:match_id>/hands/", views.hand_record, name="hand_record"),
    path("matches/<int:match_id>/preview/", views.hand_preview, name="hand_preview"),
    path("matches/<int:match_id>/stop/", views.match_stop, name="match_stop"),
    path("matches/<int:match_id>/hands/<int:number>/", views.hand_correct, name="hand_correct"),
    path("matches/<int:match_id>/hands/<int:number>/undo/", views.hand_undo, name="hand_undo"),
    path("matches/<int:match_id>/history/", views.match_audit, name="match_audit"),
    path("s/<str:token>/", views.match_shared, name="match_shared"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", api.urls),
]
