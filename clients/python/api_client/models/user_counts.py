from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UserCounts")


@_attrs_define
class UserCounts:
    """
    Attributes:
        sessions (int): Live sessions
        passkeys (int):
        providers (int): Linked OAuth providers
        projects (int): Projects it belongs to
        api_keys (int): Live API keys (not revoked, not expired; extensions.md E2.2)
    """

    sessions: int
    passkeys: int
    providers: int
    projects: int
    api_keys: int

    def to_dict(self) -> dict[str, Any]:
        sessions = self.sessions

        passkeys = self.passkeys

        providers = self.providers

        projects = self.projects

        api_keys = self.api_keys

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sessions": sessions,
                "passkeys": passkeys,
                "providers": providers,
                "projects": projects,
                "apiKeys": api_keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sessions = d.pop("sessions")

        passkeys = d.pop("passkeys")

        providers = d.pop("providers")

        projects = d.pop("projects")

        api_keys = d.pop("apiKeys")

        user_counts = cls(
            sessions=sessions,
            passkeys=passkeys,
            providers=providers,
            projects=projects,
            api_keys=api_keys,
        )

        return user_counts
