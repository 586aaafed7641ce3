"""The profile in the API: `GET /api/players/<id>/` (a hidden part is null and named in `hidden`), and the
player's own privacy choices (`GET`/`PATCH /api/players/me/privacy`)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from core.api import validated_body

from . import profiles
from .models import ProfilePrivacy
from .serializers import PrivacySerializer, PrivacyUpdateSerializer, ProfileSerializer


class ProfileView(APIView):
    """A player's profile as you may see it: what they keep private is null (and named in `hidden`)."""

    @extend_schema(responses={200: ProfileSerializer})
    def get(self, request: Request, user_id: int) -> Response:
        player = profiles.find_player(user_id)
        return Response(ProfileSerializer(profiles.profile(player, request_user(request))).data)


class PrivacyView(APIView):
    """What of your profile others see."""

    @extend_schema(responses={200: PrivacySerializer})
    def get(self, request: Request) -> Response:
        privacy = profiles.privacy_of(request_user(request))
        return Response({flag: getattr(privacy, flag) for flag in ProfilePrivacy.FLAGS})

    @extend_schema(request=PrivacyUpdateSerializer, responses={200: PrivacySerializer})
    def patch(self, request: Request) -> Response:
        data = validated_body(PrivacyUpdateSerializer, request.data)
        privacy = profiles.update_privacy(request_user(request), **data)
        return Response({flag: getattr(privacy, flag) for flag in ProfilePrivacy.FLAGS})
