"""A project's e-mail domains and their proof by DNS (extensions.md E4.1)."""
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, new_id

PENDING, VERIFIED = "PENDING", "VERIFIED"
MAX_LENGTH = 234  # so that the challenge name `_saas-verification.<domain>` fits in 253


class Domain(db.Model):
    """A domain a project claims. `status` is PENDING until the TXT record at
    `_saas-verification.<domain>` holds `value`, then VERIFIED. The partial unique index lets one
    project at a time hold a domain VERIFIED: of two projects verifying it at once the database
    refuses the second, on PostgreSQL and SQLite alike."""

    __tablename__ = "project_domains"
    __table_args__ = (
        Index("uq_project_domains_project_id_domain", "project_id", "domain", unique=True),
        Index("uq_project_domains_one_verified", "domain", unique=True,
              sqlite_where=text("status = 'VERIFIED'"),
              postgresql_where=text("status = 'VERIFIED'")),
        # The list: one project's domains by createdAt, with or without the status filter (R1).
        Index("ix_project_domains_project_id_created_at_id", "project_id", "created_at", "id"),
        Index("ix_project_domains_project_id_status_created_at_id",
              "project_id", "status", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    domain: Mapped[str] = mapped_column(String(MAX_LENGTH))  # lower-case ASCII (punycode)
    status: Mapped[str] = mapped_column(String(16), default=PENDING)
    # `saas-verification=` and 43 base64url characters: published in DNS, so no secret.
    value: Mapped[str] = mapped_column(String(64))
    verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
