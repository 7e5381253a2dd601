"""the audit chain's append as one PostgreSQL function (now nothing)

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27 23:05:00.000000

extensions.md E4.5. This revision once created the PostgreSQL function `audit_append`, which
took the chain's lock, read the head and inserted an entry hashed in SQL: a second writing of the
hash rule. The rule is now written once, in the service (sections/audit/chain.py), and 0025 drops
the function where this revision made it; a database upgraded from here on never has it, so this
revision does nothing.
"""

# revision identifiers, used by Alembic.
revision = '0024'
down_revision = '0023'
branch_labels = None
depends_on = None


def upgrade():
    pass


def downgrade():
    pass
