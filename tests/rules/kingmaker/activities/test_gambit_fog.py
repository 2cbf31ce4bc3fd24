"""Offensive Gambit under fog of war: the target must be an enemy army the kingdom sees (issue 15;
reference army_activities Offensive Gambit, "Requires at least one of your armies in the same hex
as an enemy army"). Without fog information every enemy army counts as seen, as before the map."""
from dataclasses import replace

from turn_support import army, kingdom

from rules.data import to_data
from rules.kingmaker.activities import (
    ACTIVITIES,
    ForeignArmy,
    OffensiveGambit,
    Order,
    Situation,
    order_violations,
)
from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.turn import KingdomTurnInput, resolve_turn

SEEN = ForeignArmy(7, "Pitax", "Pitax Horde", "C4", scouting_dc=29)
AMBUSHER = ForeignArmy(8, "Pitax", "Pitaxian Raiders", "C4", scouting_dc=20)


def situation(seen_armies):
    return Situation(turn=1, kingdom=kingdom(), armies={1: army()},
                     foreign_armies={SEEN.key: SEEN, AMBUSHER.key: AMBUSHER},
                     seen_armies=seen_armies)


def violations(situation_, target):
    return order_violations(situation_, Order(1, K.OFFENSIVE_GAMBIT, OffensiveGambit(target), 1))


def test_an_unseen_ambusher_in_the_hex_answers_as_an_unknown_army():
    # 003_750bd81a16f66abf.txt: «СЛ Разведки войска, которое устроило в своём гексе засаду» —
    # an ambush not found is not there for the kingdom's orders, and the answer must not tell it
    # apart from an id that names nothing.
    fogged = situation(frozenset({SEEN.key}))
    hidden, unknown = violations(fogged, AMBUSHER.key), violations(fogged, 99)
    assert [(v.code, v.field) for v in hidden] == [("target_not_here", "target")]
    assert [v.render() for v in hidden] == [v.render() for v in unknown]
    assert "Pitaxian Raiders" not in hidden[0].render()
    assert violations(fogged, SEEN.key) == []


def test_without_fog_information_every_enemy_in_the_hex_is_a_target():
    # Reference army_activities Offensive Gambit: "Requires at least one of your armies in the same
    # hex as an enemy army".
    assert violations(situation(None), AMBUSHER.key) == []


def test_the_order_form_offers_only_the_enemy_armies_the_kingdom_sees():
    (target_field,) = [f for f in ACTIVITIES[K.OFFENSIVE_GAMBIT].fields if f.name == "target"]
    assert target_field.options is not None
    offered = target_field.options(situation(frozenset({SEEN.key})), army())
    assert [key for key, _ in offered] == ["7"]
    assert len(target_field.options(situation(None), army())) == 2


def test_the_turn_refuses_a_gambit_on_an_ambush_it_has_not_found():
    # 003_750bd81a16f66abf.txt: «Превентивный удар. Вы используете Превентивный удар против врага на
    # этапе войсковых занятий.»
    turn = KingdomTurnInput(number=1, kingdom=kingdom(), armies=(army(),),
                            orders=(Order(1, K.OFFENSIVE_GAMBIT, OffensiveGambit(AMBUSHER.key), 1),),
                            foreign_armies=(SEEN, AMBUSHER), seen_armies=frozenset({SEEN.key}))
    (result,) = resolve_turn(turn, seed=3).activities
    assert result.status == "rejected"
    assert [v.code for v in result.violations] == ["target_not_here"]
    assert resolve_turn(turn, seed=3).battles == ()
    # Stored inputs keep their shape without fog, and name the seen armies under it.
    assert "seen_armies" not in to_data(replace(turn, seen_armies=None))
    assert to_data(turn)["seen_armies"] == [SEEN.key]
