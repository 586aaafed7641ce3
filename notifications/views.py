"""Web views: the signed unsubscribe link (no login needed; RFC 8058 one-click POST works too)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.local import language_of
from core.errors import ServiceError

from . import preferences
from .models import Kind


def kind_name(kind: str) -> str:
    """The name of a kind of email in the active language ("all" for every game email)."""
    return _("all game emails") if kind == "all" else str(Kind(kind).label)


# csrf_exempt: mail clients POST "List-Unsubscribe=One-Click" without a session or a token; the signed
# token in the URL is what authorises the change.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET: a page asking to confirm; POST: opt out of this kind (or of everything with `all=1`)."""
    try:
        user, kind = preferences.read_unsubscribe_token(token)
    except ServiceError as error:
        return render(request, "notifications/unsubscribe.html", {"error": error.message}, status=error.status)
    with translation.override(language_of(user)):
        context: dict[str, Any] = {"token": token, "kind": kind, "kind_name": kind_name(kind), "display_name": user.display_name}
        if request.method == "POST":
            _user, done = preferences.unsubscribe(token, everything=request.POST.get("all") == "1")
            context.update(done=True, kind_name=kind_name(done))
        return render(request, "notifications/unsubscribe.html", context)
