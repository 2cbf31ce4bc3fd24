"""Module "magic dice", victory points (reference/sector-modules.md, "Victory points (ruling;
seed 002: "не приносят победных очков")"; seed 002_eb4cf75b750af884.txt: "Призванные
подразделения не приносят победных очков при уничтожении")."""
from dataclasses import replace

from cerilia_support import A, D, state, unit

from rules.cerilia.engine import resolve_round
from rules.cerilia.modules import Modules
from rules.cerilia.side_views import side_view
from rules.cerilia.state import UnitStatus, state_data, state_from_data
from rules.cerilia.victory import holder, tally, worth

SEED_FILE = "002_eb4cf75b750af884.txt"
ON = Modules(magic_dice=True)


def dead(u):
    return replace(u, status=UnitStatus.DESTROYED, hits=0)


def test_each_enemy_unit_destroyed_gives_its_starting_hits_summoned_none():
    # Reference: "each enemy unit destroyed gives its side victory points equal to the unit's
    # starting hits (summoned units: 0)".
    units = [dead(unit("k", A, "knights")), dead(unit("i", D, "irregulars")),
             dead(unit("l", D, "legion_of_the_dead", summoned=True)), unit("p", D, "pikes")]
    assert tally(units) == {D: 2, A: 1}


def test_a_unit_of_models_with_wounds_gives_its_models_times_wounds():
    # Reference: victory points "equal to the unit's starting hits"; "a card's hits are its
    # models; a card may set wounds per model, default 1, so hits = models × wounds". Three
    # ogres of 2 wounds each took six blows to destroy, and give 6; a summoned one nothing.
    ogres = dead(unit("o", D, card_hits=3, card_wounds=2))
    summoned = dead(unit("l", D, card_hits=3, card_wounds=2, summoned=True))
    assert worth(ogres) == 6 and worth(summoned) == 0
    assert tally([ogres, summoned, unit("k", A)]) == {A: 6, D: 0}


def test_more_points_hold_the_field_equal_points_the_defender():
    # Reference: "the side with more victory points holds the field; equal points: the
    # defender".
    assert holder({A: 3, D: 2}) is A
    assert holder({A: 2, D: 2}) is D
    assert holder({}) is D


def _last_round(**modules):
    # The attacker has more units on the field; the defender destroyed a 2-hit unit.
    return state(unit("a1", A, at="A1"), unit("a2", A, at="B1"), dead(unit("a3", A)),
                 unit("d", D, at="E3"), max_rounds=2, modules=Modules(**modules))


def test_the_round_limit_is_decided_by_victory_points_with_the_module():
    out = resolve_round(_last_round(magic_dice=True), {}, seed=1)
    assert out.state.finished and out.state.winner is D
    assert out.state.victory_points == {A: 0, D: 2}
    decided = next(e for e in out.events if e.code == "victory_decides")
    assert decided.visible_to == frozenset({A, D})   # ruling: victory points are public


def test_without_the_module_the_round_limit_is_todays_rule():
    # Reference §1.4 (today): more units on the field hold it.
    out = resolve_round(_last_round(), {}, seed=1)
    assert out.state.winner is A and out.state.victory_points == {}
    assert not any(e.code.startswith("victory") for e in out.events)
    assert "victory_points" not in state_data(out.state)


def test_the_tally_is_stored_and_read_back_and_shown_to_both_sides():
    out = resolve_round(_last_round(magic_dice=True), {}, seed=1)
    data = state_data(out.state)
    assert data["victory_points"] == {"attacker": 0, "defender": 2}
    assert state_from_data(data) == out.state
    for side in (A, D):
        assert side_view(out.state, side)["victory_points"] == {"attacker": 0, "defender": 2}
    assert "victory_points" not in side_view(_last_round(), A)


def test_a_destruction_both_sides_saw_tells_both_its_points():
    # Reference: "each enemy unit destroyed gives its side victory points equal to the unit's
    # starting hits"; ruling: the points are told with the destruction, to those who saw it.
    s = state(unit("a", A, at="C2", hits=1), unit("b", A), unit("d", D, "knights", at="C2"),
              max_rounds=6, modules=ON)
    for seed in range(40):
        out = resolve_round(s, {}, seed=seed)
        if not out.state.unit("a").alive:
            said = [e for e in out.events if e.code == "victory_scored"]
            assert len(said) == 1 and said[0].visible_to == frozenset({A, D})
            assert (said[0].params["side"], said[0].params["points"]) == ("defender", 2)
            assert not any(e.code == "victory_points" for e in out.events)   # not the end
            for side in (A, D):
                assert side_view(out.state, side)["victory_points"] == {"attacker": 0,
                                                                       "defender": 2}
            return
    raise AssertionError("no seed destroyed the unit")
