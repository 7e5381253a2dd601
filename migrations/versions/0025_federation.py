"""one federation path: linked identities and pending sign-ins in one table each

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-02 03:30:21.758636

Contract section 5 and extensions.md E4.2: GitHub's and Google's links (`oauth_identities`) and
SSO's (`sso_identities`) become `linked_identities`; their pending sign-ins (`oauth_states`,
`sso_states`) and the OAuth redirects' one-time codes (`one_time_tokens` with the purposes
`oauth_code_github` and `oauth_code_google`) become `pending_sign_ins`. Every row moves, with
its id: a linked GitHub account still signs in, a sign-in under way still completes. Google's
nonce was kept as written; it is kept as its SHA-256 now, as SSO's was.
"""
import hashlib

from alembic import op
import sqlalchemy as sa

from core import db as models  # noqa: F401  (custom column types such as models.UTCDateTime)


# revision identifiers, used by Alembic.
revision = '0025'
down_revision = '0024'
branch_labels = None
depends_on = None

OAUTH_CODE = 'oauth_code_'  # the one-time codes' purpose before this revision, and a provider


def _digest(value):
    return None if value is None else hashlib.sha256(value.encode('utf-8', 'surrogatepass')).hexdigest()


def _rows(sql):
    return [dict(row) for row in op.get_bind().execute(sa.text(sql)).mappings()]


def _move_rows():
    identities = sa.table('linked_identities', *(sa.column(name) for name in (
        'id', 'provider', 'connection_id', 'subject', 'user_id', 'created_at')))
    pending = sa.table('pending_sign_ins', *(sa.column(name) for name in (
        'id', 'state_hash', 'provider', 'connection_id', 'browser_hash', 'nonce_hash',
        'code_verifier', 'request_id', 'redirect_url', 'user_id', 'created_at', 'expires_at')))
    moved = [{**row, 'connection_id': None} for row in _rows(
        'SELECT id, provider, provider_user_id AS subject, user_id, created_at '
        'FROM oauth_identities')]
    moved += [{**row, 'provider': 'sso'} for row in _rows(
        'SELECT id, connection_id, subject, user_id, created_at FROM sso_identities')]
    none = dict.fromkeys(('connection_id', 'browser_hash', 'nonce_hash', 'code_verifier',
                          'request_id', 'redirect_url', 'user_id'))
    signing_in = []
    for row in _rows('SELECT id, state_hash, provider, browser_hash, nonce, code_verifier, '
                     'redirect_url, created_at, expires_at FROM oauth_states'):
        row['nonce_hash'] = _digest(row.pop('nonce'))
        signing_in.append({**none, **row})
    for row in _rows('SELECT id, token_hash AS state_hash, purpose, user_id, created_at, '
                     f"expires_at FROM one_time_tokens WHERE purpose LIKE '{OAUTH_CODE}%'"):
        row['provider'] = row.pop('purpose')[len(OAUTH_CODE):]
        signing_in.append({**none, **row})
    signing_in += [{**none, **row, 'provider': 'sso'} for row in _rows(
        'SELECT id, state_hash, connection_id, nonce_hash, code_verifier, request_id, '
        'redirect_url, user_id, created_at, expires_at FROM sso_states')]
    if moved:
        op.get_bind().execute(identities.insert(), moved)
    if signing_in:
        op.get_bind().execute(pending.insert(), signing_in)
    op.execute(f"DELETE FROM one_time_tokens WHERE purpose LIKE '{OAUTH_CODE}%'")


