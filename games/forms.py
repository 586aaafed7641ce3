"""The new-game form: the game kind, players, the kind's own options (from its site module), time control
(a time per decision or a time bank, checked by the one validator, `services.clean_time_control`)."""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError

from .deadlines.clock import DEFAULT_BANK_CONTROL
from .registry import GameKind, default_kind, kinds
from .selectors import PACES
from .services import DEFAULT_TIME_CONTROL, MAX_DECISION_HOURS, clean_time_control
from .services.bots import DEFAULT_LEVEL, LEVELS, level_label
from .services.lifecycle import MIN_RATING_BOUNDS

# The most seats a new-game form gives to bots (the largest table less the host's seat).
MOST_BOTS = 7
# The form's fields of each kind of clock (named as the time control's own fields, so that the validator's
# message, which begins with the field it is about, lands at that field).
PER_DECISION_FIELDS = ("decision_hours", "reminder_hours")
BANK_FIELDS = ("initial_hours", "increment_hours", "max_bank_hours", "double_after_hours", "reminder_percent")
# A bank's fields the host must fill in (an empty most: the validator's default; an empty double: none).
BANK_REQUIRED = ("initial_hours", "increment_hours", "reminder_percent")


def bot_level_choices() -> list[tuple[str, str]]:
    """The levels a host chooses from, in the reader's language."""
    return [(level, level_label(level)) for level in LEVELS]


def option_prefix(kind: GameKind) -> str:
    """The prefix of a kind's option fields in the form (their names stay the kind's own)."""
    return f"{kind.name}__"


class KindChoiceForm(forms.Form):
    """The choice of the game kind and each registered kind's own option fields (from its site module), shared by
    the new-game and the new-tournament forms; call `add_kind_fields` in `__init__` (the games' site apps register
    the kinds once the apps are ready) and `drop_other_kinds` in `clean`."""

    kind = forms.ChoiceField(label=_("Game"))

    def add_kind_fields(self) -> list[GameKind]:
        """Offer the registered kinds (the page's script shows the chosen kind's options only and offers its player
        counts; without script, every kind's are shown) and add each kind's option fields; the kinds offered."""
        registered = list(kinds)
        choose = self.fields["kind"]
        assert isinstance(choose, forms.ChoiceField)
        choose.choices, choose.initial = [(k.name, k.title) for k in registered], default_kind()
        choose.widget.attrs.update({"data-kind-select": "", "data-players": json.dumps(
            {k.name: [k.min_players, k.max_players] for k in registered})})
        self.kind_fields: dict[str, list[str]] = {}
        for kind in registered:
            if kind.site:
                own = {option_prefix(kind) + name: field for name, field in kind.site_module.form_fields().items()}
                self.fields.update(own)
                self.kind_fields[kind.name] = list(own)
        return registered

    def kind_fieldsets(self) -> list[tuple[str, str, list[Any]]]:
        """Each kind's name, title and bound option fields, for the template (`games/kind_options.html`)."""
        return [
            (name, str(kinds[name].title), [self[field] for field in fields]) for name, fields in self.kind_fields.items()
        ]

    def drop_other_kinds(self, data: dict[str, Any]) -> GameKind | None:
        """The chosen kind, once the other kinds' options are dropped from `data` with their errors (they may be
        left out or empty); None if no known kind was chosen."""
        kind = kinds.get(str(data.get("kind")))
        if kind is not None:
            for other, names in self.kind_fields.items():
                for name in names if other != kind.name else []:
                    self.errors.pop(name, None)
                    data.pop(name, None)
        return kind

    def kind_options(self, kind: GameKind) -> dict[str, Any]:
        """The chosen kind's options from the cleaned form, as its site module reads them."""
        prefix = option_prefix(kind)
        own = {name[len(prefix):]: value for name, value in self.cleaned_data.items() if name.startswith(prefix)}
        return kind.site_module.options_from_form(own) if kind.site else {}


