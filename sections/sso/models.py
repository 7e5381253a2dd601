"""Single sign-on (extensions.md E4.2): a project's connections to identity providers, the
identities they vouched for, and the sign-ins waiting between the redirect and the callback."""
from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, new_id

OIDC, SAML = "oidc", "saml"
ACTIVE, INACTIVE = "ACTIVE", "INACTIVE"
MAX_CONNECTIONS = 5  # a project's cap (409 beyond)


class SsoConnection(db.Model):
    """A project's connection to an identity provider, OIDC or SAML 2.0. The OIDC client
    secret is kept sealed (core/sealing.py): it must be sent to the provider, never answered."""

    __tablename__ = "sso_connections"
    __table_args__ = (
        # The project's list by createdAt (R1), its count (the cap of 5), its oldest ACTIVE one.
        Index("ix_sso_connections_project_id_created_at_id", "project_id", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    type: Mapped[str] = mapped_column(String(8))  # OIDC or SAML
    name: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(16), default=ACTIVE)  # ACTIVE or INACTIVE
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    # --- OIDC ---
    oidc_issuer: Mapped[str | None] = mapped_column(String(2048))
    oidc_client_id: Mapped[str | None] = mapped_column(String(255))
    oidc_client_secret: Mapped[str | None] = mapped_column(Text)  # a Fernet token
    # The provider's discovery document as read at creation (its endpoints and methods), and
    # its JWKS as last read: read again only for a key id it does not hold (key rotation).
    oidc_metadata: Mapped[dict | None] = mapped_column(JSON)
    oidc_jwks: Mapped[dict | None] = mapped_column(JSON)
    oidc_jwks_fetched_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # --- SAML 2.0 ---
    saml_idp_entity_id: Mapped[str | None] = mapped_column(String(1024))
    saml_idp_sso_url: Mapped[str | None] = mapped_column(String(2048))
    # [{pem, sha256Fingerprint, notAfter}]: the IdP's signing certificates.
    saml_certificates: Mapped[list | None] = mapped_column(JSON)
    saml_metadata_xml: Mapped[str | None] = mapped_column(Text)


class SsoIdentity(db.Model):
    """An identity at a connection's provider (the ID token's `sub`, SAML's NameID) linked to
    an account; an account may be linked to several."""

    __tablename__ = "sso_identities"
    __table_args__ = (
        Index("uq_sso_identities_connection_subject", "connection_id", "subject", unique=True),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    connection_id: Mapped[str] = mapped_column(
        ForeignKey("sso_connections.id", ondelete="CASCADE"))
    subject: Mapped[str] = mapped_column(String(512))
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())


class SsoState(db.Model):
    """A sign-in between the redirect to the provider and its answer, found by the SHA-256 of
    its `state` (OIDC) or `RelayState` (SAML), single use, 10 minutes; or, with `user_id`, a
    sign-in done and waiting for its one-time code's exchange. Not tied to a browser: the
    state alone authorises the callback (E4.2)."""

    __tablename__ = "sso_states"
    __table_args__ = (Index("ix_sso_states_expires_at", "expires_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    state_hash: Mapped[str] = mapped_column(String(64), unique=True)
    connection_id: Mapped[str] = mapped_column(
        ForeignKey("sso_connections.id", ondelete="CASCADE"), index=True)
    nonce_hash: Mapped[str | None] = mapped_column(String(64))  # OIDC: SHA-256 of the nonce
    code_verifier: Mapped[str | None] = mapped_column(String(128))  # OIDC: PKCE, RFC 7636
    request_id: Mapped[str | None] = mapped_column(String(128))  # SAML: the AuthnRequest's ID
    # Set once the provider's answer signed this account in: the row is then the one-time code
    # of the redirect to `redirect_url` (60 s), exchanged at POST /api/auth/sso/token.
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                                index=True)
    redirect_url: Mapped[str | None] = mapped_column(String(2048))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
