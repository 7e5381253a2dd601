"""Blog articles (resources.md R4), and the text fields the content sections share."""
import re

from marshmallow import Schema, ValidationError, fields, validate

from models.articles import STATUSES
from schemas.common import UNSTORABLE, RequestSchema, UserRefSchema, UTCDateTime, storable

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_SLUG = 200


class Text(fields.String):
    """R1 text: trimmed, lengths counted after trimming; an optional one left empty is null,
    a required or non-nullable one left empty is 400; `trim=False` keeps it exactly as sent
    (an article's content)."""

    def __init__(self, max_length: int, *, trim=True, **kwargs):
        super().__init__(**kwargs)
        self.max_length = max_length
        self.trim = trim

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not storable(value):
            raise ValidationError(UNSTORABLE)
        kept = value.strip() if self.trim else value
        if not value.strip():
            if self.required or not self.allow_none:
                raise ValidationError("Must not be empty.")
            return None
        if len(kept) > self.max_length:
            raise ValidationError(f"Must be at most {self.max_length} characters.")
        return kept


class Slug(fields.String):
    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if len(value) > MAX_SLUG or not SLUG.fullmatch(value):
            raise ValidationError("Must be 1 to 200 characters of a-z and 0-9 in groups "
                                  "joined by single hyphens.")
        return value


class StrictInteger(fields.Integer):
    """An integer as JSON sends it: not a string, a fraction or a boolean."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


MAX_TAGS, MAX_TAG = 10, 30


class Tags(fields.List):
    """R4 tags: trimmed, lower-cased, duplicates merged in order of first appearance, at most
    10 after merging; errors are reported under `tags` itself. Linear, and the 11th different
    tag ends the reading (a body of 100,000 tags is refused at once)."""

    def __init__(self, **kwargs):
        super().__init__(fields.String(validate=validate.Length(1, MAX_TAG)),
                         validate=validate.Length(max=MAX_TAGS), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list):
            raise ValidationError("Must be a list of strings.")
        merged = {}  # a dict keeps the order of first appearance
        for item in value:
            if not isinstance(item, str) or not storable(item):
                raise ValidationError("Every tag must be text without NUL characters.")
            tag = item.strip().lower()
            if not 1 <= len(tag) <= MAX_TAG:
                raise ValidationError(f"Every tag must be 1 to {MAX_TAG} characters.")
            merged[tag] = None
            if len(merged) > MAX_TAGS:
                raise ValidationError(f"At most {MAX_TAGS} different tags.")
        return list(merged)


def identifier(**kwargs):
    return fields.String(validate=validate.Length(1, 64), **kwargs)


class ArticleChangeSchema(RequestSchema):
    """PATCH /api/articles/{id}: the fields given change; `projectId` is ignored."""

    title = Text(200, allow_none=False)
    content = Text(100_000, trim=False, allow_none=False)
    excerpt = Text(500, allow_none=True)
    slug = Slug()
    status = fields.String(validate=validate.OneOf(STATUSES))
    tags = Tags()


class ArticleCreateSchema(ArticleChangeSchema):
    projectId = identifier(required=True)
    title = Text(200, required=True)
    content = Text(100_000, trim=False, required=True)
    slug = Slug(allow_none=True)


class ArticleSchema(Schema):
    id = fields.String(required=True)
    projectId = fields.String(required=True)
    author = fields.Nested(UserRefSchema, required=True, allow_none=True)
    title = fields.String(required=True)
    slug = fields.String(required=True)
    excerpt = fields.String(required=True, allow_none=True)
    content = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    tags = fields.List(fields.String(), required=True)
    publishedAt = UTCDateTime(required=True, allow_none=True)
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)
