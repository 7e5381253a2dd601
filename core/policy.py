"""Who sees and who changes what (resources.md R1, "who sees what"): the policy engine, with
the kinds each section declares in its `rules.py` (`define`): 404 before 403, in one question."""

# A kind: which relations allow each action, and one function that finds a caller's relations
# to a resource (one query at most). A view asks `load(kind, id, action)` (or `authorize` for a
# resource it already holds) and gets the resource, or NotFound when the caller may not see it,
# or Forbidden when it may see it but not do `action`.
from dataclasses import dataclass, field

from core.bearer import current_session
from core.db import db
from core.fields import storable
from core.outcomes import Forbidden, NotFound, Outcome

# Relations a caller can have to a resource.
ANYONE = "anyone"  # every caller, signed in or not
USER = "user"  # any signed-in caller
MEMBER = "member"  # a member of the resource's project (its owner too)
OWNER = "owner"  # the owner of the resource's project
PROJECT_ADMIN = "project_admin"  # an admin of the resource's project (extensions.md E2.1)
ADMIN = "admin"  # a platform admin (R2): acts as owner everywhere
REQUESTER = "requester"  # the user who opened a ticket (R7)
PUBLIC = "public"  # the resource is public in its state (a PUBLISHED article, R4)
AUTHOR = "author"  # wrote the article (while a member, R1) or the review
MODERATOR = "moderator"  # a member of a reviewed festival's project, or an admin (R6)
OTHERS_MODERATOR = "others_moderator"  # a moderator who did not write the review (R6)
HOLDER = "holder"  # the resource is the caller's own credential (its session, passkey, API key)


@dataclass(frozen=True)
class Kind:
    """A kind of resource: its model, action -> the relations that allow it ("see" decides
    404, every other action 403), and the caller's relations to one resource of the kind."""

    model: type
    rules: dict
    relations: object
    noun: str  # what a user's message calls it ("No such API key")
    verbs: dict  # action -> how a message says it ("list the registrations of")
    find: object = None  # find(id, who, action, lock): a section's own load and check
    # (status, description) of further refusals its load may give (documented per view), or a
    # function giving them when they are known only once every section registered
    refusals: tuple | object = ()

    def documented_refusals(self) -> tuple:
        return tuple(self.refusals() if callable(self.refusals) else self.refusals)

    def not_found(self) -> NotFound:
        return NotFound(f"No such {self.noun}")

    def forbidden(self, action: str) -> Forbidden:
        return Forbidden(f"You may not {self.verbs.get(action, action)} this {self.noun}")


# kind name -> Kind, filled by each section's rules.py
KINDS: dict[str, Kind] = {}


def define(name: str, model: type, rules: dict, relations, find=None, *, noun: str,
           verbs: dict | None = None, refusals=()) -> None:
    """Declare a kind of resource (from a section's rules.py). Messages name it by `noun` and
    an action by `verbs[action]` (the action itself when it is one plain word), never by the
    internal names: an action written with an underscore needs its verb."""
    if "see" not in rules:
        raise ValueError(f"kind {name!r} needs a 'see' rule")
    verbs = verbs or {}
    unsaid = [action for action in rules if "_" in action and action not in verbs]
    if "_" in noun or unsaid or any("_" in verb for verb in verbs.values()):
        raise ValueError(f"kind {name!r}: say its noun and verbs in words ({unsaid})")
    KINDS[name] = Kind(model, rules, relations, noun, verbs, find,
                       refusals if callable(refusals) else tuple(refusals))


def extend(name: str, rules: dict, *, verbs: dict | None = None) -> None:
    """Add actions to a kind another section defined (a section's own actions on a project:
    "manage_domains"), from the adding section's rules.py, imported by its `register` (the
    defining section registers first); an action is never redefined."""
    if name not in KINDS:
        raise LookupError(f"kind {name!r} is not defined yet: its section registers first")
    kind = KINDS[name]
    verbs = verbs or {}
    if set(rules) & set(kind.rules) or any("_" in a and a not in verbs for a in rules):
        raise ValueError(f"kind {name!r}: new actions only, each said in words ({rules})")
    kind.rules.update(rules)
    kind.verbs.update(verbs)


