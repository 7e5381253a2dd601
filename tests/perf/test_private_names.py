"""perf/private_names.py, the one list of the libraries' private names the service reads: each is
still there, of its kind, in the installed version, which is the pinned one; and the source
reads no private name that the list lacks (a scan, `Reads`)."""
import ast
import importlib
import importlib.metadata
import pathlib
import re

import flask
import flask_smorest
import limits
import pytest
from flask_limiter import Limiter, RequestLimit

from perf.private_names import DOCUMENTED, PRIVATE

ROOT = pathlib.Path(__file__).resolve().parents[2]
SKIPPED = ("tests", "clients/python", "migrations/versions")  # not the service's own code
PROJECT = {path.stem for path in ROOT.iterdir()
           if path.suffix == ".py" or (path / "__init__.py").exists()} | {"tests"}
ACCESSORS = {"getattr", "setattr", "hasattr", "delattr"}


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def modules():
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if not any(part.startswith(".") for part in path.relative_to(ROOT).parts) \
                and not relative.startswith(SKIPPED):
            yield relative, ast.parse(path.read_text(), relative)


def base_names(node: ast.ClassDef):
    for base in node.bases:
        if isinstance(base, (ast.Name, ast.Attribute)):
            yield base.id if isinstance(base, ast.Name) else base.attr


def library_classes(trees) -> set[str]:
    """The service's classes that extend a library's class, directly or through its own."""
    bases = {node.name: set(base_names(node)) for _, tree in trees for node in ast.walk(tree)
             if isinstance(node, ast.ClassDef)}
    extending, grew = set(), True
    while grew:
        found = {name for name, of in bases.items()
                 if any(base not in bases or base in extending for base in of - {"object"})}
        grew, extending = found != extending, found
    return extending


# The scan is conservative and simple: in every module of the service (tests, generated
# clients and migration scripts aside) it reports each `x._name` (`__dunder__` names aside)
# unless `x` is `self` or `cls` in a class of the service that extends no library class; each
# `super()._name`; each `_name` method defined in a class that extends a library class; each
# import from a library's private module or of a private name; each `getattr`-style call with
# a private string. So a class extending a library's gives its own attributes names without an
# underscore.
DICT_READS = ("get", "setdefault", "pop")


class Reads(ast.NodeVisitor):
    """(line, name) of each private name a module reads, as the comment above says."""

    def __init__(self, extending: set[str]):
        self.extending, self.classes, self.found = extending, [], []

    def in_library_class(self) -> bool:
        return bool(self.classes) and self.classes[-1] in self.extending

    def visit_ClassDef(self, node):
        self.classes.append(node.name)
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and private(item.name) \
                    and node.name in self.extending:
                self.found.append((item.lineno, item.name))
        self.generic_visit(node)
        self.classes.pop()

    def visit_Attribute(self, node):
        own = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls") \
            and not self.in_library_class()
        if private(node.attr) and not own:
            self.found.append((node.lineno, node.attr))
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        parts = (node.module or "").split(".")
        if node.level == 0 and parts[0] not in PROJECT:
            self.found += [(node.lineno, part) for part in parts if private(part)]
            self.found += [(node.lineno, alias.name) for alias in node.names
                           if private(alias.name)]

    def visit_Call(self, node):
        if isinstance(node.func, ast.Name) and node.func.id in ACCESSORS and len(node.args) > 1 \
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
                and private(node.args[1].value):
            self.found.append((node.lineno, node.args[1].value))
        if isinstance(node.func, ast.Attribute) and node.func.attr in DICT_READS and node.args \
                and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) and private(node.args[0].value):
            self.found.append((node.lineno, node.args[0].value))  # a library's key in a dict
        self.generic_visit(node)


def private_reads() -> list[tuple[str, int, str]]:
    trees = list(modules())
    extending = library_classes(trees)
    found = []
    for path, tree in trees:
        reads = Reads(extending)
        reads.visit(tree)
        found += [(path, line, name) for line, name in reads.found]
    return found


