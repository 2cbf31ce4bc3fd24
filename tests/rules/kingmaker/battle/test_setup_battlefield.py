"""The battlefield of a battle scene: initiative and starting positions, the positions armies take,
terrain, light and wind, and fortifications (seed 003_750bd81a16f66abf.txt, "ПОЛЕ БОЯ" to "ЭТАП 1";
reference kingmaker-warfare-data.yaml where the seed is silent).

Dice are scripted (`ScriptedDice`): each test lists the faces the engine rolls, in order, and fails
if the engine rolls one more.
"""
from dataclasses import replace

import pytest
from battle_support import (
    SIEGE,
    SKIRMISHERS,
    A,
    D,
    army,
    battle_setup,
    codes,
    cs,
    duel,
    engage,
    fighter,
    kingdom_side,
    place,
    ready,
    scripted,
)

from rules.degrees import Degree
from rules.kingmaker.battle import actions, tactician
from rules.kingmaker.battle.actions import WAR_ACTIONS
from rules.kingmaker.battle.engine import fight
from rules.kingmaker.battle.setup import (
    FORTIFICATIONS,
    BattlePlan,
    Fortification,
    FortificationKind,
    FortificationSpec,
    Light,
    Position,
    SideSetup,
    Stance,
    Terrain,
    Wind,
)
from rules.kingmaker.conditions import Condition, Target
from rules.kingmaker.gear import GearItem, GearKind, WeaponKind

BOW = GearItem(GearKind.ADDITIONAL_WEAPON)  # infantry's missing Strike: ranged, at the level's +9


def initiative_events(b):
    return {e.actor: e for e in b.events if e.code == "initiative"}


# -- ЭТАП 1. ПРОВЕРКА ИНИЦИАТИВЫ ---------------------------------------------------------------------

def test_initiative_is_a_scouting_check_and_sets_the_order():
    # seed 003_750bd81a16f66abf.txt: "Каждое войско, участвующее в битве, совершает проверку
    # Разведки, и результат проверки становится его значением инициативы."
    b = scripted(duel(), 5, 12)
    b._initiative()
    events = initiative_events(b)
    assert events[1].check.modifier == events[2].check.modifier == 7  # level-1 Scouting +7
    assert (b.units[1].initiative, b.units[2].initiative) == (12, 19)
    assert events[2].params["total"] == 19
    assert [u.key for u in b.order] == [2, 1]
    assert b.dice.left == []


def test_offensive_gambit_bonus_adds_to_its_sides_initiative():
    # reference army_activities Offensive Gambit: "success: Your armies in the hex get +2
    # circumstance to initiative"; "critical_failure: Enemy armies in the hex get +4 circumstance
    # to initiative in the resulting battle".
    setup = duel(attackers=SideSetup(A, initiative_bonus=2), defenders=SideSetup(D))
    b = scripted(setup, 10, 10)
    b._initiative()
    assert (b.units[1].initiative, b.units[2].initiative) == (19, 17)
    assert initiative_events(b)[1].check.modifier == 9


@pytest.mark.parametrize(("light", "tactics", "modifier"), [
    (Light.BRIGHT, (), 7),
    (Light.DARK, (), 3),
    (Light.DARK, ("darkvision",), 7),
    (Light.DARK, ("low_light_vision",), 3),
    (Light.DIM, (), 5),
    (Light.DIM, ("low_light_vision",), 7),
    (Light.DIM, ("darkvision",), 7),
])
def test_darkness_and_dim_light_penalise_scouting_unless_the_army_sees(light, tactics, modifier):
    # seed 003_750bd81a16f66abf.txt: "Темнота или густой туман. ... все войска получают ситуативный
    # штраф -4 к проверкам Разведки. Войска с ночным зрением игнорируют такие эффекты темноты."
    # seed 003_750bd81a16f66abf.txt: "Тусклый свет, лёгкий туман или дождь. ... ситуативный штраф
    # -2 к проверкам Разведки. ... Войска с сумеречным зрением или ночным зрением игнорируют такие
    # эффекты тусклого света."
    b = scripted(duel(army(tactics=tactics), light=light), 10, 10)
    b._initiative()
    assert initiative_events(b)[1].check.modifier == modifier
    assert b.units[1].initiative == 10 + modifier


