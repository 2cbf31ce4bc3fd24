"""Start and stop real Celery worker processes on a Redis broker (the worker tests and
bench/turns.py use these).

A worker runs `python -m celery -A config worker` in its own session (process group), so that
stopping it, or killing it with SIGKILL, reaches the pool's child processes too. Its output goes to
a log file, which tells when it is ready and what each task returned.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = "redis://127.0.0.1:6379"
QUEUE = "celery"
# A task's result, or a batch's (the task's name with an "s": resolve_kingdom_turns) as a list.
_RESULT = r"{task}s?\[[^\]]+\] succeeded in ([\d.e-]+)s: ('\w+'|\[[^\]]*\])"


def broker_url(db: int) -> str:
    return f"{REDIS_URL}/{db}"


def redis_client(url: str):
    import redis

    return redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)


def redis_reachable(url: str) -> bool:
    try:
        return bool(redis_client(url).ping())
    except Exception:
        return False


def queued_messages(url: str, queue: str = QUEUE) -> int:
    """Messages waiting in the queue (kombu keeps one list per priority step, named after it)."""
    client = redis_client(url)
    return sum(client.llen(key) for key in client.scan_iter(match=f"{queue}*")
               if client.type(key) == b"list")


def unacked_messages(url: str) -> int:
    """Messages delivered to a worker and not acknowledged yet (late ack: until the task ends)."""
    return redis_client(url).hlen("unacked")


def expire_visibility(url: str) -> int:
    """Do now what the broker does once the visibility timeout has passed: put every delivered,
    unacknowledged message back in its queue (a dead worker's message is then delivered again).
    Returns how many were put back."""
    from kombu import Connection

    before = unacked_messages(url)
    with Connection(url, transport_options={"visibility_timeout": 0}) as connection:
        connection.default_channel.qos.restore_visible(num=10_000, interval=1)
    return before - unacked_messages(url)


def database_url(settings_dict: Mapping) -> str:
    """A DATABASE_URL (django-environ) for a Django database settings dict (PostgreSQL)."""
    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{quote(settings_dict['NAME'], safe='')}"


def wait_until(predicate: Callable[[], object], *, timeout: float, interval: float = 0.05,
               message: str = "condition") -> object:
    """Poll until `predicate()` is truthy and return its value; raise TimeoutError otherwise."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {message}")
        time.sleep(interval)


class Worker:
    """One `celery worker` process (prefork, concurrency 1 by default) consuming `queue`."""

    def __init__(self, name: str, *, broker: str, database: str, log_dir: Path,
                 queue: str = QUEUE, concurrency: int = 1, pool: str = "prefork",
                 env: Mapping[str, str] | None = None):
        self.name = name
        self.broker = broker
        self.database = database
        self.queue = queue
        self.concurrency = concurrency
        self.pool = pool
        self.extra_env = dict(env or {})
        self.log_path = Path(log_dir) / f"worker-{name}.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> Worker:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
               "DATABASE_URL": self.database, "CELERY_BROKER_URL": self.broker,
               "PYTHONUNBUFFERED": "1", **self.extra_env}
        command = [sys.executable, "-m", "celery", "-A", "config", "worker",
                   f"--pool={self.pool}", f"--concurrency={self.concurrency}", "-Q", self.queue,
                   "-n", f"{self.name}@%h", "-l", "info", "--without-mingle", "--without-gossip",
                   "--without-heartbeat"]
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            start_new_session=True)
        return self

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def wait_ready(self, timeout: float = 30) -> Worker:
        def ready():
            if not self.alive:
                raise RuntimeError(f"worker {self.name} exited:\n{self.log()[-3000:]}")
            return " ready." in self.log()

        try:
            wait_until(ready, timeout=timeout, interval=0.1, message=f"worker {self.name}")
        except TimeoutError as error:
            raise TimeoutError(f"{error}\n{self.log()[-3000:]}") from None
        return self

    def _done(self, task: str) -> list[tuple[float, list[str]]]:
        """Its tasks of that name (and their batches) that ended: how long each ran, and what it
        returned for each row."""
        return [(float(seconds), re.findall(r"'(\w+)'", returned))
                for seconds, returned in re.findall(_RESULT.format(task=task), self.log())]

    def results(self, task: str = "resolve_kingdom_turn") -> Counter:
        """What its tasks of that name returned, a row at a time: Counter({"resolved": 3,
        "skipped": 1})."""
        return Counter(result for _, results in self._done(task) for result in results)

    def runtimes(self) -> list[float]:
        """How long it took over each kingdom turn, in order (a batch's time shared among its
        turns)."""
        return [seconds / len(results) for seconds, results in self._done("resolve_kingdom_turn")
                for _ in results]

    def kill(self) -> None:
        """SIGKILL the worker and its pool children at once: no shutdown, no acknowledgement."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)

    def stop(self, timeout: float = 10) -> None:
        """Warm shutdown (SIGTERM: the running task finishes), then SIGKILL whatever is left."""
        if self.process is None:
            return
        if self.alive:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()  # the process group: pool children that outlived their parent