class ClockForm(forms.Form):
    """The clock of the games, shared by the new-game and the new-tournament forms: a time per decision or a time
    bank, in hours; call `check_clock` in `clean` (not named `clean_clock`: that is Django's cleaner of the `clock`
    field) and build the games' time control with `time_control`. A form with a `timeout_policy` field adds its
    choice to the time control."""

    clock = forms.ChoiceField(
        label=_("Clock"), required=False, initial="move", widget=forms.RadioSelect,
        choices=[("move", _("a time for each decision")), ("bank", _("a time bank for each player"))],
        help_text=_("A time bank: each player starts with some hours, the time a decision takes comes out of "
                    "them, and some hours more come in after each decision."),
    )
    decision_hours = forms.IntegerField(
        label=_("Hours for each decision"), min_value=1, max_value=MAX_DECISION_HOURS,
        initial=DEFAULT_TIME_CONTROL["decision_hours"],
        help_text=_("How long a player has for a move before the deadline passes."),
    )
    reminder_hours = forms.IntegerField(
        label=_("Reminder, hours before the deadline"), min_value=0, max_value=MAX_DECISION_HOURS,
        initial=DEFAULT_TIME_CONTROL["reminder_hours"],
        help_text=_("0: no reminder. Must be less than the hours for a decision."),
    )
    initial_hours = forms.IntegerField(
        label=_("Time bank at the start, in hours"), required=False, initial=DEFAULT_BANK_CONTROL["initial_hours"],
        help_text=_("72 hours are 3 days."),
    )
    increment_hours = forms.IntegerField(
        label=_("Hours added after each decision"), required=False, initial=DEFAULT_BANK_CONTROL["increment_hours"],
        help_text=_("0: none."),
    )
    max_bank_hours = forms.IntegerField(
        label=_("Most hours in the bank"), required=False, initial=DEFAULT_BANK_CONTROL["max_bank_hours"],
        help_text=_("At least the hours at the start. Empty: 168 hours (7 days), or the hours at the start if more."),
    )
    double_after_hours = forms.IntegerField(
        label=_("Charge double after so many hours on one decision"), required=False,
        help_text=_("Empty: never. With 48, a decision that takes 60 hours costs 72 hours of the bank."),
    )
    reminder_percent = forms.IntegerField(
        label=_("Reminder when this percentage of the time is left"), required=False,
        initial=DEFAULT_BANK_CONTROL["reminder_percent"],
        help_text=_("Of the time the player had when the decision began; 0: no reminder."),
    )

    def per_decision_fields(self) -> list[Any]:
        """The bound fields of a time per decision, for the template (`games/clock_fields.html`)."""
        return [self[name] for name in PER_DECISION_FIELDS]

    def bank_fields(self) -> list[Any]:
        """The bound fields of a time bank, for the template (`games/clock_fields.html`)."""
        return [self[name] for name in BANK_FIELDS]

    def check_clock(self, data: dict[str, Any]) -> None:
        """Only the chosen clock's fields count (the other's may be left out or wrong); its time control is
        checked by the service's validator, whose refusal is shown at the field it names."""
        bank = data.get("clock") == "bank"
        for name in PER_DECISION_FIELDS if bank else BANK_FIELDS:
            self.errors.pop(name, None)
            data.pop(name, None)
        if bank:
            for name in BANK_REQUIRED:
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, forms.Field.default_error_messages["required"])
        else:
            decision, reminder = data.get("decision_hours"), data.get("reminder_hours")
            if decision is not None and reminder is not None and reminder >= decision:
                self.add_error("reminder_hours", _("The reminder must come before the deadline."))
        if any(name in self.errors for name in (*PER_DECISION_FIELDS, *BANK_FIELDS, "timeout_policy")):
            return
        try:
            clean_time_control(self.time_control(data))
        except ServiceError as error:
            named = re.match(r"\w+", error.reader_message())
            field = named.group(0) if named else None
            self.add_error(field if field in self.fields and field in data else "clock", error.reader_message())

    def time_control(self, data: dict[str, Any]) -> dict[str, Any]:
        """The time control chosen in the form's `data`, as the API takes it (`docs/api.md`, "Time controls")."""
        policy = {"timeout_policy": data.get("timeout_policy")} if "timeout_policy" in self.fields else {}
        if data.get("clock") != "bank":
            return {"decision_hours": data.get("decision_hours"), "reminder_hours": data.get("reminder_hours"),
                    **policy}
        control = {"mode": "bank", **{name: data.get(name) for name in BANK_FIELDS}, **policy}
        if control["max_bank_hours"] is None:
            del control["max_bank_hours"]  # the validator's default: the larger of 7 days and the start
        return control


