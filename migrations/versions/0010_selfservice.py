"""account self-service: index one-time tokens by account and purpose

A password reset or change spends every reset token of the account, and deleting an account
cascades to its tokens (contract section 9): both find the rows by user_id.

Revision ID: 0010
Revises: 0006
"""
from alembic import op

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('one_time_tokens', schema=None) as batch_op:
        batch_op.create_index('ix_one_time_tokens_user_id_purpose', ['user_id', 'purpose'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('one_time_tokens', schema=None) as batch_op:
        batch_op.drop_index('ix_one_time_tokens_user_id_purpose')
