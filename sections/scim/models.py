"""Directory provisioning (extensions.md E4.3): a project's SCIM tokens, and the directory's
Users and Groups as the identity provider wrote them. A Group's members are rows, one a member,
so adding one to a large Group writes one row."""
from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from core import clock
from core.db import UTCDateTime, db, new_id


class ScimToken(db.Model):
    """A bearer of the SCIM service for one project: only its SHA-256 is kept."""

    __tablename__ = "scim_tokens"
    __table_args__ = (Index("ix_scim_tokens_project_id_created_at_id", "project_id",
                            "created_at", "id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class ScimUser(db.Model):
    """A directory User. `data` is the resource as written (without id, meta, password and
    groups); the filterable attributes are copied into indexed columns. `account_id` is the
    account it is linked to (E4.3 "What the directory grants"), or None."""

    __tablename__ = "scim_users"
    __table_args__ = (
        # userName is unique in the project, case-insensitively (RFC 7643 section 4.1).
        Index("uq_scim_users_project_id_user_name_key", "project_id", "user_name_key",
              unique=True),
        Index("ix_scim_users_project_id_external_id", "project_id", "external_id"),
        Index("ix_scim_users_project_id_display_name_key", "project_id", "display_name_key"),
        Index("ix_scim_users_project_id_active", "project_id", "active"),
        Index("ix_scim_users_project_id_updated_at_id", "project_id", "updated_at", "id"),
        Index("ix_scim_users_project_id_created_at_id", "project_id", "created_at", "id"),
        Index("ix_scim_users_account_id", "account_id"),
        Index("ix_scim_users_project_id_address", "project_id", "address"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    user_name: Mapped[str] = mapped_column(String(320))
    user_name_key: Mapped[str] = mapped_column(String(320))  # lower-cased
    external_id: Mapped[str | None] = mapped_column(String(320))
    display_name_key: Mapped[str | None] = mapped_column(String(320))  # lower-cased
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    address: Mapped[str | None] = mapped_column(String(320))  # E4.3's address, lower-cased
    account_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    data: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow_ms)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow_ms)


class ScimUserEmail(db.Model):
    """One of a User's e-mail values, lower-cased, for the filter `emails.value`."""

    __tablename__ = "scim_user_emails"
    __table_args__ = (Index("ix_scim_user_emails_project_id_value", "project_id", "value"),)

    user_id: Mapped[str] = mapped_column(ForeignKey("scim_users.id", ondelete="CASCADE"),
                                         primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    project_id: Mapped[str] = mapped_column(String(32))
    value: Mapped[str] = mapped_column(String(320))


class ScimGroup(db.Model):
    """A directory Group; `data` as written without id, meta and members (ScimGroupMember)."""

    __tablename__ = "scim_groups"
    __table_args__ = (
        Index("ix_scim_groups_project_id_display_name_key", "project_id", "display_name_key"),
        Index("ix_scim_groups_project_id_external_id", "project_id", "external_id"),
        Index("ix_scim_groups_project_id_updated_at_id", "project_id", "updated_at", "id"),
        Index("ix_scim_groups_project_id_created_at_id", "project_id", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    project_id: Mapped[str] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"))
    display_name: Mapped[str] = mapped_column(String(320))
    display_name_key: Mapped[str] = mapped_column(String(320))  # lower-cased
    external_id: Mapped[str | None] = mapped_column(String(320))
    data: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow_ms)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow_ms)


class ScimGroupMember(db.Model):
    """A direct member of a Group: a User or a Group of the same project (nested Groups are
    stored, not expanded: E4.3)."""

    __tablename__ = "scim_group_members"
    __table_args__ = (Index("ix_scim_group_members_member_id", "member_id"),)

    group_id: Mapped[str] = mapped_column(ForeignKey("scim_groups.id", ondelete="CASCADE"),
                                          primary_key=True)
    member_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    member_type: Mapped[str] = mapped_column(String(8))  # "User" or "Group"
    display: Mapped[str | None] = mapped_column(Text)
