"""The payment webhook's writes as precompiled statements on a pooled DBAPI connection (piece
`ledger_sql`, bench/README.md); with PERF_OFF=ledger_sql, sections/payments/service.py `record`
takes the ORM path, which a test holds equal."""
import functools

from sqlalchemy import bindparam, func, select
from sqlalchemy.dialects import postgresql, sqlite

import perf
from perf.prepared import PreparedWrite, raw_cursor


# The section hands over what it owns: its events table and its upsert builder
# (`upsert(dialect, model, rows=None)`, contract section 7's "newest event wins").
def applies(app) -> bool:
    """Whether `write` serves this app: PERF_OFF does not name the piece."""
    return not perf.off(app, "ledger_sql")


def write(engine, events, upsert, model, stored: dict, values: dict | None) -> bool:
    """Store the event (`stored`, a row of `events`) and, when it is new and `model` is not
    None, upsert its record (`values`); committed. False for a repeat.

    PostgreSQL: one statement in autocommit, one round trip: the event's INSERT ... ON
    CONFLICT DO NOTHING and the record's upsert as data-modifying CTEs, the upsert reading only
    the row the first one inserted, so a repeat changes nothing (a concurrent delivery of the
    same event waits for the first, as the primary key makes it). SQLite: the same INSERT,
    then the upsert only when it stored a row, in one transaction."""
    if engine.dialect.name == "sqlite":
        with raw_cursor(engine, autocommit=False) as run:
            if run(*_event_insert(events).sql_and_values(engine, stored)).rowcount != 1:
                return False
            if model is not None:
                run(*_record_upsert(upsert, model).sql_and_values(engine, values))
        return True
    params = {**stored, **{f"record_{name}": value for name, value in (values or {}).items()}}
    with raw_cursor(engine, autocommit=True) as run:
        return run(*_stored_and_applied(events, upsert, model)
                   .sql_and_values(engine, params)).fetchone()[0] == 1


@functools.cache
def _event_insert(events) -> PreparedWrite:
    """SQLite: the event's INSERT that skips a repeat."""
    return PreparedWrite(sqlite.insert(events).on_conflict_do_nothing(
        index_elements=[events.c.id]))


@functools.cache
def _record_upsert(upsert, model) -> PreparedWrite:
    return PreparedWrite(upsert("sqlite", model))


@functools.cache
def _stored_and_applied(events, upsert, model) -> PreparedWrite:
    """`WITH stored AS (INSERT event ... ON CONFLICT DO NOTHING RETURNING id),
    applied AS (upsert of `model`'s record FROM stored) SELECT count(*) FROM stored`: 1 when
    the event was new (and its effect applied), 0 for a repeat."""
    insert_event = postgresql.insert(events).values(
        {name: bindparam(name, type_=column.type) for name, column in events.c.items()})
    stored = insert_event.on_conflict_do_nothing(index_elements=[events.c.id]) \
        .returning(events.c.id).cte("stored")
    statement = select(func.count()).select_from(stored)
    if model is not None:
        rows = select(*[bindparam(f"record_{name}", type_=column.type)
                        for name, column in model.__table__.c.items()]).select_from(stored)
        statement = statement.add_cte(upsert("postgresql", model, rows).cte("applied"))
    return PreparedWrite(statement)
