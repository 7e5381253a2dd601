"""Command-line maintenance: `flask --app app purge-expired`, `flask --app app set-role`."""
import click
from sqlalchemy import delete, select

from models import OAuthState, OneTimeToken, PasskeyChallenge, Session, User, db
from services import clock

# Every table whose rows die at `expires_at`; later features append theirs.
EXPIRING = [Session, OneTimeToken, PasskeyChallenge, OAuthState]
ROLES = ("admin", "user")


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

    @app.cli.command("set-role")
    @click.argument("email")
    @click.argument("role", type=click.Choice(ROLES))
    def set_role_command(email, role):
        """Give the account with EMAIL the platform role ROLE (admin or user).

        The operator's tool (resources.md R2): it applies what it is told, last admin included,
        and writes no audit entry.
        """
        user = db.session.execute(
            select(User).where(User.email == email.strip().lower())).scalar_one_or_none()
        if user is None:
            raise click.ClickException(f"no account has the e-mail address {email}")
        user.role = role
        db.session.commit()
        click.echo(f"{user.email} is now {role}")