class HeldOut(NotFound):
    """A member that a rule of the project holds out (a gate, below): to the caller the project
    is one it is not a member of (404) wherever it is named, but on the project's own path,
    where the access step answers `refusal` instead (core/access.py)."""

    def __init__(self, refusal: Outcome, message: str):
        super().__init__(message)
        self.refusal = refusal


@dataclass(frozen=True)
class Gate:
    """A rule by which a project holds some of its members out (extensions.md E4.2's
    ssoRequired): `statement` selects the ids of the projects that hold a caller out, with
    bound parameters that `params(who)` gives for a caller; its project's own paths answer
    `refusal` to them, documented as `documented` (status, description)."""

    name: str
    statement: object
    params: object
    refusal: type
    documented: tuple


@dataclass(frozen=True)
class Caller:
    """Who is asking: a signed-in user (from the bearer session) or nobody. `credential` is
    the bearer's credential itself (the auth section's: a session, an API key), for the rules
    that ask how the caller came (a project's gates)."""

    id: str | None = None
    role: str | None = None
    email: str | None = None
    email_verified: bool = False
    credential: object = field(default=None, compare=False, hash=False, repr=False)

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
    return Caller(user.id, user.role, user.email, user.email_verified, credential=session)


def base_relations(who: Caller) -> set[str]:
    """What any caller has to any resource: ANYONE, USER when signed in, ADMIN for admins."""
    found = {ANYONE}
    if who.id is not None:
        found.add(USER)
    if who.is_admin:
        found.add(ADMIN)
    return found


def allows(kind: str, action: str, relations: set[str]) -> bool:
    return bool(KINDS[kind].rules.get(action, set()) & relations)


def authorize(kind: str, resource, action: str, who: Caller | None = None) -> set[str]:
    """Check `action` on `resource` in R1's order (404 before 403); return the relations."""
    who = who or caller()
    return check(kind, KINDS[kind].relations(resource, who), action)


def check(kind: str, relations: set[str], action: str) -> set[str]:
    """NotFound when `relations` do not let the caller see a resource of `kind`, Forbidden when
    they do not allow `action`; else the relations."""
    if not allows(kind, "see", relations):
        raise KINDS[kind].not_found()
    if action != "see" and not allows(kind, action, relations):
        raise KINDS[kind].forbidden(action)
    return relations


def is_id(value) -> bool:
    """Whether `value` can be an id at all. A path segment such as `%00` (a NUL, which
    PostgreSQL refuses) or one longer than any id matches nothing: 404, never a 500."""
    return isinstance(value, str) and 0 < len(value) <= 64 and storable(value)


def load(kind: str, resource_id, action: str = "see", who: Caller | None = None, *,
         lock: bool = False):
    """The resource of `kind` with this id, once the caller may do `action` on it; its row
    read locked with `lock` (PostgreSQL; SQLite has one writer). An id that cannot be one
    (`is_id`) is NotFound before the database sees it."""
    spec = KINDS[kind]
    who = who or caller()
    if not is_id(resource_id):
        raise spec.not_found()
    if spec.find is not None:
        return spec.find(resource_id, who, action, lock)
    resource = db.session.get(spec.model, resource_id)
    if resource is None:
        raise spec.not_found()
    check(kind, spec.relations(resource, who), action)
    if lock:
        # Read again, locked: a change decided on its state is never applied to a state moved
        # meanwhile. `of`: only its own row (a row joined by an outer join, an author who may
        # be gone, cannot be locked on PostgreSQL, nor needs to be). Deleted meanwhile: 404.
        resource = db.session.get(spec.model, resource_id, populate_existing=True,
                                  with_for_update={"of": spec.model})
        if resource is None:
            raise spec.not_found()
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
