"""The hooks (core/hooks.py, docs/contributing.md "The hooks"): each is filled by a section of
the service and listed in the docs, and the callback lists they replaced are gone."""
import pathlib
import re

import pytest

from core import hooks

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
CONTRIBUTING = (ROOT / "docs" / "contributing.md").read_text()


@pytest.mark.parametrize("hook", hooks.HOOKS, ids=lambda hook: hook.name)
def test_every_hook_is_filled_and_listed(app, hook):
    assert hook.fillers, f"{hook.name}: no section fills it"
    assert f"| `{hook.name}` |" in CONTRIBUTING, f"{hook.name} is not in docs/contributing.md"
    assert getattr(hooks, hook.name) is hook


def test_a_hook_is_filled_once_however_many_apps_are_made(make_app):
    before = {hook.name: list(hook.fillers) for hook in hooks.HOOKS}
    make_app()
    assert {hook.name: list(hook.fillers) for hook in hooks.HOOKS} == before


def test_no_section_keeps_a_list_of_callbacks():
    """Reactions across sections go through a declared hook: no module-level list of
    callbacks that a section appends to (a `register`ed function kept in a list)."""
    appended = re.compile(r"^\s+(_?[A-Za-z_]+)\.append\((callback|check|reaction|run|step)\b",
                          re.MULTILINE)
    for path in sorted((ROOT / "sections").rglob("*.py")):
        found = appended.findall(path.read_text())
        assert not found, f"{path.relative_to(ROOT)} appends callbacks to {found}"
