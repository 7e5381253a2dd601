"""What the directory grants (extensions.md E4.3): its Users projected onto accounts and
project memberships, in the transaction that changed them."""


def settle(project_id: str, token_id: str | None, user_ids=(), accounts=()) -> None:
    """Re-project the Users `user_ids` of the project, and the accounts `accounts` (those a
    deleted User was linked to)."""
