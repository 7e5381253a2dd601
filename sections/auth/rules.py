"""The account's own credentials as resources of the policy: its sessions, passkeys and API
keys are seen and ended by their holder alone; anyone else's id is 404 like an unknown one."""
from core import clock
from core.policy import HOLDER, Caller, base_relations, define
from sections.auth.models import ApiKey, PasskeyCredential, Session


def held(credential, who: Caller) -> set[str]:
    """HOLDER when the credential is the caller's own (an admin holds only its own too)."""
    found = base_relations(who)
    if who.id is not None and credential.user_id == who.id:
        found.add(HOLDER)
    return found


def held_live(session: Session, who: Caller) -> set[str]:
    """A session is the caller's only while it lives: an expired one is gone (404)."""
    return held(session, who) if session.expires_at > clock.utcnow() else base_relations(who)


define("session", Session, {"see": {HOLDER}, "revoke": {HOLDER}}, held_live, noun="session")
define("passkey", PasskeyCredential, {"see": {HOLDER}, "remove": {HOLDER}}, held,
       noun="passkey")
define("api_key", ApiKey, {"see": {HOLDER}, "revoke": {HOLDER}}, held, noun="API key")
