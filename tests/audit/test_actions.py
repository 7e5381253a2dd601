"""Each section declares the audit actions it writes (docs/contributing.md, "an audited
change"): every action recorded in the source is declared once the app is made, the log's
vocabulary holds nothing else, and an action no section declared is refused when recorded."""
import re
from pathlib import Path

import pytest

from core.db import db
from sections.audit import chain
from sections.audit import service as audit
from tests.conftest import SECTIONS

ROOT = Path(__file__).resolve().parents[2]
RECORDED = re.compile(r"audit\.record\(\s*[^,]+,\s*\"([a-z_.]+)\"")
# Within the audit section's own modules, its `record(actor, "action", ...)`.
OWN = re.compile(r"(?<![\w.])record\(\s*[^,]+,\s*\"([a-z_.]+)\"")


def recorded_in_source() -> set[str]:
    """The actions the served sections' modules record (each call names its action as a
    literal)."""
    found = set()
    for section in SECTIONS:
        for path in (ROOT / "sections" / section).rglob("*.py"):
            found |= set((OWN if section == "audit" else RECORDED).findall(path.read_text()))
    return found


def test_the_vocabulary_is_what_the_sections_record(app):
    recorded = recorded_in_source()
    assert {"project.update", "user.delete", "user.impersonate"} <= recorded  # the scan works
    assert set(audit.ACTIONS) == recorded
    assert audit.ACTIONS["project.domain_add"][0] == "project"
    assert audit.ACTIONS["user.delete"] == ("user", None)  # a user.* entry names no project


def test_an_action_no_section_declared_is_refused_when_recorded(app):
    with app.app_context():
        with pytest.raises(audit.UnknownAction) as refused:
            audit.record(None, "project.renamed", "p1", {})
        assert not db.session.info.get(chain.KEPT)
    assert "'project.renamed' is not declared" in str(refused.value)
    assert "audit.actions(" in str(refused.value)


def test_declaring_again_is_harmless_and_another_meaning_is_refused(monkeypatch):
    monkeypatch.setattr(audit, "ACTIONS", dict(audit.ACTIONS))
    audit.actions({"thing.change": "thing"})
    audit.actions({"thing.change": "thing"})  # as every app made in the process declares it
    assert audit.ACTIONS["thing.change"] == ("thing", None)
    with pytest.raises(ValueError, match="'thing.change' declared twice"):
        audit.actions({"thing.change": "project"})
    audit.actions({"project.thing": "project"})  # a project's own: projectId is the target
    assert audit.ACTIONS["project.thing"][1]("p1") == "p1"
