"""Running calls at the same moment, for the race tests: threads released together."""
import threading


def run_at_once(count, action):
    """Call `action(i)` for i in 0..count-1 in threads released together; their results."""
    barrier = threading.Barrier(count)
    results = [None] * count

    def worker(i):
        barrier.wait()
        results[i] = action(i)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def at_once(*calls):
    """Run the calls in threads released together; their answers in order."""
    return run_at_once(len(calls), lambda i: calls[i]())
