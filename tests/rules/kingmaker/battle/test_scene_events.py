"""rules.kingmaker.battle.scene: the events a scene logs are kept per setup (the runs of
`battle_odds` log the same ones again), unless a parameter is not a plain value."""
from __future__ import annotations

from battle_support import duel, scripted


def test_an_event_is_logged_again_as_the_same_record_in_another_scene_of_its_setup():
    setup = duel()
    first, second = scripted(setup), scripted(setup)
    for b in (first, second):
        b.log("strike", "%(army)s strikes with %(weapon)s.", b.units[1], b.units[2],
              params={"weapon": "spear"})
    assert first.events[-1] is second.events[-1]
    assert first.events[-1].params == {"weapon": "spear", "army": "Army 1", "target": "Army 2"}


def test_an_event_with_a_parameter_that_is_not_plain_is_made_anew_each_time():
    b = scripted(duel())
    for _ in range(2):
        b.log("listed", "%(army)s lists %(names)s.", b.units[1], params={"names": ["a", "b"]})
    first, second = b.events[-2:]
    assert first is not second and first == second
    assert first.params == {"names": ["a", "b"], "army": "Army 1"}
