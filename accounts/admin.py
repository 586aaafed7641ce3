"""Admin for players, and the admin's sign-in on the site's rate limit."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.http import HttpRequest, HttpResponse

from .models import User
from .views import AdminSignInForm

# Every attempt at /admin/login/ counts under the "sign_in" scope, like the site's sign-in form.
admin.site.login_form = AdminSignInForm


def admin_login(request: HttpRequest) -> HttpResponse:
    """/admin/login/ (accounts.urls' admin_urlpatterns, which config.urls puts before the admin's own): the admin's page, answering 429
    like the site's sign-in form once the attempts of a client or an account exceed the sign-in rate."""
    response = admin.site.login(request)
    form = (getattr(response, "context_data", None) or {}).get("form")
    if isinstance(form, AdminSignInForm) and form.throttled():
        response.status_code = 429
    return response


@admin.register(User)
class UserAdmin(BaseUserAdmin):  # type: ignore[type-arg]
    ordering = ["id"]
    list_display = ["email", "display_name", "language", "time_zone", "email_verified_at", "is_staff", "is_active"]
    search_fields = ["email", "display_name"]
    list_filter = ["is_staff", "is_active", "language"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Profile", {"fields": ("display_name", "language", "time_zone", "email_verified_at")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")}),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "display_name", "password1", "password2")}),)
