"""Support tickets under /api/tickets (resources.md R7)."""
from core import listing
from core import policy as policies
from core.access import body_names, guard, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import data_schema
from sections.tickets import rules
from sections.tickets import service as tickets
from sections.tickets.schemas import (
    CommentCreateSchema,
    CommentSchema,
    TicketCreateSchema,
    TicketSchema,
    TicketUpdateSchema,
)

blp = ApiBlueprint("tickets", __name__, url_prefix="/api/tickets",
                   description="Support tickets: requesters and the support staff (admins)")

TicketListArgs = listing.arguments(
    "TicketListArgs", sorts=["createdAt", "updatedAt", "priority"],
    filters={"status": listing.enum("OPEN", "IN_PROGRESS", "RESOLVED", "CLOSED"),
             "priority": listing.enum("LOW", "NORMAL", "HIGH", "URGENT"),
             "assigneeId": listing.identifier(), "projectId": listing.identifier(),
             "requesterId": listing.identifier()})
CommentListArgs = listing.arguments("TicketCommentListArgs", sorts=["createdAt"],
                                    default_order="asc")

TICKET_DATA = data_schema(TicketSchema)
COMMENT_DATA = data_schema(CommentSchema)


@blp.get("")
@blp.doc(operationId="listTickets")
@blp.response(200, listing.page_schema(TicketSchema))
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@blp.arguments(TicketListArgs, location="query")
def list_tickets(args):
    """List the caller's tickets (the staff: every ticket)."""
    who = policies.caller()
    page = tickets.tickets_page(who, args)
    return page.answer([tickets.ticket_answer(t, who) for t in page.items])


@blp.post("")
@blp.doc(operationId="createTicket")
@blp.response(201, TICKET_DATA)
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@body_names("projectId", "project")
@blp.arguments(TicketCreateSchema)
def create_ticket(data, project):
    """Open a support ticket."""
    who = policies.caller()
    ticket = tickets.open_ticket(who, project, data)
    db.session.commit()
    return {"data": tickets.ticket_answer(ticket, who)}


@blp.get("/<ticket_id>")
@blp.doc(operationId="getTicket")
@blp.response(200, TICKET_DATA)
@login_required
@guard("ticket")
def get_ticket(ticket):
    """Return a ticket."""
    who = policies.caller()
    return {"data": tickets.ticket_answer(ticket, who)}


@blp.patch("/<ticket_id>")
@blp.doc(operationId="updateTicket")
@blp.response(200, TICKET_DATA)
@blp.errors((403, "FORBIDDEN: a field the caller may not change (R7)"),
            (400, "VALIDATION_ERROR (assigneeId not an admin's id included)"),
            (409, "CONFLICT: the ticket is CLOSED, or no longer OPEN for subject/description"))
@login_required
@guard("ticket", lock=True, then=tickets.check_update)
@blp.arguments(TicketUpdateSchema)
def update_ticket(data, ticket):
    """Change a ticket's text (requester), status, priority or assignee (staff)."""
    who = policies.caller()
    tickets.update(ticket, who, data)
    db.session.commit()
    return {"data": tickets.ticket_answer(ticket, who)}


@blp.get("/<ticket_id>/comments")
@blp.doc(operationId="listTicketComments")
@blp.response(200, listing.page_schema(CommentSchema))
@blp.errors((400, "VALIDATION_ERROR"))
@login_required
@guard("ticket")
@blp.arguments(CommentListArgs, location="query")
def list_ticket_comments(args, ticket):
    """List a ticket's comments, oldest first (the requester never sees internal ones)."""
    who = policies.caller()
    relations = rules.ticket_relations(ticket, who)
    page = tickets.comments_page(ticket, relations, args)
    return page.answer([tickets.comment_answer(c, who) for c in page.items])


@blp.post("/<ticket_id>/comments")
@blp.doc(operationId="createTicketComment")
@blp.response(201, COMMENT_DATA)
@blp.errors((403, "FORBIDDEN: internal comment by the requester"),
            (400, "VALIDATION_ERROR"), (409, "CONFLICT: the ticket is CLOSED"))
@login_required
@guard("ticket", lock=True, then=tickets.check_comment)
@blp.arguments(CommentCreateSchema)
def create_ticket_comment(data, ticket):
    """Comment on a ticket (staff: internal comments too)."""
    who = policies.caller()
    relations = rules.ticket_relations(ticket, who)
    comment = tickets.add_comment(ticket, relations, who, data)
    db.session.commit()
    return {"data": tickets.comment_answer(comment, who)}