def test_gambit_bonus_and_darkness_penalty_both_count():
    # seed 003_750bd81a16f66abf.txt: "все войска получают ситуативный штраф -4 к проверкам Разведки";
    # reference Offensive Gambit: "+2 circumstance to initiative" (a bonus and a penalty of one type
    # both apply).
    setup = duel(attackers=SideSetup(A, initiative_bonus=2), light=Light.DARK)
    b = scripted(setup, 10, 10)
    b._initiative()
    assert initiative_events(b)[1].check.modifier == 7 - 4 + 2
    assert initiative_events(b)[2].check.modifier == 7 - 4


def test_keen_eyed_adds_two_to_initiative():
    # reference tactics Keen Eyed: "+2 status to initiative (Scouting) checks".
    b = scripted(duel(army(tactics=("keen_eyed",))), 10, 10)
    b._initiative()
    assert initiative_events(b)[1].check.modifier == 9


def test_initiative_ties_go_to_the_kingdoms_armies():
    # reference degree_of_success_rules Initiative: "Foundry rolls army initiative from Scouting and
    # breaks ties in favour of player armies".
    setup = duel(attackers=SideSetup(A), defenders=kingdom_side(D))
    b = scripted(setup, 10, 10)
    b._initiative()
    assert [u.key for u in b.order] == [2, 1]


def test_armies_start_nearby():
    # seed 003_750bd81a16f66abf.txt: "В первый раунд боя войска обычно поблизости друг от друга."
    b = scripted(duel(), 10, 10)
    b._initiative()
    assert {u.position for u in b.units.values()} == {Position.NEARBY}
    assert not any(u.engaged for u in b.units.values())


# -- Засада и Приветственный залп ---------------------------------------------------------------------

def ambusher():
    return army(SKIRMISHERS, 8, tactics=("ambush",), name="Ambushers")


def ambush_setup():
    return battle_setup(fighter(1, A, ambusher()), fighter(2, D, army(name="Slow")),
                        fighter(3, D, army(name="Slower")))


def test_ambush_starts_engaged_with_a_slower_enemy():
    # seed 003_750bd81a16f66abf.txt: "Войска, обученные тактике Засада, могут быть сразу вовлечены в
    # бой." reference tactics Ambush: "If it acts before every enemy in round 1, it may start engaged
    # with an enemy that rolled lower initiative".
    b = scripted(ambush_setup(), 10, 10, 10)  # 26 against 17 and 17
    b._initiative()
    ambusher_unit, victim = b.units[1], b.units[2]
    assert ambusher_unit.engaged == {2} and victim.engaged == {1}
    assert ambusher_unit.position is victim.position is Position.ENGAGED
    assert b.units[3].position is Position.NEARBY
    assert codes(b.events)[-1] == "ambush"


def test_ambush_gives_plus_two_on_the_first_attack_only():
    # reference tactics Ambush: "gets +2 status on its first Attack war action vs that army that
    # round".
    b = scripted(ambush_setup(), 10, 10, 10, 5, 5)
    b._initiative()
    b.round = 1
    ready(b, 1)
    attacker, victim = b.units[1], b.units[2]
    actions.battle(b, attacker, victim, WeaponKind.MELEE)
    actions.battle(b, attacker, victim, WeaponKind.MELEE)
    first, second = [e.check for e in b.events if e.code == "battle"]
    assert first.modifier == 20 + 2           # skirmishers level 8: +20
    assert second.modifier == 20 - 5          # no ambush bonus, multiple attack penalty
    b.round = 2
    ready(b, 1)
    assert "ambush" not in {m.source for m in b.strike_modifiers(attacker, victim, WeaponKind.MELEE)}


def test_no_ambush_when_an_enemy_acts_first():
    # reference tactics Ambush: "If it acts before every enemy in round 1".
    b = scripted(ambush_setup(), 1, 20, 1)  # 17 against 27 and 8
    b._initiative()
    assert not b.units[1].engaged
    assert "ambush" not in codes(b.events)


