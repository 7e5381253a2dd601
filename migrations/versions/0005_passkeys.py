"""passkeys: credentials and challenges

Revision ID: 0005
Revises: 0004
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('passkey_credentials',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('credential_id', sa.LargeBinary(length=1023), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('public_key', sa.LargeBinary(), nullable=False),
    sa.Column('sign_count', sa.BigInteger(), nullable=False),
    sa.Column('transports', sa.JSON(), nullable=False),
    sa.Column('backup_eligible', sa.Boolean(), nullable=False),
    sa.Column('backed_up', sa.Boolean(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('last_used_at', models.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('credential_id')
    )

    with op.batch_alter_table('passkey_credentials', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_passkey_credentials_user_id'), ['user_id'], unique=False)

    op.create_table('passkey_challenges',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('challenge', sa.LargeBinary(length=64), nullable=False),
    sa.Column('purpose', sa.String(length=16), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )

    with op.batch_alter_table('passkey_challenges', schema=None) as batch_op:
        batch_op.create_index('ix_passkey_challenges_expires_at', ['expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('passkey_challenges', schema=None) as batch_op:
        batch_op.drop_index('ix_passkey_challenges_expires_at')

    op.drop_table('passkey_challenges')

    with op.batch_alter_table('passkey_credentials', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_passkey_credentials_user_id'))

    op.drop_table('passkey_credentials')
