"""Input and output shapes of the accounts API (validation of form only; rules live in services)."""

from typing import Any

from rest_framework import serializers

from .models import User


class RegisterSerializer(serializers.Serializer[Any]):
    email = serializers.EmailField(max_length=254)
    password = serializers.CharField(max_length=256, trim_whitespace=False)
    display_name = serializers.CharField(max_length=60)
    language = serializers.ChoiceField(choices=User.Language.choices, default="en")
    time_zone = serializers.CharField(max_length=64, default="UTC")


class TokenRequestSerializer(serializers.Serializer[Any]):
    email = serializers.CharField(max_length=254)
    password = serializers.CharField(max_length=256, trim_whitespace=False)


class TokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField()


class DetailSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField()


class VerifySerializer(serializers.Serializer[Any]):
    token = serializers.CharField(max_length=1000)


class PasswordResetSerializer(serializers.Serializer[Any]):
    email = serializers.CharField(max_length=254)


class PasswordResetConfirmSerializer(serializers.Serializer[Any]):
    uid = serializers.CharField(max_length=64)
    token = serializers.CharField(max_length=128)
    password = serializers.CharField(max_length=256, trim_whitespace=False)


class MeSerializer(serializers.ModelSerializer[User]):
    email_verified = serializers.BooleanField(read_only=True)
    email_bounced = serializers.SerializerMethodField(
        help_text="mail to this address bounced: no game mail until the address is confirmed again "
        "(POST /api/accounts/verify/resend, then the link)")

    class Meta:
        model = User
        fields = ["id", "email", "display_name", "language", "time_zone", "email_verified", "email_bounced",
                  "date_joined"]
        read_only_fields = ["id", "email", "email_verified", "email_bounced", "date_joined"]

    def get_email_bounced(self, user: User) -> bool:
        return user.email_bounced_at is not None


class MePatchSerializer(serializers.Serializer[Any]):
    display_name = serializers.CharField(max_length=60, required=False)
    language = serializers.ChoiceField(choices=User.Language.choices, required=False)
    time_zone = serializers.CharField(max_length=64, required=False)
