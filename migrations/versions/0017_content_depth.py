"""content depth: scheduled articles, the search index, festival registrations

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-26 16:20:00.000000

"""
import json

from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)
from core import words
from core.search import ENGINE_DDL


# revision identifiers, used by Alembic.
revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('articles', schema=None) as batch_op:
        batch_op.add_column(sa.Column('publish_at', models.UTCDateTime(timezone=True), nullable=True))
        batch_op.create_index('ix_articles_status_publish_at', ['status', 'publish_at'], unique=False)

    op.create_table('search_documents',
    sa.Column('key', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
    sa.Column('type', sa.String(length=16), nullable=False),
    sa.Column('item_id', sa.String(length=32), nullable=False),
    sa.Column('audience', sa.String(length=16), nullable=False),
    sa.Column('vector', postgresql.TSVECTOR().with_variant(sa.String(), 'sqlite'), nullable=True),
    sa.PrimaryKeyConstraint('key')
    )
    with op.batch_alter_table('search_documents', schema=None) as batch_op:
        batch_op.create_index('uq_search_documents_type_item_id_audience', ['type', 'item_id', 'audience'], unique=True)
    dialect = op.get_bind().dialect.name
    for statement in ENGINE_DDL[dialect]:
        op.execute(statement)
    backfill(dialect == 'sqlite')

    op.create_table('registrations',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('festival_id', sa.String(length=32), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.BigInteger(), nullable=False),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['festival_id'], ['festivals.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('registrations', schema=None) as batch_op:
        batch_op.create_index('ix_registrations_festival_id_created_at_id', ['festival_id', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_registrations_festival_id_status_created_at_id', ['festival_id', 'status', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_registrations_festival_id_status_seq', ['festival_id', 'status', 'seq'], unique=False)
        batch_op.create_index('ix_registrations_user_id_created_at_id', ['user_id', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_registrations_user_id_status_created_at_id', ['user_id', 'status', 'created_at', 'id'], unique=False)
        batch_op.create_index('uq_registrations_festival_id_seq', ['festival_id', 'seq'], unique=True)
        batch_op.create_index('uq_registrations_festival_id_user_id', ['festival_id', 'user_id'], unique=True)


def backfill(sqlite):
    """The search documents of what exists, as the sections make them today (core/search.py):
    an article's title, excerpt, content and tags; a festival's name, description and location;
    a ticket's subject, description and comments (the requester's without internal ones)."""
    bind = op.get_bind()
    documents = []
    for id_, title, excerpt, content, tags in bind.execute(sa.text(
            "SELECT id, title, excerpt, content, tags FROM articles")):
        tags = json.loads(tags) if isinstance(tags, str) else tags
        documents.append(('article', id_, 'all', [title, excerpt, content, " ".join(tags or [])]))
    for id_, name, description, location in bind.execute(sa.text(
            "SELECT id, name, description, location FROM festivals")):
        documents.append(('festival', id_, 'all', [name, description, location]))
    comments = bind.execute(sa.text("SELECT ticket_id, body, internal FROM ticket_comments "
                                    "ORDER BY created_at, id")).all()
    for id_, subject, description in bind.execute(sa.text(
            "SELECT id, subject, description FROM tickets")):
        said = [c for c in comments if c[0] == id_]
        documents.append(('ticket', id_, 'requester',
                          [subject, description, *(c[1] for c in said if not c[2])]))
        documents.append(('ticket', id_, 'staff', [subject, description, *(c[1] for c in said)]))
    for kind, id_, audience, fields in documents:
        title = words.indexed(fields[0])
        body = " ".join(words.indexed(f) for f in fields[1:])
        row = {"type": kind, "item_id": id_, "audience": audience, "title": title, "body": body}
        if not sqlite:
            bind.execute(sa.text(
                "INSERT INTO search_documents (type, item_id, audience, vector) VALUES "
                "(:type, :item_id, :audience, setweight(to_tsvector('simple', :title), 'A') "
                "|| setweight(to_tsvector('simple', :body), 'B'))"), row)
            continue
        key = bind.execute(sa.text(
            "INSERT INTO search_documents (type, item_id, audience) VALUES "
            "(:type, :item_id, :audience) RETURNING key"), row).scalar_one()
        bind.execute(sa.text("INSERT INTO search_text (rowid, title, body) VALUES "
                             "(:key, :title, :body)"), {**row, "key": key})


def downgrade():
    with op.batch_alter_table('registrations', schema=None) as batch_op:
        for name in ('uq_registrations_festival_id_user_id', 'uq_registrations_festival_id_seq',
                     'ix_registrations_user_id_status_created_at_id',
                     'ix_registrations_user_id_created_at_id',
                     'ix_registrations_festival_id_status_seq',
                     'ix_registrations_festival_id_status_created_at_id',
                     'ix_registrations_festival_id_created_at_id'):
            batch_op.drop_index(name)
    op.drop_table('registrations')
    if op.get_bind().dialect.name == 'sqlite':
        op.execute("DROP TABLE IF EXISTS search_text")
    op.drop_table('search_documents')
    with op.batch_alter_table('articles', schema=None) as batch_op:
        batch_op.drop_index('ix_articles_status_publish_at')
        batch_op.drop_column('publish_at')
