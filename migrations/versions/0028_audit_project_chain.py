"""each project's own audit chain: project_seq, project_prev_hash, project_hash

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-02 10:40:00.000000

extensions.md E4.5, "Each project's own chain". The entries written before it are linked in
`seq` order, project by project, by the rule of sections/audit/chain.py (`project_hash`: the
SHA-256 of the project's previous link's 32 bytes followed by the entry's hash's 32 bytes; the
rule is imported, not copied). On PostgreSQL the commit's lock-and-head function now also reads
the heads of the projects a transaction writes to (`audit_locked_heads`, as create_all makes it
at this revision); the one-head function of 0026 goes.

An entry whose stored hash is not 64 hex digits was changed after it was written: it is left out
of its project's chain (its project columns stay empty) rather than stopping the upgrade, and
`flask audit verify` names it as changed.
"""
import re

import sqlalchemy as sa
from alembic import op

from sections.audit.chain import ZERO, project_hash

# revision identifiers, used by Alembic.
revision = '0028'
down_revision = '0027'
branch_labels = None
depends_on = None

HEADS_FUNCTION = """
CREATE OR REPLACE FUNCTION audit_locked_heads(lock_key bigint, project_ids varchar[])
RETURNS TABLE (project_id varchar, seq bigint, hash varchar, created_at timestamptz)
LANGUAGE sql VOLATILE AS $$
    SELECT pg_advisory_xact_lock(lock_key);
    (SELECT NULL::varchar, a.seq, a.hash, a.created_at FROM audit_log a
     ORDER BY a.seq DESC LIMIT 1)
    UNION ALL
    SELECT p.id, b.project_seq, b.project_hash, b.created_at
    FROM unnest(project_ids) AS p(id) CROSS JOIN LATERAL (
        SELECT l.project_seq, l.project_hash, l.created_at FROM audit_log l
        WHERE l.project_id = p.id ORDER BY l.project_seq DESC LIMIT 1) b;
$$
"""
HEAD_FUNCTION_0026 = """
CREATE FUNCTION audit_locked_head(lock_key bigint)
RETURNS TABLE (seq bigint, hash varchar, created_at timestamptz)
LANGUAGE sql VOLATILE AS $$
    SELECT pg_advisory_xact_lock(lock_key);
    SELECT seq, hash, created_at FROM audit_log ORDER BY seq DESC LIMIT 1;
$$
"""
PAGE = 1000

log = sa.table("audit_log", sa.column("id", sa.String), sa.column("seq", sa.BigInteger),
               sa.column("project_id", sa.String), sa.column("hash", sa.String),
               sa.column("project_seq", sa.BigInteger),
               sa.column("project_prev_hash", sa.String), sa.column("project_hash", sa.String))


def link_existing(conn) -> None:
    """Every entry with a project, in seq order, linked after its project's previous one."""
    heads: dict[str, tuple[int, str]] = {}
    after = None
    while True:
        page = (sa.select(log.c.id, log.c.seq, log.c.project_id, log.c.hash)
                .where(log.c.project_id.is_not(None)).order_by(log.c.seq).limit(PAGE))
        if after is not None:
            page = page.where(log.c.seq > after)
        rows = conn.execute(page).all()
        links = []
        for row in rows:
            if not re.fullmatch(r"[0-9a-f]{64}", row.hash or ""):
                continue
            project_seq, prev = heads.get(row.project_id, (0, ZERO))
            link = project_hash(prev, row.hash)
            heads[row.project_id] = (project_seq + 1, link)
            links.append({"row_id": row.id, "pseq": project_seq + 1, "pprev": prev,
                          "plink": link})
        if links:
            conn.execute(log.update().where(log.c.id == sa.bindparam("row_id")).values(
                project_seq=sa.bindparam("pseq"), project_prev_hash=sa.bindparam("pprev"),
                project_hash=sa.bindparam("plink")), links)
        if len(rows) < PAGE:
            return
        after = rows[-1].seq


def upgrade():
    with op.batch_alter_table("audit_log") as batch_op:
        batch_op.add_column(sa.Column("project_seq", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("project_prev_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("project_hash", sa.String(length=64), nullable=True))
    link_existing(op.get_bind())
    op.create_index("uq_audit_log_project_id_project_seq", "audit_log",
                    ["project_id", "project_seq"], unique=True)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS audit_locked_head(bigint)")
        op.execute(HEADS_FUNCTION)


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS audit_locked_heads(bigint, varchar[])")
        op.execute(HEAD_FUNCTION_0026)
    op.drop_index("uq_audit_log_project_id_project_seq", table_name="audit_log")
    with op.batch_alter_table("audit_log") as batch_op:
        batch_op.drop_column("project_hash")
        batch_op.drop_column("project_prev_hash")
        batch_op.drop_column("project_seq")
