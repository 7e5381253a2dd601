"""ended impersonation sessions are deleted

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27 16:00:00.000000

extensions.md E2.3: an impersonation session ends for good when its admin loses the role or is
banned, or its user becomes an admin; the code now deletes it then, where it used to be hidden
on each read while the admin was not an admin or was banned. The sessions hidden that way (and
any of a user made an admin since) are deleted here, so that none comes back. No schema change.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade():
    op.execute(sa.text(
        "DELETE FROM sessions WHERE impersonator_id IS NOT NULL AND ("
        "impersonator_id IN (SELECT id FROM users WHERE role <> 'admin' OR banned = true) "
        "OR user_id IN (SELECT id FROM users WHERE role = 'admin'))"))


def downgrade():
    pass  # the deleted sessions had ended; nothing to restore
