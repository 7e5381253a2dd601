from typing import Literal

ListProjectInvitationsStatus = Literal["ACCEPTED", "DECLINED", "EXPIRED", "PENDING", "REVOKED"]

LIST_PROJECT_INVITATIONS_STATUS_VALUES: set[ListProjectInvitationsStatus] = {
    "ACCEPTED",
    "DECLINED",
    "EXPIRED",
    "PENDING",
    "REVOKED",
}


def check_list_project_invitations_status(value: str) -> ListProjectInvitationsStatus:
    if value in LIST_PROJECT_INVITATIONS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_INVITATIONS_STATUS_VALUES!r}"
    )
