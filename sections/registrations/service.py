"""Festival registrations (extensions.md E3.4): registering within the capacity or joining the
queue, cancelling, the queue moving up when places free, and the e-mails that say so; every
change to a festival's places runs with its row locked (`lock`), one after another."""
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload

from core import clock, listing, mail
from core import policy as policies
from core.db import db, lock_row
from core.outcomes import Conflict, NotFound
from sections.festivals.models import CANCELLED, PUBLISHED, Festival
from sections.registrations.models import CONFIRMED, WAITLISTED, Registration

SORTS = {"createdAt": Registration.created_at}


def lock(festival_id: str) -> None:
    """Hold the festival's row until the commit (its places are decided one at a time)."""
    lock_row(Festival, festival_id, Festival.capacity)


def _count(festival_id: str, status: str) -> int:
    return db.session.execute(select(func.count()).where(
        Registration.festival_id == festival_id, Registration.status == status)).scalar_one()


def register(festival: Festival, who: policies.Caller) -> Registration:
    """A place if one is free, else the end of the queue; 409 for a festival that is not
    PUBLISHED or has ended, and for a second registration of the caller's."""
    lock(festival.id)
    db.session.refresh(festival)  # as it is now that it is locked
    now = clock.utcnow()
    if festival.status != PUBLISHED or festival.ends_at < now:
        raise Conflict("Only a published festival that has not ended takes registrations")
    mine = select(Registration.id).where(Registration.festival_id == festival.id,
                                         Registration.user_id == who.id)
    if db.session.execute(mine).first() is not None:
        raise Conflict("You are already registered for this festival")
    full = (festival.capacity is not None
            and _count(festival.id, CONFIRMED) >= festival.capacity)
    last = db.session.execute(select(func.max(Registration.seq)).where(
        Registration.festival_id == festival.id)).scalar()
    registration = Registration(festival_id=festival.id, user_id=who.id,
                                status=WAITLISTED if full else CONFIRMED,
                                seq=(last or 0) + 1, created_at=now)
    try:  # the unique index settles what the lock does not (a festival deleted meanwhile)
        with db.session.begin_nested():
            db.session.add(registration)
            db.session.flush()
    except IntegrityError:
        raise Conflict("You are already registered for this festival") from None
    db.session.refresh(registration)  # its place in the queue
    return registration


def cancel(festival: Festival, who: policies.Caller) -> None:
    """The caller's registration goes; a freed place goes to the head of the queue."""
    lock(festival.id)
    db.session.refresh(festival)
    registration = db.session.execute(select(Registration).where(
        Registration.festival_id == festival.id, Registration.user_id == who.id)).scalar()
    if registration is None:
        raise NotFound("You are not registered for this festival")
    db.session.delete(registration)
    db.session.flush()
    if registration.status == CONFIRMED:
        promote(festival)


def leave_all(user, _actor_id=None) -> None:
    """An account's deletion (hooks.ACCOUNT_GOING): its registrations go, each freed place to
    the head of its queue, as if it had cancelled each one."""
    festival_ids = db.session.execute(select(Registration.festival_id).where(
        Registration.user_id == user.id).order_by(Registration.festival_id)).scalars().all()
    for festival_id in festival_ids:
        cancel(db.session.get(Festival, festival_id), policies.Caller(user.id))


def promote(festival: Festival) -> list[Registration]:
    """Confirm the queue's head as far as the capacity allows (all of it without one), in
    order, each e-mailed; only while the festival is PUBLISHED and has not ended."""
    if festival.status != PUBLISHED or festival.ends_at < clock.utcnow():
        return []
    queue = (select(Registration).where(Registration.festival_id == festival.id,
                                        Registration.status == WAITLISTED)
             .order_by(Registration.seq))
    if festival.capacity is not None:
        free = festival.capacity - _count(festival.id, CONFIRMED)
        if free <= 0:
            return []
        queue = queue.limit(free)
    promoted = list(db.session.execute(queue).scalars())
    for registration in promoted:
        registration.status = CONFIRMED
        mail.send(registration.user.email, f"You have a place: {festival.name}",
                  f"A place has become free at \"{festival.name}\" and it is yours: your "
                  f"registration is confirmed.\n\nThe festival starts at "
                  f"{festival.starts_at:%Y-%m-%d %H:%M} UTC.\n")
    db.session.flush()
    return promoted


def festival_changed(festival: Festival, before: dict) -> None:
    """A festival's PATCH (hooks.FESTIVAL_CHANGED): a capacity below the confirmed count is
    refused (409), a larger or no capacity confirms the queue's head; a cancellation e-mails
    every registrant (the registrations stay)."""
    if festival.capacity != before["capacity"]:
        lock(festival.id)
        confirmed = _count(festival.id, CONFIRMED)
        if festival.capacity is not None and festival.capacity < confirmed:
            raise Conflict(f"{confirmed} registrations are confirmed: the capacity cannot be "
                           "lower", field="capacity")
        promote(festival)
    if festival.status == CANCELLED != before["status"]:
        registrants = select(Registration).where(Registration.festival_id == festival.id)
        for registration in db.session.execute(registrants).scalars():
            mail.send(registration.user.email, f"Cancelled: {festival.name}",
                      f"\"{festival.name}\" has been cancelled. Your registration stays on "
                      "record; there is nothing you need to do.\n")


def festival_page(festival: Festival, args: dict) -> listing.Page:
    statement = select(Registration).where(Registration.festival_id == festival.id)
    if "status" in args:
        statement = statement.where(Registration.status == args["status"])
    return listing.page(statement, args, SORTS, Registration.id)


def own_page(who: policies.Caller, args: dict) -> listing.Page:
    statement = (select(Registration).where(Registration.user_id == who.id)
                 .options(joinedload(Registration.festival)))
    if "status" in args:
        statement = statement.where(Registration.status == args["status"])
    return listing.page(statement, args, SORTS, Registration.id)


def answer(registration: Registration, show_email: bool, festival: Festival | None = None):
    """E3.4's registration; with `festival` (the caller's own list), its {id, name, startsAt}."""
    found = {"id": registration.id, "festivalId": registration.festival_id,
             "user": policies.embed_user(registration.user, show_email),
             "status": registration.status, "position": registration.position,
             "createdAt": registration.created_at}
    if festival is not None:
        found["festival"] = {"id": festival.id, "name": festival.name,
                             "startsAt": festival.starts_at}
    return found
