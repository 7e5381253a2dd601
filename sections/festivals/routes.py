"""Festivals (resources.md R5): public reads, writes by the project's members."""
from core import clock, listing
from core import policy as policies
from core.access import body_names, guard, login_optional, login_required
from core.blueprint import ApiBlueprint
from core.db import db
from core.fields import OffsetDateTime, data_schema
from sections.festivals import service as festivals
from sections.festivals.models import FESTIVAL_STATUSES
from sections.festivals.schemas import (
    PHASES,
    FestivalChangeSchema,
    FestivalCreateSchema,
    FestivalSchema,
)

blp = ApiBlueprint("festivals", __name__, url_prefix="/api/festivals",
                   description="Festivals (resources.md R5)")

FestivalListArgs = listing.arguments(
    "FestivalListArgs", sorts=list(festivals.SORTS),
    filters={"status": listing.enum(*FESTIVAL_STATUSES), "projectId": listing.identifier(),
             "phase": listing.enum(*PHASES),
             "from": OffsetDateTime(metadata={"description": "festivals with endsAt >= from"}),
             "to": OffsetDateTime(metadata={"description": "festivals with startsAt <= to"}),
             "q": listing.text()})
FestivalData = data_schema(FestivalSchema)
STATE = (409, "CONFLICT: a refused transition, a cancelled festival, or a taken slug")


@blp.get("")
@blp.doc(operationId="listFestivals")
@blp.response(200, listing.page_schema(FestivalSchema))
@login_optional
@blp.arguments(FestivalListArgs, location="query")
def list_festivals(args):
    """List the festivals the caller may see (PUBLISHED and CANCELLED ones to everyone)."""
    now = clock.utcnow()
    page = festivals.page(policies.caller(), args, now)
    return page.answer([festivals.answer(f, now, added) for f, added in page.items])


@blp.get("/<festival_id>")
@blp.doc(operationId="getFestival")
@blp.response(200, FestivalData)
@login_optional
@guard("festival")
def get_festival(festival):
    """Return one festival with its phase and rating."""
    return {"data": festivals.answer(festival)}


@blp.post("")
@blp.doc(operationId="createFestival")
@blp.response(201, FestivalData)
@blp.errors((409, "CONFLICT: the slug is taken in the project"))
@login_required
@body_names("projectId", "project")
@blp.arguments(FestivalCreateSchema)
def create_festival(data, project):
    """Create a festival in one of the caller's projects (DRAFT unless told)."""
    festival = festivals.create(project, data)
    db.session.commit()
    return {"data": festivals.answer(festival)}


@blp.patch("/<festival_id>")
@blp.doc(operationId="updateFestival")
@blp.response(200, FestivalData)
@blp.errors(STATE)
@login_required
@guard("festival", "change", lock=True)
@blp.arguments(FestivalChangeSchema)
def update_festival(data, festival):
    """Change a festival's fields or status (members of its project)."""
    festivals.update(festival, data)
    db.session.commit()
    return {"data": festivals.answer(festival)}


@blp.delete("/<festival_id>")
@blp.doc(operationId="deleteFestival")
@blp.response(204)
@login_required
@guard("festival", "delete")
def delete_festival(festival):
    """Delete a festival and its reviews (the project's owner)."""
    festivals.delete(festival)
    db.session.commit()
    return None
