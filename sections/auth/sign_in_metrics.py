"""Sign-in outcomes for the metrics (core/metrics.py `sign_ins_total`): `@counted("password")`
on a view that can end in a session (one line per view, closest to the function)."""
import functools

from core import metrics
from core.outcomes import Outcome
from sections.auth.outcomes import TooManyFailures, TotpRequired, UserBanned

# The named refusals that have an outcome of their own; any other refusal is a failure.
OUTCOMES = ((TotpRequired, "two_factor_required"), (UserBanned, "banned"),
            (TooManyFailures, "rate_limited"))


def outcome_of(refusal: Outcome) -> str:
    return next((name for kind, name in OUTCOMES if isinstance(refusal, kind)), "failure")


def counted(method: str):
    """Count each answer of the view by outcome: a session handed out is a success; a step
    that hands out none (a passkey challenge, an OAuth redirect) is not a sign-in yet."""

    def decorate(view):
        @functools.wraps(view)
        def wrapper(*args, **kwargs):
            try:
                answer = view(*args, **kwargs)
            except Outcome as refusal:
                metrics.sign_in(method, outcome_of(refusal))
                raise
            if isinstance(answer, dict) and "session" in answer:
                metrics.sign_in(method, "success")
            return answer

        return wrapper

    return decorate
