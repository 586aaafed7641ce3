"""Shapes of the chat API (form only; who may read or write what is `chat.services`')."""

from typing import Any

from rest_framework import serializers

from accounts.serializers import StringField
from games.api_fields import StrictBooleanField

from .models import MAX_MESSAGE_CHARS, Channel


class ChatQuerySerializer(serializers.Serializer[Any]):
    after = serializers.IntegerField(required=False, min_value=0, default=0, help_text="messages after this number")
    at = serializers.IntegerField(required=False, min_value=0,
                                  help_text="the replay: only what was said up to this version of the game")


class PostMessageSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True
    text = StringField(max_length=MAX_MESSAGE_CHARS, trim_whitespace=False,
                                 help_text="plain text; http(s) links are shown clickable")
    channel = serializers.ChoiceField(choices=Channel.choices, required=False,
                                      help_text="default: yours (a player's the players', a spectator's the spectators')")


class AuthorSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    display_name = serializers.CharField()


class MessageSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(help_text="the message's number in the game's chat")
    channel = serializers.ChoiceField(choices=Channel.choices)
    text = serializers.CharField()
    removed = serializers.BooleanField(help_text="its author deleted the account: the text is erased, `text` says so")
    game_version = serializers.IntegerField(help_text="the game's version when it was said")
    author = AuthorSerializer()
    created_at = serializers.DateTimeField()


class MessagesSerializer(serializers.Serializer[Any]):
    messages = MessageSerializer(many=True)
    last = serializers.IntegerField(help_text="ask `after` this number for newer messages")
    channels = serializers.ListField(child=serializers.ChoiceField(choices=Channel.choices),
                                     help_text="the channels you read")
    players_public = serializers.BooleanField(help_text="the host lets spectators read the players' chat")
    hide_spectators = serializers.BooleanField(help_text="you hide the spectators' chat")


class ChatSettingsSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True
    players_public = StrictBooleanField(required=False, help_text="the host only: spectators read the players' chat")
    hide_spectators = StrictBooleanField(required=False, help_text="a player only: hide the spectators' chat")


class MutesSerializer(serializers.Serializer[Any]):
    muted = serializers.ListField(child=serializers.IntegerField(), help_text="the ids of the players you muted")
