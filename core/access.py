"""Who may reach a view: decorators that only declare (`Access`), and `check_access`, the
pipeline step that acts on them in R1's order whatever order they are written in (core/blueprint.py
documents each declaration's refusals)."""
from dataclasses import dataclass, field

from flask import current_app, request

from core import policy
from core.bearer import current_session
from core.outcomes import EmailNotVerified, Forbidden, NotFound, Unauthenticated

REQUIRED, OPTIONAL = "required", "optional"


@dataclass(frozen=True)
class Guard:
    kind: str
    action: str
    arg: str  # the path argument holding the id; the view gets the resource as `kind`
    lock: bool = False
    then: object = None  # then(resource, who, raw_body): the section's check before the body


@dataclass
class Access:
    auth: str | None = None
    roles: tuple = ()
    not_impersonated: bool = False
    guards: list = field(default_factory=list)
    body: list = field(default_factory=list)  # (field, kind) pairs
    verified_email: str | None = None  # what the caller is doing, for the refusal's message

    def names(self) -> list[str]:
        """The keyword arguments the view gets: each loaded resource's kind."""
        return [item.kind for item in self.guards] + [kind for _, kind in self.body]


NOTHING = Access()  # a view that declares nothing: public, no path resource


def declared(view) -> Access:
    """The view's declarations (shared by its wrappers: functools.wraps copies `__dict__`)."""
    spec = view.__dict__.get("access")
    if spec is None:
        spec = view.access = Access()
    return spec


def login_required(view):
    """Require a live bearer session (401 otherwise); limits switch to per user."""
    declared(view).auth = REQUIRED
    view.requires_auth = True  # read by the bearer step and the rate limiter's key
    return view


def login_optional(view):
    """A public read: anonymous without a bearer, the caller with a live one, and 401 for a
    bearer that is sent but dead, so a client learns its session ended (resources.md R1)."""
    spec = declared(view)
    spec.auth = spec.auth or OPTIONAL
    view.accepts_auth = True
    return view


def roles_required(*roles):
    """A live bearer whose platform role is one of `roles` (401, then 403)."""

    def decorator(view):
        declared(view).roles = roles
        return login_required(view)

    return decorator


def guard(kind: str, action: str = "see", arg: str | None = None, *, lock=False, then=None):
    """Load the path's `kind` (argument `arg`, by default `<kind>_id`) for `action`; the view
    gets it as the keyword argument `kind`. `lock` reads its row locked (a change decided on
    its state); `then` is the section's check of the raw body against it."""

    def decorator(view):
        _loads(declared(view), kind).guards.insert(
            0, Guard(kind, action, arg or f"{kind}_id", lock, then))
        return view

    return decorator


def body_names(field_name: str, kind: str):
    """R1: a well-formed id in the body naming nothing the caller can see is 404, before the
    body is validated; an id of the wrong type is left to the schema (400). The view gets what
    it names as the keyword argument `kind` (None when the body names nothing)."""

    def decorator(view):
        _loads(declared(view), kind).body.append((field_name, kind))
        return view

    return decorator


def _loads(spec: Access, kind: str) -> Access:
    if kind in spec.names():
        raise ValueError(f"the view loads a {kind!r} twice: it gets one keyword argument each")
    return spec


def not_impersonated(view):
    """A security change that an impersonation session may not make (extensions.md E2.3):
    403 IMPERSONATION_FORBIDDEN, asked of the credential; needs a live bearer."""
    declared(view).not_impersonated = True
    return login_required(view)


def verified_email_required(doing: str):
    """The view needs a verified e-mail address: 403 EMAIL_NOT_VERIFIED, after the access
    step's 404s and before the body's 400 (R6 reviews, E3.4 registrations); needs a live
    bearer. `doing` completes the message "Verify your e-mail address to ..."."""

    def decorator(view):
        declared(view).verified_email = doing
        return login_required(view)

    return decorator


def raw_body():
    return request.get_json(silent=True)


# `check_access`'s order (R1), after the rate limit:
# 1. 401  no live bearer where one is needed, or a dead one sent to a public read
#    403  a credential that does not reach this method and path at all (an API key's scopes,
#         extensions.md E2.2): asked of the credential right after it is authenticated
# 2. 403  the caller's platform role is not one the view needs (`roles_required`), then an
#         impersonation session asking for a security change (`not_impersonated`, E2.3)
# 3. 404  a path id that cannot be one (`policy.is_id`), whatever the view
# 4. 404, 403  each path resource: not visible, then not allowed (`policy.load`), locked when the
#         view changes it; then the section's own check on the raw body (`then`: 409 for a final
#         state, 403 for a field the caller may not change)
# 5. 404  an id in the body naming nothing the caller may see (`body_names`)
# 6. 403  EMAIL_NOT_VERIFIED (`verified_email_required`)
# 7. the view, which validates the body (400); it gets each loaded resource as a keyword argument
def check_access():
    """Pipeline step: act on the view's declarations (the module docstring's order)."""
    if request.method == "OPTIONS":
        return  # a CORS preflight or Flask's automatic OPTIONS: the view never runs
    view = current_app.view_functions.get(request.endpoint)
    spec = getattr(view, "access", None) or NOTHING
    if spec.auth == REQUIRED and current_session() is None:
        raise Unauthenticated("Missing, invalid or expired bearer token")
    if (spec.auth == OPTIONAL and "HTTP_AUTHORIZATION" in request.environ
            and current_session() is None):
        raise Unauthenticated("Invalid or expired bearer token")
    if spec.auth is not None and (session := current_session()) is not None:
        session.check_reach(request.method, request.path)
    if spec.roles and current_session().user.role not in spec.roles:
        raise Forbidden("This needs the " + " or ".join(spec.roles) + " role")
    if spec.not_impersonated:
        current_session().check_not_impersonated()
    guarded = {item.arg: item.kind for item in spec.guards}
    for name, value in (request.view_args or {}).items():
        # Every path id, before anything reaches the database: `%00` or 65 characters name
        # nothing (PostgreSQL refuses a NUL outright), so 404 whatever the view does next.
        if name.endswith("_id") and not policy.is_id(value):
            if name in guarded:
                raise policy.KINDS[guarded[name]].not_found()
            raise NotFound(f"No such {name.removesuffix('_id').replace('_', ' ')}")
    if spec.guards or spec.body:
        load_resources(spec)
    if spec.verified_email is not None and not policy.caller().email_verified:
        raise EmailNotVerified(f"Verify your e-mail address to {spec.verified_email}")


def load_resources(spec: Access) -> None:
    """Steps 4 and 5: each resource loaded through the policy, into the view's arguments."""
    who = policy.caller()
    args = request.view_args
    for item in spec.guards:
        try:
            resource = policy.load(item.kind, args.pop(item.arg), item.action, who,
                                   lock=item.lock)
        except policy.HeldOut as held:
            # The path's own project holds the caller out: it says why (SSO_REQUIRED), so a
            # client knows what to do; named anywhere else it is a project like any other.
            raise held.refusal from None
        if item.then is not None:
            item.then(resource, who, raw_body())
        args[item.kind] = resource
    body = raw_body() if spec.body else None
    for field_name, kind in spec.body:
        value = body.get(field_name) if isinstance(body, dict) else None
        # Not an id at all: the schema answers 400 before the view sees this None.
        args[kind] = policy.load(kind, value, "see", who) if policy.is_id(value) else None
