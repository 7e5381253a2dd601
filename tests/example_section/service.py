"""The workflows: plain functions over the models, no HTTP; outcomes, never statuses."""
from sqlalchemy import select

from core import listing
from core.db import db
from core.policy import Caller
from tests.example_section.models import Bookmark
from tests.example_section.rules import visible

SORTS = {"createdAt": Bookmark.created_at}


def create(who: Caller, data: dict) -> Bookmark:
    bookmark = Bookmark(owner_id=who.id, **data)
    db.session.add(bookmark)
    db.session.flush()
    return bookmark


def update(bookmark: Bookmark, data: dict) -> None:
    for name, value in data.items():
        setattr(bookmark, name, value)


def page(who: Caller, args: dict) -> listing.Page:
    return listing.page(select(Bookmark).where(visible(who)), args, SORTS, Bookmark.id)


def answer(bookmark: Bookmark) -> dict:
    """The answer's keys with raw values; the view's schema dumps them."""
    return {"id": bookmark.id, "url": bookmark.url, "title": bookmark.title,
            "createdAt": bookmark.created_at}
