"""the audit chain's append as one PostgreSQL function

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27 23:05:00.000000

extensions.md E4.5. On PostgreSQL a transaction's commit appends its entries by `audit_append`
(sections/audit/chain.py): the chain's lock, the head read and the insert in one round trip, so
the lock is held for the insert and the commit only, not for the client's turns between them.
The statement is the one `db.create_all()` runs (sections/audit/chain.py). SQLite has no
functions of this kind: its commit appends in Python, one writer at a time.
"""
from alembic import op

from sections.audit.chain import APPEND_FUNCTION

# revision identifiers, used by Alembic.
revision = '0024'
down_revision = '0023'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute(APPEND_FUNCTION)


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION audit_append(bigint, varchar, varchar, varchar, varchar, "
                   "varchar, varchar, json, timestamptz, text, text, text)")
