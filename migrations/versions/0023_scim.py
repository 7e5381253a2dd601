"""directory provisioning: SCIM tokens, Users, their e-mails, Groups and their members

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27 18:45:00.000000

extensions.md E4.3. userName is unique per project case-insensitively through a unique index
on its lower-cased copy; a Group's members are rows, one a member.
"""
from alembic import op
import sqlalchemy as sa

import core.db

# revision identifiers, used by Alembic.
revision = '0023'
down_revision = '0022'
branch_labels = None
depends_on = None


def upgrade():
    utc = core.db.UTCDateTime()
    op.create_table(
        'scim_tokens',
        sa.Column('id', sa.String(32), primary_key=True),
        sa.Column('project_id', sa.String(32),
                  sa.ForeignKey('projects.id', ondelete='CASCADE'), nullable=False),
        sa.Column('name', sa.String(100), nullable=False),
        sa.Column('token_hash', sa.String(64), nullable=False, unique=True),
        sa.Column('prefix', sa.String(10), nullable=False),
        sa.Column('created_at', utc, nullable=False),
        sa.Column('last_used_at', utc, nullable=True),
    )
    op.create_index('ix_scim_tokens_project_id_created_at_id', 'scim_tokens',
                    ['project_id', 'created_at', 'id'])
    op.create_table(
        'scim_users',
        sa.Column('id', sa.String(32), primary_key=True),
        sa.Column('project_id', sa.String(32),
                  sa.ForeignKey('projects.id', ondelete='CASCADE'), nullable=False),
        sa.Column('user_name', sa.String(320), nullable=False),
        sa.Column('user_name_key', sa.String(320), nullable=False),
        sa.Column('external_id', sa.String(320), nullable=True),
        sa.Column('display_name_key', sa.String(320), nullable=True),
        sa.Column('active', sa.Boolean(), nullable=False),
        sa.Column('address', sa.String(320), nullable=True),
        sa.Column('account_id', sa.String(32),
                  sa.ForeignKey('users.id', ondelete='SET NULL'), nullable=True),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('created_at', utc, nullable=False),
        sa.Column('updated_at', utc, nullable=False),
    )
    op.create_index('uq_scim_users_project_id_user_name_key', 'scim_users',
                    ['project_id', 'user_name_key'], unique=True)
    for name, columns in (('external_id', ['external_id']),
                          ('display_name_key', ['display_name_key']), ('active', ['active']),
                          ('updated_at_id', ['updated_at', 'id']),
                          ('created_at_id', ['created_at', 'id']), ('address', ['address'])):
        op.create_index(f'ix_scim_users_project_id_{name}', 'scim_users',
                        ['project_id', *columns])
    op.create_index('ix_scim_users_account_id', 'scim_users', ['account_id'])
    op.create_table(
        'scim_user_emails',
        sa.Column('user_id', sa.String(32),
                  sa.ForeignKey('scim_users.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('position', sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column('project_id', sa.String(32), nullable=False),
        sa.Column('value', sa.String(320), nullable=False),
    )
    op.create_index('ix_scim_user_emails_project_id_value', 'scim_user_emails',
                    ['project_id', 'value'])
    op.create_table(
        'scim_groups',
        sa.Column('id', sa.String(32), primary_key=True),
        sa.Column('project_id', sa.String(32),
                  sa.ForeignKey('projects.id', ondelete='CASCADE'), nullable=False),
        sa.Column('display_name', sa.String(320), nullable=False),
        sa.Column('display_name_key', sa.String(320), nullable=False),
        sa.Column('external_id', sa.String(320), nullable=True),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('created_at', utc, nullable=False),
        sa.Column('updated_at', utc, nullable=False),
    )
    for name, columns in (('display_name_key', ['display_name_key']),
                          ('external_id', ['external_id']),
                          ('updated_at_id', ['updated_at', 'id']),
                          ('created_at_id', ['created_at', 'id'])):
        op.create_index(f'ix_scim_groups_project_id_{name}', 'scim_groups',
                        ['project_id', *columns])
    op.create_table(
        'scim_group_members',
        sa.Column('group_id', sa.String(32),
                  sa.ForeignKey('scim_groups.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('member_id', sa.String(32), primary_key=True),
        sa.Column('member_type', sa.String(8), nullable=False),
        sa.Column('display', sa.Text(), nullable=True),
    )
    op.create_index('ix_scim_group_members_member_id', 'scim_group_members', ['member_id'])


def downgrade():
    for table in ('scim_group_members', 'scim_groups', 'scim_user_emails', 'scim_users',
                  'scim_tokens'):
        op.drop_table(table)
