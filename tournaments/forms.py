"""The tournament pages' forms: a new tournament (its game and that game's options, format, tables, time
control, entry and what a withdrawal costs) and the host's invitation. The forms check shapes; the
services check every rule, and their refusal is shown as the form's error."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.forms import ClockForm, KindChoiceForm
from games.registry import kinds

from .models import Tournament
from .services import entry as limits

# The new-tournament page's fieldsets (besides the game's options and the clock), in the page's order.
TOURNAMENT_FIELDS = ("name", "kind", "format", "table_size", "rounds", "points")
SIGN_UP_FIELDS = ("max_players", "min_players", "signup_until", "entry", "min_rating", "min_reliability")


class NewTournamentForm(KindChoiceForm, ClockForm):
    """Every setting of a new tournament; each registered game's option fields are added from its site module
    (`KindChoiceForm`, as the new-game form does), and only the chosen game's count; the clock is the games'
    (`ClockForm`, in hours)."""

    name = forms.CharField(label=_("Name"), max_length=120)
    format = forms.ChoiceField(
        label=_("Format"), widget=forms.RadioSelect, initial=Tournament.Format.SWISS,
        choices=[(Tournament.Format.SWISS, _("Swiss: rounds paired by score")),
                 (Tournament.Format.ROUND_ROBIN, _("Round robin: every round at once, everybody meets everybody"))],
    )
    table_size = forms.IntegerField(label=_("Players per table"), min_value=2, max_value=8, initial=4)
    rounds = forms.IntegerField(
        label=_("Rounds"), min_value=1, max_value=limits.MAX_ROUNDS, required=False, initial=3,
        help_text=_("A Swiss needs it. A round robin: empty plays as many rounds as let everybody meet everybody."),
    )
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, max_value=limits.MAX_PLAYERS, initial=16,
                                     help_text=_("Sign-up closes when so many have joined."))
    min_players = forms.IntegerField(label=_("Fewest players to start"), min_value=2, required=False,
                                     help_text=_("Empty: one table. With fewer at sign-up's end, it is called off."))
    signup_until = forms.DateTimeField(
        label=_("Sign-up ends"), required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        help_text=_("In your time zone. Empty: sign-up ends when the tournament is full."),
    )
    max_game_days = forms.IntegerField(
        label=_("Longest game, in days"), min_value=1, max_value=limits.MAX_GAME_DAYS, required=False,
        help_text=_("A game still running so long after its start counts as a draw. Empty: no limit."),
    )
    entry = forms.ChoiceField(
        label=_("Who may enter"), widget=forms.RadioSelect, initial=Tournament.Entry.OPEN,
        choices=[(Tournament.Entry.OPEN, _("everybody")), (Tournament.Entry.INVITATION, _("only the players I invite"))],
    )
    min_rating = forms.FloatField(label=_("Least rating to enter"), required=False)
    min_reliability = forms.IntegerField(label=_("Least reliability to enter, in percent"), required=False,
                                         min_value=0, max_value=100)
    withdrawal_policy = forms.ChoiceField(
        label=_("When a player withdraws or loses on time"), widget=forms.RadioSelect, initial=Tournament.Policy.FORFEIT,
        choices=[(Tournament.Policy.FORFEIT, _("the rest of their games are forfeited")),
                 (Tournament.Policy.BOT, _("a bot plays the rest of their games"))],
    )
    ban_days = forms.IntegerField(label=_("Days without new entries after that"), min_value=0,
                                  max_value=limits.MAX_BAN_DAYS, initial=0)
    points = forms.CharField(
        label=_("Points per place"), required=False,
        help_text=_("Best place first, separated by commas, e.g. 6, 4, 2, 0 for tables of 4. Empty: 2 for each "
                    "player placed below."),
    )

    def __init__(self, *args: Any, user: User | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.add_kind_fields()

    def tournament_fields(self) -> list[Any]:
        """The bound fields of the tournament's own settings, for the template."""
        return [self[name] for name in TOURNAMENT_FIELDS]

    def sign_up_fields(self) -> list[Any]:
        """The bound fields of who may sign up and until when, for the template."""
        return [self[name] for name in SIGN_UP_FIELDS]

    def clean_points(self) -> list[float]:
        raw = str(self.cleaned_data.get("points") or "").strip()
        if not raw:
            return []
        try:
            return [float(part.replace(",", ".")) for part in raw.replace(";", " ").replace(", ", " ").split()]
        except ValueError:
            raise forms.ValidationError(_("Write numbers separated by commas, e.g. 6, 4, 2, 0.")) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.check_clock(data)
        self.drop_other_kinds(data)
        points, size = data.get("points"), data.get("table_size")
        if points and size is not None and len(points) != size:
            self.add_error("points", _("Give one number for each of the %(size)s places.") % {"size": size})
        if data.get("format") == Tournament.Format.SWISS and not data.get("rounds") and "rounds" not in self.errors:
            self.add_error("rounds", _("A Swiss needs its number of rounds."))
        return data

    def _signup_until(self) -> datetime | None:
        moment: datetime | None = self.cleaned_data.get("signup_until")
        if moment is None:
            return None
        if timezone.is_naive(moment):  # typed in the player's own time zone
            zone = zoneinfo.ZoneInfo(self.user.time_zone if self.user is not None else "UTC")
            moment = moment.replace(tzinfo=zone)
        return moment

    def tournament_arguments(self) -> dict[str, Any]:
        """The arguments of `services.create_tournament` from the cleaned form."""
        data = self.cleaned_data
        kind = kinds[data["kind"]]
        return {
            "name": data["name"], "kind": kind.name, "format": data["format"], "table_size": data["table_size"],
            "rounds": data.get("rounds"), "max_players": data["max_players"], "min_players": data.get("min_players"),
            "options": self.kind_options(kind),
            "time_control": self.time_control(data),
            "max_game_days": data.get("max_game_days"), "entry": data["entry"], "min_rating": data.get("min_rating"),
            "min_reliability": data.get("min_reliability"), "signup_until": self._signup_until(),
            "withdrawal_policy": data["withdrawal_policy"], "ban_days": data["ban_days"],
            "points": {str(data["table_size"]): data["points"]} if data.get("points") else None,
        }


class InviteForm(forms.Form):
    """The host's invitation: a player by their name."""

    name = forms.CharField(label=_("Invite a player by name"), max_length=150)

    def clean_name(self) -> User:
        name = str(self.cleaned_data["name"]).strip()
        found = list(User.objects.filter(display_name__iexact=name, is_active=True)[:2])
        if not found:
            raise forms.ValidationError(_("There is no player of that name."))
        if len(found) > 1:
            raise forms.ValidationError(_("Several players have that name; ask them for their exact name."))
        return found[0]
