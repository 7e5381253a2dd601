"""The identity provider's signing keys (extensions.md E5.1): one RS256 (RSA 2048) and one
ES256 (P-256) key pair current, made when there are none (of several processes at once, the
partial unique index keeps one set), replaced by `flask --app app oauth rotate-keys`; a retired
key is still published, and still verifies, until every token it signed has expired. Tokens
are signed with the current keys only, read from the database at each signing, so a rotation
holds in every process at once, without a restart."""
import json
from datetime import datetime, timedelta

from flask import current_app
from joserfc.jwk import ECKey, KeySet, RSAKey
from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError

from core import clock, sealing
from core.db import db
from sections.oauth.models import SigningKey

SEALED = b"oauth-signing-key-at-rest"
MAKERS = {"RS256": lambda: RSAKey.generate_key(2048), "ES256": lambda: ECKey.generate_key("P-256")}
ID_TOKEN_LIFETIME = timedelta(minutes=10)  # E5.6
_private: dict[str, object] = {}  # kid -> the imported private key (unsealing costs CPU)
_public: dict[str, tuple[object, datetime | None]] = {}  # kid -> (public key, retired_at)


def longest_lifetime() -> timedelta:
    """How long after its signing a token may still be presented (access or ID token)."""
    return max(timedelta(seconds=current_app.config["OAUTH_ACCESS_TOKEN_LIFETIME"]),
               ID_TOKEN_LIFETIME)


def _made(alg: str) -> SigningKey:
    key = MAKERS[alg]()
    public = {**key.as_dict(private=False), "kid": key.thumbprint(), "use": "sig", "alg": alg}
    return SigningKey(kid=key.thumbprint(), alg=alg, public_jwk=public,
                      private_key=sealing.seal(json.dumps(key.as_dict(private=True)), SEALED),
                      created_at=clock.utcnow())


def ensure() -> None:
    """Make the current keys that are missing (the first start); another process making them
    at the same moment wins, and its keys are the ones kept."""
    have = set(db.session.execute(select(SigningKey.alg).where(
        SigningKey.retired_at.is_(None))).scalars())
    for alg in MAKERS:
        if alg in have:
            continue
        try:
            with db.session.begin_nested():
                db.session.add(_made(alg))
        except IntegrityError:
            pass  # made by a concurrent start: the unique index of current keys decided
    db.session.commit()


def rotate() -> list[str]:
    """Retire the current keys and make new ones, in one transaction; the new kids."""
    now = clock.utcnow()
    db.session.execute(update(SigningKey).where(SigningKey.retired_at.is_(None))
                       .values(retired_at=now))
    made = [_made(alg) for alg in MAKERS]
    db.session.add_all(made)
    db.session.commit()
    return [key.kid for key in made]


def signing_key(alg: str):
    """(kid, private key) of the current key of `alg`, made first if there is none."""
    row = db.session.execute(select(SigningKey.kid, SigningKey.private_key).where(
        SigningKey.alg == alg, SigningKey.retired_at.is_(None))).first()
    if row is None:
        ensure()
        return signing_key(alg)
    if row.kid not in _private:
        data = json.loads(sealing.unseal(row.private_key, SEALED))
        _private[row.kid] = (RSAKey if alg == "RS256" else ECKey).import_key(data)
    return row.kid, _private[row.kid]


def published() -> list[dict]:
    """The public keys of the JWKS: the current ones (made first if there are none) and those
    retired less than a token's longest lifetime ago."""
    current = db.session.execute(select(SigningKey.alg).where(
        SigningKey.retired_at.is_(None))).scalars().all()
    if set(current) != set(MAKERS):
        ensure()
    since = clock.utcnow() - longest_lifetime()
    rows = db.session.execute(select(SigningKey.public_jwk).where(
        or_(SigningKey.retired_at.is_(None), SigningKey.retired_at > since))
        .order_by(SigningKey.created_at.desc(), SigningKey.kid)).scalars()
    return list(rows)


def verifying_keys(kid) -> KeySet | None:
    """The public key named `kid` as a KeySet, while it may verify (current, or retired less
    than a token's longest lifetime ago); None otherwise. Kept in the process once read: a
    key never changes, and one retired since verifies only tokens that expire by then."""
    if not isinstance(kid, str) or len(kid) > 64:
        return None
    if kid not in _public:
        row = db.session.execute(select(SigningKey.public_jwk, SigningKey.retired_at).where(
            SigningKey.kid == kid)).first()
        if row is None:
            return None
        _public[kid] = (KeySet.import_key_set({"keys": [row.public_jwk]}), row.retired_at)
    keys, retired_at = _public[kid]
    if retired_at is not None and retired_at <= clock.utcnow() - longest_lifetime():
        return None
    return keys
