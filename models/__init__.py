"""Database models, one module per section; `from models import User` imports any of them.

This module holds what every section shares: `db`, the declarative base and the UTC column type.
"""
import uuid
from datetime import UTC

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import DateTime, TypeDecorator
from sqlalchemy.orm import DeclarativeBase


class UTCDateTime(TypeDecorator):
    """A timezone-aware UTC timestamp on every backend (SQLite hands back naive values)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None and value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value, dialect):
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC) if value is not None else None


class Base(DeclarativeBase):
    pass


# One session per request, ended at teardown: what a view commits stays readable without a
# reload (a commit would otherwise expire every object and the answer would query them again).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})


def new_id() -> str:
    return uuid.uuid4().hex


# Importing the section modules registers their tables on `db.metadata`.
from models.accounts import (  # noqa: E402,F401
    OAuthIdentity,
    OAuthState,
    OneTimeToken,
    PasskeyChallenge,
    PasskeyCredential,
    RecoveryCode,
    Session,
    User,
)
from models.articles import Article, ArticleTag  # noqa: E402,F401
from models.audit import AuditEntry  # noqa: E402,F401
from models.festivals import Festival, Review  # noqa: E402,F401
from models.mail import OutboxMessage  # noqa: E402,F401
from models.payments import (  # noqa: E402,F401
    Payment,
    PaymentEvent,
    Refund,
    Subscription,
)
from models.projects import MEMBER, OWNER, Invitation, Membership, Project  # noqa: E402,F401
from models.stats import StatCount  # noqa: E402,F401
from models.tickets import Ticket, TicketComment  # noqa: E402,F401
