"""Who sees and changes a festival (resources.md R5)."""
from sqlalchemy import or_, true

from core.policy import MEMBER, OWNER, PROJECT_ADMIN, PUBLIC, Caller, define
from sections.festivals.models import DRAFT, Festival
from sections.projects.rules import member_projects, relations_in_project

RULES = {
    "see": {PUBLIC, MEMBER},
    "change": {MEMBER},
    "delete": {OWNER, PROJECT_ADMIN},  # E2.1: a project admin too
}


def festival_relations(festival: Festival, who: Caller) -> set[str]:
    found = relations_in_project(festival.project_id, who)
    if festival.status != DRAFT:
        found.add(PUBLIC)
    return found


def visible_festivals(who: Caller):
    """The SQL form of the "see" rule, for lists."""
    if who.is_admin:
        return true()
    public = Festival.status != DRAFT
    if who.id is None:
        return public
    return or_(public, Festival.project_id.in_(member_projects(who)))


define("festival", Festival, RULES, festival_relations, noun="festival")
