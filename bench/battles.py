"""Benchmark: battle scenes simulated per second (4 against 4 armies of level 5), and the engine's
time per die rolled against a bare `random.randint`.

    .venv/bin/python bench/battles.py [--battles N]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.dice import Dice  # noqa: E402
from rules.kingmaker.army import ArmyState  # noqa: E402
from rules.kingmaker.battle.engine import fight  # noqa: E402
from rules.kingmaker.battle.plans import default_plan  # noqa: E402
from rules.kingmaker.battle.setup import BattleSetup, Combatant, SideSetup  # noqa: E402
from rules.kingmaker.templates import find_template  # noqa: E402
from rules.sides import Side

SIDE = (("Infantry", ("toughened_soldiers", "flexible_tactics")),
        ("Cavalry", ("overrun", "merciless")),
        ("Skirmishers", ("keen_eyed", "sharpshooter")),
        ("Infantry", ("hold_the_line", "focused_devotion")))


def four_against_four() -> BattleSetup:
    combatants = []
    for side, offset in ((Side.ATTACKER, 0), (Side.DEFENDER, 10)):
        for i, (template, tactics) in enumerate(SIDE):
            army = ArmyState(find_template(template), 5, tactics, name=f"{side.value} {i + 1}")
            combatants.append(Combatant(offset + i, side, army, default_plan(army)))
    kingdom = partial(SideSetup, kingdom_level=5, warfare=10, defense=10, control_dc=20)
    return BattleSetup(tuple(combatants), kingdom(Side.ATTACKER, "Restov"),
                       kingdom(Side.DEFENDER, "Pitax"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--battles", type=int, default=500)
    args = parser.parse_args()
    setup = four_against_four()
    fight(setup, 0)  # warm up
    rolls = rounds = 0
    start = time.perf_counter()
    for seed in range(args.battles):
        outcome = fight(setup, seed)
        rolls += len(outcome.rolls)
        rounds += len(outcome.rounds)
    elapsed = time.perf_counter() - start
    print(f"4 vs 4 armies of level 5, {args.battles} battles: {args.battles / elapsed:,.0f} "
          f"battles/s ({rounds / args.battles:.1f} rounds and {rolls / args.battles:.0f} dice "
          f"each; {elapsed / rolls * 1e6:.1f} µs of engine per die)")

    n = 200_000
    dice = Dice(1)
    start = time.perf_counter()
    for _ in range(n):
        dice.d20(purpose="bench", modifier=5)
    logged = (time.perf_counter() - start) / n
    bare_random = random.Random(1)
    start = time.perf_counter()
    for _ in range(n):
        bare_random.randint(1, 20)
    bare = (time.perf_counter() - start) / n
    print(f"one logged die (Dice.d20): {logged * 1e6:.2f} µs; bare random.randint: "
          f"{bare * 1e6:.2f} µs ({logged / bare:.1f}x)")


if __name__ == "__main__":
    main()
