"""Pure argon2id verify rate with the service's parameters and N threads, for the sign-in ratio.

Usage: python bench/argon2_rate.py THREADS SECONDS  -> prints verifies per second
"""
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import config  # noqa: E402
from sections.auth.services.passwords import PasswordHasher  # noqa: E402


def main():
    threads, seconds = int(sys.argv[1]), float(sys.argv[2])
    defaults = config.defaults()
    # The service's parameters, called without its semaphore: argon2 alone.
    hasher = PasswordHasher(defaults["PASSWORD_HASH_MEMORY_COST"],
                            defaults["PASSWORD_HASH_TIME_COST"],
                            defaults["PASSWORD_HASH_PARALLELISM"])
    stored = hasher.hash("Tr0ub4dor&3-horse-staple")
    counts = [0] * threads
    deadline = time.perf_counter() + seconds

    def work(i):
        while time.perf_counter() < deadline:
            hasher.context.verify("Tr0ub4dor&3-horse-staple", stored)
            counts[i] += 1

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    start = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    print(f"{sum(counts) / (time.perf_counter() - start):.2f}")


if __name__ == "__main__":
    main()
