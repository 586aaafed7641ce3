"""Web pages of accounts: sign up, verify, sign in and out, password reset (Django's auth views)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import ServiceError

from . import services
from .models import User


class RegisterForm(forms.Form):
    email = forms.EmailField(max_length=254)
    display_name = forms.CharField(max_length=60)
    password = forms.CharField(widget=forms.PasswordInput, max_length=256)
    language = forms.ChoiceField(choices=User.Language.choices, initial="en")
    time_zone = forms.CharField(max_length=64, initial="Europe/Berlin")


class PasswordResetForm(auth_forms.PasswordResetForm):
    """The web reset form, sending through accounts.services like the API (same mail, same silence)."""

    def save(self, *args: Any, **kwargs: Any) -> None:
        services.request_password_reset(self.cleaned_data["email"])


def register(request: HttpRequest) -> HttpResponse:
    """Sign-up form; the answer is the same whether or not the address already had an account."""
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.register(**form.cleaned_data)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return render(request, "accounts/registered.html")
    return render(request, "accounts/register.html", {"form": form})


@login_required
@require_POST
def confirm_address(request: HttpRequest) -> HttpResponse:
    """After a bounce: mail a new confirmation link to the signed-in player's address."""
    services.resend_verification(request.user)  # type: ignore[arg-type]
    messages.info(request, _("A confirmation link is on its way to %(email)s.") % {"email": request.user.email})  # type: ignore[union-attr]
    return redirect(request.POST.get("next") or "/")


def verify(request: HttpRequest, token: str) -> HttpResponse:
    """The target of the verification link."""
    try:
        user = services.verify_email(token)
    except ServiceError as exc:
        return render(request, "accounts/verified.html", {"error": exc.message}, status=400)
    return render(request, "accounts/verified.html", {"verified_user": user})
