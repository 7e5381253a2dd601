"""client metadata documents: oauth_clients.document_fetched_at, document_expires_at

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-03 10:40:00.000000

extensions.md E5.2, "Client ID Metadata Documents": a metadata document's client is a row of
kind metadata-document, its document read again once its cache time is over.
"""
import sqlalchemy as sa
from alembic import op

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)

# revision identifiers, used by Alembic.
revision = '0032'
down_revision = '0031'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('oauth_clients') as batch_op:
        batch_op.add_column(sa.Column('document_fetched_at', models.UTCDateTime(timezone=True),
                                      nullable=True))
        batch_op.add_column(sa.Column('document_expires_at', models.UTCDateTime(timezone=True),
                                      nullable=True))


def downgrade():
    with op.batch_alter_table('oauth_clients') as batch_op:
        batch_op.drop_column('document_expires_at')
        batch_op.drop_column('document_fetched_at')
