"""Shapes of the games API (form only; rules live in games.services).

The request bodies take their declared fields only (`refuse_unknown_fields`: `validated_body` refuses
others, the schema says `additionalProperties: false`), and their schemas are as exact as the checks
behind them: a command is one of the shapes the games' rules declare (`command_shapes`), the time control
an object of its three fields. What no schema can say (which command the game's state allows, which
options make a game of so many players) is refused by the rules with their own codes.
"""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from . import hooks
from .api_fields import (
    CommandField,
    KindChoiceField,
    KindField,
    OptionsField,
    StrictBooleanField,
    StrictFloatField,
    StrictIntegerField,
    TimeControlField,
)
from .deadlines.shown import seat_clocks
from .models import Game, TakebackRequest
from .registry import default_kind, get_kind, kind_names, kinds
from .selectors import PACES
from .services.bots import DEFAULT_LEVEL, LEVELS
from .services.lifecycle import MIN_RATING_BOUNDS


class BotSeatSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    level = serializers.ChoiceField(
        choices=list(LEVELS), default=DEFAULT_LEVEL,
        help_text="`easy` (the game's heuristic bot) or `strong` (its best bot)",
    )


class GameCreateSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    # First `kind` and `players`, which `get_fields` builds of the registered kinds.
    options = OptionsField(
        required=False, default=dict,
        help_text="the game's options, `{}` for the standard game (each game's are in its rulings document)",
    )
    time_control = TimeControlField(
        required=False, default=dict,
        help_text='`{"decision_hours": 72, "reminder_hours": 24, "timeout_policy": "bot"}` (these are the '
                  'defaults; `"minimal"` plays the least move instead of a bot\'s), or a time bank per seat: '
                  '`{"mode": "bank", "initial_hours": 72, "increment_hours": 24, "max_bank_hours": 168, '
                  '"double_after_hours": null, "reminder_percent": 20}` (time beyond `double_after_hours` on one '
                  'decision counts twice; the reminder when that share of the time is left)',
    )
    listed = StrictBooleanField(
        required=False, default=True,
        help_text="listed in the lobby; false: a private game, joined only through its invite link and seen only "
                  "by its players (any other id answers as a missing game)",
    )
    auto_start = StrictBooleanField(
        required=False, default=False, help_text="start the game by itself once every seat is taken",
    )
    close_after_days = serializers.IntegerField(
        required=False, default=14, min_value=1, max_value=90,
        help_text="close the game (abandoned) if it has not started this many days after it was opened",
    )
    spectators_allowed = StrictBooleanField(
        required=False, default=False,
        help_text="a private game only: signed-in players without a seat may watch it once it runs, on the site "
                  "through the watch link the host shares (the API still shows it to its players only); the host "
                  "may change it later on the game's page",
    )


    rated = StrictBooleanField(
        required=False, allow_null=True, default=None,
        help_text="whether the result counts for the players' ratings (bots' included); default: true, but false "
                  "for a game with bots",
    )
    bots = serializers.ListField(
        child=BotSeatSerializer(), required=False, default=list, max_length=16,
        help_text='seats given to bots, one object per bot, e.g. `[{"level": "strong"}, {"level": "easy"}]`: at most '
                  "`players` - 1 (your seat is yours); once they fill every other seat the game starts at once",
    )
    min_rating = StrictFloatField(
        required=False, allow_null=True, default=None, min_value=MIN_RATING_BOUNDS[0], max_value=MIN_RATING_BOUNDS[1],
        help_text="the least rating (of this game's kind) a player needs to join; null: no limit",
    )
    min_reliability = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=100,
        help_text="the least reliability (percent of moves made before the deadline) a player needs to join; "
                  "null: no limit",
    )

    def validate_bots(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A bot's object takes its `level` only (as its schema says; DRF would drop other fields silently)."""
        raw = self.initial_data.get("bots") if isinstance(self.initial_data, dict) else None
        if isinstance(raw, list) and any(isinstance(item, dict) and set(item) - {"level"} for item in raw):
            raise serializers.ValidationError('A bot is an object such as {"level": "strong"} and nothing more.')
        return value

    def get_fields(self) -> dict[str, serializers.Field]:  # type: ignore[type-arg]  # as DRF declares it
        """The game's kind and its players, of the kinds registered now (once the apps are ready: the games'
        site apps register them), then the declared fields."""
        registered = list(kinds)
        kind = KindField(max_length=32, default=default_kind, help_text=f"the game: {', '.join(kind_names())}")
        players = serializers.IntegerField(
            min_value=min(k.min_players for k in registered), max_value=max(k.max_players for k in registered),
            help_text="seats, you included (the host may start with fewer); each game's range: "
                      + ", ".join(f"{k.name} {k.min_players} to {k.max_players}" for k in registered),
        )
        return {"kind": kind, "players": players, **super().get_fields()}


class CommandSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    command = CommandField(
        help_text='one of `legal_commands` of `GET /api/games/{id}/`, as listed there (a JSON object with its `type`)'
    )
    expected_version = serializers.IntegerField(
        required=False, allow_null=True, min_value=0,
        help_text="the `version` you decided on: a 409 `version_conflict` if the game has moved on since",
    )


class EventSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    actor_seat = serializers.IntegerField(allow_null=True)
    data = serializers.JSONField()  # type: ignore[assignment]  # the API field is named "data"
    created_at = serializers.DateTimeField()
    by_service = serializers.BooleanField(help_text="played by the service for a player whose deadline passed")
    taken_back = serializers.BooleanField(required=False, help_text="taken back by a later taken_back event (in the history)")


class CommandResultSerializer(serializers.Serializer[Any]):
    events = EventSerializer(many=True)
    version = serializers.IntegerField()
    awaiting = serializers.ListField(
        child=serializers.IntegerField(), help_text="the seats the game awaits at this version (empty: it is over)"
    )


class HistorySerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    next_after = serializers.IntegerField(help_text="the `after` of the next page")
    next = serializers.URLField(allow_null=True, help_text="the next page, or null when this one ends the log")
    events = EventSerializer(many=True)


class GameListQuerySerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=Game.Status.choices, required=False, help_text="only games in this status")
    mine = serializers.BooleanField(required=False, default=False, help_text="only games I have a seat in")
    kind = KindChoiceField(required=False, help_text="only games of this kind")
    pace = serializers.ChoiceField(
        choices=list(PACES), required=False,
        help_text="only games of this pace: fast (a decision in 24 hours at most), normal (up to 72), slow (more)",
    )


