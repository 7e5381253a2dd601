"""Festivals (resources.md R5): creation, transitions, the phase from the one clock, the list's
page and the answer object with the parts other sections add (parts.py)."""
from sqlalchemy import and_, func, or_, select

from core import changes, clock, hooks, listing, slugs
from core import policy as policies
from core.db import db
from core.outcomes import Conflict, Invalid
from sections.festivals import parts
from sections.festivals.models import CANCELLED, DRAFT, PUBLISHED, Festival
from sections.festivals.rules import visible_festivals

# R5: the transitions a PATCH may make (CANCELLED is final).
TRANSITIONS = {(DRAFT, PUBLISHED), (DRAFT, CANCELLED), (PUBLISHED, CANCELLED)}
FIELDS = {"name": "name", "description": "description", "location": "location",
          "startsAt": "starts_at", "endsAt": "ends_at", "capacity": "capacity",
          "status": "status"}


def _check_dates(starts_at, ends_at) -> None:
    if ends_at < starts_at:
        raise Invalid("endsAt must not be before startsAt", field="endsAt")


def create(project, data: dict) -> Festival:
    """A new festival in `project` (the access step loaded it: members and admins create)."""
    _check_dates(data["startsAt"], data["endsAt"])
    now = clock.utcnow()
    festival = Festival(
        project_id=project.id, name=data["name"], description=data.get("description"),
        location=data.get("location"), starts_at=data["startsAt"], ends_at=data["endsAt"],
        capacity=data.get("capacity"), status=data.get("status") or DRAFT,
        created_at=now, updated_at=now)
    slugs.insert(festival, festival.name, data.get("slug"))
    return festival


def _check_transition(festival: Festival, data: dict) -> None:
    if festival.status == CANCELLED:
        raise Conflict("A cancelled festival cannot change")
    wanted = data.get("status", festival.status)
    if wanted != festival.status and (festival.status, wanted) not in TRANSITIONS:
        raise Conflict(f"A {festival.status} festival cannot become {wanted}", field="status")


def update(festival: Festival, data: dict) -> Festival:
    """Apply a PATCH: dates checked together with the stored ones (400), then the state (409)."""
    _check_dates(data.get("startsAt", festival.starts_at), data.get("endsAt", festival.ends_at))
    _check_transition(festival, data)
    before = {"capacity": festival.capacity, "status": festival.status}
    changed = changes.apply(festival, data, FIELDS)
    if "slug" in data and data["slug"] != festival.slug:
        slugs.change(festival, data["slug"])
        changed = True
    if changed:
        festival.updated_at = clock.utcnow()
        slugs.flush_change()
        hooks.FESTIVAL_CHANGED(festival, before)  # registrations: capacity, cancellation
    return festival


def delete(festival: Festival) -> None:
    db.session.delete(festival)  # its reviews go with it (ON DELETE CASCADE)


def phase(festival: Festival, now) -> str:
    if now < festival.starts_at:
        return "UPCOMING"
    return "ONGOING" if now <= festival.ends_at else "ENDED"


def phase_clause(name: str, now):
    """The `phase` filter in SQL, against the same clock as `phase`."""
    return {"UPCOMING": Festival.starts_at > now,
            "ONGOING": and_(Festival.starts_at <= now, Festival.ends_at >= now),
            "ENDED": Festival.ends_at < now}[name]


SORTS = {"createdAt": Festival.created_at, "startsAt": Festival.starts_at,
         "name": func.lower(Festival.name)}


def page(who: policies.Caller, args: dict, now) -> listing.Page:
    """One page of the festivals the caller may see, each as (festival, its parts' values):
    the parts' columns are read in the page's query; `now` is the moment the `phase` filter
    and the answers' phases are told at."""
    festivals = list_query(who, args, now)
    found = listing.page(festivals.add_columns(*parts.columns()), args, SORTS, Festival.id,
                         scalars=False, count_statement=festivals)
    found.items = [(row[0], parts.values(row._mapping)) for row in found.items]
    return found


def list_query(who: policies.Caller, args: dict, now):
    query = select(Festival).where(visible_festivals(who))
    if "status" in args:
        query = query.where(Festival.status == args["status"])
    if "projectId" in args:
        query = query.where(Festival.project_id == args["projectId"])
    if "phase" in args:
        query = query.where(phase_clause(args["phase"], now))
    if "from" in args:
        query = query.where(Festival.ends_at >= args["from"])
    if "to" in args:
        query = query.where(Festival.starts_at <= args["to"])
    if "q" in args:
        query = query.where(or_(listing.contains(Festival.name, args["q"]),
                                listing.contains(Festival.location, args["q"])))
    return query


def answer(festival: Festival, now=None, added: dict | None = None) -> dict:
    """The Festival object's keys with raw values (FestivalSchema dumps them): its phase at
    `now` (by default, the clock's), and the parts other sections add (`added`, as `page`
    reads them; else read now)."""
    now = now or clock.utcnow()
    return {"id": festival.id, "projectId": festival.project_id, "name": festival.name,
            "slug": festival.slug, "description": festival.description,
            "location": festival.location, "startsAt": festival.starts_at,
            "endsAt": festival.ends_at, "capacity": festival.capacity,
            "status": festival.status, "phase": phase(festival, now),
            **(parts.read(festival) if added is None else added),
            "createdAt": festival.created_at, "updatedAt": festival.updated_at}
