from typing import Literal

ListProjectsRole = Literal["ADMIN", "MEMBER", "OWNER"]

LIST_PROJECTS_ROLE_VALUES: set[ListProjectsRole] = {
    "ADMIN",
    "MEMBER",
    "OWNER",
}


def check_list_projects_role(value: str) -> ListProjectsRole:
    if value in LIST_PROJECTS_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_PROJECTS_ROLE_VALUES!r}")
