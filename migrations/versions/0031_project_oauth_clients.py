"""a project's allowed OAuth clients: projects.oauth_clients

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-02 16:20:00.000000

extensions.md E5.8, "A project's owner chooses which clients reach it": null (every client, the
value of every project so far) or the client ids, each between spaces (" a b ").
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0031'
down_revision = '0030'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('projects') as batch_op:
        batch_op.add_column(sa.Column('oauth_clients', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('projects') as batch_op:
        batch_op.drop_column('oauth_clients')
