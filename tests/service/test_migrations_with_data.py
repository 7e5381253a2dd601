"""`flask db upgrade` on a database made at the revision before head, with rows in every table,
keeps them and gives the schema an empty database gets (the architecture issue's migration rule).
"""
import importlib
import uuid
from datetime import UTC, date, datetime, time, timedelta

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, create_engine, func, insert, inspect, select, text
from sqlalchemy import types as sqltypes
from sqlalchemy.dialects.postgresql import TSVECTOR

from app import MIGRATIONS, SECTIONS
from core import stats
from tests.commands import run_flask, upgrade_and_check
from tests.conftest import AuthActions
from tests.row_counts import STATUSES, counted_from_rows

ROWS = 2  # per table: row i refers to row i of each table it references
START = datetime(2026, 1, 1, tzinfo=UTC)

for _name in SECTIONS:  # every counted table registers itself in stats.TABLES when imported
    try:
        importlib.import_module(f"sections.{_name}.models")
    except ModuleNotFoundError as error:
        if error.name != f"sections.{_name}.models":
            raise


def revision_before_head() -> str:
    script = ScriptDirectory(MIGRATIONS)
    before = script.get_revision(script.get_current_head()).down_revision
    assert isinstance(before, str), f"head has no single previous revision: {before!r}"
    return before


def value(column, table, i):
    """Row i's value for `column`, from its type; strings fill the column's length."""
    kind = column.type
    if isinstance(kind, TSVECTOR):  # the search engine's own column (core/search.py)
        return None
    if isinstance(kind, sqltypes.Boolean):
        return i % 2 == 0
    if isinstance(kind, sqltypes.Integer | sqltypes.Numeric):
        return i + 1
    if isinstance(kind, sqltypes.DateTime):
        moment = START + timedelta(days=i, microseconds=i)
        return moment if kind.timezone else moment.replace(tzinfo=None)
    if isinstance(kind, sqltypes.Date):
        return date(2026, 1, 1 + i)
    if isinstance(kind, sqltypes.Time):
        return time(0, i)
    if isinstance(kind, sqltypes.JSON):
        return {"row": i}
    if isinstance(kind, sqltypes.Uuid):
        return uuid.UUID(int=i + 1)
    if isinstance(kind, sqltypes.Enum):
        return kind.enums[i % len(kind.enums)]
    if isinstance(kind, sqltypes.String | sqltypes.LargeBinary):
        word = f"{i}-{table.name}.{column.name}-"
        if kind.length:
            word = (word * kind.length)[:kind.length]
        return word.encode() if isinstance(kind, sqltypes.LargeBinary) else word
    raise AssertionError(f"no seed value for {table.name}.{column.name} of type {kind!r}")


def seed(url) -> dict:
    """ROWS rows in every table, parents first; the primary keys written, by table."""
    engine, metadata, written, keys = create_engine(url), MetaData(), {}, {}
    metadata.reflect(engine)
    with engine.begin() as conn:
        for table in metadata.sorted_tables:
            # SQLite's full-text table and its shadow tables (core/search.py) are the engine's,
            # written by its own statements, never by rows.
            if table.name == "alembic_version" or table.name.startswith("search_text"):
                continue
            written[table.name], keys[table.name] = [], set()
            for i in range(ROWS):
                row = {c.name: value(c, table, i) for c in table.columns
                       if c.server_default is None}
                for constraint in table.foreign_key_constraints:
                    for element in constraint.elements:
                        parent = element.column
                        if parent.table is table:  # self-reference: the row itself, or none
                            row[element.parent.name] = (row.get(parent.name)
                                                        if not element.parent.nullable else None)
                        else:
                            row[element.parent.name] = written[parent.table.name][i][parent.name]
                stored = conn.execute(insert(table).values(row).returning(*table.columns)).one()
                written[table.name].append(stored._mapping)
                keys[table.name].add(tuple(stored._mapping[c.name] for c in table.primary_key))
    engine.dispose()
    return keys


def plain(reflected):
    """Reflected data with its SQL expressions (a partial index's WHERE) as their text."""
    if isinstance(reflected, dict):
        return {key: plain(item) for key, item in reflected.items()}
    if isinstance(reflected, list | tuple):
        return [plain(item) for item in reflected]
    return reflected if isinstance(reflected, str | int | float | None) else str(reflected)


def clauses(sql: str | None) -> list[str] | None:
    """A CREATE TABLE's clauses (one per line as SQLAlchemy writes them), in any order: the
    order of a table's foreign keys follows Python's set order, which changes from run to run
    (the columns' order is compared from the inspector)."""
    return None if sql is None else sorted(line.strip().rstrip(",") for line in sql.splitlines())


