"""How fast the engine derives stat blocks (a nightly batch derives thousands). Prints figures;
no assertions. Run: .venv/bin/python bench/statblock.py"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.kingmaker.army import ArmyState, stat_block  # noqa: E402
from rules.kingmaker.conditions import parse_condition  # noqa: E402
from rules.kingmaker.gear import parse_gear  # noqa: E402
from rules.kingmaker.templates import ALL_TEMPLATES  # noqa: E402


def main(rounds: int = 20) -> None:
    gear = (parse_gear("magic_armor"),)
    conditions = (parse_condition("weary:2"), parse_condition("outflanked"))
    armies = [ArmyState(t, level, t.tactics, gear if t.army_type != "siege" else (), conditions)
              for t in ALL_TEMPLATES.values() for level in range(t.level, 21)]
    started = time.perf_counter()
    for _ in range(rounds):
        for army in armies:
            stat_block(army)
    elapsed = time.perf_counter() - started
    count = rounds * len(armies)
    print(f"{count} stat blocks in {elapsed:.3f} s: {count / elapsed:,.0f} per second")


if __name__ == "__main__":
    main()
