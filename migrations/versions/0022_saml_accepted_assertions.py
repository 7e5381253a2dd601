"""SAML: the Assertion IDs each connection accepted (replays refused)

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27 18:40:00.000000

extensions.md E4.2: an Assertion's ID is remembered per connection at least until its
NotOnOrAfter plus 60 s, so that posting it again is refused.
"""
import sqlalchemy as sa
from alembic import op

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)

# revision identifiers, used by Alembic.
revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'saml_accepted_assertions',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('connection_id', sa.String(length=32), nullable=False),
        sa.Column('assertion_id', sa.String(length=256), nullable=False),
        sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['connection_id'], ['sso_connections.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('uq_saml_accepted_assertions_connection_assertion',
                    'saml_accepted_assertions', ['connection_id', 'assertion_id'], unique=True)
    op.create_index('ix_saml_accepted_assertions_expires_at', 'saml_accepted_assertions',
                    ['expires_at'])


def downgrade():
    op.drop_index('ix_saml_accepted_assertions_expires_at', table_name='saml_accepted_assertions')
    op.drop_index('uq_saml_accepted_assertions_connection_assertion',
                  table_name='saml_accepted_assertions')
    op.drop_table('saml_accepted_assertions')