LISTED = {entry.name.split(".")[0] for entry in PRIVATE}


def test_every_private_name_the_source_reads_is_listed():
    unlisted = [f"{path}:{line}: {name}" for path, line, name in private_reads()
                if name not in LISTED and name not in DOCUMENTED]
    assert not unlisted, (
        "private names of a library read without an entry in perf/private_names.py (add one: "
        "library, pinned version, owner, kind, why; or use a public name):\n" +
        "\n".join(unlisted))


def test_every_listed_private_name_is_still_read():
    read = {name for _, _, name in private_reads()}
    stale = sorted(name for name in LISTED | set(DOCUMENTED) if private(name) and name not in read)
    assert not stale, f"perf/private_names.py lists names nothing reads any more: {stale}"


def pinned() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        found = re.match(r"([A-Za-z0-9_.-]+)(?:\[[^]]*\])?==([^\s#]+)", line)
        if found:
            pins[normal(found[1])] = found[2]
    return pins


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.mark.parametrize("library,version", sorted({(e.library, e.version) for e in PRIVATE}))
def test_the_installed_version_is_the_one_the_names_were_checked_against(library, version):
    installed = importlib.metadata.version(library)
    assert installed == version, (
        f"{library} {installed} is installed; perf/private_names.py was checked against "
        f"{library} {version}: check each of its {library} entries in {installed}, then "
        "update the entry's version and requirements.txt together")
    assert pinned().get(normal(library)) == version, (
        f"requirements.txt does not pin {library}=={version} (perf/private_names.py)")


def instances():
    """An instance of each owner whose entries are instance attributes or keys, made by the
    libraries alone (a bare Flask app), so that what is checked is the library's own doing."""
    app = flask.Flask("probe")
    app.config.update(RATELIMIT_STORAGE_URI="memory://", API_TITLE="probe", API_VERSION="1",
                      OPENAPI_VERSION="3.1.0")
    limiter = Limiter(lambda: "key", app=app, default_limits=["1/minute"])
    flask_smorest.Api(app)
    with app.test_request_context() as request_context:
        Limiter.context.fget(limiter)  # Flask-Limiter's own, which keeps its state on the context
    return {
        "flask.ctx.RequestContext": request_context,
        "flask_limiter.Limiter": limiter,
        "flask_limiter.Limiter.limit_manager": limiter.limit_manager,
        "flask_limiter.RequestLimit": RequestLimit(limiter, limits.parse("1/minute"), ["key"],
                                                   False, False),
        "flask_smorest.Blueprint": flask_smorest.Blueprint("probe", __name__),
        "app.extensions['flask-smorest']": app.extensions["flask-smorest"],
        "a view's __dict__": vars(flask_smorest.Blueprint("probe", __name__)
                                  .doc(summary="probe")(lambda: None)),
    }


def resolve(path: str):
    """The module, class or object at a dotted path."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            found = getattr(found, part)
        return found
    raise ImportError(path)


def present(entry, made) -> bool:
    if entry.kind == "module":
        module, _, attribute = f"{entry.owner}.{entry.name}".rpartition(".")
        return hasattr(importlib.import_module(module), attribute)
    if entry.kind == "instance attribute":
        return entry.name in vars(made[entry.owner])
    if entry.kind == "key":
        return entry.name in made[entry.owner]
    found = getattr(resolve(entry.owner), entry.name, present)
    return found is not present and callable(found) == (entry.kind == "function")


@pytest.mark.parametrize("entry", PRIVATE, ids=lambda e: f"{e.library}:{e.owner}.{e.name}")
def test_each_listed_name_is_there_as_listed(entry):
    made = instances()
    installed = importlib.metadata.version(entry.library)
    try:
        there = present(entry, made)
    except (ImportError, AttributeError):
        there = False
    assert there, (
        f"{entry.library} {installed} (perf/private_names.py checked {entry.version}): "
        f"{entry.owner} has no {entry.kind} {entry.name} any more; it is read for: {entry.why}")
