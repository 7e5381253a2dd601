"""Slugs of articles and festivals (resources.md R4, R5): made once from the title, unique in
the project per kind. The unique index (project_id, slug) settles races: the loser of a race for
a made slug takes the next suffix inside a savepoint; an explicit slug that is taken is 409."""
import re
import unicodedata

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core.db import db
from core.outcomes import Conflict

MAX_SLUG = 200
# Room kept for "-" and a suffix of up to 9 digits, so a made slug plus its suffix fits.
SUFFIX_ROOM = 10
ATTEMPTS = 5  # a made slug lost to concurrent creations this often in a row: 409
# Letters NFKD does not decompose into an ASCII base letter.
FOLDS = str.maketrans({"ß": "ss", "ẞ": "ss", "Ø": "o", "ø": "o", "Æ": "ae", "æ": "ae",
                       "Œ": "oe", "œ": "oe", "Đ": "d", "đ": "d", "Ð": "d", "ð": "d",
                       "Ł": "l", "ł": "l", "Þ": "th", "þ": "th", "ı": "i", "Ħ": "h",
                       "ħ": "h", "ŋ": "n", "Ŋ": "n", "ĸ": "k", "ſ": "s"})
NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def from_title(title: str) -> str:
    """ASCII-folded, lower-case, every other run of characters one hyphen; `untitled` when
    nothing is left; cut so that a `-N` suffix still fits in 200 characters."""
    folded = unicodedata.normalize("NFKD", title.translate(FOLDS))
    ascii_only = folded.encode("ascii", "ignore").decode("ascii").lower()
    slug = NOT_ALNUM.sub("-", ascii_only).strip("-")
    slug = slug[:MAX_SLUG - SUFFIX_ROOM].rstrip("-")
    return slug or "untitled"


def next_free(model, project_id: str, base: str) -> str:
    """`base`, or `base-N` with N one past the largest suffix in use in the project."""
    taken = db.session.execute(
        select(model.slug).where(model.project_id == project_id,
                                 (model.slug == base) | model.slug.like(base + "-%"))).scalars()
    numbers = [1 if slug == base else int(slug[len(base) + 1:])
               for slug in taken if slug == base or slug[len(base) + 1:].isdigit()]
    return base if not numbers else f"{base}-{max(numbers) + 1}"


def is_taken(model, project_id: str, slug: str, other_than: str | None = None) -> bool:
    query = select(model.id).where(model.project_id == project_id, model.slug == slug)
    if other_than is not None:
        query = query.where(model.id != other_than)
    return db.session.execute(query.limit(1)).first() is not None


def _insert(resource) -> bool:
    try:
        with db.session.begin_nested():
            db.session.add(resource)
            db.session.flush()
        return True
    except IntegrityError:
        return False


def insert(resource, title: str, explicit: str | None) -> None:
    """Add `resource` (an Article or a Festival) with its slug: the explicit one (409 when
    taken), or one made from `title` with the first free suffix."""
    model = type(resource)
    if explicit is not None:
        resource.slug = explicit
        if is_taken(model, resource.project_id, explicit) or not _insert(resource):
            raise Conflict("This slug is already used in the project", field="slug")
        return
    base = from_title(title)
    for _ in range(ATTEMPTS):
        resource.slug = next_free(model, resource.project_id, base)
        if _insert(resource):
            return
    raise Conflict("Another creation took this slug; retry", field="slug")


def change(resource, slug: str) -> None:
    """PATCH with an explicit slug: 409 when another one of the project has it."""
    if slug == resource.slug:
        return
    if is_taken(type(resource), resource.project_id, slug, other_than=resource.id):
        raise Conflict("This slug is already used in the project", field="slug")
    resource.slug = slug


def flush_change() -> None:
    """Flush a change of slug in a savepoint, so a concurrent taker makes it 409, not 500."""
    try:
        with db.session.begin_nested():
            db.session.flush()
    except IntegrityError:
        raise Conflict("This slug is already used in the project", field="slug") from None
