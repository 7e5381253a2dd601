"""The audit log as one hash chain (extensions.md E4.5).

`hash` = lower-case hex SHA-256 of `prev_hash` as 32 raw bytes followed by the canonical JSON of
{seq, actorId, action, targetType, targetId, projectId, details, createdAt} (UTF-8, keys sorted,
separators "," and ":", non-ASCII unescaped, createdAt ISO 8601 UTC with milliseconds and Z).

`record` keeps an entry aside (the session's `info`); the commit appends what the transaction
kept, as late as it can: the change itself is flushed, the chain's lock taken (PostgreSQL: a
transaction-level advisory lock; SQLite: its one writer's lock), the last entry read, and the
entries numbered, timed (never before the last entry) and hashed after it. The lock is held
until the commit, so the next writer reads this transaction's last entry (READ COMMITTED reads
anew at each statement): no gap, no fork, however many processes write. On PostgreSQL the
lock, the read and the insert are one call of `audit_append` (migration 0024), so no client
round trip lies inside the lock but the commit's. A transaction (or savepoint) rolled back
drops what it kept and took no number. The unique index on `seq` refuses a fork written by
any other path.
"""
import hashlib
import json

from sqlalchemy import DDL, event, insert, select, text, update
from sqlalchemy.orm import Session

from core import clock
from core.fields import utc_iso
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


def hash_of(entry, prev_hash: str) -> str:
    """The hash of an entry (an AuditEntry or a row with its columns) after `prev_hash`."""
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


def _lock_sqlite(connection) -> None:
    """SQLite's lock for the chain, held until the commit: its one writer's. A transaction that
    has written holds it, after which its reads see the latest commit; one that has not takes
    it with a write that matches nothing."""
    if not connection.connection.dbapi_connection.in_transaction:
        connection.execute(SQLITE_LOCK)


SQLITE_LOCK = (update(AuditEntry).where(AuditEntry.seq == 0).values(seq=AuditEntry.seq))
HEAD = (select(AuditEntry.seq, AuditEntry.hash, AuditEntry.created_at)
        .order_by(AuditEntry.seq.desc()).limit(1))
INSERT = insert(AuditEntry)

# PostgreSQL's append: the service computes each entry's canonical JSON (canonical_around); the
# function puts in `seq` and `createdAt`, which only the head decides, and hashes it with SHA-256
# as the published rule does. Each statement of a VOLATILE function takes a new snapshot (READ
# COMMITTED): the head is read after the lock is held, so it is the last committed entry.
# create_all makes it with the table; migration 0024 installs it (a copy as of that revision).
APPEND_FUNCTION = r"""
CREATE OR REPLACE FUNCTION audit_append(
    lock_key bigint, entry_id varchar, actor varchar, act varchar, target_kind varchar,
    target varchar, project varchar, body json, now_at timestamptz, before_time text,
    before_seq text, after_seq text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    last_seq bigint := 0;
    last_hash varchar := repeat('0', 64);
    last_at timestamptz := NULL;
    moment timestamptz;
BEGIN
    PERFORM pg_advisory_xact_lock(lock_key);
    SELECT seq, hash, created_at INTO last_seq, last_hash, last_at
        FROM audit_log ORDER BY seq DESC LIMIT 1;
    IF NOT FOUND THEN
        last_seq := 0;
        last_hash := repeat('0', 64);
    END IF;
    moment := greatest(now_at, last_at);  -- never before the last entry
    INSERT INTO audit_log (id, seq, actor_id, action, target_type, target_id, project_id,
                           details, created_at, prev_hash, hash)
    VALUES (entry_id, last_seq + 1, actor, act, target_kind, target, project, body, moment,
            last_hash,
            encode(sha256(decode(last_hash, 'hex') || convert_to(
                before_time
                || to_char(moment AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                || before_seq || (last_seq + 1)::text || after_seq, 'UTF8')), 'hex'));
END
$$
"""
event.listen(AuditEntry.__table__, "after_create",
             DDL(APPEND_FUNCTION).execute_if(dialect="postgresql"))


