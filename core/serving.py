"""What an operator is told when the service starts serving: logged once by the serving
process (`flask run`, its reloader's child under `--debug`, or wsgi.py for waitress), never by a
maintenance command (`flask purge-expired`) that builds the same app."""
import click
from flask.helpers import get_debug_flag
from werkzeug import _reloader
from werkzeug.serving import is_running_from_reloader


def on_start(app, announce) -> None:
    """Have `announce(app)` run when `app` starts serving (a section's startup warning)."""
    app.extensions.setdefault("serving", []).append(announce)


def start(app) -> None:
    """Run what the sections asked to be run at the start, once per app."""
    while app.extensions.get("serving"):
        app.extensions["serving"].pop(0)(app)


def watch_project_code_only() -> None:
    """Under `flask --debug run` (in its serving child, which watches, and in the parent that
    restarts it), have Werkzeug's reloader poll the files of the project and of the modules it
    imported (its "stat" loop) instead of watching with watchdog, which requirements-dev.txt
    brings (mkdocs needs it): watchdog's recursive inotify watches take in the virtualenv, the
    standard library and `instance/`, whose log the server itself writes, and overflow
    ("Inotify queue overflowed", hundreds of lines). Flask's `run` passes Werkzeug no reloader
    type and has no option for one, hence the private name (perf/private_names.py)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.info_name == "run":
        _reloader.reloader_loops["auto"] = _reloader.StatReloaderLoop


def flask_run_serves() -> bool:
    """True while `flask run` builds the app it will serve: not in another command, and not in
    the reloader's watching parent under `--debug` (its child builds the app again and serves)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or ctx.info_name != "run":
        return False
    reload = ctx.params.get("reload")
    if reload is None:
        reload = get_debug_flag()
    return not reload or is_running_from_reloader()
