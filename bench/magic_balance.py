"""Balance of battle magic with and without module "magic dice" (issue 14, point 2): 3 infantry
against 3 infantry, both sides advancing and attacking the nearest enemy; setups with one priest
casting class D (fire storm) each round, or one wizard raising a Wall of Fire behind the enemy,
the caster's side alternating between attacker and defender so the battles are otherwise even.
With the module on, both sides carry a dispel plan (every dispel die at the first enemy spell).
Prints each setup's win rate of the side with the spell, then one JSON object on its last line.

    .venv/bin/python bench/magic_balance.py [--battles N] [--dice D]
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.cerilia.cards import CATALOG  # noqa: E402
from rules.cerilia.engine import deploy, resolve_round  # noqa: E402
from rules.cerilia.field import RESERVE, coordinates, distance, home_row, neighbours  # noqa: E402
from rules.cerilia.magic_dice_orders import DispelRule  # noqa: E402
from rules.cerilia.modules import Modules  # noqa: E402
from rules.cerilia.orders import Deployment, RoundOrders, SpellOrder  # noqa: E402
from rules.cerilia.spells import Spell  # noqa: E402
from rules.cerilia.state import BattleState, Caster, Scenario, School, Unit, new_battle  # noqa: E402
from rules.cerilia.visibility import in_reach, visible  # noqa: E402
from rules.sides import Side  # noqa: E402

COLUMNS = "BCD"
SETUPS = ("even", "fire_storm", "wall_of_fire")
PLAN = (DispelRule("any", 12),)


def battle(setup: str, caster_side: Side, magic_dice: bool) -> BattleState:
    units = [Unit(f"{side.value[0]}{i}", side, CATALOG["infantry"], f"{side.value} {i}",
                  CATALOG["infantry"].hits) for side in Side for i in range(3)]
    casters = []
    if setup == "fire_storm":
        casters.append(Caster("priest", caster_side, "Priest", School.PRIEST,
                              f"{caster_side.value[0]}1"))
    elif setup == "wall_of_fire":
        casters.append(Caster("wizard", caster_side, "Wizard", School.WIZARD,
                              f"{caster_side.value[0]}1"))
    state = new_battle(Scenario(modules=Modules(magic_dice=magic_dice)), units, casters)
    return deploy(state, {side: Deployment({f"{side.value[0]}{i}": f"{c}{home_row(side)}"
                                            for i, c in enumerate(COLUMNS)}) for side in Side})


def _nearest(state: BattleState, unit: Unit) -> Unit | None:
    enemies = [u for u in state.units if u.side is not unit.side and u.on_field
               and visible(state, unit.side, u)]
    return min(enemies, key=lambda e: (distance(unit.position, e.position), e.key),
               default=None)


def _behind(sector: str, side: Side) -> str:
    """The sector behind `sector` as the enemy of `side` stands (toward the enemy's own line);
    on that line, a neighbour along it."""
    column, row = coordinates(sector)
    step = 1 if home_row(side.other) > home_row(side) else -1
    ahead = [n for n in neighbours(sector) if coordinates(n)[1] == row + step]
    return ahead[0] if ahead else sorted(neighbours(sector))[0]


def orders(state: BattleState, side: Side, dice: int) -> RoundOrders:
    moves, targets, spells = {}, {}, {}
    for unit in state.units:
        if unit.side is not side or not unit.on_field:
            continue
        enemy = _nearest(state, unit)
        if enemy is None:
            continue
        targets[unit.key] = enemy.key
        if enemy.position != unit.position and unit.position != RESERVE:
            step = min(neighbours(unit.position),
                       key=lambda n: (distance(n, enemy.position), n))
            moves[unit.key] = (step,)
    for caster in state.casters:
        if caster.side is not side or caster.killed:
            continue
        aims = [u for u in state.units if u.side is not side and u.on_field
                and visible(state, side, u)]
        if caster.school is School.PRIEST:
            aims = [u for u in aims if in_reach(state, caster, u.position)]
            if aims:
                spells[caster.key] = SpellOrder(Spell.FIRE_STORM, unit=aims[0].key, dice=dice)
        elif aims:
            target = aims[0].position
            spells[caster.key] = SpellOrder(Spell.WALL_OF_FIRE, sector=target,
                                            toward=_behind(target, side), dice=dice)
    return RoundOrders(moves, targets, spells, dispel=PLAN if state.scenario.modules.magic_dice
                       else ())


def play(state: BattleState, seed: int, dice: int) -> Side | None:
    rng = random.Random(seed)
    while not state.finished:
        given = {side: orders(state, side, dice) for side in Side}
        state = resolve_round(state, given, rng.randrange(2**32)).state
    return state.winner


def win_rate(setup: str, magic_dice: bool, battles: int, dice: int = 4, first_seed: int = 0
             ) -> float:
    """The share of battles the side with the spell wins (in "even", the side that would have
    had it), that side alternating between attacker and defender."""
    won = 0
    for n in range(battles):
        side = Side.ATTACKER if n % 2 == 0 else Side.DEFENDER
        state = battle(setup, side, magic_dice)
        won += play(replace(state), first_seed + n, dice) is side
    return won / battles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=200)
    parser.add_argument("--dice", type=int, default=0, help="power dice per spell (0: 2 to 5)")
    args = parser.parse_args()
    dice_options = [args.dice] if args.dice else [2, 3, 4, 5]
    table: dict[str, float] = {}
    for setup in SETUPS:
        table[f"{setup} magic dice off"] = win_rate(setup, False, args.battles)
        for dice in dice_options if setup != "even" else [4]:
            key = f"{setup} magic dice on" + (f", {dice} dice" if setup != "even" else "")
            table[key] = win_rate(setup, True, args.battles, dice)
    for key, rate in table.items():
        print(f"{key:40} {rate:6.1%}")
    worst = max(rate for key, rate in table.items() if " on" in key and "even" not in key)
    print(json.dumps({"battles": args.battles, "win_rates": table,
                      "worst_spell_with_magic_dice": worst}))


if __name__ == "__main__":
    main()
