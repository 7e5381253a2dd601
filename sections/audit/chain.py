"""The audit log as one hash chain (extensions.md E4.5).

`hash` = lower-case hex SHA-256 of `prev_hash` as 32 raw bytes followed by the canonical JSON of
{seq, actorId, action, targetType, targetId, projectId, details, createdAt} (UTF-8, keys sorted,
separators "," and ":", non-ASCII unescaped, createdAt ISO 8601 UTC with milliseconds and Z).
This module is the one place that rule is written: the commit's append on both databases and
`flask --app app audit verify` use `entry_hash`.

`record` keeps an entry aside (the session's `info`); the commit appends what the transaction
kept, as late as it can: the change itself is flushed, the chain's lock taken and the last
entry (and its projects' last ones) read in one round trip (`locked_heads`), the entries
numbered, timed (never before the last entry) and hashed after it, and inserted (on
PostgreSQL with the COMMIT, in one round trip: perf/audit_driver.py). The lock is held until
the commit, so the next writer reads this transaction's last entry: no gap, no fork, however
many processes write. A transaction (or savepoint) rolled back drops what it kept and took no
number. The unique index on `seq` refuses a fork written by any other path.

Each project's own chain rides on it, under the same lock: an entry with a project also gets
`project_seq` (1, 2, 3, ... within the project) and `project_hash` = lower-case hex SHA-256 of
`project_prev_hash` (the project's previous entry's `project_hash`, 32 zero bytes before its
first) as 32 bytes followed by the entry's `hash` as 32 bytes, so that a project's export alone
shows an entry removed from it (scripts/verify_audit_export.py checks it with nothing but the
standard library).
"""
import functools
import hashlib
import json
from collections import namedtuple
from datetime import UTC

from sqlalchemy import DDL, BigInteger, String, event, insert, select, text, update
from sqlalchemy.orm import Session

from core import clock
from core.db import UTCDateTime, db
from core.fields import utc_iso
from perf import audit_driver
from sections.audit.models import AuditEntry

ZERO = "0" * 64
KEPT = "audit_kept"  # session.info: [(entry, the transaction it was recorded in)]
LOCK_KEY = 0x61756469745F6C6F  # pg_advisory_xact_lock's key for the chain ("audit_lo")
PAGE = 1000  # entries read at once by `pages` (the export, verification)


