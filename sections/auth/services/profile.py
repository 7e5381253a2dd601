"""The account's own profile (contract section 9): `name` and `image`, nothing else."""
from sections.auth.models import User

EDITABLE = ("name", "image")  # email, role and emailVerified are never the user's to change


def update(user: User, changes: dict) -> None:
    """Apply the validated fields: a field left out keeps its value, None clears it."""
    for field in EDITABLE:
        if field in changes:
            setattr(user, field, changes[field])
