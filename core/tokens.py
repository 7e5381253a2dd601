"""Random tokens and their stored form: only a SHA-256 digest ever reaches the database."""
import hashlib
import hmac
import secrets


def new_token() -> str:
    """32 random bytes, base64url without padding (contract section 2)."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored_digest: str) -> bool:
    return hmac.compare_digest(digest(token), stored_digest)
