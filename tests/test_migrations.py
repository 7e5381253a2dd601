"""`flask --app app db upgrade` builds the schema from nothing, and it matches the models."""
import uuid

import pytest
from sqlalchemy import create_engine, text

from tests.conftest import POSTGRES_URL, USING_POSTGRES
from tests.test_config import run_flask


def upgrade_and_check(database_url):
    upgrade = run_flask("db", "upgrade", SECRET_KEY="x", DATABASE_URL=database_url)
    assert upgrade.returncode == 0, upgrade.stderr
    check = run_flask("db", "check", SECRET_KEY="x", DATABASE_URL=database_url)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "No new upgrade operations detected" in check.stdout + check.stderr


def test_migrations_build_the_sqlite_schema(tmp_path):
    upgrade_and_check(f"sqlite:///{tmp_path}/migrated.db")


@pytest.fixture
def empty_postgres_database():
    if not USING_POSTGRES:
        pytest.skip("the PostgreSQL run covers this (DATABASE_URL=postgresql://...)")
    server = POSTGRES_URL.replace("postgresql://", "postgresql+psycopg://").rsplit("/", 1)[0]
    name = "migrate_" + uuid.uuid4().hex[:12]
    admin = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield f"{server}/{name}"
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.mark.postgres
def test_migrations_build_the_postgres_schema(empty_postgres_database):
    upgrade_and_check(empty_postgres_database)
