"""Builders for the tests of seed 001's module "scouting" (001_5d751c33a121b07e.txt): a battle
with the module on and ambushes already hiding (the ambush module's phase 0 is not needed: a
unit in ambush stands in its sector with no cell, its Ambush record beside it), and a round whose
dice the test chooses, run from the scouting step on."""
from dataclasses import replace

from cerilia_support import ScriptedDice, state

from rules.cerilia.concealment import Ambush, Concealment, Marker
from rules.cerilia.engine import Round
from rules.cerilia.modules import Modules
from rules.sides import Side

SEED_FILE = "001_5d751c33a121b07e.txt"
ON = Modules(scouting=True, ambush=True)


def ambush(key, side, hiding, sector, name=None, markers=()):
    """An ambush record of `side`: battalion `hiding` in `sector`; markers as (key, sector,
    true) triples."""
    return Ambush(key, side, Concealment.AMBUSH, name or f"Banner {key}", sector, unit=hiding,
                  markers=tuple(Marker(k, s, t) for k, s, t in markers))


def trap(key, side, markers):
    return Ambush(key, side, Concealment.TRAP, f"Trap {key}", markers[0][1], card="trap",
                  attack=3, markers=tuple(Marker(k, s, t) for k, s, t in markers))


def battle(*units, ambushes=(), modules=ON, **kwargs):
    """`state(...)` with the module switches and the ambushes; a unit in ambush has no cell."""
    s = state(*units, modules=modules, **kwargs)
    return replace(s, units=tuple(replace(u, cell=-1) if u.ambush else u for u in s.units),
                   ambushes=tuple(ambushes))


def scouting_round(s, faces=(), orders_=None, initiative=Side.ATTACKER) -> Round:
    """A Round on `s` with scripted dice and initiative settled, its scouting step played."""
    r = Round(s, orders_ or {}, 0)
    r.dice = ScriptedDice(*faces)
    r.initiative = initiative
    r.phase = "movement"
    r.scout()
    assert r.dice.left == [], "the scouting rolled fewer dice than the test scripted"
    return r
