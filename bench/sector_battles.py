"""Benchmark: sector battle rounds resolved per second (6 units a side on a field with hills, a
forest and a fortification, both sides advancing every round), and the size of a side's view.

    .venv/bin/python bench/sector_battles.py [--battles N]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=200)
    count = parser.parse_args().battles
    rounds, started = 0, time.perf_counter()
    for seed in range(count):
        state = battle()
        while not state.finished:
            orders = {side: advance(state, side) for side in Side}
            state = resolve_round(state, orders, seed * 100 + state.round).state
            rounds += 1
    elapsed = time.perf_counter() - started
    view = json.dumps(side_view(state, Side.ATTACKER))
    print(f"{count} battles, {rounds} rounds in {elapsed:.2f} s: "
          f"{rounds / elapsed:.0f} rounds per second, {rounds / count:.1f} rounds per battle; "
          f"a side's view is {len(view) / 1024:.1f} KiB of JSON")


if __name__ == "__main__":
    main()
