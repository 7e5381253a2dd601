"""Migration 0019 (extensions.md E4.5) on a log written before it: the entries are chained in
(createdAt, id) order, their createdAt kept to the millisecond, their projectId derived, and
the operator's command finds the chain intact; the service then appends after them."""
import contextlib
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import MetaData, insert, select, text, types

from bench import cluster
from core.db import db
from tests.commands import run_flask
from tests.conftest import POSTGRES_URL, USING_POSTGRES

T0 = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)


@contextlib.contextmanager
def database_at_0018(tmp_path):
    if USING_POSTGRES:
        context = cluster.fresh_database(POSTGRES_URL, "audit_migration")
    else:
        context = contextlib.nullcontext(f"sqlite:///{tmp_path}/audit_migration.db")
    with context as url:
        upgraded = run_flask("db", "upgrade", "0018", SECRET_KEY="x", DATABASE_URL=url)
        assert upgraded.returncode == 0, upgraded.stderr
        yield url


def filler(column):
    """A value for a required column the test does not care about."""
    kind = column.type
    if isinstance(kind, types.Boolean):
        return False
    if isinstance(kind, types.Integer | types.Numeric):
        return 1
    if isinstance(kind, types.DateTime):
        return T0 if kind.timezone else T0.replace(tzinfo=None)
    if isinstance(kind, types.JSON):
        return {}
    return "x"


def add(conn, table, **values):
    for column in table.columns:
        if (column.name not in values and not column.nullable
                and column.server_default is None):
            values[column.name] = filler(column)
    conn.execute(insert(table).values(**values))


# SQLite's reflection leaves out the indexes over expressions (lower(name)), with this warning.
@pytest.mark.filterwarnings("ignore:Skipped unsupported reflection of expression-based index")
def test_the_migration_chains_the_existing_log_in_its_order(tmp_path):
    with database_at_0018(tmp_path) as url:
        engine = cluster.engine(url)
        meta = MetaData()
        meta.reflect(engine, only=["users", "projects", "festivals", "reviews", "audit_log"])
        t = meta.tables
        with engine.begin() as conn:
            add(conn, t["users"], id="u1", email="u1@example.com")
            add(conn, t["projects"], id="p1", name="Apollo")
            add(conn, t["festivals"], id="f1", project_id="p1", slug="rock", name="Rock")
            add(conn, t["reviews"], id="r1", festival_id="f1", author_id="u1")
            rows = [  # (id, created_at, action, target_type, target_id)
                ("e3", T0 + timedelta(seconds=1), "project.transfer", "project", "p1"),
                ("e1", T0, "user.ban", "user", "u1"),
                ("e2", T0, "review.moderate", "review", "r1"),  # same moment: by id
                ("e4", T0 + timedelta(seconds=2), "review.moderate", "review", "gone"),
                ("e5", T0 + timedelta(seconds=3), "project.delete", "project", "deleted"),
            ]
            for entry_id, moment, action, target_type, target_id in rows:
                conn.execute(insert(t["audit_log"]).values(
                    id=entry_id, actor_id="u1", action=action, target_type=target_type,
                    target_id=target_id, details={"note": "Crème"}, created_at=moment))
        engine.dispose()

        upgraded = run_flask("db", "upgrade", SECRET_KEY="x", DATABASE_URL=url)
        assert upgraded.returncode == 0, upgraded.stderr
        checked = run_flask("audit", "verify", SECRET_KEY="x", DATABASE_URL=url)
        assert (checked.returncode, checked.stdout) == (0, "5 entries, chain intact\n"), \
            checked.stdout + checked.stderr

        engine = cluster.engine(url)
        meta = MetaData()
        meta.reflect(engine, only=["audit_log"])
        log = meta.tables["audit_log"]
        with engine.begin() as conn:
            chained = conn.execute(select(log.c.seq, log.c.id, log.c.project_id, log.c.actor_id,
                                          log.c.created_at).order_by(log.c.seq)).all()
        engine.dispose()
        assert [(seq, id_, project) for seq, id_, project, _, _ in chained] == [
            (1, "e1", None), (2, "e2", "p1"), (3, "e3", "p1"), (4, "e4", None),
            (5, "e5", "deleted")]
        created = [row.created_at for row in chained]
        if isinstance(created[0], str):  # SQLite hands the stored text back
            assert all(".123000" in value for value in created), created
        else:
            assert all(value.microsecond == 123000 for value in created), created

        # The service appends after the migrated entries, on the same chain.
        from app import create_app
        from sections.audit import service as audit
        app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": url})
        with app.app_context():
            audit.record("u1", "project.update", "p1", {"name": {"from": "a", "to": "b"}})
            db.session.commit()
            db.session.remove()
            db.engine.dispose()
        checked = run_flask("audit", "verify", SECRET_KEY="x", DATABASE_URL=url)
        assert checked.stdout == "6 entries, chain intact\n", checked.stdout + checked.stderr


FUNCTIONS = text("SELECT proname, pg_get_functiondef(p.oid) FROM pg_proc p JOIN pg_namespace n "
                 "ON n.oid = p.pronamespace WHERE nspname = 'public' AND proname LIKE 'audit%' "
                 "ORDER BY 1")


def audit_functions(url) -> list:
    engine = cluster.engine(url)
    with engine.connect() as conn:
        found = [tuple(row) for row in conn.execute(FUNCTIONS)]
    engine.dispose()
    return found


@pytest.mark.postgres
def test_head_has_the_same_functions_after_the_old_0024_as_after_0023(app):
    """A database that ran 0024 when it created `audit_append` (the hash in SQL) and one that
    never did end with the same functions at head: the chain's lock-and-head alone, as
    create_all makes it (extensions.md E4.5: the hash rule written once, in the service)."""
    if not USING_POSTGRES:
        pytest.skip("the PostgreSQL run covers this (DATABASE_URL=postgresql://...)")
    with (cluster.fresh_database(POSTGRES_URL, "audit_fn_new") as fresh,
          cluster.fresh_database(POSTGRES_URL, "audit_fn_old") as old):
        assert run_flask("db", "upgrade", SECRET_KEY="x", DATABASE_URL=fresh).returncode == 0
        assert run_flask("db", "upgrade", "0024", SECRET_KEY="x",
                         DATABASE_URL=old).returncode == 0
        engine = cluster.engine(old)
        with engine.begin() as conn:  # what the old 0024 left: a function of this signature
            conn.execute(text(
                "CREATE FUNCTION audit_append(bigint, varchar, varchar, varchar, varchar, "
                "varchar, varchar, json, timestamptz, text, text, text) RETURNS void "
                "LANGUAGE plpgsql AS $$ BEGIN END $$"))
        engine.dispose()
        upgraded = run_flask("db", "upgrade", SECRET_KEY="x", DATABASE_URL=old)
        assert upgraded.returncode == 0, upgraded.stderr
        with app.app_context():
            made = [tuple(row) for row in db.session.execute(FUNCTIONS)]
        assert [name for name, _ in made] == ["audit_locked_heads"]
        assert audit_functions(old) == audit_functions(fresh) == made
