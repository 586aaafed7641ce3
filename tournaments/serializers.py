"""Shapes of the tournaments API (form only: every rule is checked by `tournaments.services`).

The request bodies take their declared fields only (`refuse_unknown_fields`); the answers are the dicts of
`tournaments.detail`, documented here field by field for the OpenAPI schema.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api_fields import (
    KindField,
    OptionsField,
    StrictFloatField,
    StrictIntegerField,
    TimeControlField,
)
from games.registry import default_kind
from games.services.lifecycle import MIN_RATING_BOUNDS

from .detail import LISTED_STATUSES
from .models import Tournament
from .services import entry as limits


@extend_schema_field({"type": "string", "pattern": "^(" + "|".join(Tournament.Format.values) + ")$"})
class FormatField(serializers.ChoiceField):
    """A tournament's format. Its schema is a pattern, not an enum: the schema's enums are named by their
    field, and the webhooks' `format` (alerts) took the name."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=Tournament.Format.values, **kwargs)


@extend_schema_field({
    "type": "object",  # (OpenAPI 3.0 has no propertyNames: the sizes 2 to 8 are the service's check)
    "additionalProperties": {"type": "array", "minItems": 2, "maxItems": 8,
                             "items": {"type": "number", "minimum": 0, "maximum": 100}},
})
class PointsField(serializers.JSONField):
    """Placement points per table size: `{"4": [6, 4, 2, 0]}` (the service checks each list's length and
    order: one number per place, never more for a worse place)."""


class TournamentListQuerySerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(
        choices=list(LISTED_STATUSES), required=False,
        help_text="`open`: sign-up is open; `running`; `finished`: ended or called off",
    )


class TournamentCreateSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    name = serializers.CharField(max_length=120, help_text="1 to 120 characters")
    kind = KindField(max_length=32, default=default_kind, help_text="the game every table plays")
    format = FormatField(
        help_text="`round_robin`: every round at once, each player meets every other (ICCF style); `swiss`: "
                  "rounds paired by score, no repeat opponents where avoidable, byes",
    )
    table_size = StrictIntegerField(min_value=2, max_value=8, help_text="players per table (the game's range)")
    max_players = StrictIntegerField(min_value=2, max_value=limits.MAX_PLAYERS,
                                     help_text="sign-up closes when so many joined")
    min_players = StrictIntegerField(required=False, allow_null=True, default=None, min_value=2,
                                     help_text="the least to start with at sign-up's end (default: one table)")
    rounds = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=limits.MAX_ROUNDS,
        help_text="a Swiss's rounds (required); a round robin's rounds of tables (null: as many as let everybody "
                  "meet everybody)",
    )
    options = OptionsField(required=False, default=dict, help_text="the game's options, as a new game takes them")
    time_control = TimeControlField(required=False, default=dict,
                                    help_text="each game's time control, as a new game takes it")
    max_game_days = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=limits.MAX_GAME_DAYS,
        help_text="a game still running so many days after its start counts as a draw for the tournament",
    )
    entry = serializers.ChoiceField(choices=Tournament.Entry.values, default=Tournament.Entry.OPEN,
                                    help_text="`open`, or `invitation`: only the players the host invites")
    min_rating = StrictFloatField(required=False, allow_null=True, default=None, min_value=MIN_RATING_BOUNDS[0],
                                  max_value=MIN_RATING_BOUNDS[1], help_text="the least rating (of this game) to enter")
    min_reliability = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0, max_value=100,
                                         help_text="the least reliability, in percent, to enter")
    signup_until = serializers.DateTimeField(
        required=False, allow_null=True, default=None,
        help_text="sign-up ends then (within 90 days), or once the tournament is full; null: only when full",
    )
    withdrawal_policy = serializers.ChoiceField(
        choices=Tournament.Policy.values, default=Tournament.Policy.FORFEIT,
        help_text="a withdrawal or a loss on time: `forfeit` the rest of the games, or a `bot` plays them",
    )
    ban_days = StrictIntegerField(required=False, default=0, min_value=0, max_value=limits.MAX_BAN_DAYS,
                                  help_text="days without new entries after a withdrawal or a loss on time")
    points = PointsField(
        required=False, default=dict,
        help_text='placement points per table size, e.g. `{"4": [6, 4, 2, 0]}`; `{}`: 2 per player placed below',
    )
    bye_points = StrictFloatField(required=False, allow_null=True, default=None, min_value=0, max_value=100,
                                  help_text="a bye's points (null: a win at 2-player tables, the mean else)")


class TournamentInviteSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    user = StrictIntegerField(min_value=1, help_text="the id of the player to invite")


class TournamentPersonSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class TournamentSummarySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    format = serializers.CharField(help_text="`round_robin` or `swiss`")
    status = serializers.CharField(help_text="`signup`, `running`, `ended` or `cancelled` (called off: too few players)")
    table_size = serializers.IntegerField()
    rounds = serializers.IntegerField()
    current_round = serializers.IntegerField(help_text="the last round paired (0 before the start)")
    players = serializers.IntegerField(help_text="entrants during sign-up, players once started")
    max_players = serializers.IntegerField()
    entry = serializers.CharField(help_text="`open` or `invitation`")
    host = TournamentPersonSerializer()
    signup_until = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    ended_at = serializers.DateTimeField(allow_null=True)
    url = serializers.URLField(help_text="the tournament's page")


class TournamentStandingSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(help_text="equal on points and every tiebreak: equal rank")
    player = TournamentPersonSerializer()
    points = serializers.FloatField()
    played = serializers.IntegerField()
    byes = serializers.IntegerField()
    buchholz = serializers.FloatField(help_text="2-player tables: the opponents' points")
    sonneborn_berger = serializers.FloatField(help_text="2-player tables: each opponent's points times the share won")
    opponents_points = serializers.FloatField(help_text="tables of 3 and more: the points of everybody one sat with")
    withdrawn = serializers.BooleanField()


class TournamentSeatResultSerializer(TournamentPersonSerializer):
    place = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True)
    forfeited = serializers.BooleanField()


class TournamentTableSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField(help_text="1, 2, ... within the round")
    players = TournamentSeatResultSerializer(many=True)
    game = serializers.IntegerField(allow_null=True, help_text="the table's game (GET /api/games/{id}/)")
    url = serializers.URLField(allow_null=True, help_text="the game's page")
    finished = serializers.BooleanField()
    adjudicated = serializers.BooleanField(help_text="decided at the maximum game length, not played out")


class TournamentRoundSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    tables = TournamentTableSerializer(many=True)
    byes = TournamentPersonSerializer(many=True)
    finished = serializers.BooleanField()


class TournamentCrossCellSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    bye = serializers.BooleanField()
    opponents = TournamentPersonSerializer(many=True)
    game = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True)


class TournamentCrossLineSerializer(serializers.Serializer[Any]):
    player = TournamentPersonSerializer()
    rounds = TournamentCrossCellSerializer(many=True)


class TournamentViewerSerializer(serializers.Serializer[Any]):
    host = serializers.BooleanField()
    entered = serializers.BooleanField()
    withdrawn = serializers.BooleanField()


class TournamentDetailSerializer(TournamentSummarySerializer):
    version = serializers.IntegerField(help_text="the number of events in the tournament's log")
    settings = serializers.DictField(help_text="what the host set (the create body's fields)")
    seed = serializers.CharField(allow_null=True, help_text="the pairings' seed, public once started")
    entrants = TournamentPersonSerializer(many=True, help_text="in sign-up order; once started, in seeding order")
    standings = TournamentStandingSerializer(many=True)
    tiebreaks = serializers.ListField(child=serializers.CharField(), help_text="the tiebreaks in force, in order")
    crosstable = TournamentCrossLineSerializer(many=True, help_text="each player's rounds, in the standings' order")
    pairings = TournamentRoundSerializer(many=True, help_text="each round paired so far: its tables (with their games) and byes")
    winners = TournamentPersonSerializer(many=True)
    you = TournamentViewerSerializer()
