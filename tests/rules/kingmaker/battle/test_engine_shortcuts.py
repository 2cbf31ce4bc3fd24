"""The engine's shortcuts past work that would change nothing: each test guards what one of them
takes for granted, so that a new rule cannot make it skip something that matters."""
import ast
import re
from pathlib import Path
from unittest.mock import patch

import pytest
from battle_support import army, cs, duel, engage, place, ready, scripted
from hypothesis import given
from test_engine_properties import SEEDS, SETTINGS, setups

from rules.degrees import Degree
from rules.dice import Dice
from rules.kingmaker.battle import actions, reactions, tactician
from rules.kingmaker.battle.engine import Battle, fight
from rules.kingmaker.battle.setup import Position
from rules.kingmaker.conditions import Condition
from rules.kingmaker.gear import WeaponKind
from rules.native import is_compiled
from rules.sides import Side


def test_the_tactics_a_hit_can_set_off_are_all_known_to_the_shortcut_past_it():
    # `basic_actions.battle` calls `after_hit` only for an army that knows one of HIT_TACTICS: a
    # tactic `after_hit` reads that is not among them would never be set off by a Battle.
    # (Read from the module's file, not from the function: another test may stand in for it.)
    # (Its .py beside it: compiled by mypyc, the module's own file is the extension.)
    module = ast.parse(Path(reactions.__file__).with_name("reactions.py").read_text())
    after_hit = next(node for node in module.body
                     if isinstance(node, ast.FunctionDef) and node.name == "after_hit")
    read = set(re.findall(r"'(\w+)' in tactics", ast.unparse(after_hit)))
    assert read == reactions.HIT_TACTICS


def test_a_scene_looks_for_what_expires_while_anything_lasts_until_a_turn():
    # A turn's start and end look for what expires only at the moments the scene has `timed`:
    # whatever lasts until some army's turn names its moment, and it is gone once nothing is left
    # until it.
    b = scripted(duel(), 1)  # the Advance critically fails: mired 1 until its next turn
    ready(b)
    unit, enemy = b.units[1], b.units[2]
    assert not b.timed
    actions.advance(b, unit, enemy)
    assert b.timed == {(1, "start")} and unit.value(Condition.MIRED) == 1
    b._expire(enemy, "start")
    assert b.timed == {(1, "start")} and unit.value(Condition.MIRED) == 1
    b._expire(unit, "start")
    assert not b.timed and not unit.has(Condition.MIRED)
    b.bar_reactions(enemy, unit)
    assert b.timed == {(1, "start")} and enemy.no_reactions_until == 1
    b._expire(unit, "end")
    assert b.timed == {(1, "start")}
    b._expire(unit, "start")
    assert not b.timed and enemy.no_reactions_until is None


def test_what_outlasts_a_turn_s_end_keeps_its_moment_until_the_later_one():
    # "Until the end of your next turn" (`skip`): the first end passes it by, and the scene still
    # looks for it at the next.
    b = scripted(duel())
    unit, enemy = b.units[1], b.units[2]
    b.gain_until(enemy, Condition.OUTFLANKED, 0, unit, "end", skip=1)
    assert b.timed == {(1, "end")}
    b._expire(unit, "end")
    assert b.timed == {(1, "end")} and enemy.has(Condition.OUTFLANKED)
    b._expire(unit, "end")
    assert not b.timed and not enemy.has(Condition.OUTFLANKED)


def test_a_turn_expires_what_lasts_until_it():
    b = scripted(duel(), 1)
    ready(b)
    unit = b.units[1]
    actions.advance(b, unit, b.units[2])
    place(b, 2, Position.FLED)  # (nobody left to fight: the turn's start and end alone)
    b._turn(unit)
    assert not unit.has(Condition.MIRED) and not b.timed


def test_the_orders_an_army_is_not_asked_for_could_not_call_for_anything():
    # `tactician._orders` asks the order to rally only of an army not engaged, and the order to
    # strike in melee only of an engaged one: each calls for nothing from the other.
    b = scripted(duel())
    ready(b)
    unit, enemy = b.units[1], b.units[2]
    b.gain(unit, Condition.SHAKEN, 2)  # shaken enough to rally, at a turn's first war action
    first, later, engaged, _ = tactician._orders(b, unit)
    assert tactician._rally in first and tactician._melee in engaged
    assert tactician._rally not in engaged and tactician._melee not in first + later
    assert tactician._rally(b, unit, False) is not None
    assert tactician._melee(b, unit, False) is None
    engage(b, 1, 2)
    assert tactician._rally(b, unit, False) is None
    assert tactician._melee(b, unit, False) is not None
    assert enemy.key in unit._engaged


