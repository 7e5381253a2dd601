"""The Assertion IDs a SAML connection accepted, kept until the Assertion could no longer be
accepted anyway (its NotOnOrAfter plus the 60 s of skew): a second post of one is a replay."""
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db import UTCDateTime, db, new_id


class SamlAcceptedAssertion(db.Model):
    __tablename__ = "saml_accepted_assertions"
    __table_args__ = (
        Index("uq_saml_accepted_assertions_connection_assertion", "connection_id",
              "assertion_id", unique=True),
        Index("ix_saml_accepted_assertions_expires_at", "expires_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    connection_id: Mapped[str] = mapped_column(
        ForeignKey("sso_connections.id", ondelete="CASCADE"))
    assertion_id: Mapped[str] = mapped_column(String(256))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