# The two values only the head decides, as they stand in an entry's canonical JSON before they
# are known: control characters, which JSON writes escaped, so no other value looks alike.
# createdAt's mark stands inside its quotes; seq, a number, replaces its mark and quotes.
TIME, SEQ = "\x01", "\x02"
TIME_MARK, SEQ_MARK = "\\u0001", '"\\u0002"'
APPEND = text("SELECT audit_append(:key, :id, :actor_id, :action, :target_type, :target_id, "
              ":project_id, CAST(:details AS json), :now, :before_time, :before_seq, "
              ":after_seq)")


def canonical_around(entry: dict) -> tuple[str, str, str]:
    """The entry's canonical JSON (the published serialisation) cut where `createdAt` and
    `seq` go: (before createdAt's value, between it and seq's, after seq's). The keys sort
    as action, actorId, createdAt, details, projectId, seq, targetId, targetType: before
    createdAt and after seq stand only names and ids the service makes, which hold no control
    character and no backslash."""
    text_ = canonical(hashed_fields(
        SEQ, entry["actor_id"], entry["action"], entry["target_type"], entry["target_id"],
        entry["project_id"], entry["details"], TIME)).decode("utf-8")
    before_time, rest = text_.split(TIME_MARK, 1)
    between, after = rest.rsplit(SEQ_MARK, 1)
    return before_time, between, after


@event.listens_for(Session, "before_commit")
def _append(session: Session) -> None:
    if session.in_nested_transaction() or not session.info.get(KEPT):
        return  # a savepoint's commit: its entries stay kept for the transaction's
    kept = [entry for entry, _ in session.info.pop(KEPT)]
    session.flush()  # the change first: the lock is held for the shortest time
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        now = clock.utcnow_ms()
        for entry in kept:
            before_time, before_seq, after_seq = canonical_around(entry)
            connection.execute(APPEND, {
                **entry, "key": LOCK_KEY, "details": json.dumps(entry["details"]), "now": now,
                "before_time": before_time, "before_seq": before_seq, "after_seq": after_seq})
        return
    _lock_sqlite(connection)
    last = connection.execute(HEAD).first()
    seq, prev = (last.seq, last.hash) if last is not None else (0, ZERO)
    # Its time is the chaining's, never before the last entry's: the log's createdAt order is
    # its seq order (every list reads the log by seq, sections/audit/models.py).
    moment = clock.utcnow_ms() if last is None else max(clock.utcnow_ms(), last.created_at)
    stamp = utc_iso(moment)
    for entry in kept:
        seq += 1
        entry.update(seq=seq, prev_hash=prev, created_at=moment)
        entry["hash"] = prev = entry_hash(prev, hashed_fields(
            seq, entry["actor_id"], entry["action"], entry["target_type"], entry["target_id"],
            entry["project_id"], entry["details"], stamp))
    connection.execute(INSERT, kept)  # Core: the entries are rows, not the session's objects


@event.listens_for(Session, "after_soft_rollback")
def _drop(session: Session, previous_transaction) -> None:
    kept = session.info.get(KEPT)
    if kept and previous_transaction.nested:
        session.info[KEPT] = [(entry, where) for entry, where in kept
                              if not _inside(where, previous_transaction)]


@event.listens_for(Session, "after_transaction_end")
def _end(session: Session, transaction) -> None:
    if transaction.parent is None and session.info.get(KEPT):
        session.info.pop(KEPT)  # rolled back or closed: nothing kept outlives its transaction


def _inside(where, transaction) -> bool:
    while where is not None:
        if where is transaction:
            return True
        where = where.parent
    return False


COLUMNS = (AuditEntry.id, AuditEntry.seq, AuditEntry.actor_id, AuditEntry.action,
           AuditEntry.target_type, AuditEntry.target_id, AuditEntry.project_id,
           AuditEntry.details, AuditEntry.created_at, AuditEntry.prev_hash, AuditEntry.hash)


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
