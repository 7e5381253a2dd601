"""stat counts: counts kept by triggers (core/stats.py) replace the ticket status counts

Revision ID: 0012
Revises: 0011

The triggers are the ones `db.create_all()` makes, from the same definitions. A later migration
that rebuilds a counted table on SQLite (batch mode's copy and rename) loses its triggers and must
run `stats.create_triggers` again; one that changes the counters drops and recreates them.
"""
from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)
from core import stats


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    dialect = op.get_bind().dialect.name
    op.create_table('stat_counts',
    sa.Column('section', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('slot', sa.SmallInteger(), nullable=False),
    sa.Column('count', sa.BigInteger(), nullable=False),
    sa.Column('amount', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('section', 'name', 'slot')
    )
    # Triggers first, then the rows there are. On PostgreSQL, CREATE TRIGGER holds off writes to
    # the table until this migration commits: the rows counted are all there are, and every
    # later write is counted by its trigger.
    for table in stats.TABLES:
        for statement in stats.create_triggers(table, dialect):
            op.execute(statement)
        op.execute(stats.count_rows(table))
    op.drop_table('ticket_status_counts')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.create_index('ix_users_ended_bans', ['ban_expires_at'], unique=False, sqlite_where=sa.text('banned = 1'), postgresql_where=sa.text('banned'))


def downgrade():
    dialect = op.get_bind().dialect.name
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_index('ix_users_ended_bans', sqlite_where=sa.text('banned = 1'), postgresql_where=sa.text('banned'))

    op.create_table('ticket_status_counts',
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('count', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('status')
    )
    op.execute("INSERT INTO ticket_status_counts (status, count) "
               "SELECT status, count(*) FROM tickets GROUP BY status")
    for table in stats.TABLES:
        for statement in stats.drop_triggers(table, dialect):
            op.execute(statement)
    op.drop_table('stat_counts')
