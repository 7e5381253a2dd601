"""Command-line maintenance: `flask --app app purge-expired`."""
import click
from sqlalchemy import delete

from models import OAuthState, OneTimeToken, PasskeyChallenge, Session, db
from services import clock

# Every table whose rows die at `expires_at`; later features append theirs.
EXPIRING = [Session, OneTimeToken, PasskeyChallenge, OAuthState]


def purge_expired() -> dict[str, int]:
    now = clock.utcnow()
    removed = {}
    for model in EXPIRING:
        result = db.session.execute(delete(model).where(model.expires_at <= now))
        removed[model.__tablename__] = result.rowcount
    db.session.commit()
    return removed


def register_commands(app):
    @app.cli.command("purge-expired")
    def purge_expired_command():
        """Delete expired sessions and one-time tokens."""
        for table, count in purge_expired().items():
            click.echo(f"{table}: {count} removed")
