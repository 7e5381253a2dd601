"""Hot reads outside the ORM (piece `held_sqlite`, bench/README.md): a SELECT compiled once per
engine and run on a pooled DBAPI connection; never for reads that must see the request's own
uncommitted writes (they go through `db.session`)."""
import contextlib
import functools
import json
import sqlite3
import weakref
from collections import namedtuple

from flask import current_app
from sqlalchemy import Float, LargeBinary, Numeric, event, func, inspect, select
from sqlalchemy.exc import DBAPIError

import perf
from perf import held_sqlite

# The bearer lookup (sections/auth/services/sessions.py) and the project read
# (sections/projects/service.py) answer one row from committed data. On SQLite the row comes back
# as one JSON array (`json_array(...)` over the statement, which SQLite flattens into the same
# plan), read by perf/held_sqlite.py without giving up the GIL, or by sqlite3 when it cannot.
# Statements with columns whose values JSON would not carry exactly (these types) keep the plain
# form and sqlite3. With PERF_OFF naming `held_sqlite` the read is SQLAlchemy's own.
INEXACT_IN_JSON = (Float, Numeric, LargeBinary)


@functools.cache  # asked once, when the first statement is prepared for SQLite
def _sqlite_has_json() -> bool:
    # JSON is built into SQLite since 3.38, but a build may leave it out.
    connection = sqlite3.connect(":memory:")
    try:
        connection.execute("SELECT json_array(1)")
    except sqlite3.OperationalError:
        return False
    finally:
        connection.close()
    return True


class PreparedRead:
    """`statement` (a Core select with bind parameters) ready to run by `one(engine, **params)`.
    With `into` (a mapped class with an attribute named as each column) a row is answered as
    an instance of it, as the ORM's read would be, attached to no session."""

    def __init__(self, statement, into=None):
        self.statement = statement
        self.into = into
        self._compiled = weakref.WeakKeyDictionary()

    def one(self, engine, **params):
        """The first row (a named tuple of the statement's columns, types converted, or an
        instance of `into`) or None."""
        prepared = self._prepare(engine)
        if prepared is None:  # PERF_OFF=held_sqlite: SQLAlchemy's own execution
            with engine.connect() as connection:
                row = connection.execute(self.statement, params).first()
            return row if row is None or self.into is None else \
                instances_of(self.into, row._fields)(row)
        sql, defaults, order, make_row, packed = prepared
        params = {**defaults, **params}  # the statement's own constants (e.g. role = 'owner')
        values = tuple(params[name] for name in order) if order else params
        if packed and not engine.url.query:
            found = held_sqlite.first_text(engine.url.database, sql, values)
            if found is not held_sqlite.UNAVAILABLE:
                return None if found is None else make_row((found,))
        # One SELECT needs no transaction; on PostgreSQL autocommit saves BEGIN and ROLLBACK.
        try:
            found = _fetch_one(engine, sql, values)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            # The server had ended the pooled connection (a restart, a failover): a read is
            # safe to send again, on a new one (raw_cursor had every older one replaced).
            found = _fetch_one(engine, sql, values)
        return None if found is None else make_row(found)

    def _prepare(self, engine):
        """The statement ready for `engine`, or None when its app's PERF_OFF names this piece
        (asked once per engine: every call runs inside the engine's app)."""
        if engine not in self._compiled and perf.off(current_app, "held_sqlite"):
            self._compiled[engine] = None
        if engine not in self._compiled:
            dialect = engine.dialect
            columns = list(self.statement.selected_columns)
            keys = [column.key for column in columns]
            build = namedtuple("Row", keys)._make if self.into is None else \
                instances_of(self.into, keys)
            convert = [column.type.dialect_impl(dialect).result_processor(dialect, None)
                       for column in columns]
            packed = dialect.name == "sqlite" and not any(
                isinstance(column.type, INEXACT_IN_JSON) for column in columns) \
                and _sqlite_has_json()
            statement = self.statement
            if packed:
                inner = statement.subquery()
                statement = select(func.json_array(*inner.c)).select_from(inner)
            compiled = statement.compile(dialect=dialect)

            def make_row(values):
                if packed:
                    values = json.loads(values[0])
                return build([f(v) if f else v
                                 for f, v in zip(convert, values, strict=True)])

            order = list(compiled.positiontup) if compiled.positiontup else None
            self._compiled[engine] = (str(compiled), dict(compiled.params), order, make_row,
                                      packed)
        return self._compiled[engine]


