"""The identity provider's signing keys (extensions.md E5.1): one RS256 (RSA 2048) and one
ES256 (P-256) key pair current, made by the serving process's first start when there are none
(of several processes starting at once, the partial unique index keeps one set), replaced by
`flask --app app oauth rotate-keys`; a retired key is still published, and still verifies,
until every token it signed has expired. Tokens are signed with the current keys only, read
from the database at each signing, so a rotation holds in every process at once, without a
restart. An app that never served (a maintenance command, the test client) makes none unless
it signs or publishes, and then the same way."""
import json
import logging
from datetime import datetime, timedelta

from flask import current_app
from joserfc.jwk import ECKey, KeySet, RSAKey
from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from core import clock, sealing
from core.db import db
from sections.oauth.models import SigningKey

SEALED = b"oauth-signing-key-at-rest"
MAKERS = {"RS256": lambda: RSAKey.generate_key(2048), "ES256": lambda: ECKey.generate_key("P-256")}
ID_TOKEN_LIFETIME = timedelta(minutes=10)  # E5.6
# How long a process trusts what it read of a current key before reading its row again: a key
# retired by another process is known here by then, far inside a token's lifetime.
RECHECK = timedelta(seconds=30)
log = logging.getLogger(__name__)
_private: dict[str, object] = {}  # kid -> the imported private key (unsealing costs CPU)
# kid -> (public key, retired_at, when read); a retired key's row never changes again.
_public: dict[str, tuple[object, datetime | None, datetime]] = {}


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
    at the same moment wins, and its keys are the ones kept: the unique index of current keys
    refuses the loser's row (on SQLite the loser's savepoint waits for the winner's commit)."""
    have = set(db.session.execute(select(SigningKey.alg).where(
        SigningKey.retired_at.is_(None))).scalars())
    for key in [_made(alg) for alg in MAKERS if alg not in have]:
        try:
            with db.session.begin_nested():
                db.session.add(key)
        except IntegrityError:
            pass  # made by a concurrent start: the index decided
    db.session.commit()


def at_start(app) -> None:
    """serving.on_start: the first start makes the keys (E5.1). A database that cannot hold
    them yet (not upgraded) is said in the log; the keys are then made when first needed."""
    with app.app_context():
        try:
            ensure()
        except SQLAlchemyError as exc:
            db.session.rollback()
            log.warning("the identity provider's signing keys were not made at start (%s); "
                        "they are made when first needed", type(exc).__name__)


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
    current = select(SigningKey.kid, SigningKey.private_key).where(
        SigningKey.alg == alg, SigningKey.retired_at.is_(None))
    row = db.session.execute(current).first()
    if row is None:  # an app that never served, or a database emptied
        ensure()
        row = db.session.execute(current).one()
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
    than a token's longest lifetime ago); None otherwise. Kept in the process once read (a
    key never changes); whether a current one was retired since, by a rotation in another
    process, is read again after RECHECK, so it stops verifying in every process when it
    leaves the JWKS."""
    if not isinstance(kid, str) or len(kid) > 64:
        return None
    now = clock.utcnow()
    cached = _public.get(kid)
    if cached is None or (cached[1] is None and not cached[2] <= now < cached[2] + RECHECK):
        row = db.session.execute(select(SigningKey.public_jwk, SigningKey.retired_at).where(
            SigningKey.kid == kid)).first()
        if row is None:
            _public.pop(kid, None)
            return None
        keys = cached[0] if cached else KeySet.import_key_set({"keys": [row.public_jwk]})
        cached = _public[kid] = (keys, row.retired_at, now)
    keys, retired_at, _ = cached
    if retired_at is not None and retired_at <= now - longest_lifetime():
        return None
    return keys