def test_a_hit_sets_off_nothing_for_an_army_without_those_tactics():
    # What the shortcut past `after_hit` takes for granted, checked on what the call does (not
    # only on how it reads its tactics): for an army knowing none of HIT_TACTICS, no degree and
    # no weapon sets anything off, heals, hurts, logs or rolls (the dice hold no face to roll).
    b = scripted(duel())
    ready(b)
    unit, target = b.units[1], b.units[2]
    assert reactions.HIT_TACTICS.isdisjoint(unit.tactics)
    b.hurt(unit, 1, target)  # below its maximum: Revel in Battle would heal it

    def state():
        return (len(b.events), [(u.hp, dict(u.conditions())) for u in (unit, target)])

    before = state()
    for degree in Degree:
        for kind in WeaponKind:
            reactions.after_hit(b, unit, target, kind, degree)
    assert state() == before


def test_the_number_of_an_armys_conditions_names_its_position():
    # A round's pictures are kept by that number, not by the position they show
    # (`engine.Battle._end_of_round`): no two positions may share one, whatever the conditions.
    b = scripted(duel(), 1)
    unit = b.units[1]
    for lasting in ({}, {Condition.SHAKEN: 1}):
        unit.lasting = lasting
        numbers = {place(b, 1, position)._settled()[2] for position in Position}
        assert len(numbers) == len(Position)


def _out(b):
    """The armies that have left the field or are routed: what `Battle._check_end` counts."""
    return {u.key for u in b._by_key if not u.on_field or u.routed}


class _Watched(Battle):
    """A battle that checks, wherever `Scene.may_end` is read (before each war action and after
    each turn), what it takes for granted while it is clear: that nobody has left the field or
    routed since the scene's end was last looked for."""

    def _check_end(self):
        super()._check_end()
        self.looked = _out(self)

    def watch(self):
        if not self.may_end:
            assert _out(self) <= self.looked

    def _turn(self, unit):
        super()._turn(unit)
        self.watch()


@pytest.mark.skipif(is_compiled(), reason="compiled code calls tactician._next_step directly, "
                    "past a stand-in: CI runs this on the Python source (MUSTER_PURE_PYTHON=1)")
@SETTINGS
@given(setups(), SEEDS)
def test_nobody_leaves_the_field_or_routs_without_the_scene_s_end_looked_for_again(setup, seed):
    # After a turn in which `may_end` stayed clear the scene's end is not looked for, and before
    # a war action while it is clear the army's turn does not ask again whether it and an enemy
    # are still fighting: whatever makes an army leave the field or rout must set it. The fight
    # is the same as without the watch.
    next_step = tactician._next_step

    def watched(b, unit):
        b.watch()
        return next_step(b, unit)

    with patch.object(tactician, "_next_step", watched):
        watched_outcome = _Watched(setup, Dice(seed)).run(None)
    assert watched_outcome == fight(setup, seed)


def test_a_scene_whose_side_starts_out_ends_after_the_first_turn():
    # `Scene.may_end` is set as the scene starts (a side may start it routed), so the scene's end
    # is looked for after its first turn whatever that turn did.
    turns = []

    class Counted(Battle):
        def _turn(self, unit):
            turns.append(unit.key)
            super()._turn(unit)

    routed = duel(defender=army(conditions=(cs(Condition.ROUTED),)))
    for seed in range(20):
        turns.clear()
        outcome = Counted(routed, Dice(seed)).run(None)
        assert len(turns) == 1 and outcome.winner is Side.ATTACKER


class _Everywhen(set):
    """Moments that name every army's turn, start and end (`Scene.timed`)."""

    def __bool__(self):
        return True

    def __contains__(self, moment):
        return True


class _ExpiringEveryTurn(Battle):
    """A battle whose turns all look for what expires, at their start and end."""

    def __init__(self, setup, dice):
        super().__init__(setup, dice)
        self.timed = _Everywhen()

    def _expire(self, owner, at):
        super()._expire(owner, at)
        self.timed = _Everywhen(self.timed)


@SETTINGS
@given(setups(), SEEDS)
def test_a_turn_whose_moment_nothing_lasts_until_has_nothing_to_expire(setup, seed):
    # A turn's start or end looks for what expires only at the moments `Scene.timed` names:
    # looking at every turn's start and end as well comes to the same fight.
    assert _ExpiringEveryTurn(setup, Dice(seed)).run(None) == fight(setup, seed)
