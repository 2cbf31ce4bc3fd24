"""POST /api/activities/ against a bare DRF create, served side by side by one gunicorn, at 20
concurrent clients; and SQL queries per submission (issue 16, point 3).

It empties the bench database and builds one kingdom per client (a player with an API token, a
settlement, `--armies` Infantry armies in C4 and an open turn); starts gunicorn (the project with
bench.api_settings, which add the bare endpoint /bench/bare-notes/: bench/bare/api.py says what
it does and does not do) on 127.0.0.1; counts one submission's queries in this process; then the
clients, one keep-alive connection each, send blocks of requests to the two endpoints in turn (a
warm-up block of each first, not counted), so that the machine's load drifts weigh on both alike.
Each client deploys a different army of its kingdom per request (the turn takes one order per
army); between blocks the queued orders are withdrawn in the database. The tables are vacuumed and
analysed after they are built and again after the warm-up (as autovacuum keeps a live site's:
PostgreSQL plans by their statistics). Prints p50/p95 per endpoint and, on its last line, one JSON
object; no assertions.

Run: .venv/bin/python bench/api.py [--quick] [--clients N] [--armies M] [--blocks B] [--port P]
Needs PostgreSQL (--database, default below: created and migrated if missing; its contents are
replaced, so its name must contain "bench").
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.turns import ensure_database, settle  # noqa: E402

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/muster_bench_api"
HOST = "127.0.0.1"
ACTIVITIES = "/api/activities/"
BARE = "/bench/bare-notes/"


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="CI's smoke run: few requests")
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients")
    parser.add_argument("--armies", type=int, default=10,
                        help="armies per kingdom: each client's requests per block")
    parser.add_argument("--blocks", type=int, default=8, help="measured blocks per endpoint")
    parser.add_argument("--port", type=int, default=8621)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--queries", action="store_true",
                        help="print the counted submission's queries")
    parser.add_argument("--database", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE))
    args = parser.parse_args()
    if args.quick:
        args.armies, args.blocks = 3, 1
    return args


def server_environment(database: str) -> dict[str, str]:
    return {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.api_settings", "DATABASE_URL": database,
            "DEBUG": "false", "SECRET_KEY": secrets.token_urlsafe(45),
            "ALLOWED_HOSTS": f"{HOST},testserver", "SECURE_SSL_REDIRECT": "false",
            "CELERY_BROKER_URL": ""}


def build(clients: int, armies: int) -> list[dict]:
    """One kingdom per client: its player's token and its armies' ids, with the open turn's id."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from knox.models import AuthToken

    from armies.models import Army, ArmyTactic, ArmyTemplate
    from armies.services import templates_install_catalog
    from campaigns.models import Campaign, Kingdom, Membership, Role, Settlement
    from campaigns.services import turn_open
    from core.permissions import SYSTEM

    call_command("flush", interactive=False, verbosity=0)
    templates_install_catalog()
    infantry = ArmyTemplate.objects.get(name="Infantry")
    campaign = Campaign.objects.create(name="REST bench")
    worlds = []
    for k in range(clients):
        kingdom = Kingdom.objects.create(campaign=campaign, name=f"Kingdom {k}", level=5,
                                         food=10_000, resource_points=10_000, exploration=40,
                                         trade=40, warfare=40)
        Settlement.objects.create(kingdom=kingdom, name=f"Town {k}", hex="C4")
        player = get_user_model().objects.create(username=f"bench-player-{k}")
        Membership.objects.create(user=player, campaign=campaign, kingdom=kingdom, role=Role.PLAYER)
        turn = turn_open(actor=SYSTEM, kingdom=kingdom)
        rows = Army.objects.bulk_create([
            Army(kingdom=kingdom, template=infantry, name=f"Army {k}.{a}", hp=infantry.hp, hex="C4")
            for a in range(armies)])
        ArmyTactic.objects.bulk_create([ArmyTactic(army=a, tactic="keen_eyed") for a in rows])
        worlds.append({"token": AuthToken.objects.create(user=player)[1], "turn": turn.pk,
                       "armies": [a.pk for a in rows]})
    return worlds


def withdraw_all() -> None:
    """Free every army for the next block (not timed)."""
    from armies.choices import ActivityStatus
    from armies.models import ArmyActivity

    ArmyActivity.objects.filter(status=ActivityStatus.QUEUED).update(
        status=ActivityStatus.WITHDRAWN)


def deploy(world: dict, army: int) -> dict:
    return {"turn": world["turn"], "kind": "deploy_army", "army": army,
            "params": {"destination": "D5", "skill": "exploration"}}