def salvo_setup():
    siege = army(SIEGE, 8, tactics=("engines_of_war", "opening_salvo"), name="Catapults")
    return battle_setup(fighter(1, A, siege, BattlePlan(stance=Stance.HOLD)), fighter(2, D))


def test_opening_salvo_starts_distant():
    # seed 003_750bd81a16f66abf.txt: "Войска, обученные тактике Приветственный залп, могут быть на
    # отдалении." reference tactics Opening Salvo: "If it acts before every enemy in round 1, it may
    # begin the battle distant from all enemy armies".
    b = scripted(salvo_setup(), 10, 10)
    b._initiative()
    assert b.units[1].position is Position.DISTANT
    assert b.units[1].has(Condition.DISTANT)
    assert b.units[2].position is Position.NEARBY
    assert "opening_salvo" in codes(b.events)


def test_no_opening_salvo_when_an_enemy_acts_first():
    # reference tactics Opening Salvo: "If it acts before every enemy in round 1".
    b = scripted(salvo_setup(), 1, 20)
    b._initiative()
    assert b.units[1].position is Position.NEARBY


# -- ПОЛЕ БОЯ ------------------------------------------------------------------------------------------

def five_on_one():
    return battle_setup(fighter(1, A), *(fighter(k, D) for k in range(2, 7)))


def test_an_army_is_engaged_with_at_most_four_others():
    # seed 003_750bd81a16f66abf.txt: "Одно войско может быть вовлечено в бой с четырьмя или менее
    # другими."
    b = scripted(five_on_one())
    for key in (2, 3, 4, 5):
        assert b.can_engage(b.units[key], b.units[1])
        engage(b, key, 1)
    assert len(b.units[1].engaged) == 4
    assert not b.can_engage(b.units[6], b.units[1])
    assert not b.can_engage(b.units[1], b.units[6])


def test_advance_cannot_engage_a_fifth_army():
    # seed 003_750bd81a16f66abf.txt: "Одно войско может быть вовлечено в бой с четырьмя или менее
    # другими."
    b = scripted(five_on_one(), 20)
    for key in (2, 3, 4, 5):
        engage(b, key, 1)
    ready(b, 6)
    actions.advance(b, b.units[6], b.units[1])
    assert b.events[-1].check.degree is Degree.CRITICAL_SUCCESS
    assert not b.units[6].engaged and len(b.units[1].engaged) == 4


def test_melee_strikes_only_at_engaged_armies():
    # seed 003_750bd81a16f66abf.txt: "Войско может дистанционно атаковать другое войско поблизости,
    # но не может совершить по нему Удар в ближнем бою." / "Войско может совершить Удар в ближнем бою
    # по другому войску, с которым вовлечено в бой."
    b = scripted(duel(), 10)
    ready(b)
    step = tactician._choose(b, b.units[1])
    step()
    assert codes(b.events) == ["advance"]  # not a Strike: it closes in first
    assert b.units[1].engaged == {2}


def test_ranged_strikes_at_distant_armies_take_minus_five():
    # seed 003_750bd81a16f66abf.txt: "По войску на отдалении можно совершать дистанционные Удары,
    # но со штрафом -5 за дистанцию."
    b = scripted(duel(army(gear=(BOW,))), 10, 10)
    ready(b)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.RANGED)
    ready(b)
    place(b, 2, Position.DISTANT)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.RANGED)
    near, far = [e.check.modifier for e in b.events if e.code == "battle"]
    assert (near, far) == (9, 4)


# -- ОСОБЕННОСТИ МЕСТНОСТИ -----------------------------------------------------------------------------

