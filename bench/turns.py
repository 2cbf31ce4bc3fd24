"""Kingdom turns per second through real Celery workers against a raw psycopg floor doing the
least work for the same turn, and SQL statements and transactions per kingdom turn, at several
army counts: the counts must not grow with the number of armies.

For each M it empties the bench database, builds `--sample` level-5 kingdoms with M Infantry
armies each (a tactic and a dose of healing potions apiece) and an open turn holding a Recruit Army
order and one order per army (Deploy, Train and Outfit Army in turn), and resolves their turns in
this process, counting their SQL queries (with the same seeds at every M). Then, `--rounds` times
in turn: it builds N kingdoms of the same kind, locks their turns as the nightly job does and
times W worker processes resolving them; and builds 4N kingdoms more (--floor-kingdoms) and
times W processes resolving them at the floor (bench/turns_floor.py: raw psycopg, one
transaction per turn). Each batch's tables are vacuumed and analyzed, and their pages written
out, before it is timed (as autovacuum and the checkpointer keep a live site's): otherwise they
would wake up for the thousands of rows just built during one timed run or another, at random.
A round's ratio compares its two runs; the figures are the rounds' medians. Prints a table and,
on its last line, the figures as one JSON object (the headline at 10 armies, or the M nearest to
it); no assertions.

Run: .venv/bin/python bench/turns.py [--quick] [--kingdoms N] [--floor-kingdoms F]
     [--armies M1,M2] [--workers W] [--rounds R] [--queries]
Needs PostgreSQL (--database, default below: created and migrated if missing; its contents are
replaced, so its name must contain "bench") and Redis (--broker, default its database 10, which is
flushed).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "worker"))  # the worker process helper

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/muster_bench"
DEFAULT_BROKER = "redis://127.0.0.1:6379/10"
# The armies' orders, in turn: each changes the army row and some of its tactic, gear or condition
# rows, so every batched write of turns/apply.py and armies/apply.py is exercised.
ORDERS = [
    ("deploy_army", {"destination": "D4"}),
    ("train_army", {"tactic": "toughened_soldiers", "replaces": "keen_eyed"}),
    ("outfit_army", {"gear": "magic_armor", "tier": "basic"}),
]


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run (CI): a few kingdoms at 5 and 10 armies")
    parser.add_argument("--kingdoms", type=int, help="kingdom turns resolved by workers (100)")
    parser.add_argument("--floor-kingdoms", type=int,
                        help="kingdom turns resolved at the floor (four times --kingdoms)")
    parser.add_argument("--armies", help="armies per kingdom, comma-separated (5,10,50)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (concurrency 1)")
    parser.add_argument("--sample", type=int, default=3,
                        help="extra kingdoms resolved in-process to count queries")
    parser.add_argument("--rounds", type=int, help="Muster and floor runs in turn (3)")
    parser.add_argument("--database", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE))
    parser.add_argument("--broker", default=os.environ.get("BENCH_BROKER_URL", DEFAULT_BROKER))
    parser.add_argument("--queries", action="store_true",
                        help="print the queries of the sampled turns, grouped by table")
    args = parser.parse_args()
    args.kingdoms = args.kingdoms or (4 if args.quick else 100)
    # The floor resolves a hundred turns in about 0.15 s: a window so short that the machine's
    # moments scattered its rate (617 to 817 turns a second in one hour's runs); four times as
    # many turns give it a window as long as Muster's.
    args.floor_kingdoms = args.floor_kingdoms or 4 * args.kingdoms
    args.armies = args.armies or ("5,10" if args.quick else "5,10,50")
    args.rounds = args.rounds or (1 if args.quick else 3)
    if args.quick:
        args.sample = 1
    return args


def ensure_database(url: str) -> None:
    """Create the bench database if it does not exist yet."""
    import psycopg
    from psycopg import sql

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    if "bench" not in name:
        sys.exit(f"refusing to empty database {name!r}: a bench database's name contains 'bench'")
    with psycopg.connect(host=parts.hostname, port=parts.port or 5432, user=parts.username,
                         password=parts.password, dbname="postgres", autocommit=True) as admin:
        if admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            print(f"created database {name}")


def main() -> None:
    args = arguments()
    sizes = [int(m) for m in args.armies.split(",")]
    ensure_database(args.database)
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=args.database,
                      CELERY_BROKER_URL=args.broker, DEBUG="false")
    # The bench's own processes and workers run with DEBUG off, which wants a key.
    os.environ.setdefault("SECRET_KEY", "muster-bench-" + "k" * 50)
    import django

    django.setup()
    from celery_workers import Worker, redis_client, redis_reachable
    from django.core.management import call_command

    if not redis_reachable(args.broker):
        sys.exit(f"Redis is not reachable at {args.broker}")
    print("migrating the bench database ...", flush=True)
    call_command("migrate", verbosity=0)
    redis_client(args.broker).flushdb()

    rows = []
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as logs:
        workers = [Worker(f"bench{i}", broker=args.broker, database=args.database,
                          log_dir=Path(logs), env={"DEBUG": "false"})
                   for i in range(args.workers)]
        try:
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.wait_ready(timeout=60)
            print(f"{len(workers)} workers ready", flush=True)
            open_broker_connection()
            for m in sizes:
                rows.append(run(m, args, workers))
        finally:
            for worker in workers:
                worker.stop()
    redis_client(args.broker).flushdb()

    print()
    print(f"{args.kingdoms} kingdom turns per run ({args.floor_kingdoms} at the floor), "
          f"{args.rounds} rounds (medians), "
          f"{args.workers} workers, PostgreSQL + Redis")
    header = f"{'armies/kingdom':>14} {'orders/turn':>11} {'queries/turn':>12} " \
             f"{'commits/turn':>12} {'turns':>6} {'seconds':>8} {'turns/s':>8} " \
             f"{'floor/s':>8} {'ratio':>6} {'ms/turn (median task)':>22}"
    print(header)
    print("-" * len(header))
    for row in rows:
        print(f"{row['m']:>14} {row['orders']:>11} {row['queries']:>12} "
              f"{row['transactions']:>12} {row['turns']:>6} {row['seconds']:>8.2f} "
              f"{row['rate']:>8.1f} {row['floor']:>8.1f} {row['ratio']:>6.3f} "
              f"{row['median'] * 1000:>22.0f}")
        print(f"{'':>14} the rounds' ratios: {', '.join(f'{r:.3f}' for r in row['ratios'])}")
    counts = {row["queries"] for row in rows}
    verdict = "constant" if len(counts) == 1 else "NOT constant"
    print(f"queries per kingdom turn: {verdict} in the number of armies")
    headline = min(rows, key=lambda row: (abs(row["m"] - 10), row["m"]))
    print(json.dumps({
        "bench": "turns", "armies": headline["m"], "kingdoms": args.kingdoms,
        "floor_kingdoms": args.floor_kingdoms,
        "workers": args.workers, "muster_per_s": round(headline["rate"], 2),
        "floor_per_s": round(headline["floor"], 2),
        "ratio": round(headline["ratio"], 4), "rounds": args.rounds,
        "queries_per_turn": max(row["queries"] for row in rows),
        "transactions_per_turn": max(row["transactions"] for row in rows),
        "per_armies": {str(row["m"]): {
            "muster_per_s": round(row["rate"], 2), "floor_per_s": round(row["floor"], 2),
            "ratio": round(row["ratio"], 4), "ratios": [round(r, 4) for r in row["ratios"]],
            "queries_per_turn": row["queries"],
            "transactions_per_turn": row["transactions"]} for row in rows},
    }))


def open_broker_connection() -> None:
    """Open this process's connection to the broker before any run is timed, as the nightly
    lock's worker has its own open (otherwise the first run's lock paid for connecting, about a
    sixth of a second); without a message, which one worker would take and the other not."""
    from celery import current_app

    with current_app.producer_or_acquire() as producer:
        producer.connection.ensure_connection(max_retries=3)


def run(m: int, args, workers) -> dict:
    """The statements of sampled turns, then `args.rounds` Muster and floor runs in turn."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaigns.models import KingdomTurn, TurnStatus
    from turns import resolution

    print(f"\n== M={m}: emptying the bench database", flush=True)
    reset()
    _, sample = build(f"Bench sample, {m} armies a kingdom", args.sample, m)
    counts, commits = [], []
    for seed, turn in enumerate(sample, start=1):
        # The same seeds at every M: the recruitment, rolled first, ends the same way (it decides
        # whether the new army comes with a condition row), so the counts compare like for like.
        KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED, seed=seed)
        with CaptureQueriesContext(connection) as captured:
            outcome = resolution.turn_resolve(turn.pk)
        assert outcome == "resolved", (outcome, KingdomTurn.objects.get(pk=turn.pk).error)
        if args.queries and len(captured) not in counts:
            print(f"   the {len(captured)} queries of turn {turn.pk}:")
            print_queries(captured.captured_queries)
        # From the claim to the last commit: the report's mail, read and sent after it, is not
        # the turn's (tests/turns/test_resolution_queries.py counts the same way).
        verbs = [q["sql"].split(None, 1)[0].upper() for q in captured.captured_queries]
        counts.append(len(verbs) - verbs[::-1].index("COMMIT"))
        commits.append(verbs.count("COMMIT"))
    print(f"   queries per turn in-process: {counts}; commits: {commits}", flush=True)

    rounds = []
    for number in range(1, args.rounds + 1):
        print(f"   round {number}/{args.rounds}", flush=True)
        muster = muster_run(m, args, workers, number)
        rounds.append((muster, floor_run(m, args, number)))
    ratios = [muster["rate"] / floor for muster, floor in rounds]
    return {"m": m, "orders": m + 1, "queries": max(counts), "transactions": max(commits),
            "turns": args.kingdoms, "rate": statistics.median(mu["rate"] for mu, _ in rounds),
            "floor": statistics.median(floor for _, floor in rounds),
            "seconds": statistics.median(mu["seconds"] for mu, _ in rounds),
            "median": statistics.median(mu["median"] for mu, _ in rounds),
            "ratio": statistics.median(ratios), "ratios": ratios}


