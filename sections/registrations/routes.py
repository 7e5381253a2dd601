"""Festival registrations (extensions.md E3.4): a festival's, and the caller's own."""

from core import listing
from core import policy as policies
from core.access import guard, login_required, verified_email_required
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import data_schema
from sections.registrations import service as registrations
from sections.registrations.models import STATUSES
from sections.registrations.schemas import OwnRegistrationSchema, RegistrationSchema

blp = ApiBlueprint("registrations", __name__, url_prefix="/api",
                   description="Festival registrations with a capacity and a waiting list")

RegistrationListArgs = listing.arguments(
    "RegistrationListArgs", sorts=list(registrations.SORTS),
    filters={"status": listing.enum(*STATUSES)})


@blp.post("/festivals/<festival_id>/registrations")
@blp.doc(operationId="registerForFestival")
@blp.response(201, data_schema(RegistrationSchema))
@blp.errors((409, "CONFLICT: already registered, or the festival is not PUBLISHED or ended"))
@login_required
@guard("festival")
@verified_email_required("register")
def register(festival):
    """Register for a festival: CONFIRMED while places last, else WAITLISTED."""
    who = policies.caller()
    registration = registrations.register(festival, who)
    db.session.commit()
    return {"data": registrations.answer(registration, show_email=True)}


@blp.delete("/festivals/<festival_id>/registrations/me")
@blp.doc(operationId="cancelFestivalRegistration")
@blp.response(204)
@blp.errors((404, "NOT_FOUND: no registration of the caller's"))
@login_required
@guard("festival")
def cancel(festival):
    """Cancel the caller's registration; a freed place goes to the head of the queue."""
    registrations.cancel(festival, policies.caller())
    db.session.commit()
    return None


@blp.get("/festivals/<festival_id>/registrations")
@blp.doc(operationId="listFestivalRegistrations")
@blp.response(200, listing.page_schema(RegistrationSchema))
@login_required
@guard("festival_registrations", "list", arg="festival_id")
@blp.arguments(RegistrationListArgs, location="query")
def list_festival_registrations(args, festival_registrations):
    """List a festival's registrations (members of its project)."""
    page = registrations.festival_page(festival_registrations, args)
    return page.answer([registrations.answer(r, show_email=True) for r in page.items])


@blp.get("/registrations")
@blp.doc(operationId="listOwnRegistrations")
@blp.response(200, listing.page_schema(OwnRegistrationSchema))
@login_required
@blp.arguments(RegistrationListArgs, location="query")
def list_own_registrations(args):
    """List the caller's registrations, each with its festival."""
    page = registrations.own_page(policies.caller(), args)
    return page.answer([registrations.answer(r, True, r.festival) for r in page.items])
