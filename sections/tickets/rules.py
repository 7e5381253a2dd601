"""Who sees and changes a ticket (resources.md R7): the requester and the staff (platform
admins), nobody else. Which fields each may change is finer than one action: FIELDS."""
from sqlalchemy import true

from core.policy import ADMIN, REQUESTER, Caller, base_relations, define
from sections.tickets.models import Ticket

RULES = {
    "see": {REQUESTER, ADMIN},
    "comment": {REQUESTER, ADMIN},
    "comment_internal": {ADMIN},
}

# Who may change each field of a ticket (a requester may only set status CLOSED, see
# `change_allowed`); an admin who opened the ticket holds both relations. A field missing here
# is changed by nobody: a new PATCH field is denied until it is listed.
FIELDS = {
    "subject": {REQUESTER},
    "description": {REQUESTER},
    "status": {ADMIN},
    "priority": {ADMIN},
    "assigneeId": {ADMIN},
}


def ticket_relations(ticket: Ticket, who: Caller) -> set[str]:
    found = base_relations(who)
    if who.id is not None and ticket.requester_id == who.id:
        found.add(REQUESTER)
    return found


def visible_tickets(who: Caller):
    """The SQL condition of the tickets `who` sees (R7): staff all, anyone else its own."""
    return true() if who.is_admin else Ticket.requester_id == who.id


def change_allowed(field: str, value, relations: set[str]) -> bool:
    """May a caller with `relations` set `field` of a ticket to `value` (R7)?"""
    if field == "status" and value == "CLOSED" and REQUESTER in relations:
        return True  # the requester may close its ticket
    return bool(FIELDS.get(field, set()) & relations)


define("ticket", Ticket, RULES, ticket_relations, noun="ticket",
       verbs={"comment_internal": "write internal comments on"})