def muster_run(m: int, args, workers, number: int) -> dict:
    """N fresh kingdoms' turns locked and resolved by the workers: turns per second."""
    from armies.models import ArmyActivity
    from campaigns.models import KingdomTurn, TurnStatus
    from turns import resolution
    from turns.models import TurnReport

    campaign, batch = build(f"Bench {number}, {m} armies a kingdom", args.kingdoms, m)
    settle()
    before = [sum(w.results().values()) for w in workers]
    started = time.perf_counter()
    ids = resolution.turns_lock_due(ignore_deadline=True, campaign_id=campaign.pk)
    locked = time.perf_counter() - started  # the nightly lock, its messages sent: timed too
    assert sorted(ids) == sorted(t.pk for t in batch)
    last = -1
    while True:
        done, failed = resolved_and_failed(ids)
        if failed:
            failed_turns = KingdomTurn.objects.filter(pk__in=ids, status=TurnStatus.FAILED)
            sys.exit(f"failed turns: {list(failed_turns.values_list('error', flat=True))}")
        if done != last and sys.stdout.isatty():
            print(f"\r   workers resolved {done}/{len(ids)} turns", end="", flush=True)
            last = done
        if done == len(ids):
            break
        time.sleep(0.02)
    elapsed = time.perf_counter() - started
    print(f"\r   workers resolved {len(ids)}/{len(ids)} turns in {elapsed:.2f} s (locking them and "
          f"sending their messages {locked * 1000:.0f} ms of it)", flush=True)
    reports = TurnReport.objects.filter(turn__kingdom__campaign=campaign).count()
    assert reports == len(ids), (reports, len(ids))  # one report per turn, no more
    orders = Counter(ArmyActivity.objects.filter(turn_id__in=ids).values_list("kind", "status"))
    print(f"   orders: {dict(orders)}", flush=True)
    time.sleep(0.5)  # the last task's result line reaches its log
    by_worker = [sum(w.results().values()) - b for w, b in zip(workers, before, strict=True)]
    runtimes = sorted(t for w, b in zip(workers, before, strict=True) for t in w.runtimes()[b:])
    median = runtimes[len(runtimes) // 2]
    print(f"   turns per worker: {by_worker}; run time a turn: median {median * 1000:.0f} ms, "
          f"max {runtimes[-1] * 1000:.0f} ms", flush=True)
    return {"seconds": elapsed, "rate": len(ids) / elapsed, "median": median}


def resolved_and_failed(ids: list[int]) -> tuple[int, int]:
    """How many of these turns are resolved and how many failed, in one cheap statement: the
    bench watches the workers while they work, on the same two cores, and its watching is not
    Muster's work (reading the turns' rows through the ORM every 20 ms took some 3 ms of
    CPU, its own and PostgreSQL's: a twentieth of the machine)."""
    from django.db import connection

    from campaigns.models import TurnStatus

    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FILTER (WHERE status = %s), "
                       "COUNT(*) FILTER (WHERE status = %s) "
                       "FROM campaigns_kingdomturn WHERE id = ANY(%s)",
                       [TurnStatus.RESOLVED, TurnStatus.FAILED, ids])
        return cursor.fetchone()


