"""What search reads of a ticket (extensions.md E3.1): its subject, description and comments,
for callers with a bearer who see the ticket. Two documents per ticket, as R7's comment list:
the requester's without the internal comments, the staff's with them."""
from sqlalchemy import select

from core.db import db
from core.search import Document, Source
from sections.tickets.models import Ticket, TicketComment
from sections.tickets.rules import visible_tickets

REQUESTER, STAFF = "requester", "staff"


def documents(ids: list) -> dict:
    tickets = db.session.execute(select(Ticket.id, Ticket.subject, Ticket.description)
                                 .where(Ticket.id.in_(ids))).all()
    comments = db.session.execute(
        select(TicketComment.ticket_id, TicketComment.body, TicketComment.internal)
        .where(TicketComment.ticket_id.in_(ids))
        .order_by(TicketComment.created_at, TicketComment.id)).all()
    found = {}
    for ticket in tickets:
        said = [c for c in comments if c.ticket_id == ticket.id]
        head = [ticket.subject, ticket.description]
        found[ticket.id] = [
            Document(head + [c.body for c in said if not c.internal], REQUESTER),
            Document(head + [c.body for c in said], STAFF)]
    return found


def audience(who) -> str:
    """The staff (platform admins) read internal comments, as in R7's comment list."""
    return STAFF if who.is_admin else REQUESTER


SOURCE = Source("ticket", Ticket, visible_tickets, documents, title=Ticket.subject,
                project=Ticket.project_id, follows={TicketComment: "ticket_id"},
                audience=audience, signed_in=True)
