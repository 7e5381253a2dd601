"""The one clock of the service: every "now" comes from here, so tests move time in one place."""
from datetime import UTC, datetime


def utcnow() -> datetime:
    """Return the current time as a timezone-aware UTC datetime."""
    return datetime.now(UTC)


def utcnow_ms() -> datetime:
    """Now, to the millisecond: the precision the API answers (ISO 8601 with milliseconds), for
    what is stored to be read back, filtered on or hashed exactly as answered."""
    now = utcnow()
    return now.replace(microsecond=now.microsecond // 1000 * 1000)