def schema(url) -> dict:
    """What the upgrade made: per table its columns, indexes and keys, then the catalog's
    triggers, functions and index definitions."""
    engine = create_engine(url)
    found = inspect(engine)
    tables = {}
    for name in sorted(found.get_table_names()):
        tables[name] = plain({
            # An FTS5 table's columns have no type (core/search.py): NullType, "NULL" here.
            "columns": [(c["name"], c["type"].compile(dialect=engine.dialect)
                         if not isinstance(c["type"], sqltypes.NullType) else "NULL", c["nullable"],
                         c["default"]) for c in found.get_columns(name)],
            "indexes": sorted(found.get_indexes(name), key=lambda index: index["name"]),
            "foreign_keys": sorted(found.get_foreign_keys(name), key=repr),
            "primary_key": found.get_pk_constraint(name),
            "unique": sorted(found.get_unique_constraints(name), key=repr),
            "checks": sorted(found.get_check_constraints(name), key=repr),
        })
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            catalog = {"sqlite_master": [
                (kind, name, table, clauses(sql) if kind == "table" else sql)
                for kind, name, table, sql in conn.execute(text(
                    "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"))]}
        else:
            catalog = {
                "triggers": conn.execute(text(
                    "SELECT tgname, tgrelid::regclass::text, pg_get_triggerdef(oid) "
                    "FROM pg_trigger WHERE NOT tgisinternal ORDER BY 2, 1")).all(),
                "functions": conn.execute(text(
                    "SELECT proname, pg_get_functiondef(p.oid) FROM pg_proc p JOIN pg_namespace n "
                    "ON n.oid = p.pronamespace WHERE nspname = 'public' ORDER BY 1")).all(),
                "indexes": conn.execute(text(
                    "SELECT tablename, indexname, indexdef FROM pg_indexes "
                    "WHERE schemaname = 'public' ORDER BY 1, 2")).all(),
            }
        catalog["alembic_version"] = conn.execute(
            text("SELECT version_num FROM alembic_version")).all()
    engine.dispose()
    return {"tables": tables, "catalog": catalog}


def kept_rows(url, tables) -> dict:
    """The primary keys now in each of `tables`."""
    engine, metadata = create_engine(url), MetaData()
    metadata.reflect(engine, only=tables)
    with engine.connect() as conn:
        kept = {name: {tuple(row) for row in conn.execute(select(*table.primary_key.columns))}
                for name, table in metadata.tables.items()}
    engine.dispose()
    return kept


def counts_match_rows(url):
    """stat_counts holds what each counted table's counters would count in its rows now."""
    engine = create_engine(url)
    with engine.connect() as conn:
        users = conn.execute(text("SELECT count(*) FROM users")).scalar()
        total = conn.execute(text("SELECT sum(count) FROM stat_counts "
                                  "WHERE section = 'users' AND name = 'total'")).scalar()
        assert (total, users) == (ROWS, ROWS)
        present = set(inspect(engine).get_table_names())
        for table, counted in stats.TABLES.items():
            if table not in present:
                continue
            expected = {}
            for counter in counted.counters:
                for name, n, amount in conn.execute(text(
                        f"SELECT {counter.name}, count(*), sum({counter.amount}) FROM {table} AS r "
                        f"WHERE {counter.where} GROUP BY 1".format(row="r"))):
                    before = expected.get(name, (0, 0))
                    expected[name] = (before[0] + n, before[1] + int(amount))
            kept = conn.execute(
                select(stats.StatCount.name, func.sum(stats.StatCount.count),
                       func.sum(stats.StatCount.amount))
                .where(stats.StatCount.section == table).group_by(stats.StatCount.name)
                .having((func.sum(stats.StatCount.count) != 0)
                        | (func.sum(stats.StatCount.amount) != 0)))
            assert {name: (int(n), int(amount)) for name, n, amount in kept} == expected, table
    engine.dispose()


# SQLite's reflection leaves out the indexes over expressions (lower(title)), with this warning;
# the sqlite_master rows compared hold them.
@pytest.mark.filterwarnings("ignore:Skipped unsupported reflection of expression-based index")
def test_upgrade_with_rows_in_every_table_gives_the_schema_of_an_empty_database(
        new_database, make_app, clock):
    empty, filled = new_database(), new_database()
    for url, revision in ((empty, "head"), (filled, revision_before_head())):
        upgrade = run_flask("db", "upgrade", revision, SECRET_KEY="x", DATABASE_URL=url)
        assert upgrade.returncode == 0, upgrade.stderr
    seeded = seed(filled)
    assert all(len(keys) == ROWS for keys in seeded.values()), seeded
    upgrade_and_check(filled)

    made, migrated = schema(empty), schema(filled)
    assert migrated["tables"].keys() == made["tables"].keys()
    for table, shape in made["tables"].items():
        for part, found in shape.items():  # columns, indexes, foreign keys...
            assert migrated["tables"][table][part] == found, (table, part)
    for name, rows in made["catalog"].items():  # triggers, functions, indexes, version
        got = migrated["catalog"][name]
        missing, extra = [r for r in rows if r not in got], [r for r in got if r not in rows]
        assert (missing, extra) == ([], []), name
        assert got == rows, name

    # Every seeded table the upgrade kept still holds its rows (0012 drops ticket_status_counts).
    # stat_counts too is its triggers' when it is seeded (the revision before head is 0012 or
    # later): counts_match_rows checks it.
    still = [table for table in seeded if table in made["tables"] and table != "stat_counts"]
    expected = {table: seeded[table] for table in still}
    if revision_before_head() == "0017":
        # 0018 deletes ended impersonation sessions: every seeded session names an
        # impersonator whose role is no admin's.
        expected["sessions"] = set()
    assert kept_rows(filled, still) == expected
    if "stat_counts" in made["tables"]:
        counts_match_rows(filled)

    # The service runs on the upgraded database: a new account is counted with the old rows.
    app = make_app(DATABASE_URL=filled)
    client = app.test_client()
    admin = AuthActions(client).headers("admin@example.com")
    assert app.test_cli_runner().invoke(args=["set-role", "admin@example.com", "admin"]
                                        ).exit_code == 0
    response = client.get("/api/admin/stats", headers=admin)
    assert response.status_code == 200, response.get_json()
    answer, expected = response.get_json()["data"], counted_from_rows(app, clock.now)
    assert answer["users"]["total"] == ROWS + 1
    for section, counts in answer.items():  # the seeded statuses are none the answer lists
        if section in STATUSES:
            assert counts == {key: expected[section][key] for key in counts}, section
        else:
            assert counts == expected[section], section
