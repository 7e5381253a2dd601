"""payment webhook: event ledger, payments, refunds, subscriptions

Revision ID: 0002
Revises: 0001
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('payment_events',
    sa.Column('id', sa.String(length=255), nullable=False),
    sa.Column('type', sa.String(length=255), nullable=False),
    sa.Column('created', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('payload', sa.Text(), nullable=False),
    sa.Column('received_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('processed_at', models.UTCDateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )

    op.create_table('payments',
    sa.Column('id', sa.String(length=255), nullable=False),
    sa.Column('amount', sa.BigInteger(), nullable=False),
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('status', sa.String(length=64), nullable=False),
    sa.Column('last_event_id', sa.String(length=255), nullable=False),
    sa.Column('last_event_created', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('updated_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['last_event_id'], ['payment_events.id'], ),
    sa.PrimaryKeyConstraint('id')
    )

    op.create_table('refunds',
    sa.Column('id', sa.String(length=255), nullable=False),
    sa.Column('payment_intent', sa.String(length=255), nullable=True),
    sa.Column('amount', sa.BigInteger(), nullable=False),
    sa.Column('amount_refunded', sa.BigInteger(), nullable=False),
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('last_event_id', sa.String(length=255), nullable=False),
    sa.Column('last_event_created', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('updated_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['last_event_id'], ['payment_events.id'], ),
    sa.PrimaryKeyConstraint('id')
    )

    with op.batch_alter_table('refunds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_refunds_payment_intent'), ['payment_intent'], unique=False)

    op.create_table('subscriptions',
    sa.Column('id', sa.String(length=255), nullable=False),
    sa.Column('customer', sa.String(length=255), nullable=False),
    sa.Column('status', sa.String(length=64), nullable=False),
    sa.Column('current_period_end', models.UTCDateTime(timezone=True), nullable=True),
    sa.Column('last_event_id', sa.String(length=255), nullable=False),
    sa.Column('last_event_created', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('updated_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['last_event_id'], ['payment_events.id'], ),
    sa.PrimaryKeyConstraint('id')
    )

    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_subscriptions_customer'), ['customer'], unique=False)


def downgrade():
    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_subscriptions_customer'))

    op.drop_table('subscriptions')

    with op.batch_alter_table('refunds', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_refunds_payment_intent'))

    op.drop_table('refunds')

    op.drop_table('payments')

    op.drop_table('payment_events')
