"""The floor: the least work a kingdom turn needs, in raw psycopg (no Django), run by as many
processes as there are workers. For each kingdom, in ONE transaction: lock and read the kingdom
row, read its armies and their tactic, gear and condition rows, write back what the bench's orders
change (the kingdom's treasury, every army's row, the trained armies' tactics, the outfitted
armies' new gear), insert the recruited army, insert the report row and mark the turn resolved.
Each statement handles all the kingdom's rows at once, so the floor is as cheap as PostgreSQL
allows: a real floor, not a straw man."""
from __future__ import annotations

import json
import multiprocessing
import time
from urllib.parse import urlparse

KINGDOM = "SELECT id, resource_points, food FROM campaigns_kingdom WHERE id = %s FOR UPDATE"
ARMIES = ("SELECT id, template_id, hp, hex, status FROM armies_army "
          "WHERE kingdom_id = %s AND status = 'active' ORDER BY id")
CHILDREN = {
    "tactics": "SELECT army_id, tactic, position FROM armies_armytactic WHERE army_id = ANY(%s)",
    "gear": "SELECT army_id, kind, tier, doses FROM armies_armygear WHERE army_id = ANY(%s)",
    "conditions": ("SELECT army_id, condition, value FROM armies_armycondition "
                   "WHERE army_id = ANY(%s)"),
}


def connect(url: str):
    import psycopg

    parts = urlparse(url)
    return psycopg.connect(host=parts.hostname, port=parts.port or 5432, user=parts.username,
                           password=parts.password, dbname=parts.path.lstrip("/"))


def floor_turn(connection, kingdom_id: int, turn_id: int, orders: list[str]) -> None:
    """One kingdom's turn at the floor; `orders` are the bench's orders, one per army in turn."""
    with connection.transaction():
        connection.execute(KINGDOM, [kingdom_id]).fetchone()
        armies = connection.execute(ARMIES, [kingdom_id]).fetchall()
        ids = [a[0] for a in armies]
        for query in CHILDREN.values():
            connection.execute(query, [ids]).fetchall()
        connection.execute("UPDATE campaigns_kingdom SET resource_points = resource_points - 10, "
                           "food = food - %s WHERE id = %s", [len(armies), kingdom_id])
        kinds = {army[0]: orders[i % len(orders)] for i, army in enumerate(armies)}
        deployed = [pk for pk, kind in kinds.items() if kind == "deploy_army"]
        trained = [pk for pk, kind in kinds.items() if kind == "train_army"]
        outfitted = [pk for pk, kind in kinds.items() if kind == "outfit_army"]
        connection.execute(
            "UPDATE armies_army SET hex = CASE WHEN id = ANY(%s) THEN 'D4' ELSE hex END, "
            "hp = hp WHERE id = ANY(%s)", [deployed, ids])
        connection.execute("UPDATE armies_armytactic SET tactic = 'toughened_soldiers' "
                           "WHERE army_id = ANY(%s)", [trained])
        connection.execute(
            "INSERT INTO armies_armygear (army_id, kind, tier, weapon, doses) "
            "SELECT unnest(%s::bigint[]), 'magic_armor', 'basic', '', 0", [outfitted])
        connection.execute(
            "INSERT INTO armies_army (kingdom_id, template_id, name, hp, hex, status, garrisoned, "
            "garrison_relief, garrison_bans, battle_plan, recruited_at) "
            "SELECT %s, template_id, 'Levy', hp, hex, 'active', '', false, '[]', '{}', now() "
            "FROM armies_army WHERE id = %s", [kingdom_id, ids[0]])
        outcome = {"armies": [{"army": pk, "order": kind, "status": "resolved"}
                              for pk, kind in kinds.items()]}
        connection.execute("INSERT INTO campaigns_turnreport (turn_id, inputs, outcome, created_at) "
                           "VALUES (%s, %s, %s, now())",
                           [turn_id, json.dumps({"kingdom": kingdom_id}), json.dumps(outcome)])
        connection.execute("UPDATE campaigns_kingdomturn SET status = 'resolved', "
                           "resolved_at = now() WHERE id = %s", [turn_id])


def _floor_process(url, work, orders, start, results) -> None:
    with connect(url) as connection:
        start.wait()
        began = time.perf_counter()
        for kingdom_id, turn_id in work:
            floor_turn(connection, kingdom_id, turn_id, orders)
        results.put(time.perf_counter() - began)


def floor_rate(url: str, turns: list[tuple[int, int]], orders: list[str], processes: int) -> float:
    """Turns per second at the floor, `processes` processes sharing the turns (each connected
    before the clock starts, as a worker is)."""
    context = multiprocessing.get_context("spawn")
    start, results = context.Event(), context.Queue()
    shares = [turns[i::processes] for i in range(processes)]
    workers = [context.Process(target=_floor_process, args=(url, share, orders, start, results))
               for share in shares]
    for worker in workers:
        worker.start()
    time.sleep(1.0)  # let them connect
    began = time.perf_counter()
    start.set()
    for _ in workers:
        results.get(timeout=600)
    elapsed = time.perf_counter() - began
    for worker in workers:
        worker.join()
    return len(turns) / elapsed
