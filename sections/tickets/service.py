"""Support tickets (resources.md R7): opening, the requester's and the staff's changes, the
transitions, comments (internal ones for the staff only) and the requester's e-mails."""
from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from core import clock, listing, mail
from core import policy as policies
from core.db import db
from core.outcomes import Conflict, Forbidden, Invalid
from core.policy import ADMIN, REQUESTER, Caller
from core.stats import StatCount
from sections.auth.models import User
from sections.tickets import rules
from sections.tickets.models import CLOSED, OPEN, PRIORITY_RANK, RESOLVED, Ticket, TicketComment
from sections.tickets.rules import visible_tickets
from sections.tickets.schemas import TicketUpdateSchema

TICKET_SORTS = {"createdAt": Ticket.created_at, "updatedAt": Ticket.updated_at,
                "priority": Ticket.priority_rank}
COMMENT_SORTS = {"createdAt": TicketComment.created_at}
# The keys a PATCH body may carry (the schema's); each needs a rule in rules.FIELDS.
PATCH_FIELDS = frozenset(f.data_key or name for name, f in TicketUpdateSchema().fields.items())


def refuse_closed(ticket: Ticket) -> None:
    """R7: a CLOSED ticket changes no more (409, right after visibility). The guard read the
    row locked (PostgreSQL), so a change decided on its status is never applied to a status
    moved meanwhile; SQLite has one writer."""
    if ticket.status == CLOSED:
        raise Conflict("This ticket is closed; it can no longer change")


def check_update(ticket: Ticket, who: Caller, body) -> None:
    """Before the body is validated: 409 on a CLOSED ticket, then 403 for a field the caller
    may not change (R7: requester fields, staff fields, the requester's one status)."""
    refuse_closed(ticket)
    if not isinstance(body, dict):
        return  # not an object: the schema answers 400
    relations = rules.ticket_relations(ticket, who)
    for field, value in body.items():
        # A field the schema takes is denied unless rules.FIELDS lists it; any other key is
        # the schema's to refuse (400).
        if field in PATCH_FIELDS and not rules.change_allowed(field, value, relations):
            raise Forbidden(f"You may not change {field} of this ticket")


def check_comment(ticket: Ticket, who: Caller, body) -> None:
    """Before the body is validated: 409 on a CLOSED ticket, 403 for an internal comment by
    anyone but the staff."""
    refuse_closed(ticket)
    if isinstance(body, dict) and body.get("internal") is True and not who.is_admin:
        raise Forbidden("Only the support staff write internal comments")


def open_ticket(who: Caller, project, data: dict) -> Ticket:
    """A new ticket of `who`, about `project` (one the access step loaded: R7, a project the
    requester can see) or none."""
    now = clock.utcnow()
    ticket = Ticket(subject=data["subject"], description=data["description"], status=OPEN,
                    requester_id=who.id, project_id=project and project.id, created_at=now,
                    updated_at=now)
    ticket.set_priority(data["priority"])
    db.session.add(ticket)
    db.session.flush()
    return ticket


def update(ticket: Ticket, who: Caller, data: dict) -> None:
    """Apply a PATCH (rights already checked): 400 for an assignee who is not an admin, 409 for
    the text of a ticket that is no longer OPEN. All or nothing: checks come before changes."""
    if data.get("assigneeId") is not None and not _is_admin(data["assigneeId"]):
        raise Invalid("Must be the id of a platform admin", field="assigneeId")
    text = {k: data[k] for k in ("subject", "description") if k in data}
    if any(getattr(ticket, k) != v for k, v in text.items()) and ticket.status != OPEN:
        raise Conflict("The subject and description change only while the ticket is OPEN")
    before = (ticket.subject, ticket.description, ticket.status, ticket.priority,
              ticket.assignee_id)
    for key, value in text.items():
        setattr(ticket, key, value)
    if "priority" in data:
        ticket.set_priority(data["priority"])
    if "assigneeId" in data:
        ticket.assignee_id = data["assigneeId"]
    became_resolved = data.get("status", ticket.status) == RESOLVED != ticket.status
    if "status" in data:
        _move(ticket, data["status"])
    after = (ticket.subject, ticket.description, ticket.status, ticket.priority,
             ticket.assignee_id)
    if after != before:
        ticket.updated_at = clock.utcnow()
    if became_resolved and ticket.requester is not None and ticket.requester_id != who.id:
        mail.send(ticket.requester.email, f"Resolved: {ticket.subject}",
                  f"Your support request \"{ticket.subject}\" has been resolved.\n\n"
                  "Reply with a comment if the problem is not solved; the ticket reopens.\n")
    db.session.flush()


