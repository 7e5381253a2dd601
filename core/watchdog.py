"""The 3-second budget of a guarded request (core/guarded.py), body included (extensions.md
E4.2): each request's `Deadline` holds the sockets it opened, and one watchdog thread per
process shuts them down when that deadline passes. The read timeout counts per read: without
this, a provider sending a byte every 2.9 seconds would hold a request for hours."""
import heapq
import itertools
import os
import socket
import threading
import time


class Deadline:
    """A guarded session's deadline (`time.monotonic()` seconds) and a duplicate of each socket
    it opened (valid also once TLS has taken the original over); `passed` once it fired."""

    def __init__(self, at: float):
        self.at = at
        self.lock, self.sockets, self.passed = threading.Lock(), [], False

    def watch(self, sock: socket.socket) -> None:
        with self.lock:
            self.sockets.append(sock.dup())
            if self.passed:  # opened after the deadline: shut at once
                self.shut_down()

    def fire(self) -> None:
        with self.lock:
            self.passed = True
            self.shut_down()

    def shut_down(self) -> None:
        """Shut down and close the sockets watched; the caller holds the lock."""
        for sock in self.sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)  # the blocked read returns at once
            except OSError:
                pass  # the peer closed it already
        self.close_sockets()

    def close_sockets(self) -> None:
        while self.sockets:
            self.sockets.pop().close()

    def close(self) -> None:
        """The session is done: its duplicates are closed now, not at the deadline."""
        with self.lock:
            self.close_sockets()


class Watchdog:
    """One daemon thread, started on first use, firing each Deadline when its time comes: the
    deadlines wait in a heap, the thread sleeps on a condition until the earliest. Style guide,
    "Avoid": no thread per request. A deadline of a closed session stays in the heap until its
    time (3 seconds at most) and then fires on no socket."""

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        # Also in a forked child, which has none of its parent's threads and may have a copy
        # of the condition's lock held by one of them.
        self.condition = threading.Condition()
        self.queue: list[tuple[float, int, Deadline]] = []
        self.order = itertools.count()  # breaks ties between equal times
        self.thread = None

    def deadline(self, seconds: float) -> Deadline:
        """A Deadline `seconds` from now, watched."""
        deadline = Deadline(time.monotonic() + seconds)
        with self.condition:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self.run, name="guarded-watchdog",
                                               daemon=True)
                self.thread.start()
            heapq.heappush(self.queue, (deadline.at, next(self.order), deadline))
            if self.queue[0][2] is deadline:
                self.condition.notify()  # it is the earliest: the thread sleeps for a later one
        return deadline

    def run(self) -> None:
        while True:
            with self.condition:
                while not self.queue or self.queue[0][0] > time.monotonic():
                    self.condition.wait(self.queue[0][0] - time.monotonic() if self.queue
                                        else None)
                due = heapq.heappop(self.queue)[2]
            due.fire()  # outside the condition: a request starting meanwhile does not wait


WATCHDOG = Watchdog()
os.register_at_fork(after_in_child=WATCHDOG.reset)
