"""the audit chain's hash in the service alone; its lock and head read as one function

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-02 09:00:00.000000

extensions.md E4.5. The hash rule is written once, in the service (sections/audit/chain.py):
`audit_append`, the function an earlier 0024 created to hash in SQL, goes wherever it is (a
database upgraded since 0024 became a no-op never had it). On PostgreSQL the commit takes the
chain's lock and reads the last entry in one call of `audit_locked_head`, which holds no part of
the hash rule. The statement is the one `db.create_all()` runs (sections/audit/chain.py), kept
here as it stands at this revision. SQLite has no functions of this kind: its lock is its one
writer's.
"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '0026'
down_revision = '0025'
branch_labels = None
depends_on = None

OLD_APPEND = ("audit_append(bigint, varchar, varchar, varchar, varchar, varchar, varchar, json, "
              "timestamptz, text, text, text)")
HEAD_FUNCTION = """
CREATE FUNCTION audit_locked_head(lock_key bigint)
RETURNS TABLE (seq bigint, hash varchar, created_at timestamptz)
LANGUAGE sql VOLATILE AS $$
    SELECT pg_advisory_xact_lock(lock_key);
    SELECT seq, hash, created_at FROM audit_log ORDER BY seq DESC LIMIT 1;
$$
"""


def upgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP FUNCTION IF EXISTS {OLD_APPEND}")
        op.execute(HEAD_FUNCTION)


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION audit_locked_head(bigint)")