def queries_per_submission(world: dict, show: bool) -> int:
    """The SQL statements of one submission, served in this process as gunicorn serves it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {world['token']}")
    with CaptureQueriesContext(connection) as captured:
        response = client.post(ACTIVITIES, deploy(world, world["armies"][0]), format="json")
    if response.status_code != 201:
        sys.exit(f"the counted submission answered {response.status_code}: {response.content!r}")
    withdraw_all()
    if show:
        for query in captured.captured_queries:
            print("  ", query["sql"][:160])
    return len(captured.captured_queries)


def start_server(args) -> subprocess.Popen:
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"{HOST}:{args.port}", "--workers", str(args.workers), "--threads", str(args.threads),
         "--worker-class", "gthread", "--keep-alive", "30", "--log-level", "warning"],
        cwd=ROOT, env=server_environment(args.database))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"gunicorn exited with {server.returncode}")
        try:
            probe = http.client.HTTPConnection(HOST, args.port, timeout=2)
            probe.request("GET", "/api/")
            probe.getresponse().read()
            probe.close()
            return server
        except OSError:
            time.sleep(0.3)
    server.terminate()
    sys.exit("gunicorn did not answer within 60 s")


def block(port: int, worlds: list[dict], endpoint: str, per_client: int) -> list[float]:
    """Every client sends `per_client` requests to `endpoint` on its keep-alive connection;
    the latencies in seconds."""
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(len(worlds))

    def client(world: dict) -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=60)
        headers = {"Authorization": f"Token {world['token']}", "Content-Type": "application/json"}
        own = []
        start.wait()
        for index in range(per_client):
            body = deploy(world, world["armies"][index]) if endpoint == ACTIVITIES \
                else {"text": f"note {index}"}
            began = time.perf_counter()
            connection.request("POST", endpoint, json.dumps(body), headers)
            response = connection.getresponse()
            answer = response.read()
            own.append(time.perf_counter() - began)
            if response.status != 201:
                with lock:
                    failures.append(f"{endpoint} {response.status}: {answer[:200]!r}")
        connection.close()
        with lock:
            latencies.extend(own)

    threads = [threading.Thread(target=client, args=(world,)) for world in worlds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        sys.exit(f"{len(failures)} requests failed, the first: {failures[0]}")
    if endpoint == ACTIVITIES:
        withdraw_all()
    return latencies


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    args = arguments()
    ensure_database(args.database)
    os.environ.update(server_environment(args.database))
    import django

    django.setup()
    from django.core.management import call_command

    name = urlparse(args.database).path.lstrip("/")
    print(f"migrating {name} and building {args.clients} kingdoms of {args.armies} armies ...",
          flush=True)
    call_command("migrate", verbosity=0)
    worlds = build(args.clients, args.armies)
    settle()
    queries = queries_per_submission(worlds[0], args.queries)
    from django.db import connection

    connection.close()  # the bench's own connection sits idle while gunicorn works
    server = start_server(args)
    samples: dict[str, list[float]] = {ACTIVITIES: [], BARE: []}
    try:
        for endpoint in (ACTIVITIES, BARE):  # warm-up
            block(args.port, worlds, endpoint, args.armies)
        # The tables analysed once they hold orders, as autovacuum keeps a live site's (it is off
        # on the bench's server): PostgreSQL plans the reads by their statistics.
        settle()
        for _ in range(args.blocks):
            for endpoint in (ACTIVITIES, BARE):
                samples[endpoint].extend(block(args.port, worlds, endpoint, args.armies))
    finally:
        server.terminate()
        server.wait(timeout=30)

    figures = {endpoint: (percentile(values, 0.5) * 1000, percentile(values, 0.95) * 1000,
                          statistics.mean(values) * 1000, len(values))
               for endpoint, values in samples.items()}
    print()
    print(f"{args.clients} clients, gunicorn {args.workers} workers x {args.threads} threads, "
          f"{args.blocks} interleaved blocks per endpoint, PostgreSQL")
    print(f"{'endpoint':>20} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8}")
    for endpoint, (p50, p95, mean, count) in figures.items():
        print(f"{endpoint:>20} {count:>8} {p50:>8.1f} {p95:>8.1f} {mean:>8.1f}")
    print(f"queries per submission: {queries}")
    muster, bare = figures[ACTIVITIES], figures[BARE]
    print(json.dumps({"bench": "api", "clients": args.clients, "quick": args.quick,
                      "muster_p50_ms": round(muster[0], 1), "muster_p95_ms": round(muster[1], 1),
                      "bare_p50_ms": round(bare[0], 1), "bare_p95_ms": round(bare[1], 1),
                      "ratio": round(muster[1] / bare[1], 2),
                      "queries_per_submission": queries}))


if __name__ == "__main__":
    main()
