"""One-row SQLite reads that keep the GIL (piece `held_sqlite`, bench/README.md), through the
libsqlite3 that sqlite3 uses; perf/prepared.py runs the hot reads through it."""
import ctypes
import os
import sqlite3
import threading

# Python 3.11's sqlite3 gives up the GIL around every call into SQLite, once more per column
# read; in a server whose threads all run Python each release hands the GIL to another thread and
# the reader waits to get it back. An indexed read of a few cached pages takes less than that
# hand-off, so it runs here with the GIL kept: ctypes.PyDLL (which keeps the GIL), one read-only
# connection per thread and database file.
# A read here never waits. The connections have no busy timeout: SQLITE_BUSY, or anything else
# than a row or no row, answers UNAVAILABLE and the caller runs the read through sqlite3, which
# waits and raises as it always does. Where the library cannot be found (SQLite linked into
# Python statically, or no /proc) every read is UNAVAILABLE. The price: a page SQLite has to
# read from the disk is read with the GIL held, which stops the other threads for that long; for
# a database that fits the page cache, as the small deployments SQLite is for do, a memory copy.
UNAVAILABLE = object()

SQLITE_ROW, SQLITE_DONE = 100, 101
SQLITE_OPEN_READONLY, SQLITE_OPEN_NOMUTEX = 0x1, 0x8000
SQLITE_TRANSIENT = ctypes.c_void_p(-1)  # SQLite copies a bound value before the call returns
# A service reads one database file; a thread that reads more (tests make one per test) keeps
# connections to the last few only.
FILES_PER_THREAD = 4


def _library():
    """The libsqlite3 that the sqlite3 module is linked to, with calls that keep the GIL. The
    same copy matters: two copies of SQLite in one process do not see each other's POSIX locks
    and can corrupt a database (sqlite.org/howtocorrupt.html, 2.2.1)."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "/libsqlite3.so" in line}
    except OSError:
        return None
    if len(paths) != 1:
        return None
    lib = ctypes.PyDLL(paths.pop())
    lib.sqlite3_libversion.restype = ctypes.c_char_p
    if lib.sqlite3_libversion().decode() != sqlite3.sqlite_version:
        return None
    handle, text = ctypes.c_void_p, ctypes.c_char_p
    for name, argtypes, restype in (
            ("sqlite3_open_v2", [text, ctypes.POINTER(handle), ctypes.c_int, text], ctypes.c_int),
            ("sqlite3_close_v2", [handle], ctypes.c_int),
            ("sqlite3_prepare_v2", [handle, text, ctypes.c_int, ctypes.POINTER(handle), handle],
             ctypes.c_int),
            ("sqlite3_finalize", [handle], ctypes.c_int),
            ("sqlite3_bind_text", [handle, ctypes.c_int, text, ctypes.c_int, handle],
             ctypes.c_int),
            ("sqlite3_bind_int64", [handle, ctypes.c_int, ctypes.c_int64], ctypes.c_int),
            ("sqlite3_bind_null", [handle, ctypes.c_int], ctypes.c_int),
            ("sqlite3_step", [handle], ctypes.c_int),
            ("sqlite3_reset", [handle], ctypes.c_int),
            ("sqlite3_column_text", [handle, ctypes.c_int], text)):
        function = getattr(lib, name)
        function.argtypes, function.restype = argtypes, restype
    return lib


_lib = _library()


class _Connection:
    """A read-only connection of one thread, with its prepared statements."""

    def __init__(self, path: str):
        self.db, self.statements, self.pid = ctypes.c_void_p(), {}, os.getpid()
        flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        if _lib.sqlite3_open_v2(path.encode(), ctypes.byref(self.db), flags, None) != 0:
            self.close()
            raise OSError(f"cannot open {path}")

    def statement(self, sql: str):
        found = self.statements.get(sql)
        if found is None:
            found, encoded = ctypes.c_void_p(), sql.encode()
            if _lib.sqlite3_prepare_v2(self.db, encoded, len(encoded), ctypes.byref(found),
                                       None) != 0:
                _lib.sqlite3_finalize(found)
                return None
            self.statements[sql] = found
        return found

    def close(self, lib=_lib, getpid=os.getpid):  # bound now: at exit globals may be gone
        if getpid() != self.pid:
            return  # a forked child never touches its parent's connections (SQLite forbids it)
        for statement in self.statements.values():
            lib.sqlite3_finalize(statement)
        self.statements.clear()
        if self.db:
            lib.sqlite3_close_v2(self.db)
            self.db = None

    __del__ = close  # the thread's connections go when its thread-local data does


class _ThreadConnections(threading.local):
    def __init__(self):
        self.by_path = {}


_local = _ThreadConnections()


def _forget_after_fork():
    global _local
    _local = _ThreadConnections()  # the child opens its own


os.register_at_fork(after_in_child=_forget_after_fork)


def _bind(statement, index: int, value) -> bool:
    if value is None:
        return _lib.sqlite3_bind_null(statement, index) == 0
    if isinstance(value, str):
        encoded = value.encode()
        return _lib.sqlite3_bind_text(statement, index, encoded, len(encoded),
                                      SQLITE_TRANSIENT) == 0
    if isinstance(value, int) and not isinstance(value, bool):
        return _lib.sqlite3_bind_int64(statement, index, value) == 0
    return False


def first_text(path: str, sql: str, values: tuple):
    """The first column of the first row of `sql` (qmark parameters `values`: str, int or
    None) as text, None when there is no row, or UNAVAILABLE: run it through sqlite3."""
    if _lib is None or not path or path == ":memory:":
        return UNAVAILABLE
    connections = _local.by_path
    connection = connections.get(path)
    if connection is None:
        if len(connections) >= FILES_PER_THREAD:
            connections.pop(next(iter(connections))).close()  # the oldest one
        try:
            connection = connections[path] = _Connection(path)
        except OSError:
            return UNAVAILABLE
    statement = connection.statement(sql)
    if statement is None:
        return UNAVAILABLE
    try:
        if not all(_bind(statement, index, value) for index, value in enumerate(values, 1)):
            return UNAVAILABLE
        status = _lib.sqlite3_step(statement)
        if status == SQLITE_ROW:
            found = _lib.sqlite3_column_text(statement, 0)
            return UNAVAILABLE if found is None else found.decode()
        return None if status == SQLITE_DONE else UNAVAILABLE
    finally:
        _lib.sqlite3_reset(statement)  # every parameter is bound again on the next read
