"""Accounts: users, sessions, one-time tokens, second factors, OAuth links and passkeys."""
from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, ForeignKey, Index, LargeBinary, String, text, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core import clock
from core.db import UTCDateTime, db, new_id
from core.stats import Counted, Counter, count


class User(db.Model):
    __tablename__ = "users"
    __table_args__ = (
        # Bans that have ended by the clock but still hold the flag (until purge-expired clears
        # them): the statistics take them off the kept count of banned users (core/stats.py).
        Index("ix_users_ended_bans", "ban_expires_at", sqlite_where=text("banned = 1"),
              postgresql_where=text("banned")),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    # Stored trimmed and lower-case (contract section 3), so the unique index is case-insensitive.
    email: Mapped[str] = mapped_column(String(320), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    name: Mapped[str | None] = mapped_column(String(255))
    image: Mapped[str | None] = mapped_column(String(2048))
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    # Two-factor (contract section 5): TOTP secrets are Fernet tokens, never the plain secret.
    two_factor_enabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    totp_secret: Mapped[str | None] = mapped_column(String(255))
    totp_pending_secret: Mapped[str | None] = mapped_column(String(255))
    # RFC 6238 time-step of the last accepted code: that step and older ones are replays.
    totp_last_step: Mapped[int | None] = mapped_column()
    # Platform role (resources.md R2): "user" or "admin"; admins act as owner everywhere.
    role: Mapped[str] = mapped_column(String(16), default="user", server_default="user",
                                      index=True)
    # A ban (R8) ends every session and refuses every sign-in; `ban_expires_at` ends it by itself.
    banned: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    ban_reason: Mapped[str | None] = mapped_column(String(500))
    ban_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    sessions: Mapped[list["Session"]] = relationship(
        back_populates="user", cascade="all, delete-orphan", passive_deletes=True,
        foreign_keys="Session.user_id",
    )
    recovery_codes: Mapped[list["RecoveryCode"]] = relationship(
        back_populates="user", cascade="all, delete-orphan", passive_deletes=True
    )


class Session(db.Model):
    """A signed-in session; only the SHA-256 of its bearer token is kept."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    renewed_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    # Shown in the session lists (contract section 9): recorded once, at creation.
    user_agent: Mapped[str | None] = mapped_column(String(300))
    ip_address: Mapped[str | None] = mapped_column(String(64))
    # Equal to created_at until the first renewal, then moved once per renewal (never per read).
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The platform admin who opened this session of the user to see what it sees (extensions.md
    # E2.3); such a session is never renewed, and goes with that admin's account.
    impersonator_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # The single sign-on connection, and its project, that made this session (extensions.md
    # E4.2); it ends with the connection. Null for every other session.
    sso_connection_id: Mapped[str | None] = mapped_column(
        ForeignKey("sso_connections.id", ondelete="CASCADE"), index=True)
    sso_project_id: Mapped[str | None] = mapped_column(
        ForeignKey("projects.id", ondelete="CASCADE"), index=True)

    user: Mapped[User] = relationship(back_populates="sessions", lazy="joined",
                                      foreign_keys=[user_id])


class ApiKey(db.Model):
    """A key a script calls the API with as its owner (extensions.md E2.2): only the SHA-256 of
    the key is kept, and its first characters (`prefix`) to tell keys apart in the list."""

    __tablename__ = "api_keys"
    __table_args__ = (
        # The owner's list by createdAt, and the count of its live keys (the cap of 50).
        Index("ix_api_keys_user_id_created_at_id", "user_id", "created_at", "id"),
        Index("ix_api_keys_expires_at", "expires_at"),  # purge-expired
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(11))
    # Scopes: "read" always; `writes` adds "write" (every method, not only GET and HEAD).
    writes: Mapped[bool] = mapped_column(Boolean, default=False)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)  # None: no expiry
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    # Null until the first use, then moved at most once a minute (never on every request).
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class OneTimeToken(db.Model):
    """A single-use token sent to a user (e-mail verification, magic link, OAuth code), hashed."""

    __tablename__ = "one_time_tokens"
    __table_args__ = (Index("ix_one_time_tokens_expires_at", "expires_at"),
                      # A reset or password change spends all of an account's reset tokens,
                      # and deleting a user cascades here (contract section 9).
                      Index("ix_one_time_tokens_user_id_purpose", "user_id", "purpose"))

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    purpose: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # The address a magic link was sent to, for an account that does not exist yet.
    email: Mapped[str | None] = mapped_column(String(320))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)

    user: Mapped[User | None] = relationship()


# --- two-factor and magic-link models ---
class RecoveryCode(db.Model):
    """A single-use two-factor recovery code; only its SHA-256 is kept (contract section 5)."""

    __tablename__ = "recovery_codes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())

    user: Mapped[User] = relationship(back_populates="recovery_codes")



# --- passkey models ---
class PasskeyChallenge(db.Model):
    """A WebAuthn challenge waiting for its ceremony's second step (contract section 5).

    The client holds `challengeId`; only its SHA-256 is kept. Single use, 5 minutes.
    """

    __tablename__ = "passkey_challenges"
    __table_args__ = (Index("ix_passkey_challenges_expires_at", "expires_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    challenge: Mapped[bytes] = mapped_column(LargeBinary(64))
    purpose: Mapped[str] = mapped_column(String(16))
    # The registering user, or the user named by `email` at sign-in; None for a discoverable
    # sign-in (and for an e-mail that has no account).
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PasskeyCredential(db.Model):
    """A registered passkey: the authenticator's public key and what we track of its use."""

    __tablename__ = "passkey_credentials"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    # WebAuthn caps credential IDs at 1023 bytes (section 5.1, rawId).
    credential_id: Mapped[bytes] = mapped_column(LargeBinary(1023), unique=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)  # COSE_Key, as the authenticator sent it
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)  # unsigned 32-bit counter
    transports: Mapped[list[str]] = mapped_column(JSON, default=list)
    backup_eligible: Mapped[bool] = mapped_column(Boolean, default=False)
    backed_up: Mapped[bool] = mapped_column(Boolean, default=False)
    name: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    user: Mapped[User] = relationship()


# --- the security log (extensions E1.6) ---
# Its vocabulary. `details` per type: sign_in {method}, sign_in_failed {reason}, email_change
# {from, to}, email_change_request {to}, session_revoke {count}, impersonation_start {admin},
# oauth_refresh_reuse {clientId} (extensions.md E5.4), oauth_grant {clientId, clientName,
# scopes} and oauth_revoke {clientId, clientName} (E5.8); others {} or what their writer adds
# (never a password, code or token).
SECURITY_EVENT_TYPES = (
    "sign_in", "sign_in_failed", "sign_out", "password_change", "password_reset",
    "email_change_request", "email_change", "two_factor_enable", "two_factor_disable",
    "passkey_add", "passkey_remove", "session_revoke", "api_key_create", "api_key_revoke",
    "impersonation_start", "oauth_refresh_reuse", "oauth_grant", "oauth_revoke",
)


class SecurityEvent(db.Model):
    """One security event of an account, kept SECURITY_LOG_DAYS days (purge-expired). Never
    holds a password, code or token: `details` carries only what E1.6 lists per type."""

    __tablename__ = "security_events"
    __table_args__ = (
        # The account's list, newest first, with and without its `type` filter (R1: one index
        # per filter and sort, ending in id); the second also finds recent sign-ins by address.
        Index("ix_security_events_user_id_created_at_id", "user_id", "created_at", "id"),
        Index("ix_security_events_user_id_type_created_at_id", "user_id", "type", "created_at",
              "id"),
        Index("ix_security_events_created_at", "created_at"),  # purge-expired
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    type: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=lambda: clock.utcnow())
    ip_address: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(300))
    details: Mapped[dict] = mapped_column(JSON, default=dict)


