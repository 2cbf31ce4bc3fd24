"""A fought scene can be fought again from its stored inputs and seed with the same log; fighting
round by round gives the rounds of the whole fight; the odds command is deterministic."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from battles.adapters import scene_setup, setup_from_inputs
from battles.reports import as_old_as, first_difference, report_data
from battles.services import scene_resolve_now
from core.permissions import SYSTEM
from rules.data import to_data
from rules.kingmaker.battle.engine import fight

pytestmark = pytest.mark.django_db


def test_stored_inputs_give_back_the_setup(scene):
    setup = scene_setup(scene)
    assert setup_from_inputs(json.loads(json.dumps(to_data(setup)))) == setup


def test_replaying_the_stored_inputs_gives_the_stored_log(scene):
    assert scene_resolve_now(scene=scene, actor=SYSTEM) == "resolved"
    scene.refresh_from_db()
    report = scene.report
    setup = setup_from_inputs(report.inputs)
    replayed = json.loads(json.dumps(report_data(fight(setup, report.outcome["seed"]), setup)))
    assert first_difference(report.outcome, replayed) is None
    assert replayed == report.outcome


def test_a_report_stored_before_roll_purposes_were_msgids_still_replays(scene):
    assert scene_resolve_now(scene=scene, actor=SYSTEM) == "resolved"
    scene.refresh_from_db()
    report = scene.report
    old = json.loads(json.dumps(report.outcome))
    for roll in old["rolls"]:  # as reports were stored before
        del roll["message"], roll["params"]
    setup = setup_from_inputs(report.inputs)
    replayed = json.loads(json.dumps(report_data(fight(setup, report.outcome["seed"]), setup)))
    assert first_difference(old, as_old_as(replayed, old)) is None
    old["rolls"][0]["total"] += 1  # and a real difference still shows
    assert first_difference(old, as_old_as(replayed, old))[0] == "rolls[0].total"


def test_first_difference_names_where_two_logs_part():
    stored = {"rounds": [{"events": [{"damage": 1}, {"damage": 2}]}], "seed": 3}
    assert first_difference(stored, json.loads(json.dumps(stored))) is None
    changed = {"rounds": [{"events": [{"damage": 1}, {"damage": 3}]}], "seed": 3}
    assert first_difference(stored, changed) == ("rounds[0].events[1].damage", 2, 3)
    shorter = {"rounds": [{"events": [{"damage": 1}]}], "seed": 3}
    assert first_difference(stored, shorter) == ("rounds[0].events[1]", {"damage": 2}, None)


def test_fighting_round_by_round_gives_the_rounds_of_the_whole_fight(scene):
    setup = scene_setup(scene)
    whole = fight(setup, 2024)
    assert whole.finished and whole.rounds
    for k in range(1, len(whole.rounds) + 1):
        part = fight(setup, 2024, stop_after_round=k)
        assert part.rounds == whole.rounds[:k]
        assert part.events == whole.events[:len(part.events)]
        assert part.rolls == whole.rolls[:len(part.rolls)]
        if part.finished:
            assert part == whole
        else:
            assert k < len(whole.rounds) or k == setup.max_rounds


def odds(*args) -> str:
    out = StringIO()
    call_command("battle_odds", *[str(a) for a in args], stdout=out)
    return out.getvalue()


def test_the_odds_command_prints_each_side_and_army(scene):
    text = odds(scene.pk, "--runs", 40, "--seed", 9)
    lines = text.splitlines()
    assert lines[0] == "Battle in C4: 40 battles, seed 9."
    assert lines[1].split() == ["side", "wins", "routed", "defeated"]
    assert lines[2].startswith("attacker ") and lines[3].startswith("defender ")
    assert "Expected HP lost:" in lines
    assert any(line.startswith("  Tatzlford Guard (attacker): ") for line in lines)


def test_the_same_seed_gives_the_same_odds(scene):
    assert odds(scene.pk, "--runs", 30, "--seed", 11) == odds(scene.pk, "--runs", 30, "--seed", 11)
    assert odds(scene.pk, "--runs", 30, "--seed", 11) != odds(scene.pk, "--runs", 30, "--seed", 12)


@pytest.mark.parametrize(("args", "message"), [
    ((999999, "--runs", 10), "There is no battle scene with id 999999."),
    (("SCENE", "--runs", 0), "Fight it at least once: --runs must be 1 or more."),
    (("SCENE", "--runs", -5), "Fight it at least once: --runs must be 1 or more."),
    (("SCENE", "--seed", -1), "The seed must be 0 or more."),
])
def test_the_odds_command_refuses_bad_input(scene, args, message):
    args = [scene.pk if a == "SCENE" else a for a in args]
    with pytest.raises(CommandError, match=message):
        odds(*args)
