"""Projects, members and invitations (resources.md R3): request bodies, list arguments and
answers. Answers dump what the services' `answer` functions return (service.py, invitations.py)."""
from marshmallow import Schema, ValidationError, fields, validate

from core import listing
from core.fields import (
    Email,
    JsonBoolean,
    RequestSchema,
    Text,
    UserRefSchema,
    UTCDateTime,
    data_schema,
    storable,
)
from sections.projects.clients import CLIENT_ID_MAX, CLIENTS_MAX

NAME_MAX, DESCRIPTION_MAX = 100, 2000
GROUP_MAX, GROUPS_MAX = 100, 50  # scimAdminGroups: a Group's displayName, how many


class GroupNames(fields.List):
    """E4.3's scimAdminGroups: at most 50 Group names of 1 to 100 characters (trimmed), kept
    once each whatever their case (the first spelling sent), in the order sent."""

    def __init__(self, **kwargs):
        super().__init__(Text(GROUP_MAX), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        names = super()._deserialize(value, attr, data, **kwargs)
        kept, seen = [], set()
        for name in names:
            if name.casefold() not in seen:
                seen.add(name.casefold())
                kept.append(name)
        if len(kept) > GROUPS_MAX:
            raise ValidationError(f"At most {GROUPS_MAX} group names.")
        return kept


class ClientIds(fields.List):
    """E5.8's oauthClients: null (every client) or at most 50 OAuth client ids, each 1 to 2,000
    characters without spaces, kept once each in the order sent. An id is not looked up: a
    project may name an app before it exists, and the answer tells no one which ids do."""

    def __init__(self, **kwargs):
        super().__init__(fields.String(validate=[validate.Length(1, CLIENT_ID_MAX),
                                                 _one_word]), allow_none=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        ids = list(dict.fromkeys(super()._deserialize(value, attr, data, **kwargs)))
        if len(ids) > CLIENTS_MAX:
            raise ValidationError(f"At most {CLIENTS_MAX} client ids.")
        return ids


def _one_word(value: str) -> None:
    if not storable(value) or any(character.isspace() for character in value):
        raise ValidationError("A client id has no spaces or NUL characters.")


class ProjectCreateSchema(RequestSchema):
    name = Text(NAME_MAX, required=True, metadata={"maxLength": NAME_MAX})
    description = Text(DESCRIPTION_MAX, allow_none=True, metadata={"maxLength": DESCRIPTION_MAX})


class ProjectUpdateSchema(RequestSchema):
    # not nullable: a project always has a name
    name = Text(NAME_MAX, metadata={"maxLength": NAME_MAX})
    description = Text(DESCRIPTION_MAX, allow_none=True, metadata={"maxLength": DESCRIPTION_MAX})
    # The owner's only (an admin sending either: 403).
    ssoRequired = JsonBoolean(metadata={
        "description": "Require single sign-on of the members at the project's verified "
                       "domains (true needs an ACTIVE connection and a VERIFIED domain)"})
    scimAdminGroups = GroupNames(metadata={
        "description": "The directory Groups whose members are the project's admins "
                       "(at most 50 names of 1-100 characters; case-insensitive)",
        "maxItems": GROUPS_MAX})
    oauthClients = ClientIds(metadata={
        "description": "The OAuth client ids whose tokens reach the project (at most 50), or "
                       "null for every client", "maxItems": CLIENTS_MAX})


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
    ssoRequired = fields.Boolean(required=True, metadata={
        "description": "Whether members at the project's verified domains must sign in "
                       "through its single sign-on"})
    scimAdminGroups = fields.List(fields.String(), metadata={
        "description": "The directory Groups whose members are admins; shown to the owner "
                       "and admins only"})
    oauthClients = fields.List(fields.String(), allow_none=True, metadata={
        "description": "The OAuth client ids whose tokens reach the project, null for every "
                       "client; shown to the owner and admins only"})
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
