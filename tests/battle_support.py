"""Builders shared by the battle-scene tests: armies, combatants, setups, and dice whose faces the
test chooses.

`ScriptedDice` hands out the faces a test lists, in order, and fails the test if the engine rolls
more dice than it expected (or a face the die cannot show). `seed_where` finds a real seed whose
first dice come up as asked, for tests that go through `fight`.
"""
import random

from engine_support import ScriptedDice, codes, only  # noqa: F401 (the tests' helpers)

from rules.kingmaker.army import ArmyState
from rules.kingmaker.battle.engine import Battle
from rules.kingmaker.battle.setup import BattlePlan, BattleSetup, Combatant, SideSetup
from rules.kingmaker.conditions import ConditionState
from rules.kingmaker.templates import REGULAR_TEMPLATES, ArmyType, find_template
from rules.sides import Side

SEED_FILE = "003_750bd81a16f66abf.txt"

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]        # level 1: AC 16, Man +4, Mor +10, atk +9
CAVALRY = REGULAR_TEMPLATES[ArmyType.CAVALRY]          # level 3: AC 19, Man +12, Mor +6, atk +12
SKIRMISHERS = REGULAR_TEMPLATES[ArmyType.SKIRMISHER]   # level 5: AC 20, Man +17, Mor +11
SIEGE = REGULAR_TEMPLATES[ArmyType.SIEGE]              # level 7: AC 25, ranged +15, 5 shots
NOMEN = find_template("Nomen Scouts")
SOOTSCALE = find_template("Sootscale Warriors")

A, D = Side.ATTACKER, Side.DEFENDER


def seed_where(*rolls, limit=400_000):
    """The first seed whose dice come up as asked, in order: each roll is (sides, allowed faces)."""
    for seed in range(limit):
        rng = random.Random(seed)
        if all(rng.randint(1, sides) in allowed for sides, allowed in rolls):
            return seed
    raise AssertionError(f"no seed gives {rolls}")


def d20(*faces):
    return (20, set(faces))


def army(template=INFANTRY, level=None, *, tactics=(), gear=(), conditions=(), hp=None, name=""):
    return ArmyState(template=template, level=level or template.level, tactics=tuple(tactics),
                     gear=tuple(gear), conditions=tuple(conditions), hp=hp,
                     name=name or template.name)


def cs(condition, value=0):
    return ConditionState(condition, value)


def fighter(key, side, state=None, plan=None, garrisoned=False):
    return Combatant(key, side, state or army(name=f"Army {key}"), plan or BattlePlan(),
                     garrisoned)


def kingdom_side(side, **changes):
    values = {"kingdom": "Brevoy" if side is A else "Pitax", "kingdom_level": 1, "warfare": 0,
              "defense": 0, "control_dc": 15}
    values.update(changes)
    return SideSetup(side, **values)


def battle_setup(*combatants, attackers=None, defenders=None, **options):
    return BattleSetup(tuple(combatants), attackers=attackers or SideSetup(A),
                       defenders=defenders or SideSetup(D), **options)


def duel(attacker=None, defender=None, **options):
    """Army 1 (attackers) against army 2 (defenders), both level-1 infantry unless given."""
    return battle_setup(fighter(1, A, attacker or army(name="Army 1")),
                        fighter(2, D, defender or army(name="Army 2")), **options)


def scripted(setup, *faces):
    """A Battle whose dice show these faces; positions stay as the test sets them."""
    b = Battle(setup, ScriptedDice(*faces))
    b.round = 1
    return b


def ready(b, *keys):
    """Give these units (all, if none named) a fresh turn's three actions."""
    for key in keys or b.units:
        unit = b.units[key]
        unit.actions = 3
        unit.attack_targets = []
    return b


def place(b, key, position):
    unit = b.units[key]
    unit.position = position
    unit.changed()
    return unit


def engage(b, first, second):
    b.engage(b.units[first], b.units[second])



