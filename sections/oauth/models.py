"""The identity provider's tables (extensions.md E5): the clients, what users granted them, the
authorization requests waiting for a decision, each consented authorization (its code, its
refresh tokens, the access tokens revoked before their end), and the signing keys."""
from datetime import datetime, timedelta

from sqlalchemy import JSON, Boolean, ForeignKey, Index, String, Text, delete, func, text
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, new_id

APP, DYNAMIC, METADATA_DOCUMENT = "app", "dynamic", "metadata-document"  # E5.2's kinds
CONFIDENTIAL, PUBLIC = "confidential", "public"
ACTIVE, DISABLED = "ACTIVE", "DISABLED"
_CURRENT = text("retired_at IS NULL")
UNUSED_DAYS = 30  # E5.2: a dynamic client unused this long is removed by purge-expired
PURGED_KINDS = (DYNAMIC, METADATA_DOCUMENT)  # a metadata document's row too: a cache


def _now():
    return clock.utcnow()


class OAuthClient(db.Model):
    """A client of the authorization server (E5.2). An app's secret is kept as its SHA-256."""

    __tablename__ = "oauth_clients"
    __table_args__ = (
        # An owner's apps by createdAt (R1), and their count (the cap of 20).
        Index("ix_oauth_clients_owner_id_created_at_id", "owner_id", "created_at", "id"),
        # The dynamic clients unused for 30 days (purge_unused).
        Index("ix_oauth_clients_kind_last_used_at", "kind", "last_used_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    client_id: Mapped[str] = mapped_column(String(2048), unique=True)
    kind: Mapped[str] = mapped_column(String(24), default=APP)
    owner_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    type: Mapped[str] = mapped_column(String(16))  # CONFIDENTIAL or PUBLIC
    secret_hash: Mapped[str | None] = mapped_column(String(64))
    redirect_uris: Mapped[list] = mapped_column(JSON)
    homepage_url: Mapped[str | None] = mapped_column(String(2048))
    logo_url: Mapped[str | None] = mapped_column(String(2048))
    id_token_alg: Mapped[str] = mapped_column(String(8), default="RS256")
    status: Mapped[str] = mapped_column(String(16), default=ACTIVE)
    # A resource server the operator trusts introspects every token (E5.2's platform admins).
    may_introspect: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # A dynamic client's (RFC 7591, E5.2): its secret's end, the grant types it registered
    # (None: an app's, every grant), its RFC 7591 `token_endpoint_auth_method` (the two secret
    # methods are one to the token endpoint), `application_type` and `scope`, and its
    # registration access token (RFC 7592) kept as its SHA-256.
    secret_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    grant_types: Mapped[list | None] = mapped_column(JSON)
    auth_method: Mapped[str | None] = mapped_column(String(24))
    application_type: Mapped[str | None] = mapped_column(String(16))
    scope: Mapped[str | None] = mapped_column(String(2000))
    registration_token_hash: Mapped[str | None] = mapped_column(String(64))
    # A metadata document's client (E5.2): when its document was read, and until when that
    # reading stands (its Cache-Control max-age, clamped); then it is read again.
    document_fetched_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    document_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


def purge_unused(now: datetime) -> int:
    """Delete the dynamic and metadata-document clients unused (no token issued) for
    UNUSED_DAYS, with their grants and tokens (foreign keys): purge-expired's part; the number
    removed. A metadata document's client comes back at its next authorization."""
    cutoff = now - timedelta(days=UNUSED_DAYS)
    used = func.coalesce(OAuthClient.last_used_at, OAuthClient.created_at)
    return db.session.execute(delete(OAuthClient).where(
        OAuthClient.kind.in_(PURGED_KINDS), used <= cutoff)
        .execution_options(synchronize_session=False)).rowcount


class OAuthGrant(db.Model):
    """What a user granted a client so far (E5.3: `allow` creates or widens it): the scopes and
    resources, one row per user and client. Its deletion (the user's connected apps) takes every
    authorization and token of it."""

    __tablename__ = "oauth_grants"
    __table_args__ = (
        Index("uq_oauth_grants_user_id_client_id", "user_id", "client_id", unique=True),
        Index("ix_oauth_grants_client_id", "client_id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    client_id: Mapped[str] = mapped_column(ForeignKey("oauth_clients.id", ondelete="CASCADE"))
    scopes: Mapped[list] = mapped_column(JSON)
    resources: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class OAuthRequest(db.Model):
    """A valid authorization request waiting for its user's decision (E5.3): found by the
    SHA-256 of its id, 10 minutes, spent by the first decision. `params` are the request's
    parameters as checked (the client's, the scopes, resources, PKCE challenge, nonce...)."""

    __tablename__ = "oauth_requests"
    __table_args__ = (Index("ix_oauth_requests_expires_at", "expires_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    request_hash: Mapped[str] = mapped_column(String(64), unique=True)
    client_id: Mapped[str] = mapped_column(ForeignKey("oauth_clients.id", ondelete="CASCADE"),
                                           index=True)
    params: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class OAuthAuthorization(db.Model):
    """One consented authorization: its code (60 s, single use, stored hashed and bound to what
    E5.3 lists), then the tokens issued from it. Revoking it (a code redeemed twice, a refresh
    token reused, revocation) stops every token of it at once."""

    __tablename__ = "oauth_authorizations"
    __table_args__ = (Index("ix_oauth_authorizations_grant_id", "grant_id"),
                      Index("ix_oauth_authorizations_code_expires_at", "code_expires_at"))

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    grant_id: Mapped[str] = mapped_column(ForeignKey("oauth_grants.id", ondelete="CASCADE"))
    client_id: Mapped[str] = mapped_column(ForeignKey("oauth_clients.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    code_expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    code_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    redirect_uri: Mapped[str] = mapped_column(String(2048))
    code_challenge: Mapped[str] = mapped_column(String(128))
    scopes: Mapped[list] = mapped_column(JSON)
    resources: Mapped[list] = mapped_column(JSON)
    nonce: Mapped[str | None] = mapped_column(String(255))
    # The consenting session's sign-in and its single sign-on (E5.8: its tokens count as that).
    auth_time: Mapped[datetime] = mapped_column(UTCDateTime)
    sso_connection_id: Mapped[str | None] = mapped_column(String(32))
    sso_project_id: Mapped[str | None] = mapped_column(String(32), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class OAuthRefreshToken(db.Model):
    """A refresh token (`ort_` and 43 base64url characters), stored as its SHA-256. Each use
    replaces it (rotation); a replaced one presented again later is reuse (E5.4)."""

    __tablename__ = "oauth_refresh_tokens"
    __table_args__ = (Index("ix_oauth_refresh_tokens_authorization_id", "authorization_id"),
                      Index("ix_oauth_refresh_tokens_expires_at", "expires_at"))

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    authorization_id: Mapped[str] = mapped_column(
        ForeignKey("oauth_authorizations.id", ondelete="CASCADE"))
    scopes: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    replaced_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class RevokedAccessToken(db.Model):
    """An access token revoked by its `jti` before its end (RFC 7009): kept until its `exp`."""

    __tablename__ = "oauth_revoked_access_tokens"
    __table_args__ = (Index("ix_oauth_revoked_access_tokens_expires_at", "expires_at"),)

    jti: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SigningKey(db.Model):
    """A signing key pair (E5.1): `kid` its RFC 7638 thumbprint, the private key sealed (as the
    TOTP secrets are, core/sealing.py). One current key per algorithm (the partial unique
    index: of two processes making the first keys at once, one set is kept); a retired one is
    still published until the tokens it signed have all expired."""

    __tablename__ = "oauth_signing_keys"
    __table_args__ = (
        Index("uq_oauth_signing_keys_current_alg", "alg", unique=True,
              sqlite_where=_CURRENT, postgresql_where=_CURRENT),
    )

    kid: Mapped[str] = mapped_column(String(64), primary_key=True)
    alg: Mapped[str] = mapped_column(String(8))
    private_key: Mapped[str] = mapped_column(Text)
    public_jwk: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    retired_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class OAuthDeviceAuthorization(db.Model):
    """A device authorization (RFC 8628, E5.4): its device code and its user code, each kept as
    the SHA-256 of its value (the user code normalized: upper case, no dash), the request as
    checked (scope, resources: `params`), the polling state (`interval`, the last poll), and
    the user's decision (`status`, and for `allow` the consented authorization its tokens are
    issued from). `spent_at` is set once, by the poll that gets the tokens."""

    __tablename__ = "oauth_device_authorizations"
    __table_args__ = (Index("ix_oauth_device_authorizations_expires_at", "expires_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    device_code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    client_id: Mapped[str] = mapped_column(ForeignKey("oauth_clients.id", ondelete="CASCADE"),
                                           index=True)
    params: Mapped[dict] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # allowed, denied
    interval: Mapped[int] = mapped_column(default=5)
    polled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    authorization_id: Mapped[str | None] = mapped_column(
        ForeignKey("oauth_authorizations.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=_now)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    spent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
