"""Passing database faults, told apart from the work's own errors (docs/concurrency.md).

A passing fault (the connection was cut, the server restarts, a serialization failure or a
deadlock) says nothing about the work: the same work succeeds when tried again, so it is retried
and never shown to the GM as a failure. Anything else (a rule error, a bug, a query the database
refuses) fails the same way every time, and the GM must see it.
"""
from __future__ import annotations

import sqlite3

from django.db import InterfaceError, OperationalError, connection

# PostgreSQL's SQLSTATE classes and codes of faults that pass: 08 connection exception; 40
# transaction rollback (40001 serialization failure, 40P01 deadlock detected); too many
# connections; lock not available; the server shut down (pg_terminate_backend, a restart) or not
# yet accepting connections.
TRANSIENT_CLASSES = {"08", "40"}
TRANSIENT_CODES = {"53300", "55P03", "57P01", "57P02", "57P03"}


def is_transient(error: BaseException) -> bool:
    """Whether `error` is a passing database fault, worth trying the same work again for."""
    if isinstance(error, InterfaceError):
        return True  # the connection is closed
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    if isinstance(cause, sqlite3.OperationalError):
        return "locked" in str(cause) or "busy" in str(cause)
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate is None:
        return True  # the client's side: the connection broke, or could not be made
    return sqlstate[:2] in TRANSIENT_CLASSES or sqlstate in TRANSIENT_CODES


def drop_broken_connection() -> None:
    """Close this thread's connection if the fault broke it, so the next query opens a new one.
    Inside a caller's transaction the caller decides (a test's, for one)."""
    if not connection.in_atomic_block:
        connection.close_if_unusable_or_obsolete()