def canonical(fields: dict) -> bytes:
    """The published serialisation of an entry's hashed fields."""
    return json.dumps(fields, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def hashed_fields(seq, actor_id, action, target_type, target_id, project_id, details,
                  created_at: str) -> dict:
    return {"seq": seq, "actorId": actor_id, "action": action, "targetType": target_type,
            "targetId": target_id, "projectId": project_id, "details": details,
            "createdAt": created_at}


def entry_hash(prev_hash: str, fields: dict) -> str:
    return hashlib.sha256(bytes.fromhex(prev_hash) + canonical(fields)).hexdigest()


def project_hash(project_prev_hash: str, entry_hash_: str) -> str:
    """An entry's link in its project's chain, over the project's previous link."""
    return hashlib.sha256(bytes.fromhex(project_prev_hash) + bytes.fromhex(entry_hash_)
                          ).hexdigest()


def hash_of(entry, prev_hash: str) -> str:
    """The hash of an entry (an AuditEntry, a row with its columns, or a kept dict's columns
    as attributes) after `prev_hash`."""
    return entry_hash(prev_hash, hashed_fields(
        entry.seq, entry.actor_id, entry.action, entry.target_type, entry.target_id,
        entry.project_id, entry.details, utc_iso(entry.created_at)))


def keep(session: Session, entry: dict) -> None:
    """Keep `entry` (its columns: id, actor_id, action, target_type, target_id, project_id,
    details) for this transaction's commit, noting the savepoint it was recorded in."""
    if not session.in_transaction():
        session.begin()  # what the first query would begin: its end drops what was kept
    where = session.get_nested_transaction() or session.get_transaction()
    session.info.setdefault(KEPT, []).append((entry, where))


def head(session: Session):
    """(seq, hash, createdAt) of the last entry, or (0, ZERO, None)."""
    last = session.execute(HEAD).first()
    return tuple(last) if last is not None else (0, ZERO, None)


HEAD = (select(AuditEntry.seq, AuditEntry.hash, AuditEntry.created_at)
        .order_by(AuditEntry.seq.desc()).limit(1))


def project_head_statement(project_id: str):
    """The project's last entry: (project_seq, project_hash, created_at)."""
    return (select(AuditEntry.project_seq, AuditEntry.project_hash, AuditEntry.created_at)
            .where(AuditEntry.project_id == project_id)
            .order_by(AuditEntry.project_seq.desc()).limit(1))


INSERT = insert(AuditEntry)
SQLITE_LOCK = (update(AuditEntry).where(AuditEntry.seq == 0).values(seq=AuditEntry.seq))

# PostgreSQL: the chain's lock and the heads' read (the log's, and each project's the
# transaction writes to) in one round trip. In READ COMMITTED a statement reads the snapshot
# taken when it started, so a head read in the statement that waits for the lock could miss the
# entry its holder just committed (a fork); a VOLATILE function takes a new snapshot for each of
# its statements, so its read, started once the lock is granted, sees the last committed
# entries. PL/pgSQL keeps its statements' plans for the connection's life, where a SQL
# function's are made again at every call (PostgreSQL 15): time spent under the lock. It holds
# no part of the hash rule. Its first row is the log's head (project_id null), then one row a
# project that has entries. create_all makes it with the table; migration 0034 installs it (a
# copy as of that revision).
HEAD_FUNCTION = """
CREATE OR REPLACE FUNCTION audit_locked_heads(lock_key bigint, project_ids varchar[])
RETURNS TABLE (project_id varchar, seq bigint, hash varchar, created_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
    PERFORM pg_advisory_xact_lock(lock_key);
    RETURN QUERY
    (SELECT NULL::varchar, a.seq, a.hash, a.created_at FROM audit_log a
     ORDER BY a.seq DESC LIMIT 1)
    UNION ALL
    SELECT p.id, b.project_seq, b.project_hash, b.created_at
    FROM unnest(project_ids) AS p(id) CROSS JOIN LATERAL (
        SELECT l.project_seq, l.project_hash, l.created_at FROM audit_log l
        WHERE l.project_id = p.id ORDER BY l.project_seq DESC LIMIT 1) b;
END
$$
"""
event.listen(AuditEntry.__table__, "after_create",
             DDL(HEAD_FUNCTION).execute_if(dialect="postgresql"))
event.listen(AuditEntry.__table__, "after_drop",
             DDL("DROP FUNCTION IF EXISTS audit_locked_heads(bigint, varchar[])").execute_if(
                 dialect="postgresql"))
LOCKED_HEADS = text("SELECT project_id, seq, hash, created_at "
                    "FROM audit_locked_heads(:key, :projects)").columns(
    project_id=String, seq=BigInteger, hash=String, created_at=UTCDateTime)
LOCKED_HEADS_AT_DRIVER = ("SELECT project_id, seq, hash, created_at "
                          "FROM audit_locked_heads(%s, %s::varchar[])")  # perf/audit_driver.py
Head = namedtuple("Head", "seq hash created_at")


@functools.lru_cache(maxsize=16)
def sqlite_heads(count: int):
    """SQLite: the same rows in one statement for `count` projects (`:p0`, `:p1`, ...), each
    head found through its unique index; made once per count (no JSON1, which a build may
    leave out)."""
    sql = ("SELECT NULL AS project_id, seq, hash, created_at FROM (SELECT seq, hash, "
           "created_at FROM audit_log ORDER BY seq DESC LIMIT 1)")
    if count:
        ids = " UNION ALL ".join(f"SELECT :p{index} AS id" for index in range(count))
        sql += (" UNION ALL SELECT l.project_id, l.project_seq, l.project_hash, l.created_at "
                f"FROM ({ids}) AS p JOIN audit_log AS l ON l.project_id = p.id "
                "AND l.project_seq = (SELECT m.project_seq FROM audit_log AS m "
                "WHERE m.project_id = p.id ORDER BY m.project_seq DESC LIMIT 1)")
    return text(sql).columns(project_id=String, seq=BigInteger, hash=String,
                             created_at=UTCDateTime)


def locked_heads(connection, project_ids: list[str]):
    """The chain's lock, held until the commit, then the log's last entry (seq, hash,
    created_at; None before the first) and {project id: (project_seq, project_hash)} of the
    given projects' last entries (a project with none is absent)."""
    if connection.dialect.name == "postgresql":
        rows = (audit_driver.fetch_all(connection, LOCKED_HEADS_AT_DRIVER,
                                       (LOCK_KEY, project_ids))
                if audit_driver.applies(connection) else
                connection.execute(LOCKED_HEADS, {"key": LOCK_KEY,
                                                  "projects": project_ids}).all())
    else:
        # SQLite's lock is its one writer's. A transaction that has written holds it, after
        # which its reads see the latest commit; one that has not takes it with a write that
        # matches nothing.
        if not connection.connection.dbapi_connection.in_transaction:
            connection.execute(SQLITE_LOCK)
        rows = connection.execute(sqlite_heads(len(project_ids)), {
            f"p{index}": project_id for index, project_id in enumerate(project_ids)}).all()
    last = next((Head(seq, hash_, created_at.astimezone(UTC))
                 for project_id, seq, hash_, created_at in rows if project_id is None), None)
    return last, {project_id: (seq, hash_) for project_id, seq, hash_, _ in rows
                  if project_id is not None}


def _append(session: Session) -> None:
    if session.in_nested_transaction() or not session.info.get(KEPT):
        return  # a savepoint's commit: its entries stay kept for the transaction's
    kept = [entry for entry, _ in session.info.pop(KEPT)]
    session.flush()  # the change first: the lock is held for the shortest time
    connection = session.connection()
    projects = sorted({entry["project_id"] for entry in kept if entry["project_id"]})
    last, project_heads = locked_heads(connection, projects)
    seq, prev = (last.seq, last.hash) if last is not None else (0, ZERO)
    # Its time is the chaining's, never before the last entry's: the log's createdAt order is
    # its seq order (every list reads the log by seq, sections/audit/models.py).
    moment = clock.utcnow_ms() if last is None else max(clock.utcnow_ms(), last.created_at)
    stamp = utc_iso(moment)
    for entry in kept:
        seq += 1
        entry.update(seq=seq, prev_hash=prev, created_at=moment, project_seq=None,
                     project_prev_hash=None, project_hash=None)
        entry["hash"] = prev = entry_hash(prev, hashed_fields(
            seq, entry["actor_id"], entry["action"], entry["target_type"], entry["target_id"],
            entry["project_id"], entry["details"], stamp))
        if entry["project_id"]:
            project_seq, project_prev = project_heads.get(entry["project_id"], (0, ZERO))
            link = project_hash(project_prev, entry["hash"])
            entry.update(project_seq=project_seq + 1, project_prev_hash=project_prev,
                         project_hash=link)
            project_heads[entry["project_id"]] = (project_seq + 1, link)
    if audit_driver.applies(connection):
        audit_driver.insert_with_commit(connection, AuditEntry.__tablename__, NAMES, kept)
    else:
        connection.execute(INSERT, kept)  # Core: the entries are rows, not the session's objects


NAMES = [column.name for column in AuditEntry.__table__.columns]


def _drop(session: Session, previous_transaction) -> None:
    kept = session.info.get(KEPT)
    if kept and previous_transaction.nested:
        session.info[KEPT] = [(entry, where) for entry, where in kept
                              if not _inside(where, previous_transaction)]


def _end(session: Session, transaction) -> None:
    if transaction.parent is None and session.info.get(KEPT):
        session.info.pop(KEPT)  # rolled back or closed: nothing kept outlives its transaction


def _inside(where, transaction) -> bool:
    while where is not None:
        if where is transaction:
            return True
        where = where.parent
    return False


# On the sessions of the app's `db` alone: a listener on a scoped_session goes to its
# sessionmaker's own Session subclass (SQLAlchemy's SessionEvents), so a session made any other
# way (a script's, another engine's, a library's) is never appended to.
for _name, _listener in (("before_commit", _append), ("after_soft_rollback", _drop),
                         ("after_transaction_end", _end)):
    event.listen(db.session, _name, _listener)


COLUMNS = (AuditEntry.id, AuditEntry.seq, AuditEntry.actor_id, AuditEntry.action,
           AuditEntry.target_type, AuditEntry.target_id, AuditEntry.project_id,
           AuditEntry.details, AuditEntry.created_at, AuditEntry.prev_hash, AuditEntry.hash,
           AuditEntry.project_seq, AuditEntry.project_prev_hash, AuditEntry.project_hash)


def pages(session: Session, statement=None, columns=COLUMNS, size: int = PAGE):
    """Rows of `statement` (default: every entry) in `seq` order, read PAGE at a time by keyset
    (`seq` > the last one read), as plain rows: memory holds one page whatever the log's size."""
    statement = select(*columns) if statement is None else statement
    page = statement  # the first from the lowest seq, whatever it is: a forged seq 0 included
    while True:
        rows = session.execute(page.order_by(AuditEntry.seq).limit(size)).all()
        yield from rows
        if len(rows) < size:
            return
        page = statement.where(AuditEntry.seq > rows[-1].seq)
