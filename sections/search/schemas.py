"""Search (extensions.md E3.1): the query's arguments and a hit."""
from marshmallow import Schema, ValidationError, fields, validate

from core import listing, words
from core.fields import must_be_storable
from core.parts import OneOfKeys
from core.search import SOURCES

# The kinds searched: those the sections feed (core/search.py), whichever are served.
KINDS = OneOfKeys(SOURCES)


def _has_a_word(q: str) -> None:
    if not words.words(q):
        raise ValidationError("Must hold at least one letter or digit.")


# R1's paging; `sort` and `order` are not offered (hits come by relevance) and are ignored.
SearchArgs = type("SearchArgs", (listing.ListArguments,), {
    "q": fields.String(required=True, validate=[validate.Length(1, 200), must_be_storable,
                                                _has_a_word],
                       metadata={"description": "Words, all of which must occur; the last "
                                                "may be the start of a word"}),
    "type": fields.String(validate=KINDS),
})


class HitSchema(Schema):
    type = fields.String(required=True, validate=KINDS)
    id = fields.String(required=True)
    title = fields.String(required=True)
    snippet = fields.String(required=True)
    projectId = fields.String(required=True, allow_none=True)