@pytest.mark.parametrize(("wind", "distant", "modifier"), [
    (Wind.CALM, False, 9),
    (Wind.STRONG, False, 8),
    (Wind.STORM, False, 7),
    (Wind.CALM, True, 4),
    (Wind.STRONG, True, 9 - 10 - 1),
    (Wind.STORM, True, 9 - 10 - 2),
])
def test_wind_penalises_ranged_strikes_and_doubles_the_distance_penalty(wind, distant, modifier):
    # seed 003_750bd81a16f66abf.txt: "Ветер. Все дистанционные Удары получают ситуативный штраф -1
    # при сильном ветре и -2 при штормовом. Штраф к дистанционным Ударам по войскам на отдалении
    # удваивается до -10 и суммируется с обычными штрафами от ветра."
    b = scripted(duel(army(gear=(BOW,)), wind=wind), 10)
    ready(b)
    if distant:
        place(b, 2, Position.DISTANT)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.RANGED)
    assert b.events[-1].check.modifier == modifier


def test_wind_does_not_touch_melee_strikes():
    # seed 003_750bd81a16f66abf.txt: "Все дистанционные Удары получают ситуативный штраф -1 при
    # сильном ветре" (ranged only).
    b = scripted(duel(wind=Wind.STORM), 10)
    engage(b, 1, 2)
    ready(b)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    assert b.events[-1].check.modifier == 9


@pytest.mark.parametrize(("terrain", "light", "modifier"), [
    (Terrain.OPEN, Light.BRIGHT, 4),
    (Terrain.DIFFICULT, Light.BRIGHT, 2),
    (Terrain.OPEN, Light.DIM, 5),
    (Terrain.DIFFICULT, Light.DIM, 3),
])
def test_terrain_and_dim_light_change_maneuver_checks_not_the_dc(terrain, light, modifier):
    # seed 003_750bd81a16f66abf.txt: "Все войска получают ситуативный штраф -2 к проверкам Манёвра
    # на пересечённой местности." / "Тусклый свет ... все войска получают ситуативный бонус + 1 к
    # проверкам Манёвра".
    b = scripted(duel(terrain=terrain, light=light), 10)
    ready(b)
    actions.advance(b, b.units[1], b.units[2])
    record = b.events[-1].check
    assert record.modifier == modifier
    assert record.dc == 14  # 10 + the target's Maneuver +4: the checks get harder or easier
    assert (record.degree is Degree.SUCCESS) == (modifier + 10 >= 14)


def test_mired_penalises_maneuver_war_actions():
    # seed 003_750bd81a16f66abf.txt: "Завязшее войско получает ситуативный штраф ко всем боевым
    # действиям с дескриптором «манёвр» ... равный значению состояния."
    b = scripted(duel(army(conditions=(cs(Condition.MIRED, 2),))), 10)
    ready(b)
    actions.advance(b, b.units[1], b.units[2])
    assert b.events[-1].check.modifier == 2


def test_darkness_conceals_every_army_and_hides_distant_ones():
    # seed 003_750bd81a16f66abf.txt: "Темнота или густой туман. Вее войска становятся плохо видимы,
    # а войска на отдалении — необнаруженными. ... Войска с ночным зрением игнорируют такие эффекты
    # темноты." Concealed: "все атаки против него — ситуативный штраф -2".
    setup = battle_setup(fighter(1, A, army(gear=(BOW,))),
                         fighter(2, A, army(tactics=("darkvision",), gear=(BOW,))),
                         fighter(3, D), light=Light.DARK)
    b = scripted(setup, 10, 10)
    ready(b)
    blind, seeing, target = b.units[1], b.units[2], b.units[3]
    actions.battle(b, blind, target, WeaponKind.RANGED)
    actions.battle(b, seeing, target, WeaponKind.RANGED)
    assert [e.check.modifier for e in b.events] == [9 - 2, 9]
    place(b, 3, Position.DISTANT)
    assert not b.sees(blind, target)
    assert b.sees(seeing, target)


