"""A PATCH applied to a row: the fields given change (resources.md R1), and the service learns
whether any did (a PATCH that changes nothing leaves `updatedAt` as it was)."""


def apply(row, data: dict, fields: dict[str, str]) -> bool:
    """Set each of `fields` (the body's key -> the row's attribute) that `data` gives with
    another value than the row's; whether any was set."""
    changed = [key for key, attr in fields.items()
               if key in data and getattr(row, attr) != data[key]]
    for key in changed:
        setattr(row, fields[key], data[key])
    return bool(changed)
