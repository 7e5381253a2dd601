"""Database models, one module per section; `from models import User` imports any of them.

This module holds what every section shares: `db`, the declarative base and the UTC column type.
"""
import time
import uuid
from datetime import UTC

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import DateTime, Index, TypeDecorator, event, select, update
from sqlalchemy.exc import DisconnectionError
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


def ping_after_idle(engine, seconds: float) -> None:
    """Ping a pooled connection at checkout only when it has been idle `seconds` or more: a
    connection the server dropped while the service was quiet is replaced before use (the
    pool retries the checkout on DisconnectionError), and a busy pool, whose connections come
    back within milliseconds, pays no extra round trip per request (pool_pre_ping's cost;
    bench/README.md). A connection that breaks while in use fails its request once, and
    SQLAlchemy then invalidates the pool's older connections (docs/how-to/operations.md)."""
    pool, dialect = engine.pool, engine.dialect

    @event.listens_for(pool, "checkin")
    def _idle_from(_dbapi_connection, record):
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(pool, "checkout")
    def _ping_if_idle(dbapi_connection, record, _proxy):
        since = record.info.pop("idle_since", None)
        if since is not None and time.monotonic() - since >= seconds:
            try:
                dialect.do_ping(dbapi_connection)
            except dialect.loaded_dbapi.Error as exc:
                raise DisconnectionError(str(exc)) from exc


@event.listens_for(db.session, "after_transaction_create")  # the app's sessions alone
def _sqlite_savepoint_inside_a_transaction(session, transaction) -> None:
    """Python's sqlite3 opens a transaction only before an INSERT, UPDATE or DELETE. A SAVEPOINT
    sent before any of them opens a transaction of its own, which its RELEASE commits: what the
    savepoint wrote would stay when the rest is rolled back, and a read inside it holds a
    snapshot that another connection's commit makes unwritable ("database is locked" at once,
    not after busy_timeout). So the transaction is opened first, as the writer (IMMEDIATE:
    waiting up to busy_timeout for the lock), and the savepoint nested in it. A session event,
    not the engine's `savepoint`: an engine with a listener dispatches at every statement."""
    if not transaction.nested or session.get_bind().dialect.name != "sqlite":
        return
    driver = transaction.parent.connection(None).connection.dbapi_connection
    if not driver.in_transaction:
        driver.execute("BEGIN IMMEDIATE")


def lock_row(model, row_id: str, touch, *, deleting: bool = False) -> bool:
    """Hold `model`'s row `row_id` until the commit, so that concurrent requests deciding on
    what it owns (a festival's places, an account's keys) decide one after the other.
    PostgreSQL: FOR NO KEY UPDATE, which waits for the row's other lockers, its writers and its
    deletion, but not for inserts of rows that name it (their foreign key's KEY SHARE), which
    would otherwise queue behind the lock and could close a deadlock with its holder; with
    `deleting`, FOR UPDATE, which waits for those inserts too and keeps new ones out until the
    row is gone. SQLite serialises writers, but a transaction that read first cannot write once
    another has committed: this write of `touch` (a column, set to itself; no trigger watches
    it) waits for the other writers and then sees what they did. Whether the row is there."""
    if db.session.get_bind().dialect.name == "sqlite":
        return db.session.execute(update(model).where(model.id == row_id).values({touch: touch})
                                  .execution_options(synchronize_session=False)).rowcount == 1
    return db.session.execute(select(model.id).where(model.id == row_id)
                              .with_for_update(key_share=not deleting)).first() is not None
