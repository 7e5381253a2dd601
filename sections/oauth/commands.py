"""The identity provider's maintenance commands: `flask --app app oauth rotate-keys`."""
import click
from flask.cli import AppGroup

from sections.oauth import keys

oauth_commands = AppGroup("oauth", help="The identity provider (extensions.md E5).")


@oauth_commands.command("rotate-keys")
def rotate_keys():
    """Make new current signing keys (RS256, ES256): every token issued from now on is signed
    with them, in every process; the old ones stay published until their tokens expire."""
    for kid in keys.rotate():
        click.echo(f"new signing key {kid}")
