"""Web pages of accounts: sign up, verify, sign in and out, password reset (Django's auth views)."""

from __future__ import annotations

import math
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from core import throttles
from core.errors import ServiceError

from . import services
from .models import DISPLAY_NAME_MAX_LENGTH, User, validate_display_name
from .time_zones import FALLBACK, filter_attrs, grouped_time_zones

THROTTLED = "throttled"


def try_again_in(seconds: int) -> str:
    """The form error of a refused attempt: when to try again."""
    if seconds < 120:
        return ngettext("Too many attempts. Try again in %(count)s second.",
                        "Too many attempts. Try again in %(count)s seconds.", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("Too many attempts. Try again in %(count)s minute.",
                    "Too many attempts. Try again in %(count)s minutes.", minutes) % {"count": minutes}


class RateLimitedForm(forms.Form):
    """A form that checks a password or sends mail: each submission counts against the rate of
    `throttle_scope` (REST_FRAMEWORK's DEFAULT_THROTTLE_RATES, see core/throttles.py) for the client's
    address and for the account name in `account_field`; past it the form refuses and says when to try
    again, before anything is checked or sent."""

    throttle_scope = ""
    account_field = "email"
    request: HttpRequest | None = None

    def clean(self) -> dict[str, Any]:
        if self.request is not None:
            account = str(self.data.get(self.account_field, "")).strip()
            idents = [throttles.client_ident(self.request)] + ([throttles.account_ident(account)] if account else [])
            wait = throttles.attempt(self.request, self.throttle_scope, idents)
            if wait is not None:
                raise forms.ValidationError(try_again_in(wait), code=THROTTLED)
        cleaned = super().clean()
        return self.cleaned_data if cleaned is None else cleaned

    def throttled(self) -> bool:
        """Whether this submission was refused for coming too often."""
        return self.has_error(NON_FIELD_ERRORS, THROTTLED)


class RegisterForm(RateLimitedForm):
    # The API's sign-up scope: a client's sign-ups by web and API share one budget.
    throttle_scope = "register"

    # The autocomplete hints let password managers offer a new password here (not a saved one).
    email = forms.EmailField(
        label=_("Email address"), max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )
    display_name = forms.CharField(
        label=_("Display name"), max_length=DISPLAY_NAME_MAX_LENGTH, validators=[validate_display_name],
        help_text=_("What the other players see of you."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    password = forms.CharField(
        label=_("Password"), widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}), max_length=256,
        help_text=_("At least 8 characters, not only digits, not a common one."),
    )
    language = forms.ChoiceField(label=_("Language"), choices=User.Language.choices, initial="en")
    # The browser's zone is filled in by the site's script (data-browser-zone); Berlin only without it.
    time_zone = forms.ChoiceField(
        label=_("Time zone"), initial=FALLBACK, choices=grouped_time_zones,
        help_text=_("Deadlines are shown in this time zone."),
        widget=forms.Select(attrs={"data-browser-zone": "1", **filter_attrs()}),
    )

    def __init__(self, *args: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        language = get_language() or "en"
        self.fields["language"].initial = "de" if language.startswith("de") else "en"


class SignInForm(RateLimitedForm, auth_forms.AuthenticationForm):
    """Django's sign-in form, its login field named for what it is: the email address."""

    throttle_scope = "sign_in"
    account_field = "username"
    # Django's own sentence names the login field by its model name ("email", untranslated) and calls both
    # fields case-sensitive, which the address is not (accounts.models.normalize_email).
    error_messages = {
        **auth_forms.AuthenticationForm.error_messages,
        "invalid_login": _("This email address and password do not match an account. "
                           "Mind upper and lower case in the password."),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Email address")


class AdminSignInForm(RateLimitedForm, AdminAuthenticationForm):
    """The admin's sign-in form on the site's sign-in budget: the same scope, per client and per account,
    so guessing an operator's password is held as soon as guessing a player's is (accounts.admin)."""

    throttle_scope = "sign_in"
    account_field = "username"


class PasswordResetForm(RateLimitedForm, auth_forms.PasswordResetForm):
    """The web reset form, sending through accounts.services like the API (same mail, same silence)."""

    throttle_scope = "password_reset"  # the API's: one budget for both ways in

    def __init__(self, *args: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.fields["email"].label = _("Email address")

    def save(self, *args: Any, **kwargs: Any) -> None:
        services.request_password_reset(self.cleaned_data["email"])


def register(request: HttpRequest) -> HttpResponse:
    """Sign-up form; a new account is signed in at once (its address still to be confirmed by the mailed link).
    The page's words are the same whether or not the address already had an account."""
    form = RegisterForm(request.POST or None, request=request)
    next_url = safe_next(request, "")
    if request.method == "POST" and form.is_valid():
        try:
            user = services.register(**form.cleaned_data)
        except ServiceError as exc:
            form.add_error(_field_of(exc.code), exc.message)
        else:
            if user is not None:
                # Signed in as the sign-in page does: a new session key (none planted before survives), the
                # user_logged_in signal (last_login). A taken address signs nobody in: its owner is mailed.
                login(request, user)
            return render(request, "accounts/registered.html", {"next": next_url or "/"})
    status = 429 if form.throttled() else 400 if form.errors else 200
    return render(request, "accounts/register.html", {"form": form, "next": next_url}, status=status)


class _ThrottledStatus:
    """A form view answering 429 to a submission refused for coming too often."""

    def form_invalid(self, form: Any) -> HttpResponse:
        response: HttpResponse = super().form_invalid(form)  # type: ignore[misc]
        if form.throttled():
            response.status_code = 429
        return response


class SignInView(_ThrottledStatus, auth_views.LoginView):
    """Django's sign-in page with the rate-limited form."""

    authentication_form = SignInForm


class PasswordResetView(_ThrottledStatus, auth_views.PasswordResetView):
    """Django's reset page with the rate-limited form that sends through accounts.services."""

    form_class = PasswordResetForm

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = super().get_form_kwargs()
        kwargs["request"] = self.request
        return kwargs


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
    """Mail a new confirmation link to the signed-in player's address (not yet confirmed, or bounced)."""
    services.resend_verification(request.user)  # type: ignore[arg-type]
    messages.info(request, gettext_now("A confirmation link is on its way to %(email)s.") % {"email": request.user.email})  # type: ignore[union-attr]
    return redirect(safe_next(request))


def verify(request: HttpRequest, token: str) -> HttpResponse:
    """The target of the verification link."""
    try:
        user = services.verify_email(token)
    except ServiceError as exc:
        return render(request, "accounts/verified.html", {"error": exc.message}, status=400)
    if request.user.is_authenticated:
        if request.user.pk == user.pk:  # the page's own notice reads the signed-in user, loaded before this
            request.user = user
        return render(request, "accounts/verified.html", {"verified_user": user})
    # Opened signed out (the mail read on another device): the page speaks the player's own language.
    with translation.override(user.language):
        return render(request, "accounts/verified.html", {"verified_user": user})
