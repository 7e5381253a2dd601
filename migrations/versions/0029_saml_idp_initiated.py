"""a SAML connection's IdP-initiated sign-in setting

Revision ID: 0029
Revises: 0028

extensions.md E4.2, "IdP-initiated SAML": `sso_connections.saml_idp_initiated` (false for every
connection there is: off by default) and `saml_idp_initiated_redirect_url` (null), added in place.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0029'
down_revision = '0028'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('sso_connections', sa.Column('saml_idp_initiated', sa.Boolean(),
                                               server_default='0', nullable=False))
    op.add_column('sso_connections', sa.Column('saml_idp_initiated_redirect_url',
                                               sa.String(length=2048), nullable=True))


def downgrade():
    with op.batch_alter_table('sso_connections', schema=None) as batch_op:
        batch_op.drop_column('saml_idp_initiated_redirect_url')
        batch_op.drop_column('saml_idp_initiated')