def test_dim_light_conceals_distant_armies():
    # seed 003_750bd81a16f66abf.txt: "Тусклый свет ... Войска на отдалении плохо видимы. Войска с
    # сумеречным зрением или ночным зрением игнорируют такие эффекты тусклого света."
    setup = battle_setup(fighter(1, A, army(gear=(BOW,))),
                         fighter(2, A, army(tactics=("low_light_vision",), gear=(BOW,))),
                         fighter(3, D), light=Light.DIM)
    b = scripted(setup, 10, 10, 10)
    ready(b)
    actions.battle(b, b.units[1], b.units[3], WeaponKind.RANGED)  # nearby: seen clearly
    place(b, 3, Position.DISTANT)
    ready(b)
    actions.battle(b, b.units[1], b.units[3], WeaponKind.RANGED)
    actions.battle(b, b.units[2], b.units[3], WeaponKind.RANGED)
    assert [e.check.modifier for e in b.events] == [9, 9 - 5 - 2, 9 - 5]
    assert b.sees(b.units[1], b.units[3])  # concealed, not undetected


def test_concealed_armies_maneuver_better_in_darkness():
    # seed 003_750bd81a16f66abf.txt: "Вее войска становятся плохо видимы"; "Плохо видимо : ...
    # получает ситуативный бонус +2 к проверкам Манёвра" (and so its Maneuver DC is 2 higher).
    b = scripted(duel(light=Light.DARK), 10)
    ready(b)
    actions.advance(b, b.units[1], b.units[2])
    record = b.events[-1].check
    assert (record.modifier, record.dc) == (4 + 2, 14 + 2)


# -- ФОРТИФИКАЦИОННЫЕ СООРУЖЕНИЯ ----------------------------------------------------------------------

def test_fortification_table():
    # seed 003_750bd81a16f66abf.txt, ПАРАМЕТРЫ ФОРТИФИКАЦИОННЫХ СООРУЖЕНИЙ (tab-separated there):
    # "Тип сооружения КБ ПЗ Число войск", "Замок 30 8 6", "Крепость 25 5 4", "Башня 20 2 1",
    # "Траншея 15 1 1", "Стена, каменная 20 3 2", "Стена, деревянная 15 2 2".
    assert FORTIFICATIONS == {
        FortificationKind.CASTLE: FortificationSpec(30, 8, 6),
        FortificationKind.FORTRESS: FortificationSpec(25, 5, 4),
        FortificationKind.TOWER: FortificationSpec(20, 2, 1),
        FortificationKind.TRENCH: FortificationSpec(15, 1, 1),
        FortificationKind.STONE_WALL: FortificationSpec(20, 3, 2),
        FortificationKind.WOODEN_WALL: FortificationSpec(15, 2, 2),
    }


def garrison(kind=FortificationKind.CASTLE, *, besiegers=None, garrisons=1, plan=None):
    besiegers = besiegers or [fighter(1, A)]
    held = [fighter(10 + i, D, army(name=f"Garrison {i}"), plan or BattlePlan(stance=Stance.GUARD),
                    garrisoned=True) for i in range(garrisons)]
    return battle_setup(*besiegers, *held, fortification=Fortification(kind, D))


def test_garrisoned_armies_are_fortified_up_to_the_capacity():
    # seed 003_750bd81a16f66abf.txt: "Там же указано, сколько войск может содержать каждое
    # сооружение." (Башня: 1.) "Когда гарнизон создан, войско защищено".
    b = scripted(garrison(FortificationKind.TOWER, garrisons=2))
    assert b.units[10].has(Condition.FORTIFIED)
    assert not b.units[11].has(Condition.FORTIFIED)
    assert b.fortification_hp == 2


def test_only_the_holding_side_is_inside_the_fortification():
    # seed 003_750bd81a16f66abf.txt: "В некоторых сценах битв есть фортификационные сооружения ...,
    # внутри которых располагается как минимум одно войско."
    setup = battle_setup(fighter(1, A, garrisoned=True), fighter(2, D, garrisoned=True),
                         fortification=Fortification(FortificationKind.CASTLE, D))
    b = scripted(setup)
    assert b.units[2].has(Condition.FORTIFIED)
    assert not b.units[1].has(Condition.FORTIFIED)


