"""OAuth: linked identities and pending sign-ins

Revision ID: 0004
Revises: 0003
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('oauth_identities',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('provider_user_id', sa.String(length=255), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )

    with op.batch_alter_table('oauth_identities', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_oauth_identities_user_id'), ['user_id'], unique=False)
        batch_op.create_index('uq_oauth_identities_provider_user', ['provider', 'provider_user_id'], unique=True)

    op.create_table('oauth_states',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('state_hash', sa.String(length=64), nullable=False),
    sa.Column('browser_hash', sa.String(length=64), nullable=False),
    sa.Column('code_verifier', sa.String(length=128), nullable=False),
    sa.Column('nonce', sa.String(length=128), nullable=True),
    sa.Column('redirect_url', sa.String(length=2048), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('state_hash')
    )

    with op.batch_alter_table('oauth_states', schema=None) as batch_op:
        batch_op.create_index('ix_oauth_states_expires_at', ['expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('oauth_states', schema=None) as batch_op:
        batch_op.drop_index('ix_oauth_states_expires_at')

    op.drop_table('oauth_states')

    with op.batch_alter_table('oauth_identities', schema=None) as batch_op:
        batch_op.drop_index('uq_oauth_identities_provider_user')
        batch_op.drop_index(batch_op.f('ix_oauth_identities_user_id'))

    op.drop_table('oauth_identities')
