"""The mail outbox: messages written in the request's transaction, delivered by core/outbox.py."""
from datetime import datetime

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from core.db import UTCDateTime, db, new_id


class OutboxMessage(db.Model):
    """One e-mail waiting to go out, deleted once delivered. Either a finished message
    (`kind` "message"; its body holds one-time tokens, so it is stored Fernet-encrypted), or a
    message to compose at delivery (`kind` names a composer, core/outbox.py): the request
    then does the same work whatever the address, and the sender decides what to send."""

    __tablename__ = "mail_outbox"
    __table_args__ = (Index("ix_mail_outbox_next_attempt_at", "next_attempt_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    kind: Mapped[str] = mapped_column(String(40), default="message", server_default="message")
    recipient: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str | None] = mapped_column(String(255))
    body: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Due when next_attempt_at <= now. A sender that claims the row moves it one lease ahead,
    # so a sender that dies mid-delivery leaves it due again once the lease runs out.
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime)
    attempts: Mapped[int] = mapped_column(default=0, server_default="0")
    last_error: Mapped[str | None] = mapped_column(String(500))
    # The links inside have expired by then: the message is dropped (purge-expired, sender).
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
