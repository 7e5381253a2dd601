"""The audit log's answers (resources.md R8, extensions.md E4.5), for the admin's and the
project's lists."""
from marshmallow import Schema, fields

from core import listing
from core.fields import UserRefSchema, UTCDateTime


class AuditEntrySchema(Schema):
    id = fields.String(required=True)
    seq = fields.Integer(required=True, metadata={
        "description": "The entry's place in the one chain of the whole log: 1, 2, 3, ..."})
    actorId = fields.String(required=True, allow_none=True, metadata={
        "description": "The acting user's id as written (kept when the account is deleted); "
                       "null for a change made by the directory (details.scimTokenId)"})
    actor = fields.Nested(UserRefSchema, required=True, allow_none=True)
    action = fields.String(required=True)
    targetType = fields.String(required=True)
    targetId = fields.String(required=True)
    projectId = fields.String(required=True, allow_none=True)
    details = fields.Dict(required=True)
    createdAt = UTCDateTime(required=True)
    prevHash = fields.String(required=True, metadata={
        "description": "The previous entry's hash (64 zeros before the first)"})
    hash = fields.String(required=True, metadata={
        "description": "Lower-case hex SHA-256 of prevHash's 32 bytes followed by the "
                       "canonical JSON of {seq, actorId, action, targetType, targetId, "
                       "projectId, details, createdAt} (UTF-8, keys sorted, separators , and "
                       ": without spaces, non-ASCII unescaped)"})
    projectSeq = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The entry's place in its project's own chain: 1, 2, 3, ... (null for "
                       "an entry with no project)"})
    projectPrevHash = fields.String(required=True, allow_none=True, metadata={
        "description": "The project's previous entry's projectHash (64 zeros before its "
                       "first)"})
    projectHash = fields.String(required=True, allow_none=True, metadata={
        "description": "Lower-case hex SHA-256 of projectPrevHash's 32 bytes followed by "
                       "hash's 32 bytes: a project's export alone shows an entry removed"})


AuditEntryPageSchema = listing.page_schema(AuditEntrySchema)


class AuditHeadSchema(Schema):
    seq = fields.Integer(required=True)
    hash = fields.String(required=True)
    createdAt = UTCDateTime(required=True, allow_none=True)


class ProjectAuditHeadSchema(Schema):
    projectSeq = fields.Integer(required=True, metadata={
        "description": "0 before the project's first entry"})
    projectHash = fields.String(required=True, metadata={
        "description": "64 zeros before the project's first entry"})
    createdAt = UTCDateTime(required=True, allow_none=True)


ProjectAuditListArgs = listing.arguments("ProjectAuditListArgs", sorts=["createdAt", "seq"],
                                         filters={"actorId": listing.identifier(),
                                                  "action": listing.text(64)})
AdminAuditListArgs = listing.arguments("AuditListArgs", sorts=["createdAt", "seq"], filters={
    "actorId": listing.identifier(), "action": listing.text(64),
    "targetId": listing.identifier()})
