"""mail outbox: messages queued in the request's transaction

Revision ID: 0011
Revises: 0008
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('mail_outbox',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('kind', sa.String(length=40), server_default='message', nullable=False),
    sa.Column('recipient', sa.String(length=320), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=True),
    sa.Column('body', sa.Text(), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('next_attempt_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.Column('last_error', sa.String(length=500), nullable=True),
    sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('mail_outbox', schema=None) as batch_op:
        batch_op.create_index('ix_mail_outbox_next_attempt_at', ['next_attempt_at'], unique=False)


def downgrade():
    with op.batch_alter_table('mail_outbox', schema=None) as batch_op:
        batch_op.drop_index('ix_mail_outbox_next_attempt_at')
    op.drop_table('mail_outbox')
