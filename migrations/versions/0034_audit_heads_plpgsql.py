"""the audit chain's lock-and-heads function in PL/pgSQL

Revision ID: 0034
Revises: 0033
Create Date: 2026-12-03 16:30:00.000000

`audit_locked_heads` (sections/audit/chain.py) reads the same rows under the same lock, now in
PL/pgSQL, whose plans are kept for the connection's life: a SQL function's are made again at
every call on PostgreSQL 15, and that time was spent holding the chain's lock. PostgreSQL only;
nothing changes on SQLite. The function's text is a copy as of this revision.
"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '0034'
down_revision = '0033'
branch_labels = None
depends_on = None

# The rows both versions read, under the lock (0028's text, unchanged).
HEADS_QUERY = """
    (SELECT NULL::varchar, a.seq, a.hash, a.created_at FROM audit_log a
     ORDER BY a.seq DESC LIMIT 1)
    UNION ALL
    SELECT p.id, b.project_seq, b.project_hash, b.created_at
    FROM unnest(project_ids) AS p(id) CROSS JOIN LATERAL (
        SELECT l.project_seq, l.project_hash, l.created_at FROM audit_log l
        WHERE l.project_id = p.id ORDER BY l.project_seq DESC LIMIT 1) b;
"""
SIGNATURE = """
CREATE OR REPLACE FUNCTION audit_locked_heads(lock_key bigint, project_ids varchar[])
RETURNS TABLE (project_id varchar, seq bigint, hash varchar, created_at timestamptz)"""
HEADS_FUNCTION = (SIGNATURE + """
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
    PERFORM pg_advisory_xact_lock(lock_key);
    RETURN QUERY""" + HEADS_QUERY + """END
$$
""")
HEADS_FUNCTION_0028 = (SIGNATURE + """
LANGUAGE sql VOLATILE AS $$
    SELECT pg_advisory_xact_lock(lock_key);""" + HEADS_QUERY + """$$
""")

def upgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute(HEADS_FUNCTION)


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute(HEADS_FUNCTION_0028)