class NewGameForm(KindChoiceForm, ClockForm):
    """Every choice of a new game; the kinds and the player counts are the registered kinds' (read in
    `__init__`: the games' site apps register them once the apps are ready), each kind's option fields are
    added from its site module (`KindChoiceForm`); the clock is `ClockForm`'s."""

    players = forms.TypedChoiceField(
        label=_("Players"), coerce=int, initial=4,
        help_text=_("Seats at the table, you included. The host may start earlier with fewer players."),
    )
    timeout_policy = forms.ChoiceField(
        label=_("When a deadline passes"),
        choices=[("bot", _("a bot plays a sensible move")), ("minimal", _("the least move is played"))],
        initial=DEFAULT_TIME_CONTROL["timeout_policy"], widget=forms.RadioSelect,
    )
    listed = forms.BooleanField(
        label=_("List the game in the lobby"), required=False, initial=True,
        help_text=_("Unticked: a private game; friends join through the invite link only."),
    )
    auto_start = forms.BooleanField(
        label=_("Start by itself once every seat is taken"), required=False, initial=False,
    )
    close_after_days = forms.IntegerField(
        label=_("Close the game if it has not started after so many days"), min_value=1, max_value=90, initial=14,
        required=False,
    )
    spectators_allowed = forms.BooleanField(
        label=_("Let spectators watch a private game"), required=False, initial=False,
        help_text=_("Private games only: signed-in players without a seat may watch it once it runs, through a watch "
                    "link the host shares; it stays out of the lobby. The host can change this on the game's page."),
    )

    rated = forms.BooleanField(
        label=_("Rated game"), required=False, initial=True,
        help_text=_("Unticked: the result changes nobody's rating."),
    )
    rate_bot_game = forms.BooleanField(
        label=_("Rate a game with bots"), required=False, initial=False,
        help_text=_("A game with bots is unrated unless ticked (the bots have ratings of their own)."),
    )
    min_rating = forms.FloatField(
        label=_("Least rating to join"), required=False, min_value=MIN_RATING_BOUNDS[0], max_value=MIN_RATING_BOUNDS[1],
        help_text=_("Empty: anybody may join. A newcomer's rating is 0."),
    )
    min_reliability = forms.IntegerField(
        label=_("Least reliability to join, in percent"), required=False, min_value=0, max_value=100,
        help_text=_("The share of a player's moves made before the deadline. Empty: anybody may join."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in range(1, MOST_BOTS + 1):  # the seats after the host's: a player, or a bot of a level
            self.fields[f"bot_{number}"] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": number + 1}, required=False,
                choices=[("", _("a player")), *((level, _("a bot, %(level)s") % {"level": label})
                                                for level, label in bot_level_choices())])
        registered = self.add_kind_fields()
        players = self.fields["players"]
        assert isinstance(players, forms.ChoiceField)
        players.choices = [(n, str(n)) for n in range(
            min(k.min_players for k in registered), max(k.max_players for k in registered) + 1)]

    def bot_fields(self) -> list[Any]:
        """The bound fields of the seats that may go to bots, for the template."""
        return [self[f"bot_{number}"] for number in range(1, MOST_BOTS + 1)]

    def bot_levels(self) -> list[str]:
        """The levels of the seats given to bots, in seat order."""
        return [self.cleaned_data[f"bot_{n}"] for n in range(1, MOST_BOTS + 1) if self.cleaned_data.get(f"bot_{n}")]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.check_clock(data)
        kind = self.drop_other_kinds(data)
        players = data.get("players")
        if kind is not None and players is not None and not kind.min_players <= players <= kind.max_players:
            self.add_error("players", _("%(game)s is played by %(min)s to %(max)s players.") % {
                "game": kind.title, "min": kind.min_players, "max": kind.max_players})
        return data

    def game_arguments(self) -> dict[str, Any]:
        """The arguments of `services.create_game` from the cleaned form."""
        data = self.cleaned_data
        kind = kinds[data["kind"]]
        return {
            "kind": kind.name,
            "players": data["players"],
            "options": self.kind_options(kind),
            # As the host chose it, checked again by the service (the same validator).
            "time_control": self.time_control(data),
            "listed": data["listed"],
            "spectators_allowed": data["spectators_allowed"],
            "rated": data["rate_bot_game"] if self.bot_levels() else data["rated"],
            "bots": [{"level": level} for level in self.bot_levels()],
            "min_rating": data.get("min_rating"),
            "min_reliability": data.get("min_reliability"),
            "auto_start": data["auto_start"],
            "close_after_days": data["close_after_days"] or 14,
        }


class PlayBotsForm(forms.Form):
    """The lobby's "play now against bots": a game of the player and bots, started at once."""

    kind = forms.ChoiceField(label=_("Game"), choices=lambda: [(k.name, k.title) for k in kinds])
    bots = forms.TypedChoiceField(label=_("Bots"), coerce=int, initial=2,
                                  choices=[(n, str(n)) for n in range(1, MOST_BOTS + 1)])
    level = forms.ChoiceField(label=_("Level"), choices=bot_level_choices, initial=DEFAULT_LEVEL)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = kinds.get(str(data.get("kind")))
        count = data.get("bots")
        if kind is not None and count is not None and not kind.min_players <= count + 1 <= kind.max_players:
            self.add_error("bots", _("%(game)s is played by %(min)s to %(max)s players.") % {
                "game": kind.title, "min": kind.min_players, "max": kind.max_players})
        return data

    def game_arguments(self) -> dict[str, Any]:
        """The arguments of `services.create_game`: a private game, unrated, full with the bots (so it starts)."""
        data = self.cleaned_data
        return {"kind": data["kind"], "players": data["bots"] + 1, "listed": False, "rated": False,
                "bots": [{"level": data["level"]}] * data["bots"]}


PACE_LABELS = {"fast": _("fast (a day at most for a decision)"), "normal": _("normal (up to three days)"),
               "slow": _("slow (more than three days)")}


class LobbyFilterForm(forms.Form):
    """The lobby's filters of the open games: by game and by pace (both optional)."""

    # The registered kinds, read when the form is built (the games' site apps register them once the apps are ready).
    kind = forms.ChoiceField(label=_("Game"), required=False,
                             choices=lambda: [("", _("every game")), *((k.name, k.title) for k in kinds)])
    pace = forms.ChoiceField(label=_("Pace"), required=False,
                             choices=[("", _("any pace")), *((name, PACE_LABELS[name]) for name in PACES)])
