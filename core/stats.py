"""Counts the database keeps (resources.md R8 statistics, R7's ticket totals), kept by triggers
generated here (`count`), and the parts of the statistics' answer the sections show (`show`)."""
from collections.abc import Callable
from dataclasses import dataclass

from marshmallow import Schema, fields
from sqlalchemy import DDL, BigInteger, SmallInteger, String, event
from sqlalchemy.orm import Mapped, mapped_column

from core.db import db
from core.parts import OpenAnswer, Part

# PostgreSQL: a counter is spread over this many rows, one per backend (`slot`), summed when read.
# A single row serialises every transaction that moves it, from its write to its commit (8
# clients inserting sessions: 1,400 commits/s on one row, 3,000 on 8, 3,400 without counts;
# bench/README.md, "Administration"); with slots only writers that share one wait for each other.
SLOTS = 8


class StatCount(db.Model):
    """One counter's share kept by one slot: `count` rows and, for payments, their `amount`."""

    __tablename__ = "stat_counts"

    section: Mapped[str] = mapped_column(String(32), primary_key=True)  # the counted table
    name: Mapped[str] = mapped_column(String(64), primary_key=True)  # a status, a currency...
    slot: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    count: Mapped[int] = mapped_column(BigInteger, default=0)
    amount: Mapped[int] = mapped_column(BigInteger, default=0)


@dataclass(frozen=True)
class Counter:
    """Rows of a table counted under `name` when `where` holds; SQL over the row `{row}`."""

    name: str  # a quoted constant, or a column: one counter per value
    where: str = "true"
    amount: str = "0"


@dataclass(frozen=True)
class Counted:
    table: str
    counters: tuple[Counter, ...]
    moved_by: tuple[str, ...] = ()  # the columns whose UPDATE can move a row between counters


# The counted tables, each declared by its section's models (`count`): table name -> Counted.
TABLES: dict[str, Counted] = {}


# Triggers change `stat_counts` in the transaction of every write to a counted table, whatever
# sends it: the ORM, Core statements, foreign-key cascades, bulk deletes, SQL typed by hand.
# `db.create_all()` creates them with their tables and migration 0012 runs the same statements,
# so the two cannot differ.
def count(counted: Counted) -> None:
    """Keep `counted.table`'s counters from now on (called from its models)."""
    TABLES[counted.table] = counted
    table = db.metadata.tables[counted.table]
    for dialect in TRIGGERS:
        for statement in create_triggers(counted.table, dialect):
            event.listen(table, "after_create", DDL(statement).execute_if(dialect=dialect))
    # A dropped table takes its triggers with it, not PostgreSQL's trigger function.
    event.listen(table, "after_drop",
                 DDL(drop_triggers(counted.table, "postgresql")[-1])
                 .execute_if(dialect="postgresql"))


def per_status(table: str) -> Counted:
    """One counter per value of the table's `status` column."""
    return Counted(table, (Counter("{row}.status"),), ("status",))


class Counts:
    """What a statistic reads: `count(table, name)` and `amount(...)` kept by a counter, every
    counter of a table (`names`), and `ended(name)`: its rows still counted live that the clock
    has ended since (a session expired, a ban over), which purge-expired keeps few."""

    def __init__(self, kept: dict, ended: dict):
        self.kept, self._ended = kept, ended  # (table, name) -> (count, amount); name -> count

    def count(self, table: str, name: str) -> int:
        return self.kept.get((table, name), (0, 0))[0]

    def amount(self, table: str, name: str) -> int:
        return self.kept.get((table, name), (0, 0))[1]

    def names(self, table: str) -> dict:
        """name -> (count, amount) for each counter of `table`, by name."""
        return {name: kept for (counted, name), kept in sorted(self.kept.items())
                if counted == table}

    def ended(self, name: str) -> int:
        return self._ended.get(name, 0)


@dataclass(frozen=True)
class Statistic(Part):
    """A section's part of the statistics (R8): `read(counts)` its value; `ended(now)` {name:
    SQL conditions} for the rows `counts.ended(name)` counts, in the statistics' one statement."""

    read: Callable[[Counts], object]
    ended: Callable | None = None


# The statistics' answer: each section's part, shown from its register (sections/admin/stats.py
# reads them all in one statement).
STATISTICS = OpenAnswer("StatsSchema")


def show(statistic: Statistic) -> None:
    """A section's part of GET /api/admin/stats (from its register)."""
    STATISTICS.add(statistic)


def counts_field(name: str, keys) -> fields.Nested:
    """An object of integers, one per key, documented as `{name}Counts`."""
    counts = {key: fields.Integer(required=True) for key in keys}
    return fields.Nested(Schema.from_dict(counts, name=f"{name}CountsSchema"), required=True)


def statuses(key: str, listed, name: str) -> Statistic:
    """`key`: the rows of the table `key` (counted `per_status`) with each of the `listed`
    statuses, 0 when none; documented as `{name}Counts`."""
    return Statistic(key, counts_field(name, listed),
                     lambda counts: {status: counts.count(key, status) for status in listed})


SLOT = {"postgresql": f"mod(pg_backend_pid(), {SLOTS})", "sqlite": "0"}


