"""The leagues' web pages: the list, a league's page (each season's groups with their tournaments and the
top of their standings, who went up and down) with its join / leave button, and a simple new-league form.

The buttons are forms that POST here and call `tournaments.services`; a refusal is shown on the page it
came from, as the form's error, with the refusal's 4xx status."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import User
from core.errors import ServiceError
from games.page_access import error_page
from games.registry import default_kind, kinds

from . import league_detail, services
from .models import League
from .services import league as leagues

LIST_SIZE = 100


class NewLeagueForm(forms.Form):
    """A league's few settings; its players by name, one a line (the services check every rule)."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    kind = forms.ChoiceField(label=gettext_lazy("Game"))
    players = forms.CharField(label=gettext_lazy("Players (one name a line)"), widget=forms.Textarea(attrs={"rows": 6}))
    group_size = forms.IntegerField(label=gettext_lazy("Players per group"), min_value=2, initial=4)
    promote = forms.IntegerField(label=gettext_lazy("Promoted per group"), min_value=0, initial=1)
    relegate = forms.IntegerField(label=gettext_lazy("Relegated per group"), min_value=0, initial=1)
    seasons = forms.IntegerField(label=gettext_lazy("Seasons"), min_value=1, max_value=leagues.MAX_SEASONS,
                                 required=False, help_text=gettext_lazy("Empty: the league goes on."))
    table_size = forms.IntegerField(label=gettext_lazy("Players per table"), min_value=2, max_value=8, initial=2)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choose = self.fields["kind"]
        assert isinstance(choose, forms.ChoiceField)
        choose.choices, choose.initial = [(kind.name, kind.title) for kind in kinds], default_kind()

    def clean_players(self) -> list[User]:
        names = [line.strip() for line in str(self.cleaned_data["players"]).splitlines() if line.strip()]
        found = []
        for name in names:
            users = list(User.objects.filter(display_name__iexact=name, is_active=True)[:2])
            if len(users) != 1:
                raise forms.ValidationError(_("There is no one player named {name}.").format(name=name))
            found.append(users[0])
        return found


def league_list(request: HttpRequest) -> HttpResponse:
    """The leagues, newest first."""
    shown = list(League.objects.select_related("created_by")[:LIST_SIZE])
    return render(request, "tournaments/league_list.html", {"leagues": shown})


@login_required
def new_league(request: HttpRequest) -> HttpResponse:
    """The new-league form; on success the host lands on the league's page."""
    form = NewLeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.create_league(request.user, **form.cleaned_data)  # type: ignore[arg-type]
        except ServiceError as error:
            form.add_error(None, error.reader_message())
        else:
            messages.success(request, _("Your league has started."))
            return redirect("league-page", league_id=league.pk)
    return render(request, "tournaments/league_new.html", {"form": form}, status=400 if form.errors else 200)


def _page(request: HttpRequest, league: League, *, refusal: str = "", status: int = 200) -> HttpResponse:
    viewer: Any = request.user if request.user.is_authenticated else None
    context = {"league": league, "detail": league_detail.detail(league, viewer), "refusal": refusal}
    return render(request, "tournaments/league_detail.html", context, status=status)


def league_page(request: HttpRequest, league_id: int) -> HttpResponse:
    """A league's page: anybody may read it."""
    try:
        league = league_detail.get_league(league_id)
    except ServiceError as error:
        return error_page(request, error)
    return _page(request, league)


def _action(request: HttpRequest, league_id: int, service: Any, done: str) -> HttpResponse:
    try:
        league = league_detail.get_league(league_id)
    except ServiceError as error:
        return error_page(request, error)
    try:
        service(request.user, league.pk)
    except ServiceError as error:
        league.refresh_from_db()
        return _page(request, league, refusal=error.reader_message(), status=error.status)
    messages.success(request, done)
    return redirect("league-page", league_id=league.pk)


@login_required
@require_POST
def join(request: HttpRequest, league_id: int) -> HttpResponse:
    """Ask into the league (from its next season)."""
    return _action(request, league_id, services.join_league, _("You are in the league from its next season."))


@login_required
@require_POST
def leave(request: HttpRequest, league_id: int) -> HttpResponse:
    """Leave the league at the end of its current season."""
    return _action(request, league_id, services.leave_league, _("You leave the league at the end of this season."))
