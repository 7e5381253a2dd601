"""dynamic registration of OAuth clients: a dynamic client's secret expiry, grant types,
authentication method, application type, scope and registration access token

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-02 15:45:00.000000

extensions.md E5.2, "Dynamic registration" (RFC 7591, RFC 7592; sections/oauth/models.py). New
nullable columns of oauth_clients, empty for the apps already there (an app uses every grant
type and its secret does not expire), and the index purge-expired reads.
"""
import sqlalchemy as sa
from alembic import op

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)

# revision identifiers, used by Alembic.
revision = '0030'
down_revision = '0029'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('oauth_clients', schema=None) as batch_op:
        batch_op.add_column(sa.Column('secret_expires_at', models.UTCDateTime(timezone=True),
                                      nullable=True))
        batch_op.add_column(sa.Column('grant_types', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('auth_method', sa.String(length=24), nullable=True))
        batch_op.add_column(sa.Column('application_type', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('scope', sa.String(length=2000), nullable=True))
        batch_op.add_column(sa.Column('registration_token_hash', sa.String(length=64),
                                      nullable=True))
        batch_op.create_index('ix_oauth_clients_kind_last_used_at', ['kind', 'last_used_at'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('oauth_clients', schema=None) as batch_op:
        batch_op.drop_index('ix_oauth_clients_kind_last_used_at')
        batch_op.drop_column('registration_token_hash')
        batch_op.drop_column('scope')
        batch_op.drop_column('application_type')
        batch_op.drop_column('auth_method')
        batch_op.drop_column('grant_types')
        batch_op.drop_column('secret_expires_at')
