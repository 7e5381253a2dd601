"""Database models, one module per section; `from models import User` imports any of them.

This module holds what every section shares: `db`, the declarative base and the UTC column type.
"""
import uuid
from datetime import UTC

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import DateTime, Index, TypeDecorator
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


def list_indexes(table: str, leads: dict, sorts: dict) -> tuple:
    """R1: an index for each list filter with each sort, ending in `id`, so a page query reads
    its rows in order from the index instead of sorting the table."""
    return tuple(
        Index(f"ix_{table}_{lead_name}{sort_name}_id", *lead_cols, sort_col, "id")
        for lead_name, lead_cols in leads.items() for sort_name, sort_col in sorts.items())
