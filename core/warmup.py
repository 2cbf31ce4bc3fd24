"""A long-lived process (a Celery worker, a WSGI server's worker) loads before its first task or
request what that would load itself, then leaves its loaded heap out of the garbage collector."""
from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def warm_up() -> None:
    """Load the URLconf (and with it every view and service) and compile the hot reads
    (core.compiled; no connection is opened): half a second that fell on the first turn or
    request. Then freeze the loaded heap (gc.freeze): a task or a request makes and drops many
    small objects, and each collection of the oldest generation walked all of Django and the
    apps again (about 0.1 s every 40 kingdom turns, a tenth of a turn's time, and a pause for
    every request in flight); frozen, it is left out of the collector's walks, and a process
    forked after it does not copy its pages by touching them."""
    from django.urls import get_resolver

    from core.compiled import compile_reads

    try:
        get_resolver().reverse_dict  # noqa: B018 - the lookup builds it
        compile_reads()
    except Exception:  # the first task or request loads them then: the process starts all the same
        log.exception("the warm-up failed")
    gc.collect()
    gc.freeze()
