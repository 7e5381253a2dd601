"""MkDocs hook: the reference pages written from the code at every build, so they cannot drift:
every setting (config.py, its comments), every error code (core/errors.py and the sections'
outcomes), the CLI commands (click) and the OpenAPI document with Swagger UI to read it."""
import json
import os
import re
import sys

import click
from mkdocs.structure.files import File

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = "reference"


def on_startup(command, dirty):
    # The service's modules (config, app) are read from the checkout (MkDocs restores sys.path
    # after loading this file, so not at import).
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)


def app_for_docs():
    """The app as the docs describe it: every section, no database needed beyond memory."""
    from app import create_app
    return create_app({"SECRET_KEY": "docs", "DATABASE_URL": "sqlite://"})


# --- settings ------------------------------------------------------------------------------

def setting_comments(source: str) -> tuple[dict, dict, dict]:
    """{name: meaning} from the comments above and beside each entry of SETTINGS and FRAMEWORK,
    {name: group} from the `# --- group ---` lines, {group: intro} from a comment paragraph
    that follows a group's line and ends with an empty line."""
    meanings, groups = {}, {}
    pending, group, inside = [], "General", False
    intros = {}
    for line in source.splitlines():
        stripped = line.strip()
        if inside and not stripped and pending:  # a paragraph that opens its group
            intros[group], pending = " ".join(pending), []
        elif re.match(r"(SETTINGS|FRAMEWORK) = \{", line):
            inside, pending, group = True, [], "General"
        elif not inside:
            continue
        elif line.startswith("}"):
            inside = False
        elif header := re.fullmatch(r"# -+ (.+?) -+", stripped):
            group, pending = header.group(1)[0].upper() + header.group(1)[1:], []
        elif stripped.startswith("#"):
            pending.append(stripped[1:].strip())
        elif entry := re.match(r' {4}"([A-Z_0-9]+)":', line):
            beside = line.split("  # ", 1)[1].strip() if "  # " in line else ""
            meanings[entry.group(1)] = " ".join(pending + [beside]).strip()
            groups[entry.group(1)], pending = group, []
    return meanings, groups, intros


def shown(value) -> str:
    if value is None or value == []:
        return "*(none)*"
    if isinstance(value, list):
        return "`" + ",".join(value) + "`"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    return f"`{value}`"


TYPES = {"bool": "flag (`1`, `true`, `yes`, `on`)", "list": "comma-separated list",
         "words": "list separated by commas or spaces", str: "text", int: "integer",
         float: "number"}


def settings_page() -> str:
    import config
    with open(os.path.join(ROOT, "config.py")) as f:
        meanings, groups, intros = setting_comments(f.read())
    missing = [name for name in config.SETTINGS if not meanings.get(name)]
    if missing:
        raise ValueError(f"config.py: no comment says what {', '.join(missing)} means")
    lines = ["# Settings", "",
             "Every setting, read from `config.py` when this site is built. Each one can be set as "
             "an environment variable of the same name or in `instance/config.py`; the order "
             "of precedence is: these defaults, then `instance/config.py`, then the "
             "environment. A list is comma-separated (`a.test, b.test`).", ""]
    group = None
    for name, (parser, default) in config.SETTINGS.items():
        if groups[name] != group:
            group = groups[name]
            lines += ["", f"## {group}", "", intros.get(group, ""), "",
                      "| name | type | default | meaning |", "|---|---|---|---|"]
        lines.append(f"| `{name}` | {TYPES[parser]} | {shown(default)} | "
                     f"{meanings[name].replace('|', '&#124;')} |")
    lines += ["", "## Fixed", "",
              "Set by the service itself (`config.py` FRAMEWORK); `instance/config.py` may "
              "override them.", "", "| name | value | meaning |", "|---|---|---|"]
    for name, value in config.FRAMEWORK.items():
        lines.append(f"| `{name}` | {shown(value)} | {meanings.get(name) or ''} |")
    lines += ["", "## The production server", "",
              "`python serve.py` (waitress) reads three more variables: `LISTEN` (default "
              "`127.0.0.1:8000`), `THREADS` (default `8`) and `TRUSTED_PROXY_COUNT` (above).", ""]
    return "\n".join(lines)


# --- error codes ---------------------------------------------------------------------------

def all_subclasses(kind):
    for sub in kind.__subclasses__():
        yield sub
        yield from all_subclasses(sub)


