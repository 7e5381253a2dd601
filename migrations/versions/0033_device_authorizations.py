"""device authorizations (RFC 8628): oauth_device_authorizations

Revision ID: 0033
Revises: 0031
Create Date: 2026-12-03 10:45:00.000000

extensions.md E5.4, "Device authorization" (sections/oauth/device.py): one row a device
authorization, its device code and user code kept hashed, its polling state and the user's
decision; purge-expired removes the expired ones.
"""
import sqlalchemy as sa
from alembic import op

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)

# revision identifiers, used by Alembic.
revision = '0033'
down_revision = '0032'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'oauth_device_authorizations',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('device_code_hash', sa.String(length=64), nullable=False),
        sa.Column('user_code_hash', sa.String(length=64), nullable=False),
        sa.Column('client_id', sa.String(length=32), nullable=False),
        sa.Column('params', sa.JSON(), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('interval', sa.Integer(), nullable=False),
        sa.Column('polled_at', models.UTCDateTime(timezone=True), nullable=True),
        sa.Column('authorization_id', sa.String(length=32), nullable=True),
        sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
        sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
        sa.Column('spent_at', models.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['authorization_id'], ['oauth_authorizations.id'],
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['client_id'], ['oauth_clients.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('device_code_hash'),
        sa.UniqueConstraint('user_code_hash'),
    )
    with op.batch_alter_table('oauth_device_authorizations', schema=None) as batch_op:
        batch_op.create_index('ix_oauth_device_authorizations_expires_at', ['expires_at'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_oauth_device_authorizations_client_id'),
                              ['client_id'], unique=False)


def downgrade():
    with op.batch_alter_table('oauth_device_authorizations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_oauth_device_authorizations_client_id'))
        batch_op.drop_index('ix_oauth_device_authorizations_expires_at')
    op.drop_table('oauth_device_authorizations')
