from typing import Literal

InvitationCreateRole = Literal["admin", "member"]

INVITATION_CREATE_ROLE_VALUES: set[InvitationCreateRole] = {
    "admin",
    "member",
}


def check_invitation_create_role(value: str) -> InvitationCreateRole:
    if value in INVITATION_CREATE_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVITATION_CREATE_ROLE_VALUES!r}"
    )