def test_a_garrison_is_fortified_where_no_fortification_is_described():
    # seed 003_750bd81a16f66abf.txt: "Когда гарнизон создан, войско защищено , пока не использует
    # боевое действие с дескриптором «манёвр»." An Offensive Gambit's battle is fought where the
    # garrison stands, with no fortification card of its own.
    setup = battle_setup(fighter(1, A), fighter(2, D, garrisoned=True))
    b = scripted(setup, 10)
    held = b.units[2]
    assert held.has(Condition.FORTIFIED)
    assert b.armor_class(held, b.units[1]) == 16 + 4
    assert b.enemy_fortification is None  # nothing described for a siege to batter
    ready(b)
    actions.guard(b, held, b.units[1])
    assert not held.has(Condition.FORTIFIED)


def test_a_garrison_cannot_be_engaged_in_a_gambits_battle():
    # seed 003_750bd81a16f66abf.txt: "Защищённые войска не могут быть вовлечены в бой врагом и не
    # могут вовлечь в бой противника".
    advancing = fighter(1, A, plan=BattlePlan(stance=Stance.ADVANCE))
    held = fighter(2, D, plan=BattlePlan(stance=Stance.GUARD), garrisoned=True)
    outcome = fight(battle_setup(advancing, held, max_rounds=3), seed=4)
    assert "advance" not in codes(outcome.events)
    assert all(not a.engaged_with for r in outcome.rounds for a in r.armies)
    assert all(Condition.FORTIFIED in {c.condition for c in a.conditions}
               for r in outcome.rounds for a in r.armies if a.key == 2)


def test_a_stored_fortified_without_the_garrison_gives_no_cover():
    # seed 003_750bd81a16f66abf.txt: "Защищено : войско засело в фортификационном сооружении в
    # результате занятия Создание гарнизона" — an army fighting away from its walls.
    away = army(name="Army 2", conditions=[cs(Condition.FORTIFIED)])
    setup = battle_setup(fighter(1, A), fighter(2, D, away),
                         fortification=Fortification(FortificationKind.CASTLE, D))
    assert not scripted(setup).units[2].has(Condition.FORTIFIED)


def test_fortified_armies_cannot_engage_or_be_engaged():
    # seed 003_750bd81a16f66abf.txt: "Защищённые войска не могут быть вовлечены в бой врагом и не
    # могут вовлечь в бой противника".
    b = scripted(garrison())
    besieger, held = b.units[1], b.units[10]
    assert not b.can_engage(besieger, held)
    assert not b.can_engage(held, besieger)
    assert b.can_engage(held, besieger, leaving_fortification=True)  # once it has left


def test_fortified_gives_plus_four_item_to_ac_and_rally():
    # seed 003_750bd81a16f66abf.txt: "получают бонус предмета +4 к КБ и проверкам Боевого духа для
    # Перегруппировки".
    b = scripted(garrison())
    held = b.units[10]
    assert b.armor_class(held, b.units[1]) == 16 + 4
    assert b.statistic(held, Target.RALLY).total == 10 + 4
    assert b.statistic(held, Target.MORALE).total == 10
    held.guard_all = True  # Guard's +2 item bonus does not stack with it
    assert b.armor_class(held, b.units[1]) == 16 + 4


def test_a_maneuver_ends_fortified():
    # seed 003_750bd81a16f66abf.txt: "Защищённое войско, которое использует боевое действие с
    # дескриптором «манёвр», немедленно утратит это состояние."
    b = scripted(garrison(), 10)
    ready(b)
    held = b.units[10]
    actions.guard(b, held, b.units[1])
    assert not held.has(Condition.FORTIFIED)
    assert codes(b.events) == ["leaves_fortification", "guard"]


def test_a_guarding_garrison_holds_its_fortification():
    # seed 003_750bd81a16f66abf.txt: "Защищённое войско, которое использует боевое действие с
    # дескриптором «манёвр», немедленно утратит это состояние." A Guard stance never throws the
    # fortification away for a Guard.
    outcome = fight(garrison(), seed=3)
    assert "leaves_fortification" not in codes(outcome.events)
    assert all(Condition.FORTIFIED in {c.condition for c in a.conditions}
               for r in outcome.rounds for a in r.armies if a.key == 10)


