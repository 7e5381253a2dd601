"""organizations: project admins (invitations carry a role), API keys, impersonation sessions

Revision ID: 0016
Revises: 0015

extensions.md E2: `invitations.role`; the `api_keys` table; `sessions.impersonator_id`. On
SQLite the foreign key makes batch mode rebuild `sessions` (copy and rename), which drops the
triggers that keep its statistics (0012): they are made again from the same definitions.
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)
from core import stats


# revision identifiers, used by Alembic.
revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def _remake_session_triggers():
    dialect = op.get_bind().dialect.name
    if dialect == 'sqlite':
        for statement in stats.drop_triggers('sessions', dialect):
            op.execute(statement)
        for statement in stats.create_triggers('sessions', dialect):
            op.execute(statement)


def upgrade():
    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('role', sa.String(length=16), server_default='member',
                                      nullable=False))

    op.create_table('api_keys',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('prefix', sa.String(length=11), nullable=False),
    sa.Column('writes', sa.Boolean(), nullable=False),
    sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('last_used_at', models.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key_hash')
    )
    with op.batch_alter_table('api_keys', schema=None) as batch_op:
        batch_op.create_index('ix_api_keys_expires_at', ['expires_at'], unique=False)
        batch_op.create_index('ix_api_keys_user_id_created_at_id', ['user_id', 'created_at', 'id'], unique=False)

    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('impersonator_id', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_sessions_impersonator_id'), ['impersonator_id'], unique=False)
        batch_op.create_foreign_key('fk_sessions_impersonator_id_users', 'users', ['impersonator_id'], ['id'], ondelete='CASCADE')
    _remake_session_triggers()


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_constraint('fk_sessions_impersonator_id_users', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_sessions_impersonator_id'))
        batch_op.drop_column('impersonator_id')
    _remake_session_triggers()

    with op.batch_alter_table('api_keys', schema=None) as batch_op:
        batch_op.drop_index('ix_api_keys_user_id_created_at_id')
        batch_op.drop_index('ix_api_keys_expires_at')
    op.drop_table('api_keys')

    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.drop_column('role')
