"""The payment webhook's writes as precompiled statements on a pooled DBAPI connection, outside
the ORM's session (piece `ledger_sql`, bench/README.md; PERF_OFF=ledger_sql leaves it out, and
sections/payments/service.py `record` then takes the ORM path, which a test holds equal).

The section hands over what it owns: its events table and its upsert builder
(`upsert(dialect, model, rows=None)`, contract section 7's "newest event wins")."""
import functools
import threading

from sqlalchemy import bindparam, func, select
from sqlalchemy.dialects import postgresql, sqlite

from perf.prepared import PreparedWrite, raw_cursor

# Both backends speak INSERT ... ON CONFLICT; SQLAlchemy spells it per dialect.
_INSERT = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}

# SQLite lets one transaction write at a time; the others wait in its busy handler, which
# sleeps (1, 2, 5, 10 ms...) and retries. The serving threads of one process take turns here
# instead, each woken as soon as the one before has committed.
ONE_WRITER = threading.Lock()


def write(engine, events, upsert, model, stored: dict, values: dict | None) -> bool:
    """Store the event (`stored`, a row of `events`) and, when it is new and `model` is not
    None, upsert its record (`values`); committed. False for a repeat. On PostgreSQL one
    statement in autocommit, one round trip: the event's INSERT ... ON CONFLICT DO NOTHING and
    the record's upsert as data-modifying CTEs, the upsert reading only the row the first one
    inserted, so a repeat changes nothing (a concurrent delivery of the same event waits for
    the first, as the primary key makes it). On SQLite the same two statements in one
    transaction, one serving thread at a time (ONE_WRITER)."""
    dialect = engine.dialect.name
    if dialect == "postgresql":
        params = {**stored, **{f"record_{name}": value for name, value in (values or {}).items()}}
        with raw_cursor(engine, autocommit=True) as run:
            return run(*_stored_and_applied(dialect, events, upsert, model)
                       .sql_and_values(engine, params)).fetchone()[0] == 1
    with ONE_WRITER, raw_cursor(engine, autocommit=False) as run:
        if run(*_event_insert(dialect, events).sql_and_values(engine, stored)).rowcount != 1:
            return False
        if model is not None:
            run(*_record_upsert(dialect, upsert, model).sql_and_values(engine, values))
    return True


@functools.cache
def _event_insert(dialect: str, events) -> PreparedWrite:
    """The event's INSERT that skips a repeat."""
    return PreparedWrite(_INSERT[dialect](events).on_conflict_do_nothing(
        index_elements=[events.c.id]))


@functools.cache
def _record_upsert(dialect: str, upsert, model) -> PreparedWrite:
    return PreparedWrite(upsert(dialect, model))


@functools.cache
def _stored_and_applied(dialect: str, events, upsert, model) -> PreparedWrite:
    """PostgreSQL: `WITH stored AS (INSERT event ... ON CONFLICT DO NOTHING RETURNING id),
    applied AS (upsert of `model`'s record FROM stored) SELECT count(*) FROM stored`: 1 when
    the event was new (and its effect applied), 0 for a repeat."""
    insert_event = _INSERT[dialect](events).values(
        {name: bindparam(name, type_=column.type) for name, column in events.c.items()})
    stored = insert_event.on_conflict_do_nothing(index_elements=[events.c.id]) \
        .returning(events.c.id).cte("stored")
    statement = select(func.count()).select_from(stored)
    if model is not None:
        rows = select(*[bindparam(f"record_{name}", type_=column.type)
                        for name, column in model.__table__.c.items()]).select_from(stored)
        statement = statement.add_cte(upsert(dialect, model, rows).cte("applied"))
    return PreparedWrite(statement)
