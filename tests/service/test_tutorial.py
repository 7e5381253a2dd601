"""The docs run as they are written, on one server started by the README's one start command
(which is the tutorial's): the README's "A taste", then the tutorial (docs/tutorial.md), every
shell block in order in one shell as a reader pastes them, then each how-to page that shows
requests, in the site's order, each in a fresh shell that has the tutorial's helpers (its
section 2); mailed tokens read as the tutorial says (from instance/server.log)."""
# What differs from a reader's run, and why:
# - the checkout is a folder of links to this one without its `instance/`, so the database, the
#   generated secrets and the log are the test's own, and the start command's install part is
#   not run (the tests run in the venv it makes);
# - the server listens on a free port rather than 5000 (FLASK_RUN_PORT, APP_BASE_URL), and the
#   blocks' `localhost:5000` is that port; so do the single sign-on page's local servers, which
#   may not take a port another run holds: its OpenID provider (the blocks' 9400) and its DNS
#   server (DNS_DEVELOPMENT_RESOLVER, where the server asks and scripts/dns_txt_server.py
#   listens, rather than the default 127.0.0.1:8053);
# - a `curl` whose answer the tutorial does not show as an error gets `--fail-with-body`, and the
#   shell runs with `set -euo pipefail`, so an answer that went wrong stops the run.
import contextlib
import os
import re
import signal
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.conftest import free_port, wait_until_healthy

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs" / "tutorial.md"
FENCE = re.compile(r'^```sh(?: title="([^"]*)")?\n(.*?)^```$', re.M | re.S)
SERVER = "Terminal 1: the server"
INSTALL = "python3 -m venv .venv && .venv/bin/pip install -r requirements.txt && "
TASTE = "README: a taste"
# A command's own comment or the comment lines after it show an error answer.
SHOWN_ERROR = re.compile(r'#.*(\b4\d\d\b|"error")')
NOT_LINKED = {"instance", ".git", ".pytest_cache", ".ruff_cache", ".hypothesis", "site"}


def blocks(page=TUTORIAL):
    """(title, text, line) of each `sh` block, in the page's order."""
    text = page.read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        yield match.group(1) or "", match.group(2), text.count("\n", 0, match.start()) + 1


def failing_on_errors(block: str) -> str:
    """The block with `curl --fail-with-body` wherever the tutorial expects no error answer."""
    lines = block.split("\n")
    for start, line in enumerate(lines):
        found = re.match(r"(\s*(?:\w+=\$\()?)curl ", line)
        if not found:
            continue
        end = start
        while lines[end].rstrip().endswith("\\"):
            end += 1
        after = end + 1
        while after < len(lines) and lines[after].lstrip().startswith("#"):
            after += 1
        if not any(SHOWN_ERROR.search(text) for text in lines[start:after]):
            lines[start] = found.group(1) + "curl --fail-with-body " + line[found.end():]
    return "\n".join(lines)


def how_to_pages() -> list[Path]:
    """The how-to pages in the site's order (mkdocs.yml's nav)."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    paths = re.findall(r"^ +- .*: (how-to/[\w-]+\.md)$", nav, re.M)
    return [ROOT / "docs" / path for path in paths]


def shows_requests(page: Path) -> bool:
    """A page whose `sh` blocks are run: every block it fences as `sh` runs against the server;
    a command that is not meant to run there (on a production host, say) is fenced `console`."""
    return any(True for _ in blocks(page))


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    folder = tmp_path_factory.mktemp("docs") / "checkout"
    folder.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in NOT_LINKED:
            (folder / entry.name).symlink_to(entry)
    return folder


PROVIDER_PORT = re.compile(r"(127\.0\.0\.1:|--port )9400\b")


class Ports(NamedTuple):
    server: int  # the blocks' localhost:5000
    provider: int  # the single sign-on page's OpenID provider, the blocks' 9400


@pytest.fixture(scope="module")
def environment():
    """The embedded defaults: none of the test run's own settings reach the tutorial."""
    ports = Ports(free_port(), free_port())
    env = {name: value for name, value in os.environ.items()
           if name not in ("SECRET_KEY", "FLASK_DEBUG", "DATABASE_URL", "RATELIMIT_STORAGE_URI",
                           "DNS_RESOLVER", "DNS_DEVELOPMENT_RESOLVER")}
    env.update(FLASK_RUN_PORT=str(ports.server), APP_BASE_URL=f"http://localhost:{ports.server}",
               DNS_DEVELOPMENT_RESOLVER=f"127.0.0.1:{free_port()}")
    return ports, env


def on_port(block: str, ports: Ports) -> str:
    block = block.replace("localhost:5000", f"localhost:{ports.server}")
    return PROVIDER_PORT.sub(lambda found: f"{found.group(1)}{ports.provider}", block)


