"""Command-line maintenance: `flask --app app purge-expired`, `set-role`, `send-mail`, and
Flask-Migrate's `db` group."""
import os
import threading

import click
from flask import current_app
from sqlalchemy import delete, inspect, select

from core import clock, outbox
from core.db import db
from core.models import OutboxMessage
from sections.auth.models import (
    ApiKey,
    OneTimeToken,
    PasskeyChallenge,
    PendingSignIn,
    Session,
    User,
)
from sections.auth.services import bans, impersonation, security_log
from sections.oauth.models import (
    OAuthDeviceAuthorization,
    OAuthRefreshToken,
    OAuthRequest,
    RevokedAccessToken,
    purge_unused,
)
from sections.sso.saml.models import SamlAcceptedAssertion

# Every table whose rows die at `expires_at`; later features append theirs.
# An API key without an expiry (NULL) is never purged.
EXPIRING = [Session, OneTimeToken, PasskeyChallenge, PendingSignIn, OutboxMessage, ApiKey,
            SamlAcceptedAssertion, OAuthRequest, OAuthRefreshToken, RevokedAccessToken,
            OAuthDeviceAuthorization]
ROLES = ("admin", "user")
MIGRATIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "migrations")


class MigrationCommands(click.Group):
    """`flask db ...`: Flask-Migrate's group, imported (with alembic) only when it is used.
    Importing it in every process took 0.16 s of the app's 0.6 s import (`python -X importtime
    -c "import app"`), in every server start and every other command. When used, Flask-Migrate
    is set up as usual, its group replaces this one and parses the command line itself."""

    def __init__(self, app):
        super().__init__("db", help="Perform database migrations.")
        self.app = app

    def real(self) -> click.Group:
        from flask_migrate import Migrate

        Migrate(self.app, db, directory=MIGRATIONS, render_as_batch=True)  # adds its `db` group
        return self.app.cli.commands["db"]

    def make_context(self, info_name, args, parent=None, **extra):
        return self.real().make_context(info_name, args, parent=parent, **extra)


def purge_expired() -> tuple[dict[str, int], int]:
    """Delete what has expired and clear ended bans: (rows removed per table, bans cleared)."""
    now = clock.utcnow()
    removed = {}
    for model in EXPIRING:
        result = db.session.execute(delete(model).where(model.expires_at <= now))
        removed[model.__tablename__] = result.rowcount
    removed["security_events"] = security_log.purge(now)  # older than SECURITY_LOG_DAYS
    removed["oauth_clients"] = purge_unused(now)  # dynamic, metadata-document: 30 days unused
    cleared = bans.clear_ended(now)
    db.session.commit()
    return removed, cleared


def require_tables() -> None:
    """A clear refusal, instead of SQL's "no such table", on a database not migrated yet."""
    if not inspect(db.engine).has_table(User.__tablename__):
        raise click.ClickException(
            "the database has no tables yet: run `flask --app app db upgrade` first (with the "
            "same settings, e.g. --debug, as this command)")


def register_commands(app):
    app.cli.add_command(MigrationCommands(app))

    @app.cli.command("purge-expired")
    def purge_expired_command():
        """Delete expired sessions, one-time tokens, API keys, pending sign-ins, undeliverable
        queued mail, security events older than SECURITY_LOG_DAYS and dynamically registered
        OAuth clients unused for 30 days; clear ended bans."""
        require_tables()
        removed, cleared = purge_expired()
        for table, count in removed.items():
            click.echo(f"{table}: {count} removed")
        click.echo(f"ended bans: {cleared} cleared")

    @app.cli.command("set-role")
    @click.argument("email")
    @click.argument("role", type=click.Choice(ROLES))
    def set_role_command(email, role):
        """Give the account with EMAIL the platform role ROLE (admin or user).

        The operator's tool (resources.md R2): it applies what it is told, last admin included,
        and writes no audit entry.
        """
        require_tables()
        user = db.session.execute(
            select(User).where(User.email == email.strip().lower())).scalar_one_or_none()
        if user is None:
            raise click.ClickException(f"no account has the e-mail address {email}")
        user.role = role
        impersonation.end_on_role_change(user.id, role)  # as an admin's role change (E2.3)
        db.session.commit()
        click.echo(f"{user.email} is now {role}")

    @app.cli.command("send-mail")
    @click.option("--watch", is_flag=True,
                  help="Keep delivering, every MAIL_POLL_INTERVAL seconds, until stopped.")
    def send_mail_command(watch):
        """Deliver the queued e-mail that is due (a worker beside the serving processes)."""
        require_tables()
        if not watch:
            click.echo(f"{outbox.deliver_due()} e-mail(s) delivered")
            return
        interval = current_app.config["MAIL_POLL_INTERVAL"]
        stop = threading.Event()
        while not stop.is_set():
            try:
                outbox.deliver_due()
            except Exception:  # the database is away, say: the next round tries again
                db.session.rollback()
                outbox.log.exception("mail sender round failed")
            db.session.remove()
            stop.wait(interval)
