"""The payment webhook's refusals (contract section 7, api-spec 6.2): 400s whose `error` field
names the refusal. Each takes its status from the core outcome it extends."""
from core.outcomes import Invalid


class InvalidSignature(Invalid):
    """No signing secret, a missing or malformed header, no matching v1, a stale timestamp."""

    code = "INVALID_SIGNATURE"
    name = "Invalid signature"


class InvalidPayload(Invalid):
    """A verified body that is not a valid event."""

    code = "INVALID_PAYLOAD"
    name = "Invalid payload"
