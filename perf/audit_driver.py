"""The audit chain's two statements on PostgreSQL at psycopg itself (piece `audit_driver`,
bench/README.md "The audit chain"): the locked heads' read, and the entries' insert sent with
the COMMIT as one simple query. They run while the chain's lock is held, where every
microsecond of SQLAlchemy's layers is every writer's wait. With PERF_OFF=audit_driver,
sections/audit/chain.py runs both through SQLAlchemy; tests/perf/test_audit_driver.py holds
the two paths to the same chain.

The chain hands over what it owns: its statement texts, its table's column names and the kept
entries (dicts of those columns)."""
import weakref

import psycopg
from psycopg.types.json import Json
from sqlalchemy import event, exc

# The insert a connection's commit sends, by SQLAlchemy Connection (the session's, for one
# transaction): not the pooled DBAPI connection's `info`, which a rollback after the server
# went away cannot reach.
_COMMIT_WITH = weakref.WeakKeyDictionary()
_INSTALLED = weakref.WeakSet()  # the engines the piece serves (`install`)


def applies(connection) -> bool:
    """Whether the driver path serves this connection: its engine's commits send the insert."""
    return connection.engine in _INSTALLED


def fetch_all(connection, statement: str, values) -> list[tuple]:
    """The rows of `statement` (psycopg's `%s` parameters), on the connection's transaction."""
    return _run(connection, statement, values, read=lambda cursor: cursor.fetchall())


def insert_with_commit(connection, table: str, names: list[str], rows: list[dict]) -> None:
    """Have the connection's commit send `INSERT INTO table (names) VALUES ...; COMMIT`."""
    _COMMIT_WITH[connection] = (table, names, rows)


def install(engine) -> None:
    """Have `engine`'s commits send what `insert_with_commit` left (app.py: a PostgreSQL
    engine, the piece not left out). On that engine alone: an engine with a listener
    dispatches at every statement, which SQLite's would pay for nothing."""
    event.listen(engine, "commit", _commit_with)
    event.listen(engine, "rollback", _rolled_back)
    _INSTALLED.add(engine)


def _commit_with(connection) -> None:
    """As the connection commits, after every listener of the session's commit has run: the
    rows inserted and committed in one round trip. psycopg's client-side binding (ClientCursor)
    quotes the values into the text and sends it as a simple query, in which PostgreSQL runs
    the COMMIT only if the INSERT succeeded; the DBAPI commit that follows finds the
    transaction ended and sends nothing."""
    pending = _COMMIT_WITH.pop(connection, None)
    if pending is None:
        return
    table, names, rows = pending
    row = "(" + ", ".join(["%s"] * len(names)) + ")"
    statement = (f"INSERT INTO {table} ({', '.join(names)}) VALUES "
                 f"{', '.join([row] * len(rows))}; COMMIT")
    values = [Json(value) if isinstance(value, dict) else value
              for entry in rows for value in (entry[name] for name in names)]
    _run(connection, statement, values, cursor_class=psycopg.ClientCursor)


def _rolled_back(connection) -> None:
    _COMMIT_WITH.pop(connection, None)


def _run(connection, statement: str, values, read=None, cursor_class=None):
    """`statement` on the connection's psycopg connection, its errors raised as SQLAlchemy
    raises a driver's (IntegrityError, OperationalError, ...), the connection invalidated when
    the server is gone."""
    driver = connection.connection.dbapi_connection
    try:
        with (cursor_class(driver) if cursor_class else driver.cursor()) as cursor:
            cursor.execute(statement, values)
            return read(cursor) if read else None
    except psycopg.Error as error:
        gone = connection.dialect.is_disconnect(error, driver, None)
        if gone:
            connection.invalidate(error)
        raise exc.DBAPIError.instance(statement, None, error, psycopg.Error,
                                      hide_parameters=True, connection_invalidated=gone,
                                      dialect=connection.dialect) from error
