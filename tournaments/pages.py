"""The tournaments' web pages: the list (open for sign-up, running, finished), the new-tournament form, and a
tournament's page (its settings, sign-up, standings with tiebreaks, crosstable and each round's tables
with links to their games), with its buttons: join, leave, withdraw, and the host's invitation.

The buttons are forms that POST here and call `tournaments.services`; a refusal is shown on the page it
came from, as the form's error, with the refusal's 4xx status."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from games.page_access import error_page

from . import detail, services
from .forms import InviteForm, NewTournamentForm
from .models import Tournament

LIST_SIZE = 50  # per section of the list
SECTIONS = ("open", "running", "finished")


def tournament_list(request: HttpRequest) -> HttpResponse:
    """The tournaments: open for sign-up, running, finished (the newest of each)."""
    queryset = Tournament.objects.select_related("created_by")
    sections = [(name, list(queryset.filter(status__in=detail.LISTED_STATUSES[name])[:LIST_SIZE])) for name in SECTIONS]
    return render(request, "tournaments/list.html", {"sections": sections})


@login_required
def new_tournament(request: HttpRequest) -> HttpResponse:
    """The new-tournament form; on success the host lands on the tournament's page."""
    form = NewTournamentForm(request.POST or None, user=request.user)  # type: ignore[arg-type]
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(request.user, **form.tournament_arguments())  # type: ignore[arg-type]
        except ServiceError as error:
            form.add_error(None, error.reader_message())
        else:
            messages.success(request, _("Your tournament is open for sign-up."))
            return redirect("tournament-page", tournament_id=tournament.pk)
    return render(request, "tournaments/new.html", {"form": form}, status=400 if form.errors else 200)


def _page(request: HttpRequest, tournament: Tournament, *, refusal: str = "", invite: InviteForm | None = None,
          status: int = 200) -> HttpResponse:
    viewer: Any = request.user if request.user.is_authenticated else None
    shown = detail.detail(tournament, viewer)
    context = {
        "tournament": tournament, "detail": shown, "refusal": refusal,
        "invite_form": invite or InviteForm(),
        "two_player": tournament.table_size == 2,
        "round_numbers": [r["round"] for r in shown["pairings"]],
    }
    return render(request, "tournaments/detail.html", context, status=status)


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament's page: anybody may read it (its games are listed: anybody may watch them)."""
    try:
        tournament = services.get_tournament(tournament_id)
    except ServiceError as error:
        return error_page(request, error)
    return _page(request, tournament)


def _entry_action(request: HttpRequest, tournament_id: int, service: Any, done: str) -> HttpResponse:
    """Run a player's entry action; back on the page with its message, or its refusal as the form's error."""
    try:
        tournament = services.get_tournament(tournament_id)
    except ServiceError as error:
        return error_page(request, error)
    try:
        service(request.user, tournament.pk)
    except ServiceError as error:
        tournament.refresh_from_db()
        return _page(request, tournament, refusal=error.reader_message(), status=error.status)
    messages.success(request, done)
    return redirect("tournament-page", tournament_id=tournament.pk)


@login_required
@require_POST
def join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Enter the tournament."""
    return _entry_action(request, tournament_id, services.join, _("You have entered the tournament."))


@login_required
@require_POST
def leave(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Give up one's entry before the start."""
    return _entry_action(request, tournament_id, services.leave, _("You have left the tournament."))


@login_required
@require_POST
def withdraw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Withdraw from the running tournament."""
    return _entry_action(request, tournament_id, services.withdraw, _("You have withdrawn from the tournament."))


@login_required
@require_POST
def invite(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The host invites a player by name."""
    try:
        tournament = services.get_tournament(tournament_id)
    except ServiceError as error:
        return error_page(request, error)
    form = InviteForm(request.POST)
    status, refusal = 400, ""
    if form.is_valid():
        guest = form.cleaned_data["name"]
        try:
            services.invite(request.user, tournament.pk, guest)  # type: ignore[arg-type]
        except ServiceError as error:
            status = error.status
            if tournament.created_by_id == request.user.pk:
                form.add_error("name", error.reader_message())
            else:  # the page shows no invitation form to others: the refusal stands at its top
                refusal = error.reader_message()
        else:
            messages.success(request, _("{name} is invited.").format(name=guest.public_name))
            return redirect("tournament-page", tournament_id=tournament.pk)
    return _page(request, tournament, invite=form, refusal=refusal, status=status)
