"""Password hashing (argon2id through passlib); the strength policy is password_policy.py."""
import os
import threading

from passlib.context import CryptContext


class PasswordHasher:
    """argon2id with re-hash of outdated hashes; concurrent hashes capped per process.

    The cap (a semaphore sized to the cores) makes a burst of sign-ins queue instead of
    multiplying argon2's memory by the number of server threads.
    """

    def __init__(self, memory_cost: int, time_cost: int, parallelism: int, max_concurrent=None):
        self.context = CryptContext(
            schemes=["argon2"],
            argon2__type="ID",
            argon2__memory_cost=memory_cost,
            argon2__time_cost=time_cost,
            argon2__parallelism=parallelism,
        )
        self._slots = threading.BoundedSemaphore(max_concurrent or os.cpu_count() or 1)
        self._dummy_hash = None

    def hash(self, password: str) -> str:
        with self._slots:
            return self.context.hash(password)

    def verify(self, password: str, stored_hash: str | None) -> tuple[bool, str | None]:
        """(matches, new hash to store or None). An absent hash costs the same as a real one,
        so an unknown e-mail and a wrong password take the same time (contract section 1)."""
        if stored_hash is None:
            with self._slots:
                self.context.verify(password, self.dummy_hash())
            return False, None
        with self._slots:
            return self.context.verify_and_update(password, stored_hash)

    def dummy_hash(self) -> str:
        if self._dummy_hash is None:
            self._dummy_hash = self.context.hash("dummy password for absent accounts")
        return self._dummy_hash
