"""Who sees and who changes what (resources.md R1, "who sees what"), as data in one place.

A view asks one question, `policies.load(kind, id, action)` (or `authorize` for a resource it
already holds), and gets the resource, or NotFound when the caller may not see it, or Forbidden
when it may see it but not do `action`. RULES says which relations allow each action; each kind
has one function that finds the caller's relations to a resource (one query at most).
"""
from dataclasses import dataclass
from functools import wraps

from flask import request
from sqlalchemy import or_, select, true

from core.bearer import current_session
from core.db import db
from core.fields import storable
from core.outcomes import Forbidden, NotFound
from sections.articles.models import PUBLISHED as ARTICLE_PUBLISHED
from sections.articles.models import Article
from sections.festivals.models import DRAFT, Festival
from sections.projects.models import Membership, Project
from sections.reviews.models import APPROVED, Review
from sections.tickets.models import Ticket

# Relations a caller can have to a resource.
ANYONE = "anyone"  # every caller, signed in or not
USER = "user"  # any signed-in caller
MEMBER = "member"  # a member of the resource's project (its owner too)
OWNER = "owner"  # the owner of the resource's project
ADMIN = "admin"  # a platform admin (R2): acts as owner everywhere
REQUESTER = "requester"  # the user who opened a ticket (R7)
PUBLIC = "public"  # the resource is public in its state (a PUBLISHED article, R4)
AUTHOR = "author"  # wrote the article (while a member, R1) or the review
MODERATOR = "moderator"  # a member of a reviewed festival's project, or an admin (R6)
OTHERS_MODERATOR = "others_moderator"  # a moderator who did not write the review (R6)

# kind -> action -> the relations that allow it. "see" decides 404, every other action 403.
RULES = {
    "project": {
        "see": {MEMBER},
        "change": {OWNER},  # PATCH, DELETE, transfer, invitations, removing others
        "leave": {MEMBER},  # removing oneself (the owner gets 409: transfer first)
    },
    "article": {  # R4
        "see": {PUBLIC, MEMBER},
        "change": {AUTHOR, OWNER},  # PATCH and DELETE
    },
    "festival": {  # R5
        "see": {PUBLIC, MEMBER},
        "change": {MEMBER},
        "delete": {OWNER},
    },
    "review": {  # R6
        "see": {PUBLIC, AUTHOR, MODERATOR},
        "change": {AUTHOR},
        "delete": {AUTHOR, MODERATOR},
        "moderate": {OTHERS_MODERATOR},  # nobody moderates their own review
    },
    # R7: the requester and the staff (platform admins) see a ticket, nobody else. Which
    # fields each may change is finer than one action: TICKET_FIELDS below.
    "ticket": {
        "see": {REQUESTER, ADMIN},
        "comment": {REQUESTER, ADMIN},
        "comment_internal": {ADMIN},
    },
}

# R7: who may change each field of a ticket (a requester may only set status CLOSED, see
# `ticket_change_allowed`); an admin who opened the ticket holds both relations.
TICKET_FIELDS = {
    "subject": {REQUESTER},
    "description": {REQUESTER},
    "status": {ADMIN},
    "priority": {ADMIN},
    "assigneeId": {ADMIN},
}


@dataclass(frozen=True)
class Caller:
    """Who is asking: a signed-in user (from the bearer session) or nobody."""

    id: str | None = None
    role: str | None = None
    email: str | None = None
    email_verified: bool = False

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


ANONYMOUS = Caller()


def caller() -> Caller:
    """The request's caller, from the bearer session resolved once per request."""
    session = current_session()
    if session is None:
        return ANONYMOUS
    user = session.user
    return Caller(user.id, user.role, user.email, user.email_verified)


def project_role(project_id: str, user_id: str | None) -> str | None:
    """The user's role in the project ("owner" or "member"), None when not a member."""
    if user_id is None:
        return None
    return db.session.execute(
        select(Membership.role).where(Membership.project_id == project_id,
                                      Membership.user_id == user_id)).scalar_one_or_none()


def relations_in_project(project_id: str | None, who: Caller) -> set[str]:
    """What belonging to the project gives the caller (members keep rights only while members)."""
    role = None
    if project_id is not None and who.id is not None and not who.is_admin:
        role = project_role(project_id, who.id)
    return relations_of_role(role, who)


def relations_of_role(role: str | None, who: Caller) -> set[str]:
    """The relations a caller with `role` in a project ("owner", "member" or None) has to it;
    for a caller whose role was read with the resource itself (one query, no second lookup)."""
    found = {ANYONE}
    if who.id is not None:
        found.add(USER)
    if who.is_admin:
        found |= {ADMIN, MEMBER, OWNER}
    if role is not None:
        found.add(MEMBER)
    if role == OWNER:
        found.add(OWNER)
    return found


def visible_projects(who: Caller, membership):
    """The SQL clause of the projects a caller's own list shows (R3: the ones it is a member
    of, admins included; admins list every project at /api/admin/projects). `membership` is
    the Membership entity joined to the projects."""
    return membership.user_id == who.id


def relations_to_ticket(ticket, who: Caller) -> set[str]:
    found = {ANYONE} if who.id is None else {ANYONE, USER}
    if who.id is not None and ticket.requester_id == who.id:
        found.add(REQUESTER)
    if who.is_admin:
        found.add(ADMIN)
    return found


def visible_tickets(who: Caller):
    """The SQL condition of the tickets `who` sees (R7): staff all, anyone else its own."""
    return true() if who.is_admin else Ticket.requester_id == who.id


def ticket_change_allowed(field: str, value, relations: set[str]) -> bool:
    """May a caller with `relations` set `field` of a ticket to `value` (R7)?"""
    if field == "status" and value == "CLOSED" and REQUESTER in relations:
        return True  # the requester may close its ticket
    return bool(TICKET_FIELDS[field] & relations)