def start_command() -> str:
    """The README's one start command, which the tutorial's server block repeats."""
    readme = next(text for _, text, _ in blocks(ROOT / "README.md"))
    (tutorial,) = [text for title, text, _ in blocks() if title == SERVER]
    assert readme == tutorial and readme.startswith(INSTALL)
    return readme


@pytest.fixture(scope="module")
def server(checkout, environment, tmp_path_factory):
    ports, env = environment
    block = start_command()[len(INSTALL):]
    output = tmp_path_factory.mktemp("server") / "terminal-1.txt"
    with open(output, "w") as out:
        process = subprocess.Popen(["bash", "-euo", "pipefail", "-c", on_port(block, ports)],
                                   cwd=checkout, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        wait_until_healthy(ports.server, process, output)
        yield output
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def script_of(page: Path, ports: Ports, skip=()) -> str:
    script = ["set -euo pipefail"]
    for title, block, line in blocks(page):
        if title not in skip:
            script += [f"echo '=== docs/{page.relative_to(ROOT / 'docs')}, the block at line "
                       f"{line}' >&2", failing_on_errors(on_port(block, ports))]
    return "\n".join(script)


def run_script(script: str, checkout, env) -> subprocess.CompletedProcess:
    """`script` in bash, in a session of its own: whatever it left running (a page's second
    server, when a block after its start failed) is stopped with it, so no later run finds
    its port taken."""
    process = subprocess.Popen(["bash", "-c", script], cwd=checkout, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=600)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def test_the_tutorial_runs_as_written(server, checkout, environment):
    ports, env = environment
    assert [title for title, _, _ in blocks()].count(SERVER) == 1
    run = run_script(script_of(TUTORIAL, ports, skip=(SERVER,)), checkout, env)
    assert run.returncode == 0, (run.stderr[-4000:], server.read_text()[-3000:])
    assert "admin@example.com is now admin" in run.stdout
    assert "PAYMENT_WEBHOOK_SECRET is not set" not in server.read_text()


@pytest.mark.parametrize("page", [page for page in how_to_pages() if shows_requests(page)],
                         ids=lambda page: page.stem)
def test_each_how_to_page_runs_as_written_on_the_same_server(page, server, checkout,
                                                             environment):
    ports, env = environment
    before = {entry.name for entry in checkout.iterdir()}
    run = run_script(on_port(helpers(), ports) + "\n" + script_of(page, ports), checkout, env)
    assert run.returncode == 0, (run.stderr[-4000:], server.read_text()[-3000:])
    left = {entry.name for entry in checkout.iterdir()} - before
    assert not left, f"{page.name} leaves files in the repository's folder: {sorted(left)}"


def test_every_how_to_page_that_shows_a_request_runs():
    """A page that shows a request to the service (curl) runs it (its blocks are `sh`)."""
    for page in how_to_pages():
        text = page.read_text(encoding="utf-8")
        if re.search(r"^curl |\$BASE", text, re.M):
            assert shows_requests(page), f"{page.name} shows requests in no `sh` block"


def test_the_readme_s_taste_runs_twice_as_written(server, checkout, environment):
    ports, env = environment
    (taste,) = [text for title, text, _ in blocks(ROOT / "README.md") if title == TASTE]
    for _ in range(2):  # a new address each time
        run = subprocess.run(["bash", "-euo", "pipefail", "-c",
                              failing_on_errors(on_port(taste, ports))],
                             cwd=checkout, env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        assert '"Crème brûlée"' in run.stdout and '"total": 1' in run.stdout
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


def helpers() -> str:
    return next(text for title, text, _ in blocks() if "mailed()" in text)


def test_the_helpers_say_what_went_wrong(tmp_path):
    answer = """echo '{"error": "INVALID_CREDENTIALS"}' | keep session.token"""
    keep = subprocess.run(["bash", "-c", helpers() + "\n" + answer],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert keep.returncode != 0 and keep.stdout == ""
    assert "keep: the answer above has no session.token" in keep.stderr
    silent = subprocess.run(["bash", "-c", helpers() + "\nkeep session.token < /dev/null"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert silent.returncode != 0 and "is the server of terminal 1 running?" in silent.stderr
    outside = subprocess.run(["bash", "-c", helpers() + "\nmailed verify-email"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert outside.returncode == 1 and outside.stdout == ""
    assert "run this in the repository's folder" in outside.stderr


def test_the_site_lists_the_how_to_pages_in_the_readme_s_order():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = readme[readme.index("- How-to guides:"):readme.index("- Reference,")]
    in_readme = [ROOT / path for path in re.findall(r"\]\((docs/how-to/[\w-]+\.md)\)", listed)]
    assert in_readme == how_to_pages()
