"""URLs of accounts: the web pages under /accounts/ (and the settings page at /settings/, the admin's sign-in at
/admin/login/), the API under /api/accounts/ and /api/me."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from . import admin, api, data_views, settings_page, views

app_name = "accounts"

web_urlpatterns = [
    path("register/", views.register, name="register"),
    path("verify/<str:token>/", views.verify, name="verify"),
    path("confirm-address/", views.confirm_address, name="confirm-address"),
    path("login/", views.SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password-reset/",
        views.PasswordResetView.as_view(success_url=reverse_lazy("accounts:password_reset_done")),
        name="password_reset",
    ),
    path("password-reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("accounts:password_reset_complete")),
        name="password_reset_confirm",
    ),
    path("reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("delete/", data_views.delete_account, name="delete"),
    path("delete/<str:token>/", data_views.delete_confirm, name="delete-confirm"),
    path("export/", data_views.request_export, name="export"),
    path("export/<str:token>/", data_views.export_download, name="export-download"),
]

# At the site's root, outside /accounts/: the player's settings page (its sections come from the apps).
settings_urlpatterns = [
    path("settings/", settings_page.settings_page, name="settings"),
]

# Before the admin's own URLs: the admin's sign-in, rate limited as the site's.
admin_urlpatterns = [
    path("admin/login/", admin.admin_login),
]

api_urlpatterns = [
    path("accounts/register", api.RegisterView.as_view(), name="api-register"),
    path("accounts/token", api.TokenView.as_view(), name="api-token"),
    path("accounts/logout", api.LogoutView.as_view(), name="api-logout"),
    path("accounts/verify", api.VerifyEmailView.as_view(), name="api-verify"),
    path("accounts/verify/resend", api.ResendVerificationView.as_view(), name="api-verify-resend"),
    path("accounts/password-reset", api.PasswordResetView.as_view(), name="api-password-reset"),
    path("accounts/password-reset/confirm", api.PasswordResetConfirmView.as_view(), name="api-password-reset-confirm"),
    path("accounts/delete/confirm", api.DeleteConfirmView.as_view(), name="api-delete-confirm"),
    path("me", api.MeView.as_view(), name="api-me"),
    path("me/delete", api.DeleteAccountView.as_view(), name="api-me-delete"),
    path("me/export", api.ExportView.as_view(), name="api-me-export"),
]