def _move(ticket: Ticket, status: str) -> None:
    if status == ticket.status:
        return
    ticket.status = status
    ticket.closed_at = clock.utcnow() if status == CLOSED else None


def _is_admin(user_id: str) -> bool:
    return db.session.execute(select(User.id).where(
        User.id == user_id, User.role == "admin")).first() is not None


def add_comment(ticket: Ticket, relations: set[str], who: Caller, data: dict) -> TicketComment:
    """A comment (rights already checked). The requester's reopens a RESOLVED ticket; a staff
    reply that is not internal is e-mailed to the requester (R7)."""
    now = clock.utcnow()
    comment = TicketComment(ticket_id=ticket.id, author_id=who.id, body=data["body"],
                            internal=data["internal"], created_at=now)
    db.session.add(comment)
    if REQUESTER in relations and not comment.internal and ticket.status == RESOLVED:
        _move(ticket, OPEN)
    ticket.updated_at = now
    requester = ticket.requester
    if ADMIN in relations and not comment.internal and requester is not None \
            and requester.id != who.id:
        mail.send(requester.email, f"Re: {ticket.subject}",
                  f"The support team replied to your request \"{ticket.subject}\":\n\n"
                  f"{comment.body}\n")
    db.session.flush()
    return comment


def counted_total(who: Caller, args: dict) -> int | None:
    """The staff's `meta.total` for every ticket or one status, from the counts the database
    keeps (core/stats.py); None when other filters apply (then the rows are counted, through
    their indexes)."""
    filters = {"status", "priority", "assigneeId", "projectId", "requesterId"} & set(args)
    if not who.is_admin or filters - {"status"}:
        return None
    statement = (select(func.coalesce(func.sum(StatCount.count), 0))
                 .where(StatCount.section == Ticket.__tablename__))
    if "status" in args:
        statement = statement.where(StatCount.name == args["status"])
    return db.session.execute(statement).scalar_one()


def tickets_page(who: Caller, args: dict) -> listing.Page:
    statement = (select(Ticket).where(visible_tickets(who))
                 .options(selectinload(Ticket.requester), selectinload(Ticket.assignee)))
    filters = {"status": Ticket.status, "assigneeId": Ticket.assignee_id,
               "projectId": Ticket.project_id, "requesterId": Ticket.requester_id}
    for name, column in filters.items():
        if name in args:
            statement = statement.where(column == args[name])
    if "priority" in args:
        statement = statement.where(Ticket.priority_rank == PRIORITY_RANK[args["priority"]])
    return listing.page(statement, args, TICKET_SORTS, Ticket.id,
                        total=counted_total(who, args))


def comments_page(ticket: Ticket, relations: set[str], args: dict) -> listing.Page:
    statement = (select(TicketComment).where(TicketComment.ticket_id == ticket.id)
                 .options(selectinload(TicketComment.author)))
    if ADMIN not in relations:
        # R7: internal comments are not in the requester's list, nor in its meta.total.
        statement = statement.where(TicketComment.internal.is_(False))
    return listing.page(statement, args, COMMENT_SORTS, TicketComment.id)


def _embed(user, who: Caller) -> dict | None:
    """A user named by a ticket or comment; R7: with `email` for the staff and for the user
    itself (a ticket gives no project relation)."""
    return policies.embed_user(
        user, user is not None and policies.may_know_email(who, user.id, set()))


def ticket_answer(ticket: Ticket, who: Caller) -> dict:
    """R7's Ticket object: the API's keys with raw values, for TicketSchema to dump."""
    return {"id": ticket.id, "subject": ticket.subject, "description": ticket.description,
            "status": ticket.status, "priority": ticket.priority,
            "requester": _embed(ticket.requester, who), "assignee": _embed(ticket.assignee, who),
            "projectId": ticket.project_id, "createdAt": ticket.created_at,
            "updatedAt": ticket.updated_at, "closedAt": ticket.closed_at}


def comment_answer(comment: TicketComment, who: Caller) -> dict:
    """R7's Comment object, for CommentSchema to dump."""
    return {"id": comment.id, "ticketId": comment.ticket_id,
            "author": _embed(comment.author, who), "body": comment.body,
            "internal": comment.internal, "createdAt": comment.created_at}

