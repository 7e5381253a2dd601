"""Who sees a festival's registrations (extensions.md E3.4): the members of its project and
platform admins; a festival's own visibility decides 404 first."""
from core.policy import MEMBER, PUBLIC, define
from sections.festivals.models import Festival
from sections.festivals.rules import festival_relations

RULES = {
    "see": {PUBLIC, MEMBER},  # the festival's (R5)
    "list": {MEMBER},  # a platform admin holds MEMBER everywhere (R2)
}

# Its 404 is the festival's own ("No such festival"); its 403 says what was refused.
define("festival_registrations", Festival, RULES, festival_relations, noun="festival",
       verbs={"list": "list the registrations of"})
