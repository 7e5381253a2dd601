from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_entry_details import AuditEntryDetails
    from ..models.user_ref import UserRef


T = TypeVar("T", bound="AuditEntry")


@_attrs_define
class AuditEntry:
    """
    Attributes:
        id (str):
        seq (int): The entry's place in the one chain of the whole log: 1, 2, 3, ...
        actor_id (None | str): The acting user's id as written (kept when the account is deleted); null for a change
            made by the directory (details.scimTokenId)
        actor (None | UserRef):
        action (str):
        target_type (str):
        target_id (str):
        project_id (None | str):
        details (AuditEntryDetails):
        created_at (datetime.datetime):
        prev_hash (str): The previous entry's hash (64 zeros before the first)
        hash_ (str): Lower-case hex SHA-256 of prevHash's 32 bytes followed by the canonical JSON of {seq, actorId,
            action, targetType, targetId, projectId, details, createdAt} (UTF-8, keys sorted, separators , and : without
            spaces, non-ASCII unescaped)
        project_seq (int | None): The entry's place in its project's own chain: 1, 2, 3, ... (null for an entry with no
            project)
        project_prev_hash (None | str): The project's previous entry's projectHash (64 zeros before its first)
        project_hash (None | str): Lower-case hex SHA-256 of projectPrevHash's 32 bytes followed by hash's 32 bytes: a
            project's export alone shows an entry removed
    """

    id: str
    seq: int
    actor_id: None | str
    actor: None | UserRef
    action: str
    target_type: str
    target_id: str
    project_id: None | str
    details: AuditEntryDetails
    created_at: datetime.datetime
    prev_hash: str
    hash_: str
    project_seq: int | None
    project_prev_hash: None | str
    project_hash: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_ref import UserRef  # noqa: PLC0415

        id = self.id

        seq = self.seq

        actor_id: None | str
        actor_id = self.actor_id

        actor: dict[str, Any] | None
        if isinstance(self.actor, UserRef):
            actor = self.actor.to_dict()
        else:
            actor = self.actor

        action = self.action

        target_type = self.target_type

        target_id = self.target_id

        project_id: None | str
        project_id = self.project_id

        details = self.details.to_dict()

        created_at = self.created_at.isoformat()

        prev_hash = self.prev_hash

        hash_ = self.hash_

        project_seq: int | None
        project_seq = self.project_seq

        project_prev_hash: None | str
        project_prev_hash = self.project_prev_hash

        project_hash: None | str
        project_hash = self.project_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "seq": seq,
                "actorId": actor_id,
                "actor": actor,
                "action": action,
                "targetType": target_type,
                "targetId": target_id,
                "projectId": project_id,
                "details": details,
                "createdAt": created_at,
                "prevHash": prev_hash,
                "hash": hash_,
                "projectSeq": project_seq,
                "projectPrevHash": project_prev_hash,
                "projectHash": project_hash,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_entry_details import AuditEntryDetails  # noqa: PLC0415
        from ..models.user_ref import UserRef  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        seq = d.pop("seq")

        def _parse_actor_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor_id = _parse_actor_id(d.pop("actorId"))

        def _parse_actor(data: object) -> None | UserRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                actor_type_0 = UserRef.from_dict(data)

                return actor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserRef, data)

        actor = _parse_actor(d.pop("actor"))

        action = d.pop("action")

        target_type = d.pop("targetType")

        target_id = d.pop("targetId")

        def _parse_project_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_id = _parse_project_id(d.pop("projectId"))

        details = AuditEntryDetails.from_dict(d.pop("details"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        prev_hash = d.pop("prevHash")

        hash_ = d.pop("hash")

        def _parse_project_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        project_seq = _parse_project_seq(d.pop("projectSeq"))

        def _parse_project_prev_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_prev_hash = _parse_project_prev_hash(d.pop("projectPrevHash"))

        def _parse_project_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_hash = _parse_project_hash(d.pop("projectHash"))

        audit_entry = cls(
            id=id,
            seq=seq,
            actor_id=actor_id,
            actor=actor,
            action=action,
            target_type=target_type,
            target_id=target_id,
            project_id=project_id,
            details=details,
            created_at=created_at,
            prev_hash=prev_hash,
            hash_=hash_,
            project_seq=project_seq,
            project_prev_hash=project_prev_hash,
            project_hash=project_hash,
        )

        return audit_entry
