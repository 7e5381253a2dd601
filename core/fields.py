"""What every section's schemas share: timestamps, e-mail addresses, storable text, the
request base class and the two error envelopes."""
import functools
import re
from datetime import UTC, datetime
from urllib.parse import urlsplit

from marshmallow import (
    EXCLUDE,
    Schema,
    ValidationError,
    fields,
    pre_load,
    validate,
)

MAX_EMAIL = 254  # contract section 3 (RFC 5321: a path of 256 octets, less its "<" and ">")


def utc_iso(value: datetime) -> str:
    """ISO 8601 in UTC with a `Z` suffix and millisecond precision (the API's timestamps)."""
    return value.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class UTCDateTime(fields.DateTime):
    """A timestamp as utc_iso writes it."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else utc_iso(value)


class Email(fields.Email):
    """An e-mail address, trimmed and lower-cased before validation (contract section 3)."""

    def __init__(self, **kwargs):
        super().__init__(validate=validate.Length(max=MAX_EMAIL), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            value = value.strip().lower()
        return super()._deserialize(value, attr, data, **kwargs)


def email_address(value) -> str | None:
    """The one rule for an e-mail address wherever one is taken: sign-up's (contract section 3,
    the `Email` field above), and an identity provider's or a directory's (extensions.md E4.6):
    trimmed and lower-cased, one `@`, MAX_EMAIL characters at most; None when it is not one."""
    if not isinstance(value, str) or not storable(value):
        return None
    try:
        return _EMAIL.deserialize(value)
    except ValidationError:
        return None


UNSTORABLE = "Must be text without NUL characters or lone surrogates."


def storable(text: str) -> bool:
    """Text that every database accepts: no NUL (PostgreSQL refuses it), no lone surrogates."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_EMAIL = Email()


class RequestSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # contract section 1: unknown fields are ignored

    @pre_load
    def refuse_unstorable_text(self, data, **kwargs):
        if isinstance(data, dict):
            # Only the schema's own fields: unknown ones are dropped unread (contract section 1).
            known = _load_keys(self)
            bad = {key: [UNSTORABLE] for key, value in data.items()
                   if key in known and isinstance(value, str) and not storable(value)}
            if bad:
                raise ValidationError(bad)
        return data


def _load_keys(schema: Schema) -> frozenset:
    return frozenset(field.data_key or name for name, field in schema.load_fields.items())


def must_be_storable(value: str) -> None:
    if not storable(value):
        raise ValidationError(UNSTORABLE)


class TokenSchema(RequestSchema):
    """A one-time token posted back (e-mail verification, reset, invitations)."""

    token = fields.String(required=True, validate=validate.Length(min=1, max=512))


class SuccessSchema(Schema):
    success = fields.Boolean(required=True)


class MessageSchema(SuccessSchema):
    message = fields.String(required=True)


class HealthSchema(Schema):
    status = fields.String(required=True)


class AuthErrorSchema(Schema):
    """Error envelope of /api/auth endpoints."""

    error = fields.String(required=True, metadata={"description": "Upper-case error code"})
    message = fields.String(required=True)
    details = fields.Dict(keys=fields.String(), values=fields.Raw())


class ErrorSchema(Schema):
    """Error envelope of every other endpoint."""

    error = fields.String(required=True, metadata={"description": "Error name"})
    message = fields.String(required=True)
    code = fields.String(required=True, metadata={"description": "Upper-case error code"})
    details = fields.Dict(keys=fields.String(), values=fields.Raw())


@functools.cache
def data_schema(item_schema: type[Schema]) -> type[Schema]:
    """The documented answer of one resource: `{data: {...}}` (resources.md R1); one class per
    item schema, however many views answer it."""
    name = item_schema.__name__.removesuffix("Schema") + "DataSchema"
    return type(name, (Schema,), {"data": fields.Nested(item_schema, required=True)})


class UserRefSchema(Schema):
    """A user named by a resource (R1 "embedded users"); `email` only for those who may know it
    (members of the resource's project, admins, the user itself)."""

    id = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    image = fields.String(required=True, allow_none=True)
    email = fields.String()


class DisplayName(fields.String):
    """A person's name (contract section 9): trimmed, 1 to 100 code points; null clears it."""

    def __init__(self, **kwargs):
        super().__init__(allow_none=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs).strip()
        if not storable(value):
            raise ValidationError(UNSTORABLE)
        if not 1 <= len(value) <= 100:
            raise ValidationError("Must be 1 to 100 characters after trimming.")
        return value


class ImageUrl(fields.String):
    """A picture's address (contract section 9): an absolute https URL with a host, at most
    2,048 characters, no user info, no white space; kept exactly as sent. Null clears it."""

    def __init__(self, **kwargs):
        super().__init__(allow_none=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not storable(value):
            raise ValidationError(UNSTORABLE)
        try:
            parts = urlsplit(value)
            host = parts.hostname
        except ValueError:
            parts, host = None, None
        if (len(value) > 2048 or parts is None or parts.scheme != "https" or not host
                or "@" in parts.netloc or any(c.isspace() for c in value)):
            raise ValidationError("Must be an absolute https URL with a host, without user "
                                  "info or white space, of at most 2048 characters.")
        return value


class Text(fields.String):
    """Text as R1 reads it: NUL and lone surrogates refused, trimmed (unless `trim=False`: an
    article's content is kept exactly as sent), lengths counted after trimming. Text empty
    after trimming is 400 when required or not nullable, and null (cleared) otherwise."""

    def __init__(self, max_length: int, *, trim=True, **kwargs):
        super().__init__(**kwargs)
        self.max_length = max_length
        self.trim = trim

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not storable(value):
            raise ValidationError(UNSTORABLE)
        if not value.strip():
            if self.required or not self.allow_none:
                raise ValidationError("Must not be empty.")
            return None
        kept = value.strip() if self.trim else value
        if len(kept) > self.max_length:
            raise ValidationError(f"Must be at most {self.max_length} characters.")
        return kept


SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_SLUG = 200


class Slug(fields.String):
    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if len(value) > MAX_SLUG or not SLUG.fullmatch(value):
            raise ValidationError("Must be 1 to 200 characters of a-z and 0-9 in groups "
                                  "joined by single hyphens.")
        return value


class StrictInteger(fields.Integer):
    """An integer as JSON sends it: not a string, a fraction or a boolean."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class JsonBoolean(fields.Boolean):
    """A JSON `true` or `false` and nothing else: "true", 1 or "yes" are 400 (contract section 1;
    marshmallow's Boolean would accept all of them)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("Must be a JSON boolean (true or false).")
        return value


class Identifier(fields.String):
    """An id named in a body (`projectId`, `assigneeId`): 1 to 64 storable characters (R1: the
    wrong type is 400; a well-formed id naming nothing visible is answered by the service)."""

    def __init__(self, **kwargs):
        super().__init__(validate=validate.Length(1, 64), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not storable(value):
            raise ValidationError(UNSTORABLE)
        return value


class OffsetDateTime(fields.String):
    """R1: an ISO 8601 date-time with an offset (`Z`, `+02:00` ...), answered in UTC; a
    date-time without an offset, or a date alone, is refused."""

    default_error_messages = {"offset": "Must be an ISO 8601 date-time with an offset, "
                                        "e.g. 2026-07-01T18:00:00Z."}

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if len(value) > 40 or "T" not in value.upper():
            raise self.make_error("offset")
        try:
            parsed = datetime.fromisoformat(value)
            if parsed.tzinfo is None:
                raise ValueError(value)
            return parsed.astimezone(UTC)
        except (ValueError, OverflowError):
            raise self.make_error("offset") from None