def _deltas(counted: Counted, row: str, sign: int, source: str = "") -> list[str]:
    return [f"SELECT '{counted.table}' AS section, {c.name} AS name, {sign} AS delta, "
            f"{sign} * ({c.amount}) AS amount{source} WHERE {c.where}".format(row=row)
            for c in counted.counters]


def _add(deltas: list[str], slot: str) -> str:
    """One statement adding the deltas, locking the counter rows in key order, so two that
    each move several counters cannot deadlock on them. Those of different statements are
    locked in the order of the writes; a cascade's come after its parent's (PostgreSQL queues
    the cascaded statements' triggers behind the parent statement's). Every transaction today
    moves users before sessions and projects before their content; two in one slot that met in
    opposite orders would deadlock, and PostgreSQL would refuse one (the service's 503)."""
    return ("INSERT INTO stat_counts (section, name, slot, count, amount) "
            f"SELECT section, name, {slot}, sum(delta), sum(amount) "
            f"FROM ({' UNION ALL '.join(deltas)}) AS deltas "
            # WHERE true: SQLite would read the ON of ON CONFLICT as a join's (its UPSERT docs).
            "WHERE true GROUP BY section, name HAVING sum(delta) <> 0 OR sum(amount) <> 0 "
            "ORDER BY section, name ON CONFLICT (section, name, slot) DO UPDATE SET "
            "count = stat_counts.count + excluded.count, "
            "amount = stat_counts.amount + excluded.amount")


def _postgresql(counted: Counted) -> list[str]:
    """Statement-level triggers over the transition tables: one upsert per statement, however
    many rows it writes. Row-level ones would each update the same counter row, and PostgreSQL
    walks every version one transaction left of a row to find the next: a bulk write of n rows
    would cost n² (100,000 users: two minutes instead of one second)."""
    table, slot = counted.table, SLOT["postgresql"]
    function = f"stat_counts_{table}"
    added = _deltas(counted, "r", 1, " FROM new_rows AS r")
    removed = _deltas(counted, "r", -1, " FROM old_rows AS r")
    statements = [
        f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$\n"
        "BEGIN\n"
        f"  IF TG_OP = 'INSERT' THEN {_add(added, slot)};\n"
        f"  ELSIF TG_OP = 'DELETE' THEN {_add(removed, slot)};\n"
        f"  ELSIF TG_OP = 'UPDATE' THEN {_add(added + removed, slot)};\n"
        f"  ELSE DELETE FROM stat_counts WHERE section = '{table}';\n"  # TRUNCATE
        "  END IF;\n"
        "  RETURN NULL;\n"
        "END $$",
        f"CREATE TRIGGER {function}_insert AFTER INSERT ON {table} REFERENCING NEW TABLE AS "
        f"new_rows FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        f"CREATE TRIGGER {function}_delete AFTER DELETE ON {table} REFERENCING OLD TABLE AS "
        f"old_rows FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        # TRUNCATE fires no DELETE trigger (SQLite has none: its DELETE fires the row triggers).
        f"CREATE TRIGGER {function}_truncate AFTER TRUNCATE ON {table} "
        f"FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
    ]
    if counted.moved_by:
        # No column list: PostgreSQL refuses one beside transition tables. An UPDATE that moves
        # no row between counters adds nothing (the HAVING of _add) and locks no counter.
        statements.append(
            f"CREATE TRIGGER {function}_update AFTER UPDATE ON {table} REFERENCING OLD TABLE "
            f"AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {function}()")
    return statements


def _sqlite(counted: Counted) -> list[str]:
    table, slot = counted.table, SLOT["sqlite"]
    statements = [
        f"CREATE TRIGGER stat_counts_{table}_insert AFTER INSERT ON {table} "
        f"BEGIN {_add(_deltas(counted, 'NEW', 1), slot)}; END",
        f"CREATE TRIGGER stat_counts_{table}_delete AFTER DELETE ON {table} "
        f"BEGIN {_add(_deltas(counted, 'OLD', -1), slot)}; END",
    ]
    if counted.moved_by:
        changed = " OR ".join(f"OLD.{column} IS NOT NEW.{column}" for column in counted.moved_by)
        statements.append(
            f"CREATE TRIGGER stat_counts_{table}_update AFTER UPDATE OF "
            f"{', '.join(counted.moved_by)} ON {table} WHEN {changed} "
            f"BEGIN {_add(_deltas(counted, 'NEW', 1) + _deltas(counted, 'OLD', -1), slot)}; END")
    return statements


TRIGGERS = {"postgresql": _postgresql, "sqlite": _sqlite}


def create_triggers(table: str, dialect: str) -> list[str]:
    """The statements that make `table`'s counters follow its writes."""
    return TRIGGERS[dialect](TABLES[table])


def drop_triggers(table: str, dialect: str) -> list[str]:
    if dialect == "sqlite":
        return [f"DROP TRIGGER IF EXISTS stat_counts_{table}_{event}"
                for event in ("insert", "delete", "update")]
    return [*(f"DROP TRIGGER IF EXISTS stat_counts_{table}_{event} ON {table}"
              for event in ("insert", "delete", "truncate", "update")),
            f"DROP FUNCTION IF EXISTS stat_counts_{table}()"]


def count_rows(table: str) -> str:
    """The statement that counts `table`'s existing rows into slot 0 (a migration's backfill)."""
    return _add(_deltas(TABLES[table], table, 1, f" FROM {table}"), "0")