def floor_run(m: int, args, number: int) -> float:
    """The floor's turns per second on N fresh kingdoms of the same kind, in this run."""
    from django.db import connection

    from bench.turns_floor import floor_rate

    _, turns = build(f"Bench floor {number}, {m} armies a kingdom", args.floor_kingdoms, m)
    settle()
    connection.close()  # the floor's processes work on their own connections
    rate = floor_rate(args.database, [(t.kingdom_id, t.pk) for t in turns],
                      [kind for kind, _ in ORDERS], args.workers)
    print(f"   floor: {len(turns)} turns at {rate:.1f} turns/s", flush=True)
    return rate


def settle() -> None:
    """Vacuum and analyze the database, as autovacuum keeps a live site's, so that it does not
    wake up during a timed run for the rows just built; and write their pages out (a
    checkpoint), which would otherwise fall in a timed run too."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if cursor.fetchone()[0]:  # else the checkpointer is left to its own time
            cursor.execute("CHECKPOINT")


def reset() -> None:
    from django.core.management import call_command

    from armies.services import templates_install_catalog

    call_command("flush", interactive=False, verbosity=0)
    templates_install_catalog()


def build(name: str, kingdoms: int, m: int):
    """A campaign of `kingdoms` kingdoms with M armies each and an open turn with M + 1 orders."""
    from django.contrib.auth import get_user_model

    from armies.models import Army, ArmyActivity, ArmyGear, ArmyTactic, ArmyTemplate
    from campaigns.models import Campaign, Kingdom, Settlement
    from campaigns.services import turn_open
    from core.permissions import SYSTEM

    infantry = ArmyTemplate.objects.get(name="Infantry")
    player, _ = get_user_model().objects.get_or_create(username=f"bench-player-{m}")
    campaign = Campaign.objects.create(name=name)
    turns = []
    started = time.perf_counter()
    for k in range(kingdoms):
        # Skills high enough that every check succeeds (critically but on a natural 1): each turn
        # takes the same code paths however many armies it has.
        kingdom = Kingdom.objects.create(campaign=campaign, name=f"Kingdom {k}", level=5,
                                         food=10_000, resource_points=10_000, exploration=40,
                                         trade=40, warfare=40)
        Settlement.objects.create(kingdom=kingdom, name=f"Town {k}", hex="C4")
        turn = turn_open(actor=SYSTEM, kingdom=kingdom)
        armies = Army.objects.bulk_create([
            Army(kingdom=kingdom, template=infantry, name=f"Army {k}.{a}", hp=infantry.hp, hex="C4")
            for a in range(m)])
        ArmyTactic.objects.bulk_create([ArmyTactic(army=a, tactic="keen_eyed") for a in armies])
        ArmyGear.objects.bulk_create([ArmyGear(army=a, kind="healing_potions", doses=1,
                                               price_paid_rp=15) for a in armies])
        orders = [ArmyActivity(turn=turn, kind="recruit_army", position=1, submitted_by=player,
                               params={"template": infantry.pk, "name": f"Levy {k}", "hex": "C4",
                                       "tactics": ["live_off_the_land"]})]
        orders += [ArmyActivity(turn=turn, army=a, kind=ORDERS[i % len(ORDERS)][0],
                                params=ORDERS[i % len(ORDERS)][1], position=i + 2,
                                submitted_by=player)
                   for i, a in enumerate(armies)]
        ArmyActivity.objects.bulk_create(orders)
        turns.append(turn)
        if (k + 1) % 10 == 0 or k + 1 == kingdoms:
            print(f"   {name}: built {k + 1}/{kingdoms} kingdoms ({m} armies, {m + 1} orders "
                  f"each)", flush=True)
    print(f"   ... in {time.perf_counter() - started:.1f} s", flush=True)
    return campaign, turns


def print_queries(queries) -> None:
    """The turn's queries by statement kind and table, so a count that grows shows where."""
    import re

    groups: Counter = Counter()
    for query in queries:
        sql = query["sql"]
        verb = sql.split(None, 1)[0].upper()
        table = re.search(r'(?:FROM|INTO|UPDATE)\s+"(\w+)"', sql)
        groups[(verb, table.group(1) if table else "?")] += 1
    for (verb, table), count in sorted(groups.items(), key=lambda item: (-item[1], item[0])):
        print(f"   {count:>4}  {verb:<9} {table}")


if __name__ == "__main__":
    main()
