"""Builders for module "ambush" tests (seed 001_5d751c33a121b07e.txt, "Засада", "Ловушки"): a
battle with the module on, a unit already hiding (with or without markers laid), a trap laid."""
from dataclasses import replace

from cerilia_support import A, D, T, state, terrain, unit  # noqa: F401 (the tests' helpers)

from rules.cerilia.ambush_orders import concealment_key, marker_keys
from rules.cerilia.concealment import TRAP, Ambush, Concealment, Marker, TrapSupply
from rules.cerilia.modules import Modules

SEED_FILE = "001_5d751c33a121b07e.txt"
ON = Modules(ambush=True)


def battle(*units, terrain_=(), traps=(), modules=ON, **kwargs):
    """A round-1 battle with the ambush module on; `traps` the scenario's trap supply."""
    return state(*units, terrain=terrain_, modules=modules, traps=tuple(traps), **kwargs)


def supply(key="t1", side=D, card=TRAP):
    return TrapSupply(key, side, card)


def hiding(s, unit_key, sector="B2", name="Wolves", markers=None, true=0):
    """`unit_key` hides in `sector` as ambush `name`; `markers` the sectors of its laid markers
    (None: none laid yet), the one at `true` true."""
    u = s.unit(unit_key)
    key = concealment_key(u.side, Concealment.AMBUSH, name)
    laid = () if markers is None else tuple(
        Marker(k, where, i == true)
        for i, (k, where) in enumerate(zip(marker_keys(key), markers, strict=True)))
    where = laid[true].sector if laid else sector
    record = Ambush(key, u.side, Concealment.AMBUSH, name, sector, unit=unit_key, markers=laid)
    units = tuple(replace(x, position=where, cell=-1, ambush=key) if x.key == unit_key else x
                  for x in s.units)
    return replace(s, units=units, ambushes=(*s.ambushes, record))


def trap_laid(s, side=D, sectors=("B2", "C2", "D2"), real=0, name="Pit", attack=3):
    key = concealment_key(side, Concealment.TRAP, name)
    laid = tuple(Marker(k, where, i == real)
                 for i, (k, where) in enumerate(zip(marker_keys(key), sectors, strict=True)))
    record = Ambush(key, side, Concealment.TRAP, name, sectors[real], card="trap",
                    attack=attack, markers=laid)
    return replace(s, ambushes=(*s.ambushes, record))


def ambush_key(side, name="Wolves"):
    return concealment_key(side, Concealment.AMBUSH, name)


def trap_key(side, name="Pit"):
    return concealment_key(side, Concealment.TRAP, name)
