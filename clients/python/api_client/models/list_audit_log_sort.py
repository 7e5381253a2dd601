from typing import Literal

ListAuditLogSort = Literal["createdAt", "seq"]

LIST_AUDIT_LOG_SORT_VALUES: set[ListAuditLogSort] = {
    "createdAt",
    "seq",
}


def check_list_audit_log_sort(value: str) -> ListAuditLogSort:
    if value in LIST_AUDIT_LOG_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_AUDIT_LOG_SORT_VALUES!r}")
