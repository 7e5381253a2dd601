"""verified domains of projects; a project's single sign-on settings

Revision ID: 0020
Revises: 0018

extensions.md E4.1: the `project_domains` table. The partial unique index
`uq_project_domains_one_verified` lets one project at a time hold a domain VERIFIED.
E4.2 and E4.3: `projects.sso_required` and `projects.scim_admin_groups`, added in place (no
batch copy of `projects`, whose statistics triggers stay).
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0020'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('projects', sa.Column('sso_required', sa.Boolean(), server_default='0',
                                        nullable=False))
    op.add_column('projects', sa.Column('scim_admin_groups', sa.JSON(),
                                        server_default=sa.text("'[]'"), nullable=False))
    op.create_table('project_domains',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('project_id', sa.String(length=32), nullable=False),
    sa.Column('domain', sa.String(length=234), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('value', sa.String(length=64), nullable=False),
    sa.Column('verified_at', models.UTCDateTime(timezone=True), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['project_id'], ['projects.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('project_domains', schema=None) as batch_op:
        batch_op.create_index('ix_project_domains_project_id_created_at_id', ['project_id', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_project_domains_project_id_status_created_at_id', ['project_id', 'status', 'created_at', 'id'], unique=False)
        batch_op.create_index('uq_project_domains_one_verified', ['domain'], unique=True, postgresql_where=sa.text("status = 'VERIFIED'"), sqlite_where=sa.text("status = 'VERIFIED'"))
        batch_op.create_index('uq_project_domains_project_id_domain', ['project_id', 'domain'], unique=True)


def downgrade():
    with op.batch_alter_table('project_domains', schema=None) as batch_op:
        batch_op.drop_index('uq_project_domains_project_id_domain')
        batch_op.drop_index('uq_project_domains_one_verified', postgresql_where=sa.text("status = 'VERIFIED'"), sqlite_where=sa.text("status = 'VERIFIED'"))
        batch_op.drop_index('ix_project_domains_project_id_status_created_at_id')
        batch_op.drop_index('ix_project_domains_project_id_created_at_id')
    op.drop_table('project_domains')
    with op.batch_alter_table('projects', schema=None) as batch_op:
        batch_op.drop_column('scim_admin_groups')
        batch_op.drop_column('sso_required')
