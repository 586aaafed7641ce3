"""Web views: the signed unsubscribe link (no login needed; RFC 8058 one-click POST works too)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from config.errors import ServiceError

from . import services
from .models import Kind
from .texts import t

_KIND_NAMES = {
    "en": {k.value: k.label for k in Kind} | {"all": "all game emails"},
    "de": {
        "turn": "Du bist dran", "reminder": "Erinnerungen", "timeout": "Frist abgelaufen",
        "started": "Partie begonnen", "ended": "Partie beendet", "digest": "Zusammenfassung",
        "all": "alle Spiel-E-Mails",
    },
}


# csrf_exempt: mail clients POST "List-Unsubscribe=One-Click" without a session or a token; the signed
# token in the URL is what authorises the change.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET: a page asking to confirm; POST: opt out of this kind (or of everything with `all=1`)."""
    try:
        user, kind = services.read_unsubscribe_token(token)
    except ServiceError as error:
        return render(request, "notifications/unsubscribe.html", {"error": error.message}, status=error.status)
    lang = user.language if user.language in _KIND_NAMES else "en"
    context = {"token": token, "kind": kind, "kind_name": _KIND_NAMES[lang].get(kind, kind), "lang": lang,
               "display_name": user.display_name, "all_name": _KIND_NAMES[lang]["all"],
               "footer": t("footer", lang)}
    if request.method == "POST":
        _, done = services.unsubscribe(token, everything=request.POST.get("all") == "1")
        context.update(done=True, kind_name=_KIND_NAMES[lang].get(done, done))
    return render(request, "notifications/unsubscribe.html", context)
