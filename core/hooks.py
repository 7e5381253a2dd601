"""The hooks: the declared points where a lower section lets the sections above it act, without
importing them (docs/contributing.md lists each with who fills it and who calls it).

A hook is declared here, once, with what its fillers are called with and give back. A section
fills it from its `register` (`hooks.DOMAINS_CHANGED.fill(projection.reproject)`); the section
that owns the event calls it (`hooks.DOMAINS_CHANGED(project_id)`), which runs every filler in
the order they were filled, in the caller's transaction, and gives back their answers as a
list. Like the blueprints, the fillers are the process's: each is added once, however many
apps are made."""
from collections.abc import Callable


class Hook:
    """One declared point: what a filler is called with (`call`) and gives back (`gives`),
    and who calls it (`caller`), as docs/contributing.md shows them."""

    def __init__(self, name: str, call: str, gives: str, caller: str):
        self.name, self.call, self.gives, self.caller = name, call, gives, caller
        self.fillers: list[Callable] = []

    def fill(self, filler: Callable) -> Callable:
        """Add `filler` (once, however many apps are made); returns it."""
        if filler not in self.fillers:
            self.fillers.append(filler)
        return filler

    def __call__(self, *args) -> list:
        return [filler(*args) for filler in self.fillers]

    def __repr__(self) -> str:
        return f"<hook {self.name}>"


# --- accounts: called by auth ---
ACCOUNT_DELETION_REFUSED = Hook(
    "ACCOUNT_DELETION_REFUSED", "(user)", "nothing; raises Conflict to refuse",
    "auth, deleting an account (its own request or an admin's), before anything goes")
ACCOUNT_GOING = Hook(
    "ACCOUNT_GOING", "(user, actor_id)", "nothing; removes or records what the account's "
    "foreign keys do not take with it", "auth, deleting an account once nothing refused it")
ACCOUNT_BANNED = Hook(
    "ACCOUNT_BANNED", "(user, actor_id)", "nothing; ends what a ban must end besides the "
    "account's sessions", "admin, banning an account (resources.md R8), in its transaction")

BEARER_TOKEN = Hook(
    "BEARER_TOKEN", "(token)", "None when the token is not of the filler's kind, else its live "
    "credential (a sessions.LiveSession) or False", "auth, resolving a request's bearer token "
    "that is no API key (extensions.md E5.7: the identity provider's access tokens)")
ADDRESS_CHANGING = Hook(
    "ADDRESS_CHANGING", "(user, new_email)", "nothing; raises Conflict to refuse",
    "auth, an e-mail change (extensions.md E1.2), at its request and at its confirmation")

# --- projects: called by projects ---
PROJECT_GATES = Hook(
    "PROJECT_GATES", "()", "a core.policy.Gate: the projects that hold a caller out, and what "
    "their own paths answer it", "projects, finding a caller's relations to its projects")
PROJECT_CHANGING = Hook(
    "PROJECT_CHANGING", "(project, changes)", "nothing; raises an outcome to refuse",
    "projects, a PATCH of the project (`changes`: the API's keys and new values)")
PROJECT_CHANGED = Hook(
    "PROJECT_CHANGED", "(project_id, keys)", "nothing", "projects, once a PATCH applied "
    "(`keys`: the API's keys it changed), in its transaction")
MEMBERSHIP_HELD_OUT = Hook(
    "MEMBERSHIP_HELD_OUT", "(project_id, user_id)", "True to give the account no membership",
    "projects, adding a member for a sign-in (add_member with unless_held_out)")

# --- memberships the directory ends: called by scim ---
MEMBERSHIP_ENDED = Hook(
    "MEMBERSHIP_ENDED", "(project_id, user_id)", "nothing; ends what the membership gave",
    "scim, ending a membership by the directory (extensions.md E4.3), in its transaction")

# --- domains: called by domains ---
DOMAINS_CHANGED = Hook(
    "DOMAINS_CHANGED", "(project_id)", "nothing", "domains, a domain of the project verified "
    "or removed, in its transaction")

# --- single sign-on: called by sso ---
SSO_BINDING = Hook(
    "SSO_BINDING", "()", "a select of project ids, its bound parameter `user_id` the account: "
    "the projects whose ssoRequired binds the account (besides its address and links)",
    "sso, building the gate of ssoRequired (extensions.md E4.2)")

# --- festivals: called by festivals ---
FESTIVAL_CHANGED = Hook(
    "FESTIVAL_CHANGED", "(festival, before)", "nothing; raises an outcome to refuse",
    "festivals, a PATCH once applied (`before`: the changed fields' old values)")

HOOKS = (ACCOUNT_DELETION_REFUSED, ACCOUNT_GOING, ACCOUNT_BANNED, BEARER_TOKEN,
         ADDRESS_CHANGING, PROJECT_GATES, PROJECT_CHANGING, PROJECT_CHANGED,
         MEMBERSHIP_HELD_OUT, MEMBERSHIP_ENDED, DOMAINS_CHANGED, SSO_BINDING, FESTIVAL_CHANGED)
