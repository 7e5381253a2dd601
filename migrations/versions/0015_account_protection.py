"""account protection: the security log of every account (extensions E1.6)

Revision ID: 0015
Revises: 0012
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0015'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('security_events',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('type', sa.String(length=32), nullable=False),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('ip_address', sa.String(length=64), nullable=True),
    sa.Column('user_agent', sa.String(length=300), nullable=True),
    sa.Column('details', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('security_events', schema=None) as batch_op:
        batch_op.create_index('ix_security_events_created_at', ['created_at'], unique=False)
        batch_op.create_index('ix_security_events_user_id_created_at_id', ['user_id', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_security_events_user_id_type_created_at_id', ['user_id', 'type', 'created_at', 'id'], unique=False)


def downgrade():
    with op.batch_alter_table('security_events', schema=None) as batch_op:
        batch_op.drop_index('ix_security_events_user_id_type_created_at_id')
        batch_op.drop_index('ix_security_events_user_id_created_at_id')
        batch_op.drop_index('ix_security_events_created_at')
    op.drop_table('security_events')
