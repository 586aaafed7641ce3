"""Web pages of a player's data rights: delete the account (asked for with the password, confirmed by the
mailed link), and export the data (asked for on the settings page, downloaded by the mailed link)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from core import throttles
from core.errors import ServiceError

from . import deletion, export, services
from .models import User
from .views import RateLimitedForm, try_again_in


class DeleteAccountForm(RateLimitedForm):
    """The password that asks for the deletion link (on the sign-in budget: it checks a password)."""

    throttle_scope = "sign_in"
    password = forms.CharField(
        label=_("Your password"), max_length=256,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request


def _signed_in(request: HttpRequest) -> User:
    """The signed-in user as the model itself (login_required admits signed-in users only)."""
    if not isinstance(request.user, User):
        raise PermissionDenied
    return User.objects.get(pk=request.user.pk)


@login_required
@require_http_methods(["GET", "POST"])
def delete_account(request: HttpRequest) -> HttpResponse:
    """Ask for the deletion of the signed-in account: the right password mails the confirmation link."""
    user = _signed_in(request)
    form = DeleteAccountForm(request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        try:
            deletion.request_deletion(user, form.cleaned_data["password"])
        except ServiceError as exc:
            form.add_error("password", exc.message)
        else:
            return render(request, "accounts/delete_requested.html", {"email": user.email})
    status = 429 if form.throttled() else 400 if form.errors else 200
    return render(request, "accounts/delete_account.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def delete_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The target of the mailed link: a GET asks once more (mail scanners open links), the POST deletes."""
    try:
        user = deletion.account_to_delete(token)
        if request.method == "POST":
            signed_in_as_it = request.user.is_authenticated and request.user.pk == user.pk
            deletion.delete_account(token)
            if signed_in_as_it:
                logout(request)
            return render(request, "accounts/deleted.html")
    except ServiceError as exc:
        return render(request, "accounts/delete_confirm.html", {"error": exc.message}, status=400)
    return render(request, "accounts/delete_confirm.html", {"token": token})


@login_required
@require_POST
def request_export(request: HttpRequest) -> HttpResponse:
    """Have the signed-in player's data export built and its link mailed: on the API's budget of the
    account (scope `data_export`), which a request by either door uses up."""
    user = _signed_in(request)
    wait = throttles.attempt(request, export.THROTTLE_SCOPE, [throttles.user_ident(user.pk)])
    if wait is not None:
        messages.error(request, try_again_in(wait))
        return redirect("settings")
    try:
        services.request_export(user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, gettext_now(
            "Your data export is being prepared; a link to it is on its way to %(email)s.") % {"email": user.email})
    return redirect("settings")


@login_required
def export_download(request: HttpRequest, token: str) -> HttpResponse:
    """The target of the export's mailed link, for its owner signed in (a signed-out holder is sent to sign
    in first): the JSON file, or why the link no longer works (404 to another player)."""
    try:
        data = export.export_by_token(token, _signed_in(request))
    except ServiceError as exc:
        return render(request, "accounts/export_link.html", {"error": exc.message}, status=exc.status)
    response = JsonResponse(data.content, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="play-by-email-data-{data.created_at:%Y-%m-%d}.json"'
    response["Cache-Control"] = "no-store"
    return response
