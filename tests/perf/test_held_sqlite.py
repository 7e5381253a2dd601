"""perf/held_sqlite.py: one-row SQLite reads with the GIL kept, against the sqlite3 module."""
import gc
import multiprocessing
import os
import sqlite3
import threading

import pytest

from perf import held_sqlite
from perf.held_sqlite import UNAVAILABLE, first_text

SELECT = "SELECT json_array(name, n) FROM items WHERE name = ? AND n >= ?"


@pytest.fixture
def database(tmp_path):
    path = str(tmp_path / "held.db")
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE items (name TEXT PRIMARY KEY, n INTEGER)")
    connection.executemany("INSERT INTO items VALUES (?, ?)", [("a", 1), ("b", 2), ("ünï", 3)])
    connection.close()
    return path


def through_sqlite3(path, sql, values):
    connection = sqlite3.connect(path)
    row = connection.execute(sql, values).fetchone()
    connection.close()
    return None if row is None else row[0]


def open_files(path):
    fds = f"/proc/{os.getpid()}/fd"
    return sum(1 for fd in os.listdir(fds) if os.path.realpath(os.path.join(fds, fd)) == path)


def test_the_library_is_the_one_sqlite3_uses():
    assert held_sqlite._lib is not None  # Linux, SQLite linked dynamically: the fast path runs
    assert held_sqlite._lib.sqlite3_libversion().decode() == sqlite3.sqlite_version


@pytest.mark.parametrize("values", [("a", 0), ("ünï", 3), ("b", 3), ("nobody", 0), (None, 0)])
def test_reads_answer_as_sqlite3_does(database, values):
    assert first_text(database, SELECT, values) == through_sqlite3(database, SELECT, values)


def test_committed_writes_are_seen_by_the_next_read(database):
    assert first_text(database, SELECT, ("c", 0)) is None
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("INSERT INTO items VALUES ('c', 7)")
    writer.close()
    assert first_text(database, SELECT, ("c", 0)) == '["c",7]'


def test_a_locked_database_answers_unavailable_at_once_instead_of_waiting(tmp_path):
    path = str(tmp_path / "journal.db")
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("CREATE TABLE items (name TEXT PRIMARY KEY, n INTEGER)")
    writer.execute("INSERT INTO items VALUES ('a', 1)")
    writer.execute("BEGIN EXCLUSIVE")  # rollback journal: readers get SQLITE_BUSY
    try:
        assert first_text(path, SELECT, ("a", 0)) is UNAVAILABLE
    finally:
        writer.execute("COMMIT")
        writer.close()
    assert first_text(path, SELECT, ("a", 0)) == '["a",1]'


def test_what_it_cannot_run_is_left_to_sqlite3(database):
    assert first_text(database, "SELECT json_array(x) FROM nowhere", ()) is UNAVAILABLE
    assert first_text(database, SELECT, (b"bytes", 0)) is UNAVAILABLE  # only str, int, None
    assert first_text(database, "SELECT NULL", ()) is UNAVAILABLE
    assert first_text(":memory:", "SELECT 1", ()) is UNAVAILABLE
    assert first_text(database + "-missing", "SELECT 1", ()) is UNAVAILABLE


def test_a_threads_connection_closes_when_the_thread_ends(database):
    before, answers = open_files(database), []
    worker = threading.Thread(target=lambda: answers.append(
        (first_text(database, SELECT, ("a", 0)), open_files(database))))
    worker.start()
    worker.join()
    gc.collect()
    assert answers == [('["a",1]', before + 1)]
    assert open_files(database) == before


def test_a_thread_keeps_connections_to_the_last_few_files_only(tmp_path, database):
    before = open_files(database)
    assert first_text(database, SELECT, ("a", 0)) == '["a",1]'
    assert open_files(database) == before + 1
    for index in range(held_sqlite.FILES_PER_THREAD):
        other = str(tmp_path / f"other-{index}.db")
        sqlite3.connect(other).close()
        assert first_text(other, "SELECT json_array(?)", (index,)) == f"[{index}]"
    assert open_files(database) == before  # the oldest connection was closed
    assert first_text(database, SELECT, ("a", 0)) == '["a",1]'  # and opens again


def _read_in_child(path, queue):
    queue.put(first_text(path, SELECT, ("b", 0)))


def test_a_forked_child_opens_its_own_connection(database):
    assert first_text(database, SELECT, ("a", 0)) == '["a",1]'  # the parent's, open
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_read_in_child, args=(database, queue))
    child.start()
    assert queue.get(timeout=30) == '["b",2]'
    child.join(timeout=30)
    assert child.exitcode == 0
    assert first_text(database, SELECT, ("a", 0)) == '["a",1]'  # the parent's still works
