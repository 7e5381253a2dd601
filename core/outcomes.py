"""Named outcomes a service raises when a request cannot be done; errors.py maps each to its
HTTP status and code once, so no service chooses a status (resources.md R1's table)."""


# A section names its own refusals by extending one of these (e.g. sections/auth/outcomes.py):
# its status is the nearest mapped base's, its `code` (the contract's) replaces the base's in both
# envelopes, and `name`, when set, is the general envelope's `error` field.
class Outcome(Exception):
    """A refusal with a human message (the class's `message` when none is given); `field`
    names the input at fault, or `details` gives them all; `headers` go out with the answer."""

    code: str | None = None
    name: str | None = None
    message: str

    def __init__(self, message: str | None = None, *, field: str | None = None,
                 details: dict | None = None, headers: dict | None = None):
        message = self.message if message is None else message
        super().__init__(message)
        self.message = message
        self.field = field
        self.details = details
        self.headers = headers or {}


class Unauthenticated(Outcome):
    """No live bearer session where one is needed (or a dead one was sent)."""


class NotFound(Outcome):
    """Nothing there, or nothing the caller may see (never Forbidden for those)."""


class Forbidden(Outcome):
    """The caller sees the resource but may not do this."""


class EmailNotVerified(Outcome):
    """The action needs a verified e-mail address."""


class Invalid(Outcome):
    """The input is well-formed but names something unacceptable (a validation error)."""


class InvalidToken(Outcome):
    """A posted one-time token is unknown, used, revoked or expired."""


class Conflict(Outcome):
    """The state forbids it: a duplicate, a final state, the last owner or admin."""


class TooManyRequests(Outcome):
    """Too many attempts for now; `headers` carry the Retry-After."""


class BadGateway(Outcome):
    """A server this one depends on (an OAuth provider) failed or cannot be reached."""


class Unavailable(Outcome):
    """This service cannot answer now (its database is down)."""