def errors_page() -> str:
    app_for_docs()  # imports every section, and so every named outcome
    from core import errors, outcomes
    lines = ["# Error codes", "",
             "Every code an answer's `code` (general envelope) or `error` (auth envelope, "
             "under `/api/auth`) can hold, with its status; read from `core/errors.py` and "
             "the sections' `outcomes.py` when this site is built. The envelopes are in "
             "[the API's conventions](conventions.md).", "",
             "## One failure, two codes", "",
             "The same failure is named by the envelope it is answered in: a script that "
             "calls both `/api/auth/...` and the other paths checks the status, or both codes. "
             "The general outcomes' table below has them side by side; the most common:", "",
             "| failure | status | outside `/api/auth` (`code`) | under `/api/auth` (`error`) |",
             "|---|---|---|---|",
             "| no bearer token, or an unknown, expired or revoked one | 401 | `AUTH_ERROR` | "
             "`INVALID_TOKEN` |",
             "| a body or query that fails validation | 400 | `VALIDATION_ERROR` | "
             "`VALIDATION_ERROR` |", "",
             "A `VALIDATION_ERROR` names each field in `details` (`{field: [messages]}`); its "
             "`message` is the one reason when there is one (\"Password is too weak: ...\", "
             "\"This password appeared in a data breach ...\"), else \"Request validation "
             "failed\".", "",
             "## The general outcomes", "",
             "| status | code (general) | code (under /api/auth) | when |", "|---|---|---|---|"]
    for kind, (status, general, auth) in errors.OUTCOMES.items():
        lines.append(f"| {status} | `{general}` | `{auth}` | {kind.__doc__.strip()} |")
    lines += ["", "## Named refusals", "",
              "A section's own codes; each takes its status from the outcome it extends.", "",
              "| status | code | message |", "|---|---|---|"]
    seen = {}
    for kind in all_subclasses(outcomes.Outcome):
        if kind.code and kind.code not in seen:
            base = next(k for k in kind.__mro__ if k in errors.OUTCOMES)
            meaning = getattr(kind, "message", None) or (kind.__doc__ or "").strip()
            seen[kind.code] = (errors.OUTCOMES[base][0], " ".join(meaning.split()))
    for code, (status, message) in sorted(seen.items(), key=lambda item: (item[1][0], item[0])):
        lines.append(f"| {status} | `{code}` | {message} |")
    lines += ["", "## From the framework", "",
              "Answers no view chooses (a route that does not exist, a body too large, the "
              "rate limit).", "", "| status | code |", "|---|---|"]
    lines += [f"| {status} | `{code}` |" for status, code in errors.HTTP_CODES.items()]
    return "\n".join(lines) + "\n"


# --- CLI -----------------------------------------------------------------------------------

def command_lines(command, path, ctx_parent=None):
    ctx = click.Context(command, info_name=path.split()[-1], parent=ctx_parent)
    if isinstance(command, click.Group):
        out = []
        for name in sorted(command.commands):
            out += command_lines(command.commands[name], f"{path} {name}", ctx)
        return out
    usage = command.get_usage(ctx).replace("Usage: ", "").split(" ", 1)
    arguments = usage[1] if len(usage) > 1 else ""
    help_text = command.get_help(ctx).split("\n", 1)[1].strip()
    return ["", f"## `{path}`", "", "```sh",
            f"flask --app app {path.split(' ', 1)[1]} {arguments}".rstrip(), "```", "",
            "```text", help_text, "```"]


def cli_page() -> str:
    app = app_for_docs()
    ours = ("purge-expired", "send-mail", "set-role", "audit")
    lines = ["# CLI commands", "",
             "The maintenance commands and the framework's, as `--help` prints them (read from "
             "the app when this site is built). Run them from the repository's root with the "
             "venv's `flask` and the service's settings: in development add `--debug` "
             "(`.venv/bin/flask --app app --debug purge-expired`), in production set "
             "`SECRET_KEY` and `DATABASE_URL` as the server has them.", ""]
    for name in ours:
        lines += command_lines(app.cli.commands[name], f"flask {name}")
    lines += ["", "## The framework's", "",
              "`flask db ...` (Flask-Migrate: `db upgrade` applies the migrations), "
              "`flask openapi write FILE` (flask-smorest: the OpenAPI document), "
              "`flask run`, `flask shell`, `flask routes`."]
    return "\n".join(lines) + "\n"


# --- the OpenAPI document ------------------------------------------------------------------

SWAGGER_PAGE = """# API reference

The OpenAPI document of this version, written when this site was built
([openapi.json](openapi.json)); a running server serves the same at `/api/openapi.json`, and
this view of it at `/api/docs`.

<div id="swagger-ui"></div>
<link rel="stylesheet" href="../swagger-ui/swagger-ui.css">
<script src="../swagger-ui/swagger-ui-bundle.js"></script>
<script>
SwaggerUIBundle({url: "../openapi.json", dom_id: "#swagger-ui", deepLinking: true,
                 supportedSubmitMethods: []});
</script>
"""


def openapi_files(config):
    app = app_for_docs()
    document = app.test_client().get("/api/openapi.json").get_json()
    import flask_swagger_ui
    assets = os.path.join(os.path.dirname(flask_swagger_ui.__file__), "dist")
    files = [generated(config, f"{REFERENCE}/openapi.json",
                       json.dumps(document, indent=2, ensure_ascii=False)),
             generated(config, f"{REFERENCE}/api.md", SWAGGER_PAGE)]
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js"):
        with open(os.path.join(assets, asset), encoding="utf-8") as f:
            files.append(generated(config, f"{REFERENCE}/swagger-ui/{asset}", f.read()))
    return files


def generated(config, path, content):
    return File.generated(config, path, content=content)


# Pages kept beside the code they describe, published as they are.
COPIED = {"SECURITY.md": "explanation/threat-model.md",
          "bench/README.md": "reference/benchmark-figures.md",
          "clients/typescript/README.md": "how-to/clients/typescript.md",
          "clients/python/README.md": "how-to/clients/python.md",
          "clients/go/README.md": "how-to/clients/go.md"}


def copied_files(config):
    for source, page in COPIED.items():
        with open(os.path.join(ROOT, source), encoding="utf-8") as f:
            yield generated(config, page, f.read())


def on_files(files, config):
    for file in [*copied_files(config),
                 generated(config, f"{REFERENCE}/settings.md", settings_page()),
                 generated(config, f"{REFERENCE}/errors.md", errors_page()),
                 generated(config, f"{REFERENCE}/cli.md", cli_page()),
                 *openapi_files(config)]:
        files.append(file)
    return files