def article_relations(article: Article, who: Caller) -> set[str]:
    found = relations_in_project(article.project_id, who)
    if article.status == ARTICLE_PUBLISHED:
        found.add(PUBLIC)
    # R1: editing one's own article is a right that lasts only while a member.
    if who.id is not None and article.author_id == who.id and MEMBER in found:
        found.add(AUTHOR)
    return found


def festival_relations(festival: Festival, who: Caller) -> set[str]:
    found = relations_in_project(festival.project_id, who)
    if festival.status != DRAFT:
        found.add(PUBLIC)
    return found


def review_relations(review: Review, who: Caller) -> set[str]:
    found = relations_in_project(review.festival.project_id, who)
    if review.status == APPROVED:
        found.add(PUBLIC)
    if who.id is not None and review.author_id == who.id:
        found.add(AUTHOR)
    if MEMBER in found:
        found.add(MODERATOR)
        if AUTHOR not in found:
            found.add(OTHERS_MODERATOR)
    return found


# kind -> (model, the caller's relations to one resource of that kind)
KINDS = {
    "project": (Project, lambda project, who: relations_in_project(project.id, who)),
    "ticket": (Ticket, relations_to_ticket),
    "article": (Article, article_relations),
    "festival": (Festival, festival_relations),
    "review": (Review, review_relations),
}


def allows(kind: str, action: str, relations: set[str]) -> bool:
    return bool(RULES[kind][action] & relations)


def authorize(kind: str, resource, action: str, who: Caller | None = None) -> set[str]:
    """Check `action` on `resource` in R1's order (404 before 403); return the relations."""
    who = who or caller()
    _, relations_of = KINDS[kind]
    return check(kind, relations_of(resource, who), action)


def check(kind: str, relations: set[str], action: str) -> set[str]:
    """NotFound when `relations` do not let the caller see a resource of `kind`, Forbidden when
    they do not allow `action`; else the relations."""
    if not allows(kind, "see", relations):
        raise NotFound(f"No such {kind}")
    if action != "see" and not allows(kind, action, relations):
        raise Forbidden(f"You may not {action} this {kind}")
    return relations


def is_id(value) -> bool:
    """Whether `value` can be an id at all. A path segment such as `%00` (a NUL, which
    PostgreSQL refuses) or one longer than any id matches nothing: 404, never a 500."""
    return isinstance(value, str) and 0 < len(value) <= 64 and storable(value)


def load(kind: str, resource_id: str, action: str = "see", who: Caller | None = None):
    """The resource of `kind` with this id, once the caller may do `action` on it."""
    model, _ = KINDS[kind]
    resource = db.session.get(model, resource_id) if is_id(resource_id) else None
    if resource is None:
        raise NotFound(f"No such {kind}")
    authorize(kind, resource, action, who)
    return resource


def may_know_email(who: Caller, user_id: str | None, relations: set[str]) -> bool:
    """R1: an embedded user's e-mail is shown to the user itself, admins and project members."""
    return who.is_admin or (who.id is not None and who.id == user_id) or MEMBER in relations


def embed_user(user, show_email: bool) -> dict | None:
    """A user as resources embed it (`UserRefSchema`); None for a deleted user."""
    if user is None:
        return None
    embedded = {"id": user.id, "name": user.name, "image": user.image}
    if show_email:
        embedded["email"] = user.email
    return embedded


def guard(kind: str, action: str, arg: str):
    """Load the path's resource (`arg`) for `action` before the body is parsed, so 404 and 403
    come before 400 (R1's order); the view gets it as the keyword argument `kind`."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            kwargs[kind] = load(kind, kwargs.pop(arg), action)
            return view(*args, **kwargs)

        return wrapper

    return decorator


def body_names(field: str, kind: str):
    """R1: a well-formed id in the body naming nothing the caller can see is 404 right after
    the bearer, before the body is validated; an id of the wrong type is left to the schema."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            body = request.get_json(silent=True)
            value = body.get(field) if isinstance(body, dict) else None
            if isinstance(value, str) and 1 <= len(value) <= 64 and storable(value):
                load(kind, value, "see")
            return view(*args, **kwargs)

        return wrapper

    return decorator


# SQL forms of the "see" rules, for lists (R1: a list shows only what the caller may see).

def member_projects(who: Caller):
    """A subquery of the ids of the caller's projects."""
    return select(Membership.project_id).where(Membership.user_id == who.id)


def visible_articles(who: Caller):
    if who.is_admin:
        return true()
    public = Article.status == ARTICLE_PUBLISHED
    if who.id is None:
        return public
    return or_(public, Article.project_id.in_(member_projects(who)))


def visible_festivals(who: Caller):
    if who.is_admin:
        return true()
    public = Festival.status != DRAFT
    if who.id is None:
        return public
    return or_(public, Festival.project_id.in_(member_projects(who)))


def visible_reviews(who: Caller):
    """APPROVED reviews, the caller's own, and those it moderates (R6)."""
    if who.is_admin:
        return true()
    public = Review.status == APPROVED
    if who.id is None:
        return public
    moderated = select(Festival.id).where(Festival.project_id.in_(member_projects(who)))
    return or_(public, Review.author_id == who.id, Review.festival_id.in_(moderated))


def projects_of(who: Caller) -> set[str] | None:
    """The ids of the caller's projects (one query), for answering a page of a list: None
    stands for "all" (an admin), an empty set for an anonymous caller."""
    if who.is_admin:
        return None
    if who.id is None:
        return set()
    return set(db.session.execute(member_projects(who)).scalars())


def member_of(projects: set[str] | None, project_id: str) -> bool:
    return projects is None or project_id in projects

