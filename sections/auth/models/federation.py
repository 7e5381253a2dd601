"""An account's links to identity providers and its sign-ins through them (the federation
path, services/federation.py)."""
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, new_id

# Where an identity comes from: GitHub or Google (contract section 5), or one of a project's
# single sign-on connections (extensions.md E4.2; `connection_id` names it).
GITHUB, GOOGLE, SSO = "github", "google", "sso"
_NO_CONNECTION = text("connection_id IS NULL")
_CONNECTION = text("connection_id IS NOT NULL")


class LinkedIdentity(db.Model):
    """An identity at an identity provider linked to an account: GitHub's or Google's user id,
    or the subject (the ID token's `sub`, SAML's NameID) at an SSO connection. An account may
    be linked to several; an identity to one account (the unique indexes, one per kind)."""

    __tablename__ = "linked_identities"
    __table_args__ = (
        Index("uq_linked_identities_provider_subject", "provider", "subject", unique=True,
              sqlite_where=_NO_CONNECTION, postgresql_where=_NO_CONNECTION),
        Index("uq_linked_identities_connection_subject", "connection_id", "subject",
              unique=True, sqlite_where=_CONNECTION, postgresql_where=_CONNECTION),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    provider: Mapped[str] = mapped_column(String(16))  # GITHUB, GOOGLE or SSO
    connection_id: Mapped[str | None] = mapped_column(
        ForeignKey("sso_connections.id", ondelete="CASCADE"))
    subject: Mapped[str] = mapped_column(String(512))
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())


class PendingSignIn(db.Model):
    """A sign-in through an identity provider between the redirect and the provider's answer,
    found by the SHA-256 of its `state` (OAuth, OIDC) or `RelayState` (SAML): single use, 10
    minutes. Kept server-side, so a callback cannot be replayed and the client's `redirectUrl`
    cannot be changed on the way back. With `user_id`, a sign-in done and waiting for the
    exchange of its redirect's one-time code (60 s), found by the code's SHA-256."""

    __tablename__ = "pending_sign_ins"
    __table_args__ = (Index("ix_pending_sign_ins_expires_at", "expires_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    state_hash: Mapped[str] = mapped_column(String(64), unique=True)
    provider: Mapped[str] = mapped_column(String(16))  # GITHUB, GOOGLE or SSO
    connection_id: Mapped[str | None] = mapped_column(
        ForeignKey("sso_connections.id", ondelete="CASCADE"), index=True)
    # SHA-256 of the browser key in the signed session cookie, for GitHub and Google: the
    # callback must come from the browser that started (RFC 6749 section 10.12, login CSRF).
    # None for single sign-on, whose state alone authorises the callback (E4.2).
    browser_hash: Mapped[str | None] = mapped_column(String(64))
    nonce_hash: Mapped[str | None] = mapped_column(String(64))  # OpenID Connect's nonce
    code_verifier: Mapped[str | None] = mapped_column(String(128))  # PKCE, RFC 7636
    request_id: Mapped[str | None] = mapped_column(String(128))  # SAML: the AuthnRequest's ID
    redirect_url: Mapped[str | None] = mapped_column(String(2048))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                                index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
