"""Single sign-on (extensions.md E4.2): a project's connections to identity providers. The
identities they vouch for and the sign-ins under way are the federation path's (auth's
models: LinkedIdentity, PendingSignIn)."""
from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, String, Text
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
    # [{der (base64), sha256Fingerprint, notAfter}]: the IdP's signing certificates.
    saml_certificates: Mapped[list | None] = mapped_column(JSON)
    saml_metadata_xml: Mapped[str | None] = mapped_column(Text)
    # IdP-initiated sign-in (a Response answering no request): off unless the owner allows it,
    # and then completed with this redirect URL.
    saml_idp_initiated: Mapped[bool] = mapped_column(Boolean, server_default="0", default=False)
    saml_idp_initiated_redirect_url: Mapped[str | None] = mapped_column(String(2048))
