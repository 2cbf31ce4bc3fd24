"""The embedded default (SQLite) under concurrent players: a real server on a SQLite file with the
project's real settings, and 16 players' clients submitting orders at the same moment. Each order
is answered (no 500 "database is locked") and every acknowledged one is stored.

The in-memory test database cannot be shared with a server's threads in any meaningful way, so the
server is `manage.py runserver` in a subprocess on a migrated temporary file."""
from __future__ import annotations

import json
import os
import runpy
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from api_support import DEPLOY
from sqlite_world import ARMIES

BASE_DIR = Path(__file__).resolve().parents[2]
WORLD = Path(__file__).with_name("sqlite_world.py")
SERVER_START_LIMIT = 60  # seconds: a guard against a hung server, not a measured expectation
# Straight to the local server, whatever proxy the environment names.
RETRIES = 16 - ARMIES
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for_port(port: int, server: subprocess.Popen) -> None:
    """Return once the server accepts connections (fail if it exits first)."""
    limit = time.monotonic() + SERVER_START_LIMIT
    while time.monotonic() < limit:
        if server.poll() is not None:
            pytest.fail(f"the server exited with {server.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    pytest.fail("the server did not start listening")


def _call(method: str, url: str, *, data: dict, headers: dict | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(data).encode(), method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with DIRECT.open(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        body = error.read().decode(errors="replace")
        try:
            return error.code, json.loads(body)
        except ValueError:  # Django's debug page: its title names the error
            return error.code, {"page": body.partition("<title>")[2].partition("</title>")[0]}


@pytest.fixture
def sqlite_server(tmp_path):
    """A live server on a SQLite file holding a player with 16 armies in C4 and an open turn:
    (the API's base URL, the world's ids, the database file)."""
    database = tmp_path / "muster.sqlite3"
    environment = {**os.environ, "DATABASE_URL": f"sqlite:///{database}",
                   "PYTHONPATH": os.pathsep.join([str(BASE_DIR), str(BASE_DIR / "tests"),
                                                  str(WORLD.parent)])}
    world = json.loads(subprocess.run([sys.executable, str(WORLD)], env=environment, cwd=BASE_DIR,
                                      check=True, capture_output=True, text=True).stdout)
    port = _free_port()
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        env=environment, cwd=BASE_DIR, stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_for_port(port, server)
        yield f"http://127.0.0.1:{port}/api", world, database
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def test_sixteen_players_submitting_at_once_get_answers_and_keep_their_orders(sqlite_server):
    api, world, database = sqlite_server
    status, body = _call("POST", f"{api}/auth/token/",
                         data={"username": world["username"], "password": world["password"]})
    assert status == 200, body
    auth = {"Authorization": f"Token {body['token']}"}
    # An order per army, and the first one sent four more times with its Idempotency-Key (a
    # client retrying): 16 requests at once.
    first = world["armies"][0]
    orders = world["armies"] + [first] * RETRIES
    assert len(orders) == 16
    start = threading.Barrier(len(orders))

    def submit(army: int) -> tuple[int, dict]:
        order = {"turn": world["turn"], "kind": "deploy_army", "army": army, "params": DEPLOY}
        start.wait()  # all at the same moment
        return _call("POST", f"{api}/activities/", data=order,
                     headers={**auth, "Idempotency-Key": f"deploy-{army}"})

    with ThreadPoolExecutor(max_workers=len(orders)) as pool:
        answers = list(pool.map(submit, orders))

    assert {status for status, _ in answers} <= {200, 201, 400, 409}, answers
    acknowledged = {body["id"] for status, body in answers if status == 201}
    with sqlite3.connect(database) as connection:
        stored = {row[0] for row in connection.execute(
            "SELECT id FROM armies_armyactivity WHERE turn_id = ?", [world["turn"]])}
    assert acknowledged <= stored
    # Each army's valid order is stored once, and every retry gets the first one back.
    assert len(acknowledged) == len(stored) == len(world["armies"]), answers
    assert [status for status, _ in answers].count(200) == RETRIES, answers
    assert len({body["id"] for army, (_, body) in zip(orders, answers, strict=True)
                if army == first}) == 1


@pytest.mark.parametrize(("url", "options"), [
    ("sqlite:///muster.sqlite3", {"transaction_mode": "IMMEDIATE", "timeout": 20,
                                  "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"}),
    # psycopg would refuse SQLite's connection options; it takes its own, which let the hot
    # reads be prepared (core.compiled) and give up an unreachable server in 10 s.
    ("postgres://muster@127.0.0.1:5432/muster", {"prepare_threshold": 2**31 - 1,
                                                  "connect_timeout": 10}),
])
def test_only_the_sqlite_database_gets_the_sqlite_options(monkeypatch, url, options):
    monkeypatch.setenv("DATABASE_URL", url)
    settings = runpy.run_path(str(BASE_DIR / "config" / "settings.py"))
    assert settings["DATABASES"]["default"].get("OPTIONS", {}) == options
