"""Blog articles (resources.md R4): request and answer shapes."""

from marshmallow import Schema, ValidationError, fields, validate

from core.fields import (
    Identifier,
    OffsetDateTime,
    RequestSchema,
    Slug,
    Text,
    UserRefSchema,
    UTCDateTime,
    storable,
)
from sections.articles.models import STATUSES

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


class ArticleChangeSchema(RequestSchema):
    """PATCH /api/articles/{id}: the fields given change; `projectId` is ignored."""

    title = Text(200, allow_none=False)
    content = Text(100_000, trim=False, allow_none=False)
    excerpt = Text(500, allow_none=True)
    slug = Slug()
    status = fields.String(validate=validate.OneOf(STATUSES))
    publishAt = OffsetDateTime(allow_none=True, metadata={
        "description": "When a SCHEDULED article becomes PUBLISHED (future; that status only)"})
    tags = Tags()


class ArticleCreateSchema(ArticleChangeSchema):
    projectId = Identifier(required=True)
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
    publishAt = UTCDateTime(required=True, allow_none=True)
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)
