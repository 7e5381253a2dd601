"""The password strength policy (contract section 3): a pure rule, checked by the sign-up
schema and by the services that set a password."""
from zxcvbn import zxcvbn

# zxcvbn only looks at this many characters (its documented input limit); longer is not weaker.
STRENGTH_INPUT_LIMIT = 72
MIN_SCORE = 2


def strength_problem(password: str, email: str) -> str | None:
    """Why `password` is too easy to guess, or None when it is acceptable."""
    result = zxcvbn(password[:STRENGTH_INPUT_LIMIT], user_inputs=[email, email.split("@")[0]])
    if result["score"] >= MIN_SCORE:
        return None
    feedback = result["feedback"]
    reason = feedback.get("warning") or "This password is too easy to guess."
    hints = " ".join(feedback.get("suggestions") or [])
    return f"Password is too weak: {reason} {hints}".strip()
