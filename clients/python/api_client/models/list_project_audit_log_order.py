from typing import Literal

ListProjectAuditLogOrder = Literal["asc", "desc"]

LIST_PROJECT_AUDIT_LOG_ORDER_VALUES: set[ListProjectAuditLogOrder] = {
    "asc",
    "desc",
}


def check_list_project_audit_log_order(value: str) -> ListProjectAuditLogOrder:
    if value in LIST_PROJECT_AUDIT_LOG_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PROJECT_AUDIT_LOG_ORDER_VALUES!r}"
    )
