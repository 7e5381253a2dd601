"""The house rules of the code (docs: contributing): imports run downward, a section reaches
another only through what that one exports, modules stay small. Read from the source, so a
change that breaks a rule fails here rather than in review."""
import ast
import importlib
import pathlib

import pytest

import app as application

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
APP_CODE = ("core", "sections", "perf")
MAX_LINES = 300


def modules():
    for top in APP_CODE:
        for path in sorted((ROOT / top).rglob("*.py")):
            yield path.relative_to(ROOT)
    for path in sorted(ROOT.glob("*.py")):
        yield path.relative_to(ROOT)


def imported(path: pathlib.Path) -> set[str]:
    """The dotted names a module imports: `from a.b import c` gives a.b and a.b.c."""
    names = set()
    for node in ast.walk(ast.parse((ROOT / path).read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def kind_of(path: pathlib.Path) -> str | None:
    if path.stem == "models" or "models" in path.parts[:-1]:
        return "model"
    if path.stem == "schemas" or "schemas" in path.parts[:-1]:
        return "schema"
    return None


def test_every_listed_section_is_a_package_with_a_register():
    for name in application.SECTIONS:
        section = importlib.import_module(f"sections.{name}")
        assert callable(section.register), name
        assert isinstance(section.EXPORTS, tuple), name


@pytest.mark.parametrize("path", list(modules()), ids=str)
def test_imports_run_downward(path):
    """The core imports no section; models import no service, schema or route; schemas import
    no service or route; perf imports no section."""
    for name in imported(path):
        words = set(name.split("."))
        assert not (path.parts[0] in ("core", "perf") and name.startswith("sections")), name
        if kind_of(path) == "model":
            assert not words & {"service", "services", "schemas", "routes"}, name
        if kind_of(path) == "schema":
            assert not words & {"service", "services", "routes"}, name


def reached_sections(path: pathlib.Path):
    """(section, [what the import statement reaches in it]) for each import of a section: a
    `from a.b import c` reaches `a.b`, or `a.b.c` when c is a module of package a.b."""
    for node in ast.walk(ast.parse((ROOT / path).read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        parts = names[0].split(".")
        if parts[0] == "sections" and len(parts) >= 2:
            yield parts[1], [".".join(name.split(".")[2:]) for name in names]


def exported(name: str, exports: tuple) -> bool:
    return any(name == e or name.startswith(e + ".") for e in exports)


@pytest.mark.parametrize("path", [p for p in modules() if p.parts[0] == "sections"], ids=str)
def test_a_section_imports_only_what_another_exports(path):
    for section, reached in reached_sections(path):
        if section == path.parts[1]:
            continue
        exports = importlib.import_module(f"sections.{section}").EXPORTS
        # the module itself, or every name taken from it when that module is a package
        assert exported(reached[0], exports) or all(exported(n, exports) for n in reached[1:]), \
            f"{path} imports sections.{section}.{reached[0]}; it exports {exports}"


def test_sections_import_each_other_in_no_cycle():
    """A lower section lets a higher one act through a hook (core/hooks.py), never an import
    back: the sections' imports of each other (function-level ones too) form no cycle."""
    graph = {}
    for path in (p for p in modules() if p.parts[0] == "sections" and len(p.parts) > 2):
        for section, _ in reached_sections(path):
            if section != path.parts[1]:
                graph.setdefault(path.parts[1], set()).add(section)

    def reaches(start, goal, seen=()):
        return any(step == goal or (step not in seen and reaches(step, goal, (*seen, step)))
                   for step in graph.get(start, ()))

    cycles = sorted(section for section in graph if reaches(section, section))
    assert not cycles, f"sections in an import cycle: {cycles}"


@pytest.mark.parametrize("path", list(modules()), ids=str)
def test_modules_stay_small(path):
    assert len((ROOT / path).read_text().splitlines()) <= MAX_LINES


def views(path: pathlib.Path):
    """The views of a module: functions decorated with `<blueprint>.get(...)`, `.post(...)`..."""
    for node in ast.walk(ast.parse((ROOT / path).read_text())):
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                and d.func.attr in ("get", "post", "put", "patch", "delete", "route")
                for d in node.decorator_list):
            yield node


def declares_204(view: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
               and d.func.attr == "response" and d.args
               and isinstance(d.args[0], ast.Constant) and d.args[0].value == 204
               for d in view.decorator_list)


EXAMPLE = [p.relative_to(ROOT) for p in sorted((ROOT / "tests" / "example_section").glob("*.py"))]
VIEW_MODULES = [p for p in [*modules(), *EXAMPLE] if any(True for _ in views(p))]


@pytest.mark.parametrize("path", VIEW_MODULES, ids=str)
def test_views_answer_one_way(path):
    """docs/contributing.md, "an answer": a view returns what its response schema dumps (a 204
    view `return None`), never bytes or JSON of its own: a kept answer is a decorator's
    (perf/answer_cache.py)."""
    source = (ROOT / path).read_text()
    for name in ("jsonify", "make_response", "response_class"):
        assert name not in source, f"{path} writes an answer itself ({name})"
    for view in views(path):
        for node in ast.walk(view):
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
                status = node.value.elts[-1]
                assert not (isinstance(status, ast.Constant) and status.value == 204), \
                    f"{path}:{node.lineno}: a 204 is @blp.response(204) and `return None`"
        if declares_204(view):
            last = view.body[-1]
            assert (isinstance(last, ast.Return) and isinstance(last.value, ast.Constant)
                    and last.value.value is None), f"{path}: {view.name} ends with return None"


@pytest.mark.parametrize("path", [p for p in modules() if kind_of(p) == "schema"], ids=str)
def test_answer_schemas_dump_the_answers_keys(path):
    """A response schema dumps a service's answer, whose keys are the API's: no `attribute=`
    reaching into an ORM object."""
    for node in ast.walk(ast.parse((ROOT / path).read_text())):
        if isinstance(node, ast.Call):
            assert "attribute" not in {k.arg for k in node.keywords}, f"{path}:{node.lineno}"