class HistoryQuerySerializer(serializers.Serializer[Any]):
    after = serializers.IntegerField(required=False, min_value=0, default=0, help_text="events after this seq")
    limit = serializers.IntegerField(required=False, min_value=1, max_value=5000, default=1000,
                                     help_text="events in one page at most")


class StateQuerySerializer(serializers.Serializer[Any]):
    at = serializers.IntegerField(required=False, min_value=1, help_text="the seq of the moment shown (default: now)")


class StateSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    view = serializers.JSONField()


class SeatSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(allow_null=True)
    user = serializers.IntegerField()
    display_name = serializers.CharField()


class TakeoverSerializer(serializers.Serializer[Any]):
    """A seat taken over by another player (the lobby's "seat wanted") from `version` on."""

    seat = serializers.IntegerField()
    previous_user = serializers.IntegerField()
    previous_name = serializers.CharField()
    user = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.IntegerField(help_text="the new player plays the seat after this event")


class TakeOverSerializer(serializers.Serializer[Any]):
    """The seat to take over."""

    seat = serializers.IntegerField(min_value=0, max_value=7)


class WantedSeatsSerializer(serializers.Serializer[Any]):
    """A running game with seats offered to other players."""

    game = serializers.IntegerField()
    kind = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField())


class SeatClockSerializer(serializers.Serializer[Any]):
    """One seat's clock (`games.deadlines.shown`)."""

    seat = serializers.IntegerField()
    running = serializers.BooleanField(help_text="the game waits for this seat: its clock runs")
    deadline_at = serializers.DateTimeField(allow_null=True, help_text="when its time runs out (running seats)")
    seconds_left = serializers.IntegerField(allow_null=True, help_text="seconds until then (running seats)")
    bank_seconds = serializers.IntegerField(
        allow_null=True, help_text="a time bank's seconds left, as if the seat moved now without its increment "
                                   "(null: a time per decision)")


class GameDetailSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.IntegerField()
    players = serializers.IntegerField()
    listed = serializers.BooleanField(help_text="in the lobby and the list; false: a private game")
    spectators_allowed = serializers.BooleanField(help_text="a private game: others signed in may watch it once it runs, "
                                                "through its watch link on the site")
    rated = serializers.BooleanField(help_text="the result counts for the players' ratings")
    min_rating = serializers.FloatField(allow_null=True, help_text="the least rating to join (null: no limit)")
    min_reliability = serializers.IntegerField(
        allow_null=True, help_text="the least reliability in percent to join (null: no limit)")
    options = serializers.JSONField()
    time_control = serializers.JSONField()
    awaiting = serializers.ListField(child=serializers.IntegerField(), help_text="the seats the game waits for")
    deadline_at = serializers.DateTimeField(allow_null=True)
    created_by = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True, help_text="your seat (null: not seated, or not started)")
    joined = serializers.BooleanField()
    seats = SeatSerializer(many=True)
    view = serializers.JSONField(allow_null=True, help_text="what your seat sees (others: the public view)")
    legal_commands = serializers.ListField(
        child=serializers.JSONField(), help_text="what your seat may send now (empty when it is not awaited)"
    )
    takeovers = TakeoverSerializer(many=True, help_text="who played which part: seats taken over, oldest first")
    # `services.game_detail` gives it always (`games.deadlines.shown.seat_clocks`).
    clocks = SeatClockSerializer(many=True,
                                 help_text="each seat's clock: its time left and a time bank's balance (empty "
                                           "unless the game runs)")


