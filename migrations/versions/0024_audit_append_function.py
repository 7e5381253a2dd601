"""the audit chain's append as one PostgreSQL function

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27 23:05:00.000000

extensions.md E4.5. On PostgreSQL a transaction's commit appends its entries by `audit_append`
(sections/audit/chain.py): the chain's lock, the head read and the insert in one round trip, so
the lock is held for the insert and the commit only, not for the client's turns between them.
The statement is the one `db.create_all()` runs (sections/audit/chain.py), kept here as it stands
at this revision. SQLite has no functions of this kind: its commit appends in Python, one
writer at a time.
"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '0024'
down_revision = '0023'
branch_labels = None
depends_on = None

APPEND_FUNCTION = r"""
CREATE FUNCTION audit_append(
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


def upgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute(APPEND_FUNCTION)


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION audit_append(bigint, varchar, varchar, varchar, varchar, "
                   "varchar, varchar, json, timestamptz, text, text, text)")
