"""The engine's shortcuts past work that would change nothing: each test guards what one of them
takes for granted, so that a new rule cannot make it skip something that matters."""
import inspect
import re

from battle_support import duel, place, ready, scripted

from rules.kingmaker.battle import actions, reactions
from rules.kingmaker.battle.setup import Position
from rules.kingmaker.conditions import Condition


def test_the_tactics_a_hit_can_set_off_are_all_known_to_the_shortcut_past_it():
    # `basic_actions.battle` calls `after_hit` only for an army that knows one of HIT_TACTICS: a
    # tactic `after_hit` reads that is not among them would never be set off by a Battle.
    read = set(re.findall(r'"(\w+)" in tactics', inspect.getsource(reactions.after_hit)))
    assert read == reactions.HIT_TACTICS


def test_a_scene_looks_for_what_expires_while_anything_lasts_until_a_turn():
    # A turn's start and end look for what expires only while the scene is `timed`: whatever
    # lasts until some army's turn sets it, and it is cleared once nothing is left.
    b = scripted(duel(), 1)  # the Advance critically fails: mired 1 until its next turn
    ready(b)
    unit, enemy = b.units[1], b.units[2]
    assert not b.timed
    actions.advance(b, unit, enemy)
    assert b.timed and unit.value(Condition.MIRED) == 1
    b._expire(enemy, "start")
    assert b.timed and unit.value(Condition.MIRED) == 1
    b._expire(unit, "start")
    assert not b.timed and not unit.has(Condition.MIRED)
    b.bar_reactions(enemy, unit)
    assert b.timed and enemy.no_reactions_until == 1
    b._expire(unit, "end")
    assert b.timed
    b._expire(unit, "start")
    assert not b.timed and enemy.no_reactions_until is None


def test_a_turn_expires_what_lasts_until_it():
    b = scripted(duel(), 1)
    ready(b)
    unit = b.units[1]
    actions.advance(b, unit, b.units[2])
    place(b, 2, Position.FLED)  # (nobody left to fight: the turn's start and end alone)
    b._turn(unit)
    assert not unit.has(Condition.MIRED) and not b.timed