def upgrade():
    op.create_table('linked_identities',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('connection_id', sa.String(length=32), nullable=True),
    sa.Column('subject', sa.String(length=512), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['connection_id'], ['sso_connections.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('linked_identities', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_linked_identities_user_id'), ['user_id'], unique=False)
        batch_op.create_index('uq_linked_identities_connection_subject', ['connection_id', 'subject'], unique=True, sqlite_where=sa.text('connection_id IS NOT NULL'), postgresql_where=sa.text('connection_id IS NOT NULL'))
        batch_op.create_index('uq_linked_identities_provider_subject', ['provider', 'subject'], unique=True, sqlite_where=sa.text('connection_id IS NULL'), postgresql_where=sa.text('connection_id IS NULL'))

    op.create_table('pending_sign_ins',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('state_hash', sa.String(length=64), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('connection_id', sa.String(length=32), nullable=True),
    sa.Column('browser_hash', sa.String(length=64), nullable=True),
    sa.Column('nonce_hash', sa.String(length=64), nullable=True),
    sa.Column('code_verifier', sa.String(length=128), nullable=True),
    sa.Column('request_id', sa.String(length=128), nullable=True),
    sa.Column('redirect_url', sa.String(length=2048), nullable=True),
    sa.Column('user_id', sa.String(length=32), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['connection_id'], ['sso_connections.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('state_hash')
    )
    with op.batch_alter_table('pending_sign_ins', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pending_sign_ins_connection_id'), ['connection_id'], unique=False)
        batch_op.create_index('ix_pending_sign_ins_expires_at', ['expires_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_pending_sign_ins_user_id'), ['user_id'], unique=False)

    _move_rows()
    for table, indexes in (
            ('oauth_identities', ('ix_oauth_identities_user_id',
                                  'uq_oauth_identities_provider_user')),
            ('oauth_states', ('ix_oauth_states_expires_at',)),
            ('sso_states', ('ix_sso_states_connection_id', 'ix_sso_states_expires_at',
                            'ix_sso_states_user_id')),
            ('sso_identities', ('ix_sso_identities_user_id',
                                'uq_sso_identities_connection_subject'))):
        with op.batch_alter_table(table, schema=None) as batch_op:
            for index in indexes:
                batch_op.drop_index(index)
        op.drop_table(table)


def downgrade():
    """The four tables again, with the rows that fit them: every link, every pending SSO
    sign-in and one-time code; a pending GitHub or Google sign-in only without a nonce (the
    nonce is kept hashed now: Google's cannot complete, it is started again)."""
    op.create_table('oauth_identities',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('provider_user_id', sa.String(length=255), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_oauth_identities_user_id', 'oauth_identities', ['user_id'])
    op.create_index('uq_oauth_identities_provider_user', 'oauth_identities',
                    ['provider', 'provider_user_id'], unique=True)
    op.create_table('oauth_states',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('provider', sa.String(length=16), nullable=False),
    sa.Column('state_hash', sa.String(length=64), nullable=False),
    sa.Column('browser_hash', sa.String(length=64), nullable=False),
    sa.Column('code_verifier', sa.String(length=128), nullable=False),
    sa.Column('nonce', sa.String(length=128), nullable=True),
    sa.Column('redirect_url', sa.String(length=2048), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('state_hash')
    )
    op.create_index('ix_oauth_states_expires_at', 'oauth_states', ['expires_at'])
    op.create_table('sso_identities',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('connection_id', sa.String(length=32), nullable=False),
    sa.Column('subject', sa.String(length=512), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['connection_id'], ['sso_connections.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_sso_identities_user_id', 'sso_identities', ['user_id'])
    op.create_index('uq_sso_identities_connection_subject', 'sso_identities',
                    ['connection_id', 'subject'], unique=True)
    op.create_table('sso_states',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('state_hash', sa.String(length=64), nullable=False),
    sa.Column('connection_id', sa.String(length=32), nullable=False),
    sa.Column('nonce_hash', sa.String(length=64), nullable=True),
    sa.Column('code_verifier', sa.String(length=128), nullable=True),
    sa.Column('request_id', sa.String(length=128), nullable=True),
    sa.Column('user_id', sa.String(length=32), nullable=True),
    sa.Column('redirect_url', sa.String(length=2048), nullable=True),
    sa.Column('created_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.Column('expires_at', models.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['connection_id'], ['sso_connections.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('state_hash')
    )
    op.create_index('ix_sso_states_connection_id', 'sso_states', ['connection_id'])
    op.create_index('ix_sso_states_expires_at', 'sso_states', ['expires_at'])
    op.create_index('ix_sso_states_user_id', 'sso_states', ['user_id'])
    for statement in (
            "INSERT INTO oauth_identities (id, provider, provider_user_id, user_id, created_at) "
            "SELECT id, provider, subject, user_id, created_at FROM linked_identities "
            "WHERE connection_id IS NULL",
            "INSERT INTO sso_identities (id, connection_id, subject, user_id, created_at) "
            "SELECT id, connection_id, subject, user_id, created_at FROM linked_identities "
            "WHERE connection_id IS NOT NULL",
            "INSERT INTO oauth_states (id, provider, state_hash, browser_hash, code_verifier, "
            "redirect_url, created_at, expires_at) SELECT id, provider, state_hash, browser_hash, "
            "code_verifier, redirect_url, created_at, expires_at FROM pending_sign_ins "
            "WHERE provider <> 'sso' AND user_id IS NULL AND nonce_hash IS NULL",
            "INSERT INTO one_time_tokens (id, purpose, token_hash, user_id, created_at, "
            f"expires_at) SELECT id, '{OAUTH_CODE}' || provider, state_hash, user_id, "
            "created_at, expires_at FROM pending_sign_ins "
            "WHERE provider <> 'sso' AND user_id IS NOT NULL",
            "INSERT INTO sso_states (id, state_hash, connection_id, nonce_hash, code_verifier, "
            "request_id, user_id, redirect_url, created_at, expires_at) SELECT id, state_hash, "
            "connection_id, nonce_hash, code_verifier, request_id, user_id, redirect_url, "
            "created_at, expires_at FROM pending_sign_ins WHERE provider = 'sso'"):
        op.execute(statement)
    op.drop_table('pending_sign_ins')
    op.drop_table('linked_identities')
