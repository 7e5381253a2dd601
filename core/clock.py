"""The one clock of the service: every "now" comes from here, so tests move time in one place."""
from datetime import UTC, datetime


def utcnow() -> datetime:
    """Return the current time as a timezone-aware UTC datetime."""
    return datetime.now(UTC)
