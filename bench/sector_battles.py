"""Benchmark: sector battle rounds resolved per second (6 units a side on a field with hills, a
forest and a fortification, both sides advancing every round), and the size of a side's view.
Times are the process's CPU seconds (the work is one thread; on a shared machine wall time
mostly measures the other processes); the same run times a fixed reference workload (copies of
a frozen dataclass, standard library only) before and after the battles, so the ratio of the two
compares machines.

    .venv/bin/python bench/sector_battles.py [--quick] [--battles N]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.cerilia.cards import CATALOG  # noqa: E402
from rules.cerilia.engine import deploy, resolve_round  # noqa: E402
from rules.cerilia.field import fall_back_step, home_row  # noqa: E402
from rules.cerilia.orders import Deployment, RoundOrders  # noqa: E402
from rules.cerilia.side_views import side_view  # noqa: E402
from rules.cerilia.state import Scenario, Terrain, TerrainKind, Unit, new_battle  # noqa: E402
from rules.sides import Side

ARMY = ("infantry", "pikes", "archers", "knights", "light_cavalry", "artillerists")
COLUMNS = "ABCDE"


def battle():
    units = [Unit(f"{side.value[0]}{i}", side, CATALOG[code], f"{side.value} {code}",
                  CATALOG[code].hits) for side in Side for i, code in enumerate(ARMY)]
    scenario = Scenario(cells_per_sector=2, fortification_level=3, max_rounds=12,
                        terrain=(Terrain(TerrainKind.HILLS, "B2"),
                                 Terrain(TerrainKind.FOREST, "D2")))
    state = new_battle(scenario, units)
    deployments = {side: Deployment({u.key: f"{COLUMNS[i % 5]}{home_row(side)}"
                                     for i, u in enumerate(state.side_units(side))},
                                    fortification="C3" if side is Side.DEFENDER else None)
                   for side in Side}
    return deploy(state, deployments)


def advance(state, side):
    """Every unit on the field one sector toward the enemy's line, if it is not engaged."""
    moves = {}
    for unit in state.side_units(side):
        if unit.position != "reserve" and int(unit.position[1]) != home_row(side.other):
            ahead = fall_back_step(unit.position, side.other)
            if ahead and ahead != "reserve":
                moves[unit.key] = (ahead,)
    return RoundOrders(moves=moves)


@dataclass(frozen=True)
class _Copied:
    key: str
    hits: int
    position: str


def reference_per_s(seconds: float = 0.3) -> float:
    """Frozen-dataclass copies per second: code that no change of the engine touches, so
    rounds per reference copy reads the same on a faster or a busier machine."""
    item, copies, started = _Copied("u", 3, "A1"), 0, time.process_time()
    while (elapsed := time.process_time() - started) < seconds:
        for hits in range(1000):
            item = replace(item, hits=hits)
        copies += 1000
    return copies / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 battles: CI's smoke run")
    parser.add_argument("--battles", type=int)
    args = parser.parse_args()
    count = args.battles or (20 if args.quick else 200)
    reference = [reference_per_s()]
    rounds, started, wall = 0, time.process_time(), time.perf_counter()
    for seed in range(count):
        state = battle()
        while not state.finished:
            orders = {side: advance(state, side) for side in Side}
            state = resolve_round(state, orders, seed * 100 + state.round).state
            rounds += 1
    elapsed = time.process_time() - started
    wall = time.perf_counter() - wall
    reference.append(reference_per_s())
    copies = sum(reference) / len(reference)
    view = json.dumps(side_view(state, Side.ATTACKER))
    print(f"{count} battles, {rounds} rounds in {elapsed:.2f} CPU s ({wall:.2f} s wall): "
          f"{rounds / elapsed:.0f} rounds per second, {rounds / count:.1f} rounds per battle; "
          f"a side's view is {len(view) / 1024:.1f} KiB of JSON; "
          f"{copies:,.0f} reference copies per second")
    print(json.dumps({"bench": "sector_battles", "battles": count, "rounds": rounds,
                      "rounds_per_s": round(rounds / elapsed, 1),
                      "rounds_per_wall_s": round(rounds / wall, 1),
                      "reference_copies_per_s": round(copies),
                      "rounds_per_million_copies": round(rounds / elapsed / copies * 1e6, 1),
                      "view_kib": round(len(view) / 1024, 1)}))


if __name__ == "__main__":
    main()