def test_only_siege_engines_damage_a_fortification():
    # seed 003_750bd81a16f66abf.txt: "Фортификационное сооружение можно уничтожить только с помощью
    # осадных войск."
    archers = fighter(1, A, army(gear=(BOW,), name="Archers"), BattlePlan(stance=Stance.HOLD))
    outcome = fight(garrison(FortificationKind.WOODEN_WALL, besiegers=[archers]), seed=5)
    assert any(e.code == "battle" and e.params["weapon"] == "ranged" for e in outcome.events)
    assert {r.fortification_hp for r in outcome.rounds} == {2}
    assert outcome.fortification_hp == 2


def test_siege_engines_attack_the_fortification_against_its_ac():
    # seed 003_750bd81a16f66abf.txt: "КБ и ПЗ разных фортификационных сооружений против атак
    # осадных войск представлены ниже." Замок: КБ 30, ПЗ 8.
    siege = fighter(1, A, army(SIEGE, tactics=("engines_of_war",)), BattlePlan(stance=Stance.HOLD))
    b = scripted(garrison(besiegers=[siege]), 15, 5, 20)
    ready(b)
    engine = b.units[1]
    actions.bombard(b, engine)
    actions.bombard(b, engine)
    actions.bombard(b, engine)
    first, second, third = [e for e in b.events if e.code == "bombard"]
    assert (first.check.modifier, first.check.dc, first.check.degree) == (15, 30, Degree.SUCCESS)
    assert second.check.modifier == 10 and second.damage == 0
    assert third.check.modifier == 5 and third.check.degree is Degree.SUCCESS  # natural 20
    assert b.fortification_hp == 8 - 1 - 1
    assert engine.ammunition == 5 - 3


@pytest.mark.parametrize(("wind", "modifier"), [
    (Wind.CALM, 15), (Wind.STRONG, 14), (Wind.STORM, 13)])
@pytest.mark.parametrize("action", [actions.bombard, WAR_ACTIONS["overwhelming_bombardment"]])
def test_wind_penalises_siege_engines_shooting_at_a_fortification(wind, modifier, action):
    # seed 003_750bd81a16f66abf.txt: "Ветер. Все дистанционные Удары получают ситуативный штраф -1
    # при сильном ветре и -2 при штормовом." A siege engine's shot at the walls is a ranged Strike.
    siege = fighter(1, A, army(SIEGE, tactics=("engines_of_war",)), BattlePlan(stance=Stance.HOLD))
    setup = replace(garrison(besiegers=[siege]), wind=wind)
    b = scripted(setup, 10)
    ready(b)
    action(b, b.units[1])
    assert b.events[-1].check.modifier == modifier
    assert b.events[-1].check.dc == 30


def test_a_fallen_fortification_leaves_its_armies_unfortified_and_shaken():
    # seed 003_750bd81a16f66abf.txt: "Если оно уничтожено, все войска в нём больше не защищены, а их
    # потрясение увеличивается на 1."
    siege = fighter(1, A, army(SIEGE, tactics=("engines_of_war",)), BattlePlan(stance=Stance.HOLD))
    b = scripted(garrison(FortificationKind.STONE_WALL, besiegers=[siege], garrisons=2))
    b.damage_fortification(2, b.units[1])
    assert b.units[10].has(Condition.FORTIFIED)
    b.damage_fortification(2, b.units[1])
    assert b.fortification_hp == 0
    for key in (10, 11):
        assert not b.units[key].has(Condition.FORTIFIED)
        assert b.units[key].value(Condition.SHAKEN) == 1
    assert "fortification_falls" in codes(b.events)
    assert b.enemy_fortification is None


def test_a_siege_fights_the_fortification_down():
    # seed 003_750bd81a16f66abf.txt: "Фортификационное сооружение можно уничтожить только с помощью
    # осадных войск. Если оно уничтожено, все войска в нём больше не защищены".
    siege = fighter(1, A, army(SIEGE, tactics=("engines_of_war",)), BattlePlan(stance=Stance.HOLD))
    outcome = fight(garrison(FortificationKind.TRENCH, besiegers=[siege]), seed=1)
    assert "bombard" in codes(outcome.events)
    assert outcome.fortification_hp == 0
    assert "fortification_falls" in codes(outcome.events)
