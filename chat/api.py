"""REST endpoints of the chat: thin views that check the request's shape and call chat.services."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from core.api import validated_body, validated_query

from . import services
from .serializers import (
    ChatQuerySerializer,
    ChatSettingsSerializer,
    MessageSerializer,
    MessagesSerializer,
    MutesSerializer,
    PostMessageSerializer,
)


class ChatView(APIView):
    """A game's chat: the messages you may read (`?after=N`; `?at=V`: as said by version V), or say one."""

    @extend_schema(parameters=[ChatQuerySerializer], responses={200: MessagesSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        query = validated_query(ChatQuerySerializer, request.query_params)
        page = services.messages_page(request_user(request), game_id, after=query["after"], at=query.get("at"))
        return Response(MessagesSerializer(page).data)

    @extend_schema(request=PostMessageSerializer, responses={201: MessageSerializer}, description=(
        "Say something in the game's chat (at most 2,000 characters; a player's messages go to the players' "
        "chat, a spectator's to the spectators'). Rate limited per player: 429 `chat_rate_limited`."))
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(PostMessageSerializer, request.data)
        message = services.post(request_user(request), game_id, data["text"], data.get("channel"))
        return Response(MessageSerializer(services.as_dict(message)).data, status=status.HTTP_201_CREATED)


class ChatSettingsView(APIView):
    """The host lets spectators read the players' chat; a player hides the spectators' chat."""

    @extend_schema(request=ChatSettingsSerializer, responses={200: MessagesSerializer})
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(ChatSettingsSerializer, request.data)
        user = request_user(request)
        if "players_public" in data:
            services.set_players_public(user, game_id, data["players_public"])
        if "hide_spectators" in data:
            services.set_hide_spectators(user, game_id, data["hide_spectators"])
        page = services.messages_page(user, game_id)
        return Response(MessagesSerializer(page).data)


class MutesView(APIView):
    """The players whose chat messages you do not see."""

    @extend_schema(responses={200: MutesSerializer})
    def get(self, request: Request) -> Response:
        return Response({"muted": services.muted_ids(request_user(request))})


class MuteView(APIView):
    """`PUT`: mute a player (their messages are hidden for you, in every game); `DELETE`: unmute."""

    @extend_schema(request=None, responses={200: MutesSerializer})
    def put(self, request: Request, user_id: int) -> Response:
        user = request_user(request)
        services.set_mute(user, user_id, True)
        return Response({"muted": services.muted_ids(user)})

    @extend_schema(request=None, responses={200: MutesSerializer})
    def delete(self, request: Request, user_id: int) -> Response:
        user = request_user(request)
        services.set_mute(user, user_id, False)
        return Response({"muted": services.muted_ids(user)})
