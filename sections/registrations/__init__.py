"""Festival registrations with a capacity and a waiting list (extensions.md E3.4)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models",)


def register(app, api):
    from marshmallow import fields

    from core import hooks
    from sections.festivals.parts import FestivalPart, contribute
    from sections.registrations import rules  # noqa: F401  (its kinds, for the policy)
    from sections.registrations.models import COUNTED
    from sections.registrations.routes import blp as routes
    from sections.registrations.schemas import RegistrationCountsSchema
    from sections.registrations.service import festival_changed, leave_all
    api.register_blueprint(routes)
    hooks.FESTIVAL_CHANGED.fill(festival_changed)  # capacity and cancellation move them
    hooks.ACCOUNT_GOING.fill(leave_all)  # a deleted account's places go to the queues
    contribute(FestivalPart(  # its part of every festival's answer
        "registrations", fields.Nested(RegistrationCountsSchema, required=True), COUNTED, dict))