class SeatedPlayerSerializer(serializers.Serializer[Any]):
    user = serializers.IntegerField()
    display_name = serializers.CharField()
    rating = serializers.FloatField(allow_null=True, help_text="their rating of the game's kind (null: none or private)")
    reliability = serializers.IntegerField(
        allow_null=True, help_text="percent of their moves made before the deadline (null: none yet or private)")


class GameSummarySerializer(serializers.ModelSerializer[Game]):
    """A game in the list; `seated_players` with their rating and reliability (the lobby's figures, from
    `hooks.player_facts`; the list view puts them in the context as `facts`, by kind and user)."""

    seated = serializers.SerializerMethodField()
    options = serializers.SerializerMethodField()
    seated_players = serializers.SerializerMethodField()
    clocks = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["id", "kind", "status", "version", "players", "seated", "awaiting", "created_by",
                  "created_at", "deadline_at", "options", "time_control", "rated", "min_rating",
                  "min_reliability", "seated_players", "clocks"]

    def get_seated(self, game: Any) -> int:
        return int(getattr(game, "seated", 0))

    def get_options(self, game: Game) -> dict[str, Any]:
        # A fixed deck order is secret information: never shown.
        return {k: v for k, v in game.options.items() if k not in get_kind(game.kind).fixed_order_options}

    @extend_schema_field(SeatClockSerializer(many=True))
    def get_clocks(self, game: Game) -> list[dict[str, Any]]:
        return list(SeatClockSerializer([clock.as_dict() for clock in seat_clocks(game)], many=True).data)

    @extend_schema_field(SeatedPlayerSerializer(many=True))
    def get_seated_players(self, game: Game) -> list[dict[str, Any]]:
        facts: dict[tuple[str, int], hooks.PlayerFacts] = self.context.get("facts", {})
        players = []
        for seat in game.seats.all():
            found = facts.get((game.kind, seat.user_id), hooks.PlayerFacts())
            players.append({"user": seat.user_id, "display_name": seat.user.public_name,
                            "rating": found.rating, "reliability": found.reliability})
        return players

class TakebackRequestSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="the seat that asks to take its moves back")
    to_version = serializers.IntegerField(help_text="the game would return to its state after this event")
    at_version = serializers.IntegerField(help_text="the game's version when asked: any move since ends the request")
    answers = serializers.DictField(child=serializers.BooleanField(), help_text="by seat: accepted (true) or refused")
    status = serializers.CharField(help_text="one of: " + ", ".join(TakebackRequest.Status.values))
    expires_at = serializers.DateTimeField()


class TakebackStatusSerializer(serializers.Serializer[Any]):
    may_take_back = serializers.BooleanField(help_text="your last move can be taken back now, without asking")
    may_ask = serializers.BooleanField(help_text="taking your last move back needs the others' consent: you may ask")
    may_answer = serializers.BooleanField(help_text="another player's request waits for your answer")
    request = TakebackRequestSerializer(allow_null=True)


class TakebackResultSerializer(serializers.Serializer[Any]):
    taken_back = serializers.BooleanField(help_text="true: the move was taken back; false: the others were asked")
    result = CommandResultSerializer(allow_null=True, help_text="the takeback's command result (when taken back)")
    request = TakebackRequestSerializer(allow_null=True, help_text="the request made (when the others were asked)")


class TakebackAnswerSerializer(serializers.Serializer[Any]):
    accept = serializers.BooleanField(help_text="true: let the player take the move back; false: refuse")


class RematchSerializer(serializers.Serializer[Any]):
    """A rematch offered at the end of a game: the new game (private, for the same players) and its state."""

    previous = serializers.IntegerField(source="previous_id", help_text="the finished game")
    game = serializers.IntegerField(source="game_id", help_text="the new game; it starts once all accepted")
    status = serializers.CharField(help_text="offered, started (all accepted) or declined")
    offered_by = serializers.IntegerField(source="offered_by_id")
    declined_by = serializers.IntegerField(source="declined_by_id", allow_null=True)
    accepted = serializers.ListField(child=serializers.IntegerField(), help_text="the players who took their seat")
