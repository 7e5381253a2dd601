"""Bookmarks under /api/bookmarks: each view declares who may reach it, loads with a schema,
calls the service, commits once and returns what the response schema dumps."""
from core import listing
from core import policy as policies
from core.access import guard, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import data_schema
from tests.example_section import service as bookmarks
from tests.example_section.schemas import (
    BookmarkChangeSchema,
    BookmarkCreateSchema,
    BookmarkSchema,
)

blp = ApiBlueprint("bookmarks", __name__, url_prefix="/api/bookmarks",
                   description="A user's bookmarks (an example section)")
ListArgs = listing.arguments("BookmarkListArgs", sorts=["createdAt"])


@blp.get("")
@blp.doc(operationId="listBookmarks")
@blp.response(200, listing.page_schema(BookmarkSchema))
@login_required
@blp.arguments(ListArgs, location="query")
def list_bookmarks(args):
    """List the caller's bookmarks."""
    page = bookmarks.page(policies.caller(), args)
    return page.answer([bookmarks.answer(b) for b in page.items])


@blp.post("")
@blp.doc(operationId="createBookmark")
@blp.response(201, data_schema(BookmarkSchema))
@login_required
@blp.arguments(BookmarkCreateSchema)
def create_bookmark(data):
    """Keep a link."""
    bookmark = bookmarks.create(policies.caller(), data)
    db.session.commit()
    return {"data": bookmarks.answer(bookmark)}


@blp.patch("/<bookmark_id>")
@blp.doc(operationId="updateBookmark")
@blp.response(200, data_schema(BookmarkSchema))
@login_required
@guard("bookmark", "change", lock=True)
@blp.arguments(BookmarkChangeSchema)
def update_bookmark(data, bookmark):
    """Rename a bookmark."""
    bookmarks.update(bookmark, data)
    db.session.commit()
    return {"data": bookmarks.answer(bookmark)}


@blp.delete("/<bookmark_id>")
@blp.doc(operationId="deleteBookmark")
@blp.response(204)
@guard("bookmark", "change")
@login_required
def delete_bookmark(bookmark):
    """Forget a bookmark."""
    db.session.delete(bookmark)
    db.session.commit()
    return None
