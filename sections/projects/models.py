"""Projects, their members and invitations (resources.md R3)."""
from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, String, Text, TypeDecorator, func, text
from sqlalchemy.orm import Mapped, mapped_column, query_expression, relationship

from core import clock
from core.db import UTCDateTime, db, new_id
from core.stats import Counted, Counter, count

OWNER, ADMIN, MEMBER = "owner", "admin", "member"  # a member's role (extensions.md E2.1)


class ClientIds(TypeDecorator):
    """A list of OAuth client ids (extensions.md E5.8 `oauthClients`) kept as one text, each id
    between spaces (" a b "), so that SQL on every database asks whether it names a client
    (rules.py's gate: `' ' || id || ' '` in it); None stays None (every client), [] is " "."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return None if value is None else " " + "".join(f"{item} " for item in value)

    def process_result_value(self, value, dialect):
        return None if value is None else value.split()


class Project(db.Model):
    """A project. Its owner is the member whose role is "owner" (exactly one, see Membership)."""

    __tablename__ = "projects"
    __table_args__ = (
        Index("ix_projects_created_at_id", "created_at", "id"),
        Index("ix_projects_updated_at_id", "updated_at", "id"),
        Index("ix_projects_lower_name_id", func.lower(text("name")), "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(100))
    description: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    # extensions.md E4.2 "Requiring SSO": members at the project's VERIFIED domains count as
    # members only with a session from one of its ACTIVE connections (rules.py).
    # (Server defaults only: a row written with an older schema's columns gets them too.)
    sso_required: Mapped[bool] = mapped_column(Boolean, server_default="0")
    # extensions.md E4.3: the directory's Groups whose members are the project's admins.
    scim_admin_groups: Mapped[list] = mapped_column(JSON, server_default=text("'[]'"))
    # extensions.md E5.8: the OAuth clients whose tokens reach the project; None: every client.
    oauth_clients: Mapped[list | None] = mapped_column(ClientIds)

    memberships: Mapped[list["Membership"]] = relationship(
        back_populates="project", cascade="all, delete-orphan", passive_deletes=True)

    # The project as one caller sees it (service.find reads them with it, in one statement):
    # its owner, the caller's role in it and its member count; None when read any other way.
    # A flush of the project's own columns leaves them as read (SQLAlchemy would set them to
    # None), so that a change of its name answers from the project it changed; the commit
    # expires them with the rest.
    owner_id: Mapped[str | None] = query_expression(expire_on_flush=False)
    owner_name: Mapped[str | None] = query_expression(expire_on_flush=False)
    owner_image: Mapped[str | None] = query_expression(expire_on_flush=False)
    owner_email: Mapped[str | None] = query_expression(expire_on_flush=False)
    role: Mapped[str | None] = query_expression(expire_on_flush=False)
    member_count: Mapped[int | None] = query_expression(expire_on_flush=False)


class Membership(db.Model):
    """A user's place in a project. The partial unique index allows one owner per project, so
    no race between a transfer, a removal and a departure can ever leave two."""

    __tablename__ = "memberships"
    __table_args__ = (
        Index("ix_memberships_user_id_project_id", "user_id", "project_id"),
        # The member list: one project's members by joinedAt, ties by user id (R1).
        Index("ix_memberships_project_id_joined_at_user_id", "project_id", "joined_at",
              "user_id"),
        Index("uq_memberships_one_owner", "project_id", unique=True,
              sqlite_where=text("role = 'owner'"), postgresql_where=text("role = 'owner'")),
    )

    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"),
                                            primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    role: Mapped[str] = mapped_column(String(16))  # OWNER, ADMIN or MEMBER
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())

    project: Mapped[Project] = relationship(back_populates="memberships")


class Invitation(db.Model):
    """An invitation to a project, sent to an address; only the SHA-256 of its token is kept.

    `status` is PENDING, ACCEPTED, DECLINED or REVOKED as stored; a PENDING one past
    `expires_at` is answered EXPIRED (derived, never written).
    """

    __tablename__ = "invitations"
    __table_args__ = (
        Index("ix_invitations_project_id_created_at", "project_id", "created_at", "id"),
        Index("ix_invitations_project_id_expires_at", "project_id", "expires_at", "id"),
        Index("ix_invitations_email_status", "email", "status", "created_at"),
        # One live invitation per project and address: a new one revokes the pending one, and
        # of two sent at once the second fails here instead of leaving two links (R3).
        Index("uq_invitations_one_pending", "project_id", "email", unique=True,
              sqlite_where=text("status = 'PENDING'"),
              postgresql_where=text("status = 'PENDING'")),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    email: Mapped[str] = mapped_column(String(320))  # lower-case, as accounts store it
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16), default="PENDING")
    invited_by_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"))
    # The role accepting it gives: MEMBER or ADMIN (extensions.md E2.1).
    role: Mapped[str] = mapped_column(String(16), default=MEMBER, server_default=MEMBER)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


count(Counted(Project.__tablename__, (Counter("'total'"),)))
