"""Migration 0033 (the device authorizations of RFC 8628) upgrades to a schema that matches the
models, downgrades to the one before it (the table gone), and upgrades again, on SQLite and on
PostgreSQL (the PostgreSQL run: DATABASE_URL=postgresql://...)."""
import uuid

import pytest
from sqlalchemy import create_engine, inspect, text

from tests.commands import run_flask, upgrade_and_check
from tests.conftest import POSTGRES_URL, USING_POSTGRES

TABLE = "oauth_device_authorizations"


@pytest.fixture
def empty_database(tmp_path):
    if not USING_POSTGRES:
        yield f"sqlite:///{tmp_path}/migrated.db"
        return
    server = POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://").rsplit("/", 1)[0]
    name = "migrate_" + uuid.uuid4().hex[:12]
    admin = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield f"{server}/{name}"
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


def tables(database_url) -> set:
    engine = create_engine(database_url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_the_device_migration_upgrades_downgrades_and_upgrades_again(empty_database):
    upgrade_and_check(empty_database)
    assert TABLE in tables(empty_database)
    down = run_flask("db", "downgrade", "0031", SECRET_KEY="x", DATABASE_URL=empty_database)
    assert down.returncode == 0, down.stderr
    assert TABLE not in tables(empty_database)
    assert "oauth_authorizations" in tables(empty_database)  # the rest stays
    upgrade_and_check(empty_database)
    assert TABLE in tables(empty_database)
