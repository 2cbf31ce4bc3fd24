"""A long-lived process (a Celery worker, a gunicorn worker) loads before its first task or
request what that would load itself, then leaves its loaded heap out of the garbage collector."""
from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def warm_up() -> None:
    """Load the URLconf (and with it every view and service) and compile the hot reads
    (core.compiled): half a second that fell on the first turn or request. Compiling asks the
    database what it supports (its version, its JSON) and may connect: a connection opened here is
    closed again, for a process forked after it must not share it. Then freeze the loaded heap
    (gc.freeze): a task or a request makes and drops many small objects, and each collection of
    the oldest generation walked all of Django and the apps again (about 0.1 s every 40 kingdom
    turns, a tenth of a turn's time, and a pause for every request in flight); frozen, it is left
    out of the collector's walks."""
    from django.db import connections
    from django.urls import get_resolver

    from core.compiled import compile_reads

    open_before = {alias for alias in connections if connections[alias].connection is not None}
    try:
        get_resolver().reverse_dict  # noqa: B018 - the lookup builds it
        compile_reads()
    except Exception:  # the first task or request loads them then: the process starts all the same
        log.exception("the warm-up failed")
    finally:
        for alias in connections:
            if alias not in open_before:
                connections[alias].close()
    gc.collect()
    gc.freeze()
