"""the audit log as one hash chain

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-27 18:45:00.000000

extensions.md E4.5: every entry carries `project_id`, `seq`, `prev_hash` and `hash`; the entries
written before this revision are chained in (created_at, id) order, their `created_at` kept at
the millisecond precision the answer gives (and the hash covers). `actor_id` loses its foreign
key: it is hashed, and stays as written when the account is deleted.
"""
import hashlib
import json

from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None

PAGE = 1000
FK_NAMES = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}
# Every list reads the log by seq (createdAt never goes back along the chain): an index per
# filter, and the old createdAt ones go.
LEADS = {"actor_id_": ["actor_id"], "action_": ["action"], "target_id_": ["target_id"],
         "project_id_": ["project_id"], "project_id_actor_id_": ["project_id", "actor_id"],
         "project_id_action_": ["project_id", "action"]}
INDEXES = [("uq_audit_log_seq", ["seq"], True),
           *[(f"ix_audit_log_{lead}seq", [*columns, "seq"], False)
             for lead, columns in LEADS.items()]]
OLD_INDEXES = {"ix_audit_log_action_created_at": ["action", "created_at"],
               "ix_audit_log_actor_id_created_at": ["actor_id", "created_at"],
               "ix_audit_log_created_at_id": ["created_at", "id"],
               "ix_audit_log_target_id_created_at": ["target_id", "created_at"]}

log = sa.table("audit_log", sa.column("id", sa.String), sa.column("seq", sa.BigInteger),
               sa.column("actor_id", sa.String), sa.column("action", sa.String),
               sa.column("target_type", sa.String), sa.column("target_id", sa.String),
               sa.column("project_id", sa.String), sa.column("details", sa.JSON),
               sa.column("created_at", models.UTCDateTime()),
               sa.column("prev_hash", sa.String), sa.column("hash", sa.String))


def chain_hash(prev_hash, fields):
    """The published rule (sections/audit/chain.py), kept here as it stands at this revision."""
    body = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(bytes.fromhex(prev_hash) + body.encode("utf-8")).hexdigest()


def project_of(conn, row):
    if row.target_type == "project":
        return row.target_id
    if row.action == "review.moderate":
        return conn.execute(sa.text(
            "SELECT f.project_id FROM reviews r JOIN festivals f ON f.id = r.festival_id "
            "WHERE r.id = :id"), {"id": row.target_id}).scalar()
    return None


def chain_existing(conn):
    seq, prev, after = 0, "0" * 64, None
    while True:
        query = sa.select(log).order_by(log.c.created_at, log.c.id).limit(PAGE)
        if after is not None:
            query = query.where(sa.or_(log.c.created_at > after[0], sa.and_(
                log.c.created_at == after[0], log.c.id > after[1])))
        rows = conn.execute(query).all()
        changes = []
        for row in rows:
            seq += 1
            moment = row.created_at.replace(microsecond=row.created_at.microsecond // 1000 * 1000)
            project_id = project_of(conn, row)
            fields = {"seq": seq, "actorId": row.actor_id, "action": row.action,
                      "targetType": row.target_type, "targetId": row.target_id,
                      "projectId": project_id, "details": row.details,
                      "createdAt": moment.isoformat(timespec="milliseconds").replace(
                          "+00:00", "Z")}
            digest = chain_hash(prev, fields)
            changes.append({"key": row.id, "seq": seq, "project_id": project_id,
                            "created_at": moment, "prev_hash": prev, "hash": digest})
            prev = digest
        if changes:
            conn.execute(log.update().where(log.c.id == sa.bindparam("key")).values(
                seq=sa.bindparam("seq"), project_id=sa.bindparam("project_id"),
                created_at=sa.bindparam("created_at"), prev_hash=sa.bindparam("prev_hash"),
                hash=sa.bindparam("hash")), changes)
        if len(rows) < PAGE:
            return
        after = (rows[-1].created_at, rows[-1].id)


def upgrade():
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seq', sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column('project_id', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('prev_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('hash', sa.String(length=64), nullable=True))
    conn = op.get_bind()
    chain_existing(conn)
    foreign_key = next(fk["name"] for fk in sa.inspect(conn).get_foreign_keys("audit_log")
                       if fk["constrained_columns"] == ["actor_id"]) or "fk_audit_log_actor_id_users"
    with op.batch_alter_table('audit_log', schema=None, naming_convention=FK_NAMES) as batch_op:
        batch_op.drop_constraint(foreign_key, type_='foreignkey')
        for column in ('seq', 'prev_hash', 'hash'):
            batch_op.alter_column(column, nullable=False)
        for name in OLD_INDEXES:
            batch_op.drop_index(name)
        for name, columns, unique in INDEXES:
            batch_op.create_index(name, columns, unique=unique)


def downgrade():
    conn = op.get_bind()
    conn.execute(sa.text("UPDATE audit_log SET actor_id = NULL WHERE actor_id IS NOT NULL AND "
                         "actor_id NOT IN (SELECT id FROM users)"))
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        for name, _columns, _unique in reversed(INDEXES):
            batch_op.drop_index(name)
        for name, columns in OLD_INDEXES.items():
            batch_op.create_index(name, columns, unique=False)
        batch_op.create_foreign_key(None, 'users', ['actor_id'], ['id'], ondelete='SET NULL')
        for column in ('hash', 'prev_hash', 'project_id', 'seq'):
            batch_op.drop_column(column)
