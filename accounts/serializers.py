"""Input and output shapes of the accounts API (validation of form only; rules live in services).

Every text field takes a JSON string and nothing else (DRF's own CharField turns a number into its digits),
and says in the schema the lengths it accepts.
"""

import zoneinfo
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import DISPLAY_NAME_MAX_LENGTH, User, validate_display_name

NOT_ONLY_BLANKS = RegexValidator(r"\S")


class _StringOnly(serializers.CharField):
    """A text field that refuses a number, a list or an object where a string belongs: a 400, not a cast."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class StringField(_StringOnly):
    """A required-by-default text field of at least one character (blank is refused, as the schema says).

    A field that trims blanks at either end refuses a value of blanks only; its schema says so with the
    pattern `\\S` (some character that is not a blank), so that a client reading the schema knows it too.
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_length", 1)
        if kwargs.get("trim_whitespace", True):
            kwargs["validators"] = [*kwargs.get("validators", ()), NOT_ONLY_BLANKS]
        super().__init__(**kwargs)


class EmailAddressField(_StringOnly, serializers.EmailField):
    """An email address, given as a string."""


def display_name_field(**kwargs: Any) -> StringField:
    """The display name as the API takes it: stripped, then the model's one check (accounts.models)."""
    return StringField(
        max_length=DISPLAY_NAME_MAX_LENGTH, validators=[validate_display_name],
        help_text="one line of 1 to 60 characters after stripping blanks at either end; no control or "
                  "formatting characters (Unicode category C, but the zero-width joiners) and no line breaks",
        **kwargs,
    )


TIME_ZONE_HELP = "an IANA time zone name, e.g. Europe/Berlin"


@extend_schema_field({"type": "string", "enum": sorted(zoneinfo.available_timezones()), "example": "Europe/Berlin"})
class TimeZoneField(StringField):
    """An IANA time zone name; the schema lists the names this server knows (the service refuses any other
    with `invalid_time_zone`, accounts.models.validate_time_zone)."""


class RegisterSerializer(serializers.Serializer[Any]):
    email = EmailAddressField(max_length=254)
    password = StringField(max_length=256, trim_whitespace=False)
    display_name = display_name_field()
    language = serializers.ChoiceField(choices=User.Language.choices, default="en")
    time_zone = TimeZoneField(max_length=64, default="UTC", help_text=TIME_ZONE_HELP)


class TokenRequestSerializer(serializers.Serializer[Any]):
    email = StringField(max_length=254)
    password = StringField(max_length=256, trim_whitespace=False)


class TokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField()


class DetailSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField()


class VerifySerializer(serializers.Serializer[Any]):
    token = StringField(max_length=1000)


class PasswordResetSerializer(serializers.Serializer[Any]):
    email = EmailAddressField(max_length=254)


class PasswordResetConfirmSerializer(serializers.Serializer[Any]):
    uid = StringField(max_length=64)
    token = StringField(max_length=128)
    password = StringField(max_length=256, trim_whitespace=False)


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
    refuse_unknown_fields = True  # the view names them first, as `read_only`; the schema says so

    display_name = display_name_field(required=False)
    language = serializers.ChoiceField(choices=User.Language.choices, required=False)
    time_zone = TimeZoneField(max_length=64, required=False, help_text=TIME_ZONE_HELP)


class DeleteAccountSerializer(serializers.Serializer[Any]):
    password = StringField(max_length=256)


class DeleteConfirmSerializer(serializers.Serializer[Any]):
    token = StringField(max_length=1000)
