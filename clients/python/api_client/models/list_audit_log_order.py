from typing import Literal

ListAuditLogOrder = Literal["asc", "desc"]

LIST_AUDIT_LOG_ORDER_VALUES: set[ListAuditLogOrder] = {
    "asc",
    "desc",
}


def check_list_audit_log_order(value: str) -> ListAuditLogOrder:
    if value in LIST_AUDIT_LOG_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_AUDIT_LOG_ORDER_VALUES!r}")
