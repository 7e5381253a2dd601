"""Projects, members and invitations (resources.md R3): request bodies, list arguments and
answers. Answers dump what the services' `answer` functions return (service.py, invitations.py)."""
from marshmallow import Schema, fields, validate

from core import listing
from core.fields import (
    Email,
    RequestSchema,
    Text,
    UserRefSchema,
    UTCDateTime,
    data_schema,
)

NAME_MAX, DESCRIPTION_MAX = 100, 2000


class ProjectCreateSchema(RequestSchema):
    name = Text(NAME_MAX, required=True, metadata={"maxLength": NAME_MAX})
    description = Text(DESCRIPTION_MAX, allow_none=True, metadata={"maxLength": DESCRIPTION_MAX})


class ProjectUpdateSchema(RequestSchema):
    # not nullable: a project always has a name
    name = Text(NAME_MAX, metadata={"maxLength": NAME_MAX})
    description = Text(DESCRIPTION_MAX, allow_none=True, metadata={"maxLength": DESCRIPTION_MAX})


class TransferSchema(RequestSchema):
    userId = fields.String(required=True, validate=validate.Length(1, 64))


class InvitationCreateSchema(RequestSchema):
    email = Email(required=True)
    role = fields.String(load_default="member", validate=validate.OneOf(["member", "admin"]),
                         metadata={"description": "The role accepting it gives (default "
                                                  "\"member\"; only the owner invites admins)"})


class MemberRoleSchema(RequestSchema):
    role = fields.String(required=True, metadata={
        "description": "\"admin\" or \"member\" (ownership moves by transfer only)",
        "enum": ["admin", "member"]})


class ProjectSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    description = fields.String(required=True, allow_none=True)
    ownerId = fields.String(required=True, allow_none=True)
    owner = fields.Nested(UserRefSchema, required=True, allow_none=True)
    role = fields.String(required=True, allow_none=True, metadata={
        "description": "The caller's role: \"owner\", \"admin\", \"member\", or null (a "
                       "platform admin who is not a member)"})
    memberCount = fields.Integer(required=True)
    createdAt = UTCDateTime(required=True)
    updatedAt = UTCDateTime(required=True)


class MemberSchema(Schema):
    user = fields.Nested(UserRefSchema, required=True)
    role = fields.String(required=True, metadata={
        "description": "\"owner\", \"admin\" or \"member\""})
    joinedAt = UTCDateTime(required=True)


class ProjectRefSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)


class InvitationSchema(Schema):
    id = fields.String(required=True)
    projectId = fields.String(required=True)
    email = fields.String(required=True)
    status = fields.String(required=True, metadata={
        "description": "PENDING, ACCEPTED, DECLINED, REVOKED or EXPIRED"})
    invitedBy = fields.Nested(UserRefSchema, required=True, allow_none=True)
    role = fields.String(required=True, metadata={
        "description": "\"member\" or \"admin\": the role accepting it gives"})
    expiresAt = UTCDateTime(required=True)
    createdAt = UTCDateTime(required=True)


class MyInvitationSchema(InvitationSchema):
    project = fields.Nested(ProjectRefSchema, required=True)


# The documented answers: `{data}` of one, `{data, meta}` of a list (R1).
ProjectDataSchema = data_schema(ProjectSchema)
InvitationDataSchema = data_schema(InvitationSchema)
MemberDataSchema = data_schema(MemberSchema)
ProjectPageSchema = listing.page_schema(ProjectSchema)
MemberPageSchema = listing.page_schema(MemberSchema)
InvitationPageSchema = listing.page_schema(InvitationSchema)
MyInvitationPageSchema = listing.page_schema(MyInvitationSchema)

ROLES = listing.enum("OWNER", "ADMIN", "MEMBER")
STATUSES = listing.enum("PENDING", "ACCEPTED", "DECLINED", "REVOKED", "EXPIRED")

ProjectListArgs = listing.arguments(
    "ProjectListArgs", sorts=["createdAt", "updatedAt", "name"],
    filters={"role": ROLES, "q": listing.text()})
# GET /api/admin/projects (R8), served by service.all_projects_page.
AdminProjectListArgs = listing.arguments(
    "AdminProjectListArgs", sorts=["createdAt", "name"],
    filters={"q": listing.text(), "ownerId": listing.identifier()})
MemberListArgs = listing.arguments(
    "MemberListArgs", sorts=["joinedAt", "email"], default_sort="joinedAt",
    filters={"role": ROLES})
InvitationListArgs = listing.arguments(
    "InvitationListArgs", sorts=["createdAt", "expiresAt"], filters={"status": STATUSES})
MyInvitationListArgs = listing.arguments("MyInvitationListArgs", sorts=["createdAt"])
