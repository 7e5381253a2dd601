from typing import Literal

ListProjectAuditLogSort = Literal["createdAt", "seq"]

LIST_PROJECT_AUDIT_LOG_SORT_VALUES: set[ListProjectAuditLogSort] = {
    "createdAt",
    "seq",
}


def check_list_project_audit_log_sort(value: str) -> ListProjectAuditLogSort:
    if value in LIST_PROJECT_AUDIT_LOG_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_AUDIT_LOG_SORT_VALUES!r}"
    )
