from typing import Literal

MemberRoleRole = Literal["admin", "member"]

MEMBER_ROLE_ROLE_VALUES: set[MemberRoleRole] = {
    "admin",
    "member",
}


def check_member_role_role(value: str) -> MemberRoleRole:
    if value in MEMBER_ROLE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_ROLE_ROLE_VALUES!r}")
