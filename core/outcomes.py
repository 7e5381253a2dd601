"""Named outcomes a service raises when a request cannot be done; errors.py maps each to its
HTTP status and code once, so no service chooses a status (resources.md R1's table)."""


class Outcome(Exception):
    """A refusal with a human message; `field` names the input at fault (details)."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


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
