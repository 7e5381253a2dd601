"""Festival registrations with a capacity and a waiting list (extensions.md E3.4)."""

# What other sections may import from this one (tests/service/test_structure.py holds it).
EXPORTS = ("models",)


def register(app, api):
    from marshmallow import fields

    from sections.auth.services import deletion
    from sections.festivals.parts import FestivalPart, contribute
    from sections.festivals.reactions import react
    from sections.registrations import rules  # noqa: F401  (its kinds, for the policy)
    from sections.registrations.models import COUNTED
    from sections.registrations.routes import blp as routes
    from sections.registrations.schemas import RegistrationCountsSchema
    from sections.registrations.service import festival_changed, leave_all
    api.register_blueprint(routes)
    react(festival_changed)  # a festival's capacity and cancellation move its registrations
    deletion.step(cascade=leave_all)  # a deleted account's places go to the queues
    contribute(FestivalPart(  # its part of every festival's answer
        "registrations", fields.Nested(RegistrationCountsSchema, required=True), COUNTED, dict))
