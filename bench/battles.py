"""Benchmark: the Kingmaker battle engine's cost per die rolled against a bare
`random.randint(1, 20)`, measured in the same run, and `manage.py battle_odds` on the demo's border
skirmish (its wall time and the peak memory of its processes) — issue 16, point 2.

It builds the demo campaign in a throw-away SQLite database (not timed), fights the demo's scene
in this process for the per-die figure, and runs the real command for the odds, with the engine
as installed (compiled by mypyc where a C compiler was at hand: rules.native; MUSTER_PURE_PYTHON=1
measures its Python source). The last line is one JSON object: {"bench": "battles", "engine":
"compiled" or "python", "per_die_ratio": ..., "odds_10000_s": ..., ...} (with the command's CPU
time, its workers' included, as "odds_cpu_s").

    .venv/bin/python bench/battles.py [--quick] [--battles N] [--runs N]
"""
from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def demo_database(directory: str) -> dict[str, str]:
    """The environment of a fresh database holding the demo campaign."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{directory}/demo.sqlite3",
           "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    os.environ.update(env)
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    with contextlib.redirect_stdout(StringIO()):  # the demo's mail goes to the console
        call_command("demo", "--no-serve", stdout=StringIO())
    return env


def demo_scene():
    """The demo's only battle scene (the border skirmish) and its setup as the engine takes it."""
    from battles.adapters import scene_setup
    from battles.models import BattleScene
    scene = BattleScene.objects.get()
    return scene, scene_setup(scene)


def per_die(setup, battles: int) -> dict[str, float]:
    """The engine's time per die rolled and a bare randint's, interleaved block by block so that
    a drift in the machine's speed touches both alike."""
    from rules.kingmaker.battle.engine import fight
    bare = random.Random(1)
    randint = bare.randint
    engine_s = bare_s = 0.0
    dice = 0
    for seed in range(-50, 0):
        fight(setup, seed)  # warm the engine's caches, as a worker or a run of odds has them
    # And its loaded heap left out of the collector's walks, as a worker's (core.warmup) and a run
    # of odds' (battles.odds) are: each collection of the oldest generation would walk Django's.
    gc.collect()
    gc.freeze()
    block = 20
    for first in range(0, battles, block):
        start = time.perf_counter()
        rolled = 0
        for seed in range(first, min(first + block, battles)):
            rolled += len(fight(setup, seed).rolls)
        engine_s += time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(rolled):
            randint(1, 20)
        bare_s += time.perf_counter() - start
        dice += rolled
    return {"engine_us_per_die": engine_s / dice * 1e6, "randint_us": bare_s / dice * 1e6,
            "per_die_ratio": engine_s / bare_s, "dice_per_battle": dice / battles}


def _tree_memory_kb(pid: int) -> tuple[int, int]:
    """Resident memory of a process and all its descendants, in kB (Linux /proc): the plain sum
    of their RSS (which counts pages a forked worker shares with its parent twice) and of their
    PSS (which shares those pages out)."""
    rss = pss = 0
    stack = [pid]
    while stack:
        current = stack.pop()
        try:
            with open(f"/proc/{current}/smaps_rollup") as rollup:
                for line in rollup:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    stack += [int(child) for child in children.read().split()]
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return rss, pss


def odds_command(env: dict[str, str], scene_id: int, runs: int) -> dict[str, float]:
    """`manage.py battle_odds` from start to exit (Django's start-up included), and the peak of
    the memory of it and its worker processes, sampled every 5 ms."""
    command = [sys.executable, str(ROOT / "manage.py"), "battle_odds", str(scene_id),
               "--runs", str(runs), "--seed", "16"]
    peak_rss = peak_pss = 0
    # Its CPU time and its workers' (reaped by it, so counted with it): on a shared machine the
    # steadier figure beside the wall time.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)

    def sample() -> None:
        nonlocal peak_rss, peak_pss
        while process.poll() is None:
            rss, pss = _tree_memory_kb(process.pid)
            peak_rss, peak_pss = max(peak_rss, rss), max(peak_pss, pss)
            time.sleep(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    output, _ = process.communicate()
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    sampler.join()
    if process.returncode:
        raise SystemExit(f"battle_odds failed ({process.returncode})")
    sys.stdout.write(output)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {"odds_s": elapsed, "odds_cpu_s": cpu, "max_rss_mb": peak_rss / 1024,
            "max_pss_mb": peak_pss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: fewer battles and runs (CI)")
    parser.add_argument("--battles", type=int, help="battles fought for the per-die figure")
    parser.add_argument("--runs", type=int, help="runs of battle_odds")
    args = parser.parse_args()
    battles = args.battles or (100 if args.quick else 2000)
    runs = args.runs or (500 if args.quick else 10_000)
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as directory:
        env = demo_database(directory)
        scene, setup = demo_scene()
        die = per_die(setup, battles)
        from rules.native import is_compiled
        engine = "compiled" if is_compiled() else "python"
        print(f"the engine as imported: {engine} (rules.native; MUSTER_PURE_PYTHON=1 for its "
              "Python source)")
        print(f"demo scene, {battles} battles ({die['dice_per_battle']:.1f} dice each): "
              f"{die['engine_us_per_die']:.2f} µs of engine per die, bare random.randint "
              f"{die['randint_us']:.3f} µs ({die['per_die_ratio']:.1f}x)")
        odds = odds_command(env, scene.pk, runs)
    print(json.dumps({
        "bench": "battles", "engine": engine,
        "per_die_ratio": round(die["per_die_ratio"], 1),
        "odds_10000_s": round(odds["odds_s"], 2) if runs == 10_000 else None,
        "max_rss_mb": round(odds["max_rss_mb"], 1),
        "max_pss_mb": round(odds["max_pss_mb"], 1),
        "odds_runs": runs, "odds_s": round(odds["odds_s"], 2),
        "odds_cpu_s": round(odds["odds_cpu_s"], 2),
        "engine_us_per_die": round(die["engine_us_per_die"], 2),
        "randint_us": round(die["randint_us"], 3),
        "battles": battles,
    }))


if __name__ == "__main__":
    main()
