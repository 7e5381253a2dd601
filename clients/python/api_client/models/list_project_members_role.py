from typing import Literal

ListProjectMembersRole = Literal["ADMIN", "MEMBER", "OWNER"]

LIST_PROJECT_MEMBERS_ROLE_VALUES: set[ListProjectMembersRole] = {
    "ADMIN",
    "MEMBER",
    "OWNER",
}


def check_list_project_members_role(value: str) -> ListProjectMembersRole:
    if value in LIST_PROJECT_MEMBERS_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_MEMBERS_ROLE_VALUES!r}"
    )