count(Counted(User.__tablename__, (
    Counter("'total'"),
    Counter("'verified'", "{row}.email_verified"),
    Counter("'twoFactor'", "{row}.two_factor_enabled"),
    Counter("'admins'", "{row}.role = 'admin'"),
    # Every row with the flag: a ban that has ended by the clock is taken off when read.
    Counter("'banned'", "{row}.banned"),
), ("email_verified", "two_factor_enabled", "role", "banned")))
# Every row: the expired ones are taken off when read (they last until purge-expired).
count(Counted(Session.__tablename__, (Counter("'total'"),)))

# R8: the section's part of the statistics (shown from its register). A ban or a session the
# clock has ended is still counted until purge-expired: taken off when read.
USER_COUNTS = ("total", "verified", "twoFactor", "banned", "admins")


def user_counts(counts) -> dict:
    answer = {name: counts.count(User.__tablename__, name) for name in USER_COUNTS}
    answer["banned"] -= counts.ended("bans")
    return answer


def session_counts(counts) -> dict:
    return {"live": counts.count(Session.__tablename__, "total") - counts.ended("sessions")}


def ended_bans(now) -> dict:
    # `banned = true`, not IS: SQLite then matches the partial index's predicate.
    return {"bans": (User.banned == true(), User.ban_expires_at <= now)}


def ended_sessions(now) -> dict:
    return {"sessions": (Session.expires_at <= now,)}


# The federation path's tables, in a module of their own (models/federation.py).
from sections.auth.models.federation import (  # noqa: E402,F401
    GITHUB,
    GOOGLE,
    SSO,
    LinkedIdentity,
    PendingSignIn,
)