def instances_of(model, keys):
    """A maker of `model` instances from a row's values in `keys`' order: what the ORM's
    loading does (an instance from the class manager, the values into its dict), without a
    session, an identity map or events: 4 µs where the model's constructor takes 35."""
    new_instance = inspect(model).class_manager.new_instance
    keys = tuple(keys)

    def make(values):
        instance = new_instance()
        instance.__dict__.update(zip(keys, values, strict=True))
        return instance

    return make


def _fetch_one(engine, sql, values):
    with raw_cursor(engine, autocommit=engine.dialect.name != "sqlite") as run:
        return run(sql, values).fetchone()


@contextlib.contextmanager
def raw_cursor(engine, autocommit: bool):
    """`run(sql, values)` -> a DBAPI cursor, on a pooled connection of `engine`'s database.
    With `autocommit` (not for SQLite) each statement commits on its own, on a connection of
    `autocommit_pool(engine)`; without it, on one of the engine's own pool, everything run
    commits together when the block ends, and nothing when it raises. A database error
    reaches the caller as SQLAlchemy's DBAPIError (the service's 503), its connection closed
    and replaced, never back to the pool half-used. When the server had ended the connection,
    the error says so (`connection_invalidated`) and every connection the pool opened before
    it is replaced at its next checkout, as SQLAlchemy's own execution does on a disconnect."""
    dialect = engine.dialect
    dbapi_error = dialect.loaded_dbapi.Error
    pool = autocommit_pool(engine) if autocommit else engine.pool
    raw, cursor, last = None, None, (None, None)

    def run(sql, values):
        nonlocal last
        last = (sql, values)
        cursor.execute(sql, values)
        return cursor

    try:
        raw = pool.connect()
        cursor = raw.cursor()
        yield run
        cursor.close()
        if not autocommit:
            raw.commit()
    except dbapi_error as exc:
        ended = raw is not None and dialect.is_disconnect(exc, raw.dbapi_connection, cursor)
        if ended:
            pool._invalidate(raw, exc)  # SQLAlchemy's own call on a disconnect (pinned)
        elif raw is not None:
            raw.invalidate(exc)
        raise DBAPIError.instance(*last, exc, dbapi_error,
                                  connection_invalidated=ended) from exc
    except BaseException:
        if raw is not None and not autocommit:
            raw.rollback()
        raise
    finally:
        if raw is not None:
            raw.close()


_AUTOCOMMIT_POOLS = weakref.WeakKeyDictionary()  # engine -> its autocommit twin


def autocommit_pool(engine):
    """A second pool of `engine`'s database, made like its own (`Pool.recreate`: same size,
    recycle and checkout listeners, so idle connections are pinged as the engine's are),
    whose connections are put in autocommit once, when they connect. Switching a connection
    of the engine's pool to autocommit and back around each statement cost four more passes
    through psycopg's wait loop and a rollback at check-in (bench/README.md). Disposed with
    the engine. Each process may hold up to the pool's size more connections."""
    pool = _AUTOCOMMIT_POOLS.get(engine)
    if pool is None:
        pool = engine.pool.recreate()
        dialect = engine.dialect

        @event.listens_for(pool, "connect")
        def _autocommit(dbapi_connection, _record):
            dialect.set_isolation_level(dbapi_connection, "AUTOCOMMIT")

        @event.listens_for(engine, "engine_disposed")
        def _dispose(_engine):
            _AUTOCOMMIT_POOLS.pop(engine, None)
            pool.dispose()

        _AUTOCOMMIT_POOLS[engine] = pool
    return pool


class PreparedWrite:
    """`statement` (Core DML, or a SELECT over data-modifying CTEs, with bind parameters)
    compiled once per dialect; `sql_and_values(engine, params)` is what to send a DBAPI
    cursor (run it with `raw_cursor`), the parameters processed as SQLAlchemy would (e.g.
    UTCDateTime's conversion) and in the dialect's parameter style."""

    def __init__(self, statement):
        self.statement = statement
        self._compiled = {}

    def sql_and_values(self, engine, params: dict):
        dialect = engine.dialect
        found = self._compiled.get(dialect.name)
        if found is None:
            compiled = self.statement.compile(dialect=dialect)
            names = compiled.bind_names  # BindParameter -> its name in the SQL
            processors = {name: processor for bind, name in names.items()
                          if (processor := bind.type.dialect_impl(dialect)
                              .bind_processor(dialect)) is not None}
            order = list(compiled.positiontup) if compiled.positiontup else None
            found = self._compiled[dialect.name] = (str(compiled), processors, order)
        sql, processors, order = found
        values = {name: processors[name](value) if name in processors else value
                  for name, value in params.items()}
        return sql, (tuple(values[name] for name in order) if order else values)
