"""Web pages of accounts: sign up, verify, sign in and out, password reset (Django's auth views)."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from config.errors import ServiceError

from . import services
from .models import User


class RegisterForm(forms.Form):
    email = forms.EmailField(label=_("Email address"), max_length=254)
    display_name = forms.CharField(
        label=_("Display name"), max_length=60, help_text=_("What the other players see of you.")
    )
    password = forms.CharField(
        label=_("Password"), widget=forms.PasswordInput, max_length=256,
        help_text=_("At least 8 characters, not only digits, not a common one."),
    )
    language = forms.ChoiceField(label=_("Language"), choices=User.Language.choices, initial="en")
    time_zone = forms.ChoiceField(
        label=_("Time zone"), initial="Europe/Berlin",
        choices=lambda: [(z, z) for z in sorted(zoneinfo.available_timezones()) if "/" in z or z == "UTC"],
        help_text=_("Deadlines are shown in this time zone."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language = get_language() or "en"
        self.fields["language"].initial = "de" if language.startswith("de") else "en"


class SignInForm(auth_forms.AuthenticationForm):
    """Django's sign-in form, its login field named for what it is: the email address."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Email address")


class PasswordResetForm(auth_forms.PasswordResetForm):
    """The web reset form, sending through accounts.services like the API (same mail, same silence)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].label = _("Email address")

    def save(self, *args: Any, **kwargs: Any) -> None:
        services.request_password_reset(self.cleaned_data["email"])


def register(request: HttpRequest) -> HttpResponse:
    """Sign-up form; the answer is the same whether or not the address already had an account."""
    form = RegisterForm(request.POST or None)
    next_url = safe_next(request, "")
    if request.method == "POST" and form.is_valid():
        try:
            services.register(**form.cleaned_data)
        except ServiceError as exc:
            form.add_error(_field_of(exc.code), exc.message)
        else:
            return render(request, "accounts/registered.html", {"next": next_url})
    status = 400 if form.errors else 200
    return render(request, "accounts/register.html", {"form": form, "next": next_url}, status=status)


def _field_of(code: str) -> str | None:
    """The form field a service error is about (None: the form as a whole)."""
    return {"weak_password": "password", "invalid_display_name": "display_name",
            "invalid_time_zone": "time_zone", "invalid_language": "language"}.get(code)


def safe_next(request: HttpRequest, default: str = "/") -> str:
    """The `next` parameter when it points into this site, else `default`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return default


@login_required
@require_POST
def confirm_address(request: HttpRequest) -> HttpResponse:
    """After a bounce: mail a new confirmation link to the signed-in player's address."""
    services.resend_verification(request.user)  # type: ignore[arg-type]
    messages.info(request, gettext_now("A confirmation link is on its way to %(email)s.") % {"email": request.user.email})  # type: ignore[union-attr]
    return redirect(safe_next(request))


def verify(request: HttpRequest, token: str) -> HttpResponse:
    """The target of the verification link."""
    try:
        user = services.verify_email(token)
    except ServiceError as exc:
        return render(request, "accounts/verified.html", {"error": exc.message}, status=400)
    return render(request, "accounts/verified.html", {"verified_user": user})
