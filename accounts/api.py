"""REST endpoints of accounts: thin wrappers that validate shape and call accounts.services."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from core import throttles
from core.api import validated_body
from core.errors import ServiceError

from . import deletion, export, services
from .auth import request_user
from .serializers import (
    DeleteAccountSerializer,
    DeleteConfirmSerializer,
    DetailSerializer,
    MePatchSerializer,
    MeSerializer,
    PasswordResetConfirmSerializer,
    PasswordResetSerializer,
    RegisterSerializer,
    TokenRequestSerializer,
    TokenSerializer,
    VerifySerializer,
)

# The same words whether or not the address had an account.
REGISTERED = "Thank you. If this address can be used, an email is on its way; you can sign in and play now."
RESET_SENT = "If an account uses this address, an email with a link to reset the password is on its way."


class RegisterView(APIView):
    """Sign up. 201 with the same answer whether or not the address is new."""
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(request=RegisterSerializer, responses={201: DetailSerializer})
    def post(self, request: Request) -> Response:
        services.register(**validated_body(RegisterSerializer, request.data))
        return Response({"detail": REGISTERED}, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    """Exchange email and password for an API token (`Authorization: Token ...`)."""
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(request=TokenRequestSerializer, responses={200: TokenSerializer})
    def post(self, request: Request) -> Response:
        data = validated_body(TokenRequestSerializer, request.data)
        # One count per account with the web sign-in form: many addresses guessing one password are held too.
        wait = throttles.attempt(request, "sign_in", [throttles.account_ident(data["email"])])
        if wait is not None:
            raise exceptions.Throttled(wait)
        return Response({"token": services.issue_token(data["email"], data["password"])})


class LogoutView(APIView):
    """Revoke the caller's API token."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        services.revoke_token(request_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class VerifyEmailView(APIView):
    """Confirm an address with the token from the verification link."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(request=VerifySerializer, responses={200: DetailSerializer})
    def post(self, request: Request) -> Response:
        services.verify_email(validated_body(VerifySerializer, request.data)["token"])
        return Response({"detail": "Your address is confirmed."})


class ResendVerificationView(APIView):
    """Mail a new verification link to the signed-in user."""
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "verify_resend"

    @extend_schema(request=None, responses={202: DetailSerializer})
    def post(self, request: Request) -> Response:
        services.resend_verification(request_user(request))
        return Response({"detail": "If your address is not yet confirmed, a new link is on its way."}, status=202)


class PasswordResetView(APIView):
    """Ask for a password reset link. 202 with the same answer for any address; 429 past the rate of the
    client or of the address (shared with the web form), again whether or not the address has an account."""
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "password_reset"

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(request=PasswordResetSerializer, responses={202: DetailSerializer})
    def post(self, request: Request) -> Response:
        email = validated_body(PasswordResetSerializer, request.data)["email"]
        # One count per address with the web reset form, so requests from many clients cannot flood one
        # mailbox. It counts addresses, known or not: the 429 tells nothing of an account.
        wait = throttles.attempt(request, "password_reset", [throttles.account_ident(email)])
        if wait is not None:
            raise exceptions.Throttled(wait)
        services.request_password_reset(email)
        return Response({"detail": RESET_SENT}, status=status.HTTP_202_ACCEPTED)


class PasswordResetConfirmView(APIView):
    """Set a new password with the uid and token of a reset link."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(request=PasswordResetConfirmSerializer, responses={200: DetailSerializer})
    def post(self, request: Request) -> Response:
        data = validated_body(PasswordResetConfirmSerializer, request.data)
        services.confirm_password_reset(data["uid"], data["token"], data["password"])
        return Response({"detail": "Your password is changed. Sign in again."})


class MeView(APIView):
    """The signed-in player's profile."""

    @extend_schema(responses={200: MeSerializer})
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(request_user(request)).data)

    @extend_schema(request=MePatchSerializer, responses={200: MeSerializer})
    def patch(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            raise ServiceError("invalid", "invalid", gettext("The body must be a JSON object."))
        # Unknown or read-only fields are refused by the service rather than silently ignored.
        extra = set(request.data) - set(MePatchSerializer().fields)
        if extra:
            raise ServiceError("invalid", "read_only", gettext("These fields cannot be changed: {names}.").format(
                names=", ".join(sorted(extra))))
        user = services.update_profile(request_user(request), **validated_body(MePatchSerializer, request.data))
        return Response(MeSerializer(user).data)


class DeleteAccountView(APIView):
    """Ask for the deletion of the caller's account: with the right password, a link that confirms it is
    mailed (202); a wrong password is a 400 and nothing changes."""
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"  # it checks a password, as the token endpoint does

    @extend_schema(request=DeleteAccountSerializer, responses={202: DetailSerializer})
    def post(self, request: Request) -> Response:
        password = validated_body(DeleteAccountSerializer, request.data)["password"]
        deletion.request_deletion(request_user(request), password)
        return Response({"detail": gettext("A link that confirms the deletion is on its way to your address.")},
                        status=status.HTTP_202_ACCEPTED)


class DeleteConfirmView(APIView):
    """Delete the account with the token of the mailed link (an expired or forged one: 400, nothing deleted)."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(request=DeleteConfirmSerializer, responses={200: DetailSerializer})
    def post(self, request: Request) -> Response:
        deletion.delete_account(validated_body(DeleteConfirmSerializer, request.data)["token"])
        return Response({"detail": gettext("Your account is deleted.")})


class ExportView(APIView):
    """Have the caller's data export built in the background; its link is mailed (202)."""
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = export.THROTTLE_SCOPE  # per account, one budget with the settings page's form (data_views)

    @extend_schema(request=None, responses={202: DetailSerializer})
    def post(self, request: Request) -> Response:
        services.request_export(request_user(request))
        return Response({"detail": gettext("Your data export is being prepared; its link is on its way to your address.")},
                        status=status.HTTP_202_ACCEPTED)
