"""Who sees and changes a bookmark: its owner only (anyone else gets 404, R1)."""
from core.policy import AUTHOR, Caller, base_relations, define
from tests.example_section.models import Bookmark

RULES = {"see": {AUTHOR}, "change": {AUTHOR}}


def relations(bookmark: Bookmark, who: Caller) -> set[str]:
    found = base_relations(who)
    if who.id is not None and bookmark.owner_id == who.id:
        found.add(AUTHOR)
    return found


def visible(who: Caller):
    """The SQL form of "see", for the list."""
    return Bookmark.owner_id == who.id


define("bookmark", Bookmark, RULES, relations, noun="bookmark")
