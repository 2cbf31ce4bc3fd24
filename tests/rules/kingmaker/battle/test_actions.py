"""War actions, one at a time (seed 003_750bd81a16f66abf.txt, "ОБЩИЕ БОЕВЫЕ ДЕЙСТВИЯ",
"ТАКТИЧЕСКИЕ БОЕВЫЕ ДЕЙСТВИЯ", "СОСТОЯНИЯ ВОЙСКА"; the action texts are in reference
kingmaker-warfare-data.yaml, basic_war_actions and tactical_war_actions, since the seed names the
lists but omits them).

Each test builds a Battle with scripted dice, places the armies by hand and calls the action.
Level-1 infantry: AC 16, Maneuver +4 (DC 14), Morale +10 (DC 20), melee +9, 4 HP, routing
threshold 2.
"""
import pytest
from battle_support import (
    INFANTRY,
    NOMEN,
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
    only,
    place,
    ready,
    scripted,
)

from rules.degrees import Degree
from rules.kingmaker.army import stat_block
from rules.kingmaker.battle import actions, tactician
from rules.kingmaker.battle.actions import WAR_ACTIONS
from rules.kingmaker.battle.reactions import false_retreat
from rules.kingmaker.battle.setup import BattlePlan, Position, SideSetup, Stance
from rules.kingmaker.conditions import Condition, Target
from rules.kingmaker.gear import GearItem, GearKind, WeaponKind

CS, S, F, CF = Degree.CRITICAL_SUCCESS, Degree.SUCCESS, Degree.FAILURE, Degree.CRITICAL_FAILURE
BOW = GearItem(GearKind.ADDITIONAL_WEAPON)


def potions(doses):
    return GearItem(GearKind.HEALING_POTIONS, doses=doses)


def melee_duel(attacker=None, defender=None, *faces):
    b = scripted(duel(attacker, defender), *faces)
    engage(b, 1, 2)
    return ready(b)


# -- Battle: Strikes -------------------------------------------------------------------------------

@pytest.mark.parametrize(("face", "degree", "hp"), [
    (17, CS, 2), (7, S, 3), (6, F, 4), (1, CF, 4), (20, CS, 2),
])
def test_a_strike_deals_one_damage_and_two_on_a_critical_hit(face, degree, hp):
    # seed 003_750bd81a16f66abf.txt: "Войско наносит 1 урон при попадании и 2 урона при критическом
    # ударе."
    b = melee_duel(None, None, face)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    event = only(b.events, "battle")
    assert (event.check.modifier, event.check.dc, event.check.degree) == (9, 16, degree)
    assert event.damage == 4 - hp
    assert b.units[2].hp == hp
    assert b.units[1].actions == 2


def test_multiple_attack_penalty_is_minus_five_then_minus_ten():
    # reference degree_of_success_rules Multiple attack penalty: "Attack war actions share the
    # standard -5 / -10 penalty within a turn".
    b = melee_duel(army(level=3), army(level=3), 1, 1, 1)
    for _ in range(3):
        actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    assert [e.check.modifier for e in b.events] == [12, 7, 2]


def test_keep_up_the_pressure_is_minus_four_then_minus_eight_against_one_target():
    # reference tactics Keep Up the Pressure: "Multiple attack penalty against the same target is
    # -4 / -8 instead of -5 / -10".
    pressing = army(level=3, tactics=("keep_up_the_pressure",))
    setup = battle_setup(fighter(1, A, pressing), fighter(2, D, army(level=3)),
                         fighter(3, D, army(level=3)))
    b = scripted(setup, 1, 1, 1, 1, 1)
    engage(b, 1, 2)
    engage(b, 1, 3)
    ready(b)
    for _ in range(3):
        actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    ready(b)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    actions.battle(b, b.units[1], b.units[3], WeaponKind.MELEE)
    assert [e.check.modifier for e in b.events] == [12, 8, 4, 12, 7]


def test_ranged_strikes_use_up_ammunition():
    # seed 003_750bd81a16f66abf.txt: "Войско может применять дистанционный Удар до 5 раз за каждую
    # сцену битвы, после чего у него кончаются боеприпасы (если у него нет тактики Увеличенный
    # боезапас)."
    archers = army(gear=(BOW,), name="Archers")
    b = scripted(duel(archers, army(level=5)), *([1] * 5))
    shooter = b.units[1]
    assert shooter.ammunition == 5
    for _ in range(5):
        ready(b, 1)
        assert tactician.can_shoot(shooter)
        actions.battle(b, shooter, b.units[2], WeaponKind.RANGED)
    assert shooter.ammunition == 0
    assert not tactician.can_shoot(shooter)


@pytest.mark.parametrize(("learned", "shots"), [(0, 5), (1, 7), (2, 9)])
def test_increased_ammunition_adds_two_shots_each_time(learned, shots):
    # reference tactics Increased Ammunition: "+2 ranged Strikes per war encounter", repeatable:
    # true.
    tactics = ("engines_of_war",) + ("increased_ammunition",) * learned
    engine = army(SIEGE, 8, tactics=tactics)
    assert stat_block(engine).ammunition == shots
    b = scripted(duel(engine))
    assert b.units[1].ammunition == shots


def test_a_siege_engine_shoots_five_times_a_scene_at_most():
    # seed 003_750bd81a16f66abf.txt: "Войско может применять дистанционный Удар до 5 раз за каждую
    # сцену битвы".
    from rules.kingmaker.battle.engine import fight
    from rules.kingmaker.templates import find_template

    engine = fighter(1, A, army(SIEGE, tactics=("engines_of_war",)), BattlePlan(stance=Stance.HOLD))
    trolls = fighter(2, D, army(find_template("Troll Marauders")), BattlePlan(stance=Stance.GUARD))
    outcome = fight(battle_setup(engine, trolls, max_rounds=10), seed=2)
    shots = [e for e in outcome.events if e.code == "battle" and e.actor == 1]
    assert outcome.winner is None and len(outcome.rounds) == 10
    assert len(shots) == 5
    assert all(e.params["weapon"] == "ranged" for e in shots)


def test_siege_engines_do_not_shoot_into_a_melee():
    # reference tactics Engines of War: "No gear; cannot attack engaged armies".
    engine = fighter(1, A, army(SIEGE, tactics=("engines_of_war",)), BattlePlan(stance=Stance.HOLD))
    setup = battle_setup(engine, fighter(2, A), fighter(3, D), fighter(4, D))
    b = scripted(setup)
    engage(b, 2, 3)
    assert tactician.shooting_targets(b, b.units[1]) == [b.units[4]]
    engage(b, 2, 4)
    ready(b, 1)
    assert tactician._choose(b, b.units[1]) is not None
    assert tactician.shooting_targets(b, b.units[1]) == []


# -- Advance ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("face", "degree", "engaged", "target_position"), [
    (20, CS, True, Position.ENGAGED),
    (10, S, False, Position.NEARBY),
    (9, F, False, Position.DISTANT),
    (1, CF, False, Position.DISTANT),
])
def test_advance_on_a_distant_army(face, degree, engaged, target_position):
    # reference basic_war_actions Advance: "critical_success: Now engaged with the target even if it
    # was distant (distant removed)"; "success: A distant target stops being distant"; "failure: No
    # movement".
    b = scripted(duel(), face)
    place(b, 2, Position.DISTANT)
    ready(b)
    actions.advance(b, b.units[1], b.units[2])
    event = only(b.events, "advance")
    assert (event.check.modifier, event.check.dc, event.check.degree) == (4, 14, degree)
    assert (2 in b.units[1].engaged) is engaged
    assert b.units[2].position is target_position
    assert b.units[1].actions == 2


@pytest.mark.parametrize(("face", "engaged"), [(20, True), (10, True), (9, False), (1, False)])
def test_advance_on_a_nearby_army_engages_on_a_success(face, engaged):
    # reference basic_war_actions Advance: "success: ... otherwise you become engaged"; "failure: No
    # movement".
    b = scripted(duel(), face)
    ready(b)
    actions.advance(b, b.units[1], b.units[2])
    assert (b.units[1].engaged == {2}) is engaged
    assert (b.units[2].engaged == {1}) is engaged
    assert b.units[1].has(Condition.ENGAGED) is engaged


def test_advance_critical_failure_mires_until_the_next_turn():
    # reference basic_war_actions Advance: "critical_failure: No movement and your army is mired 1
    # until the start of its next turn".
    b = scripted(duel(), 1)
    ready(b)
    unit = b.units[1]
    actions.advance(b, unit, b.units[2])
    assert unit.value(Condition.MIRED) == 1
    assert Condition.MIRED not in unit.lasting
    b._expire(b.units[2], "start")
    assert unit.value(Condition.MIRED) == 1
    b._expire(unit, "start")
    assert not unit.has(Condition.MIRED)


# -- Healing potions ---------------------------------------------------------------------------------

def test_a_maneuver_drinks_a_healing_potion():
    # seed 003_750bd81a16f66abf.txt: "Войско, снаряжённое зельями исцеления ..., может использовать
    # одну дозу в качестве части любого действия с дескриптором «манёвр». При этом оно
    # восстанавливает 1 ПЗ."
    b = scripted(duel(army(hp=2, gear=(potions(2),))), 10)
    ready(b)
    unit = b.units[1]
    actions.advance(b, unit, b.units[2])
    assert unit.hp == 3
    assert unit.potions == 1
    assert codes(b.events) == ["potion", "advance"]


def test_the_last_dose_is_gone_after_the_battle():
    # seed 003_750bd81a16f66abf.txt: "зелья не восстанавливаются после сцены битвы — их нужно
    # приобрести заново."
    b = scripted(duel(army(hp=2, gear=(potions(1),))), 10)
    ready(b)
    unit = b.units[1]
    actions.advance(b, unit, b.units[2])
    assert unit.hp == 3 and unit.potions == 0
    assert unit.state().gear == ()


def test_no_potion_at_full_health_without_a_maneuver_or_against_orders():
    # seed 003_750bd81a16f66abf.txt: "может использовать одну дозу в качестве части любого действия
    # с дескриптором «манёвр»" (a Strike is not a maneuver; the plan may keep the doses).
    full = scripted(duel(army(gear=(potions(1),))), 10)
    ready(full)
    actions.advance(full, full.units[1], full.units[2])
    assert full.units[1].potions == 1

    striking = melee_duel(army(hp=2, gear=(potions(1),)), None, 10)
    actions.battle(striking, striking.units[1], striking.units[2], WeaponKind.MELEE)
    assert striking.units[1].potions == 1 and striking.units[1].hp == 2

    setup = battle_setup(fighter(1, A, army(hp=2, gear=(potions(1),)),
                                 BattlePlan(use_potions=False)), fighter(2, D))
    saving = scripted(setup, 10)
    ready(saving)
    actions.advance(saving, saving.units[1], saving.units[2])
    assert saving.units[1].potions == 1 and saving.units[1].hp == 2


# -- Disengage -------------------------------------------------------------------------------------

def surrounded(*faces, enemy=None):
    setup = battle_setup(fighter(1, A), fighter(2, D, enemy), fighter(3, D))
    b = scripted(setup, *faces)
    engage(b, 1, 2)
    engage(b, 1, 3)
    return ready(b)


def test_disengage_rolls_against_each_engaged_army():
    # reference basic_war_actions Disengage: "Maneuver vs the Maneuver DC of each army you are
    # engaged with (one roll per army)"; "success: Free of that army"; "failure: Still engaged with
    # that army".
    b = surrounded(10, 9)
    unit = b.units[1]
    actions.disengage(b, unit)
    assert unit.engaged == {3}
    assert [e.check.degree for e in b.events] == [S, F]
    assert unit.actions == 1
    assert unit.position is Position.ENGAGED


def test_disengage_critical_success_frees_from_every_army():
    # reference basic_war_actions Disengage: "critical_success: Free of that army, and
    # automatically free of all engaged armies not yet rolled against".
    b = surrounded(20)
    unit = b.units[1]
    actions.disengage(b, unit)
    assert unit.engaged == set() and unit.position is Position.NEARBY
    assert b.units[3].engaged == set()


def test_disengage_critical_failure_stops_trying():
    # reference basic_war_actions Disengage: "critical_failure: Still engaged and cannot try to
    # disengage from any still-engaged army for the rest of this turn".
    b = surrounded(1)
    unit = b.units[1]
    actions.disengage(b, unit)
    assert unit.engaged == {2, 3}
    assert unit.cannot_disengage
    assert len(b.events) == 1


def test_merciless_raises_the_dc_to_disengage():
    # reference tactics Merciless: "Its Maneuver DC is +2 status against enemies trying to Disengage
    # from it".
    b = surrounded(10, 10, enemy=army(level=5, tactics=("merciless",)))
    actions.disengage(b, b.units[1])
    assert [e.check.dc for e in b.events] == [10 + 9 + 2, 14]


# -- Guard -----------------------------------------------------------------------------------------

def test_guard_success_protects_against_its_target():
    # reference basic_war_actions Guard: "success: +2 item bonus to AC against the target army until
    # the start of your next turn".
    b = surrounded(10)
    unit, target, other = b.units[1], b.units[2], b.units[3]
    actions.guard(b, unit, target)
    assert b.events[-1].check.degree is S
    assert b.armor_class(unit, target) == 18
    assert b.armor_class(unit, other) == 16


def test_guard_critical_success_protects_against_everyone():
    # reference basic_war_actions Guard: "critical_success: +2 item bonus to AC against all attackers
    # until the start of your next turn".
    b = surrounded(20)
    unit = b.units[1]
    actions.guard(b, unit, b.units[2])
    assert b.armor_class(unit, b.units[2]) == b.armor_class(unit, b.units[3]) == 18


def test_guard_failure_and_critical_failure():
    # reference basic_war_actions Guard: "failure: No bonus"; "critical_failure: No bonus and your
    # army becomes mired 1".
    b = surrounded(9, 1)
    unit = b.units[1]
    actions.guard(b, unit, b.units[2])
    assert b.armor_class(unit, b.units[2]) == 16 and not unit.has(Condition.MIRED)
    actions.guard(b, unit, b.units[2])
    assert b.armor_class(unit, b.units[2]) == 16
    assert unit.value(Condition.MIRED) == 1


def test_guard_ends_at_the_start_of_the_armys_next_turn():
    # reference basic_war_actions Guard: "until the start of your next turn".
    setup = battle_setup(fighter(1, A, plan=BattlePlan(retreat_below=3)), fighter(2, D))
    b = scripted(setup, 20)
    ready(b)
    unit = b.units[1]
    actions.guard(b, unit, b.units[2])
    assert unit.guard_all
    unit.position = Position.FLED  # it takes no action on the next turn
    b._turn(unit)
    assert not unit.guard_all and b.armor_class(unit, b.units[2]) == 16


def test_defensive_tactics_helps_guard():
    # reference tactics Defensive Tactics: "+1 status to Maneuver checks to Guard (+2 at level 9, +3
    # at 17)".
    b = scripted(duel(army(level=3, tactics=("defensive_tactics",))), 10)
    ready(b)
    actions.guard(b, b.units[1], b.units[2])
    assert b.events[-1].check.modifier == 6 + 1


# -- Rally -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("face", "degree", "shaken"), [
    (20, CS, 0), (12, S, 1), (11, F, 2), (2, CF, 3),
])
def test_rally_degrees(face, degree, shaken):
    # reference basic_war_actions Rally: "Morale vs the Morale DC of an enemy army you choose";
    # "critical_success: Routed ends (if routed); shaken -2"; "success: Shaken -1"; "failure: ...
    # no change"; "critical_failure: Shaken +1".
    b = scripted(duel(army(conditions=(cs(Condition.SHAKEN, 2),))), face)
    ready(b)
    unit = b.units[1]
    actions.rally(b, unit)
    event = only(b.events, "rally")
    assert (event.check.modifier, event.check.dc, event.check.degree) == (10 - 2, 20, degree)
    assert unit.value(Condition.SHAKEN) == shaken
    assert unit.actions == 1


def test_rally_critical_success_ends_routed():
    # reference basic_war_actions Rally: "critical_success: Routed ends (if routed); shaken -2".
    b = scripted(duel(army(conditions=(cs(Condition.SHAKEN, 1), cs(Condition.ROUTED)))), 20)
    ready(b)
    unit = b.units[1]
    actions.rally(b, unit)
    assert not unit.routed and not unit.has(Condition.SHAKEN)


def test_rally_rolls_against_the_easiest_enemy():
    # reference basic_war_actions Rally: "Morale vs the Morale DC of an enemy army you choose".
    setup = battle_setup(fighter(1, A), fighter(2, D, army(level=5)), fighter(3, D))
    b = scripted(setup, 10)
    ready(b)
    actions.rally(b, b.units[1])
    assert b.events[-1].check.dc == 20  # level 1 (DC 20), not level 5 (DC 25)


def test_focused_devotion_and_player_characters_help_rally():
    # reference tactics Focused Devotion: "+1 status to Morale checks to Rally"; seed
    # 003_750bd81a16f66abf.txt: "войско получает бонус состояния +1 ко всем проверкам Боевого
    # духа" (two status bonuses: only the larger counts).
    devoted = army(level=3, tactics=("focused_devotion",))
    b = scripted(duel(devoted, attackers=SideSetup(A, pcs_present=True)), 10)
    assert b.statistic(b.units[1], Target.RALLY).total == 12 + 1
    assert b.statistic(b.units[1], Target.MORALE).total == 12 + 1
    plain = scripted(duel(army(level=3)))
    assert plain.statistic(plain.units[1], Target.RALLY).total == 12


# -- Retreat and routed armies -----------------------------------------------------------------------

def test_retreat_from_nearby_goes_distant_then_off_the_field():
    # reference basic_war_actions Retreat: "If already distant, the army leaves the battle and
    # becomes routed; otherwise it becomes distant". seed 003_750bd81a16f66abf.txt: "Войско, которое
    # сбегает с поля боя, снимается с карты."
    b = scripted(duel())
    unit = b.units[1]
    ready(b)
    actions.retreat(b, unit)
    assert unit.position is Position.DISTANT and unit.actions == 0
    assert not unit.routed
    ready(b)
    actions.retreat(b, unit)
    assert unit.position is Position.FLED and unit.fled
    assert unit.routed and not unit.on_field


def test_a_routed_army_must_retreat():
    # seed 003_750bd81a16f66abf.txt: "Обращено в бегство : ... В свой ход войско должно совершить
    # боевое действие Отступление."
    b = scripted(duel(army(conditions=(cs(Condition.ROUTED),))))
    unit = b.units[1]
    b._turn(unit)
    assert codes(b.events) == ["retreat"]
    assert unit.position is Position.DISTANT


def test_an_engaged_routed_army_first_breaks_away():
    # seed 003_750bd81a16f66abf.txt: "В свой ход войско должно совершить боевое действие
    # Отступление"; reference Retreat requirements: "Not engaged" — so it Disengages first.
    b = scripted(duel(army(conditions=(cs(Condition.ROUTED),))), 10)
    engage(b, 1, 2)
    unit = b.units[1]
    b._turn(unit)
    assert codes(b.events) == ["disengage"]
    assert not unit.engaged and unit.position is Position.NEARBY


def test_a_routed_army_takes_minus_two_to_morale():
    # seed 003_750bd81a16f66abf.txt: "Пока войско обращено в бегство, оно получает ситуативный штраф
    # -2 к проверкам Боевого духа."
    b = scripted(duel(army(conditions=(cs(Condition.ROUTED),))))
    assert b.statistic(b.units[1], Target.MORALE).total == 10 - 2


# -- Counterattack -----------------------------------------------------------------------------------

def counter_setup(*faces, covered=False):
    flexible = army(level=5, tactics=("flexible_tactics",), name="Flexible")
    setup = battle_setup(fighter(1, A), fighter(2, D, flexible), fighter(3, D))
    b = scripted(setup, *faces)
    engage(b, 1, 2)
    ready(b)
    b.units[2].attack_targets = [1, 1]  # its own Strikes this round do not matter
    if covered:
        b.units[2].no_reactions_until = 1
    return b


def test_a_maneuver_by_an_engaged_army_provokes_a_counterattack():
    # seed 003_750bd81a16f66abf.txt: "Если войско вовлечено в бой и совершает боевое действие с
    # дескриптором «манёвр», прекращающее это состояние, оно провоцирует ответные действия вражеских
    # войск, с которыми вовлечено в бой." reference tactical_war_actions Counterattack: "Melee Strike
    # vs the triggering army's AC; ignores and does not add to multiple attack penalty";
    # "success: 1 damage".
    b = counter_setup(5, 10)
    unit = b.units[1]
    actions.disengage(b, unit)
    counter = only(b.events, "counterattack")
    assert (counter.check.modifier, counter.check.dc, counter.check.degree) == (15, 16, S)
    assert counter.damage == 1 and unit.hp == 3
    assert b.units[2].attack_targets == [1, 1]
    assert b.units[2].reaction_used
    assert codes(b.events) == ["counterattack", "disengage"]


def test_counterattack_critical_success_shakes():
    # reference tactical_war_actions Counterattack: "critical_success: 1 damage and target's shaken
    # +1".
    b = counter_setup(20, 10)
    unit = b.units[1]
    actions.guard(b, unit, b.units[3])
    assert only(b.events, "counterattack").damage == 1
    assert unit.hp == 3 and unit.value(Condition.SHAKEN) == 1


def test_one_counterattack_per_round_and_none_after_covering_fire():
    # reference tactical_war_actions Counterattack: "action_cost: reaction"; Covering Fire:
    # "target cannot react to maneuver war actions until the start of your next turn".
    b = counter_setup(1, 10, 10)
    unit = b.units[1]
    actions.guard(b, unit, b.units[3])
    actions.guard(b, unit, b.units[3])
    assert codes(b.events).count("counterattack") == 1
    covered = counter_setup(10, covered=True)
    actions.guard(covered, covered.units[1], covered.units[3])
    assert "counterattack" not in codes(covered.events)


def test_a_strike_provokes_no_counterattack():
    # reference tactical_war_actions Counterattack: "Trigger: an army engaged with yours attempts a
    # maneuver war action".
    b = counter_setup(10)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    assert codes(b.events) == ["battle"]


def test_a_counterattack_can_defeat_the_maneuvering_army():
    # seed 003_750bd81a16f66abf.txt: "Разгромленное войско не может совершать боевые действия."
    b = counter_setup(20)
    b.units[1].hp = 1
    actions.disengage(b, b.units[1])
    assert codes(b.events) == ["counterattack", "defeated"]
    assert b.units[1].defeated and not b.units[1].engaged


# -- Taunt, Covering Fire, All-Out Assault, Outflank, Trample and the rest ------------------------------

@pytest.mark.parametrize(("face", "degree", "shaken"), [(18, CS, 2), (8, S, 1), (7, F, 0)])
def test_taunt_shakes_until_the_taunters_next_turn(face, degree, shaken):
    # reference tactical_war_actions Taunt: "Morale vs target army's Morale DC"; "critical_success:
    # Target shaken 2 until the start of your next turn"; "success: Target shaken 1 until the start
    # of your next turn".
    taunter = army(level=3, tactics=("focused_devotion",))
    b = scripted(duel(taunter), face)
    ready(b)
    unit, target = b.units[1], b.units[2]
    WAR_ACTIONS["taunt"](b, unit, target)
    event = only(b.events, "taunt")
    assert (event.check.modifier, event.check.dc, event.check.degree) == (12, 20, degree)
    assert target.value(Condition.SHAKEN) == shaken
    assert Condition.SHAKEN not in target.lasting
    b._expire(unit, "start")
    assert not target.has(Condition.SHAKEN)


def test_taunt_critical_failure_steadies_the_target():
    # reference tactical_war_actions Taunt: "critical_failure: Target's shaken -1".
    taunter = army(level=3, tactics=("focused_devotion",))
    b = scripted(duel(taunter, army(conditions=(cs(Condition.SHAKEN, 2),))), 1)
    ready(b)
    WAR_ACTIONS["taunt"](b, b.units[1], b.units[2])
    assert b.events[-1].check.degree is CF
    assert b.units[2].value(Condition.SHAKEN) == 1


def sharpshooters():
    return army(level=5, tactics=("sharpshooter",), gear=(BOW,), name="Sharpshooters")


@pytest.mark.parametrize(("face", "degree", "damage", "covered"), [
    (16, CS, 2, True), (6, S, 1, True), (2, F, 1, False), (1, CF, 0, False),
])
def test_covering_fire(face, degree, damage, covered):
    # reference tactical_war_actions Covering Fire: "critical_success: 2 damage; target cannot react
    # to maneuver war actions until the start of your next turn"; "success: 1 damage; same
    # no-reaction effect"; "failure: 1 damage but no covering effect"; "critical_failure: Nothing
    # happens". Sharpshooter: "+1 status to ranged Strikes".
    b = scripted(duel(sharpshooters(), army(level=5)), face)
    ready(b)
    unit, target = b.units[1], b.units[2]
    WAR_ACTIONS["covering_fire"](b, unit, target)
    event = only(b.events, "covering_fire")
    assert (event.check.modifier, event.check.dc, event.check.degree) == (16, 22, degree)
    assert target.hp == 4 - damage
    assert (target.no_reactions_until == 1) is covered
    assert unit.ammunition == 4 and unit.actions == 1
    b._expire(unit, "start")
    assert target.no_reactions_until is None


def assault(face, *more, defender=None):
    merciless = army(level=5, tactics=("merciless",), name="Merciless")
    setup = battle_setup(fighter(1, A, merciless), fighter(2, D, defender or army(level=5)),
                         fighter(3, D, army(level=5)))
    b = scripted(setup, face, *more)
    engage(b, 1, 2)
    engage(b, 1, 3)
    return ready(b)


@pytest.mark.parametrize(("face", "degree", "damage"), [(17, CS, 3), (7, S, 2), (2, F, 1), (1, CF, 0)])
def test_all_out_assault(face, degree, damage):
    # reference tactical_war_actions All-Out Assault: "critical_success: 3 damage"; "success: 2
    # damage"; "failure: 1 damage"; "critical_failure: No damage; your army is outflanked until the
    # start of its next turn".
    b = assault(face)
    unit, target = b.units[1], b.units[2]
    WAR_ACTIONS["all_out_assault"](b, unit, target)
    event = only(b.events, "all_out_assault")
    assert (event.check.modifier, event.check.dc, event.check.degree) == (15, 22, degree)
    assert target.hp == 4 - damage
    assert unit.has(Condition.OUTFLANKED) is (degree is CF)
    assert unit.actions == 1


def test_all_out_assault_critical_success_helps_the_next_attack_on_another_army():
    # reference tactical_war_actions All-Out Assault: "critical_success: 3 damage; +1 circumstance to
    # your next attack war action this turn if it targets a different army".
    b = assault(17, 1)
    unit = b.units[1]
    WAR_ACTIONS["all_out_assault"](b, unit, b.units[2])
    assert [m.value for m in b.strike_modifiers(unit, b.units[2], WeaponKind.MELEE)
            if m.source == "all_out_assault"] == []
    actions.battle(b, unit, b.units[3], WeaponKind.MELEE)
    assert b.events[-1].check.modifier == 15 - 5 + 1
    assert "all_out_assault" not in {m.source for m in b.strike_modifiers(unit, b.units[3],
                                                                           WeaponKind.MELEE)}


def test_brutal_assault_shakes_whoever_it_damages():
    # reference tactics Brutal Assault: "an army it damages that way must pass a DC 24 Morale check
    # or become shaken 1 (shaken 2 on a critical failure)".
    from rules.kingmaker.templates import find_template

    troll = find_template("Troll Marauders")
    b = scripted(duel(army(troll, tactics=troll.tactics), army(level=5)), 10, 8)
    engage(b, 1, 2)
    ready(b)
    WAR_ACTIONS["all_out_assault"](b, b.units[1], b.units[2])
    assert b.units[2].hp == 2
    assert b.dice.log[-1].purpose.startswith("Brutal Assault")
    assert b.units[2].value(Condition.SHAKEN) == 1  # 8 + 15 = 23 < 24


def flankers(level=5):
    return army(SKIRMISHERS, level, tactics=("reckless_flankers",), name="Flankers")


@pytest.mark.parametrize(("face", "degree"), [(20, CS), (10, S), (9, F), (1, CF)])
def test_outflank(face, degree):
    # reference tactical_war_actions Outflank: "Maneuver vs target's Maneuver DC";
    # "critical_success: Target outflanked until the start of your next turn; you choose whether to
    # become engaged"; "success: Target outflanked until the start of your next turn; you become
    # engaged with it"; "critical_failure: Your army outflanked until the start of your next turn".
    b = scripted(duel(flankers(), army(SKIRMISHERS)), face)
    ready(b)
    unit, target = b.units[1], b.units[2]
    WAR_ACTIONS["outflank"](b, unit, target)
    event = only(b.events, "outflank")
    assert (event.check.modifier, event.check.dc, event.check.degree) == (17, 27, degree)
    hit = degree >= S
    assert target.has(Condition.OUTFLANKED) is hit
    assert b.armor_class(target, unit) == 20 - (2 if hit else 0)
    assert (unit.engaged == {2}) is hit
    assert unit.has(Condition.OUTFLANKED) is (degree is CF)
    b._expire(unit, "start")
    assert not target.has(Condition.OUTFLANKED) and not unit.has(Condition.OUTFLANKED)


def test_reckless_flankers_trade_armor_for_attacks_after_advancing():
    # reference tactics Reckless Flankers: "After engaging with a successful Advance it may trade -2
    # circumstance AC for +1 circumstance to attacks until no longer engaged".
    b = scripted(duel(flankers()), 10)
    ready(b)
    unit, target = b.units[1], b.units[2]
    actions.advance(b, unit, target)
    assert unit.reckless
    assert b.armor_class(unit, target) == 20 - 2
    assert ("reckless_flankers", 1) in {(m.source, m.value) for m in
                                        b.strike_modifiers(unit, target, WeaponKind.MELEE)}
    b.disengage(unit, target)
    assert not unit.reckless and b.armor_class(unit, target) == 20


@pytest.mark.parametrize(("face", "damage"), [(10, 2), (1, 1)])
def test_trample_strikes_at_plus_twenty_and_breaks_away(face, damage):
    # reference tactics Trample: "Against an engaged enemy: melee Strike at +20 vs AC; hit = 1 damage
    # (crit 2) and it automatically disengages from that army". Overrun: "+1 status to weapon
    # attacks vs infantry and skirmishers".
    b = scripted(duel(army(NOMEN, tactics=NOMEN.tactics)), face)
    engage(b, 1, 2)
    ready(b)
    unit, target = b.units[1], b.units[2]
    WAR_ACTIONS["trample"](b, unit, target)
    event = only(b.events, "trample")
    assert event.check.modifier == 20 + 20 + 1
    assert event.damage == damage and target.hp == 4 - damage
    assert not unit.engaged and not target.engaged
    assert unit.actions == 0


def test_feint_critical_failure_lasts_to_the_end_of_the_next_turn():
    # reference tactical_war_actions Feint: "critical_failure: You are outflanked by the target until
    # the end of your next turn".
    flexible = army(level=5, tactics=("flexible_tactics",))
    b = scripted(duel(flexible, army(level=5)), 1)
    engage(b, 1, 2)
    ready(b)
    unit = b.units[1]
    WAR_ACTIONS["feint"](b, unit, b.units[2])
    assert b.events[-1].check.degree is CF
    b._expire(unit, "end")   # the end of this turn
    assert unit.has(Condition.OUTFLANKED)
    b._expire(unit, "start")
    assert unit.has(Condition.OUTFLANKED)
    b._expire(unit, "end")   # the end of its next turn
    assert not unit.has(Condition.OUTFLANKED)


def test_feint_success_exposes_the_target_to_the_next_melee_strike():
    # reference tactical_war_actions Feint: "success: Target counts as outflanked for your next
    # melee Strike against it this turn"; "critical_success: Target outflanked until the end of
    # your turn". Outflanked: "-2 circumstance penalty to AC".
    flexible = army(level=5, tactics=("flexible_tactics",))
    b = scripted(duel(flexible, army(level=5)), 10, 1, 17)
    engage(b, 1, 2)
    ready(b)
    unit, target = b.units[1], b.units[2]
    WAR_ACTIONS["feint"](b, unit, target)
    assert b.armor_class(target, unit) == 22 - 2
    actions.battle(b, unit, target, WeaponKind.MELEE)
    assert b.events[-1].check.dc == 20
    assert b.armor_class(target, unit) == 22
    WAR_ACTIONS["feint"](b, unit, target)  # third attack: 17 + 15 - 10 = 22 against AC 22
    assert b.events[-1].check.degree is S
    assert unit.key in target.feinted_by


def test_false_retreat_success_lasts_until_the_targets_next_turn():
    # reference tactical_war_actions False Retreat: "Trigger: your army succeeds at a Morale check";
    # "success: Target outflanked until the start of its next turn"; "critical_success: Target
    # outflanked and unable to react until the start of your next turn".
    flexible = army(level=5, tactics=("flexible_tactics",))
    b = scripted(duel(flexible), 5, 15)
    engage(b, 1, 2)
    ready(b)
    unit, target = b.units[1], b.units[2]
    false_retreat(b, unit)
    assert b.events[-1].check.degree is S  # 5 + 15 against DC 20
    b._expire(unit, "start")
    assert target.has(Condition.OUTFLANKED)
    b._expire(target, "start")
    assert not target.has(Condition.OUTFLANKED)
    unit.reaction_used = False
    false_retreat(b, unit)
    assert b.events[-1].check.degree is CS
    assert target.no_reactions_until == 1
    b._expire(unit, "start")
    assert not target.has(Condition.OUTFLANKED) and target.no_reactions_until is None


@pytest.mark.parametrize(("face", "healed", "weary"), [(20, 2, 0), (11, 1, 0), (10, 0, 0), (1, 0, 1)])
def test_battlefield_medicine(face, healed, weary):
    # reference tactical_war_actions Battlefield Medicine: "Scouting check, DC 25";
    # "critical_success: Allied army regains 2 HP"; "success: Allied army regains 1 HP";
    # "critical_failure: No healing; that army's weary +1"; "After any attempt the target is immune
    # to Battlefield Medicine for the rest of the encounter".
    medics = army(level=6, tactics=("field_triage",), name="Medics")
    setup = battle_setup(fighter(1, A, medics), fighter(2, A, army(level=6, hp=1)), fighter(3, D))
    b = scripted(setup, face)
    ready(b)
    ally = b.units[2]
    WAR_ACTIONS["battlefield_medicine"](b, b.units[1], ally)
    event = only(b.events, "battlefield_medicine")
    assert (event.check.modifier, event.check.dc) == (14, 25)
    assert ally.hp == 1 + healed
    assert ally.value(Condition.WEARY) == weary
    assert ally.treated


def test_dirty_fighting_wearies_an_outflanked_target():
    # reference tactical_war_actions Dirty Fighting: "success: Target weary 1 until the start of your
    # next turn"; "critical_success: Target weary 2 until the start of your next turn".
    flexible = army(SKIRMISHERS, tactics=("flexible_tactics",))
    b = scripted(duel(flexible, army(level=5, conditions=(cs(Condition.OUTFLANKED),))), 10)
    engage(b, 1, 2)
    ready(b)
    unit, target = b.units[1], b.units[2]
    WAR_ACTIONS["dirty_fighting"](b, unit, target)
    assert b.events[-1].check.degree is S  # 15 + 10 against AC 22 - 2
    assert target.value(Condition.WEARY) == 1
    b._expire(unit, "start")
    assert not target.has(Condition.WEARY)


# -- Shaken, routed, defeated, destroyed -----------------------------------------------------------------

@pytest.mark.parametrize(("flat", "shaken"), [(10, 2), (11, 1)])
def test_a_shaken_army_hit_makes_a_dc_11_flat_check(flat, shaken):
    # seed 003_750bd81a16f66abf.txt: "При получении урона потрясённое войско должно пройти чистую
    # проверку со СЛ 11. При провале потрясение увеличится на 1."
    b = melee_duel(None, army(conditions=(cs(Condition.SHAKEN, 1),)), 10, flat)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    target = b.units[2]
    assert target.hp == 3
    assert target.value(Condition.SHAKEN) == shaken
    flat_roll = b.dice.log[-1]
    assert (flat_roll.expression, flat_roll.natural) == ("1d20", flat)


def test_an_unshaken_army_makes_no_flat_check():
    # seed 003_750bd81a16f66abf.txt: "При получении урона потрясённое войско должно пройти чистую
    # проверку" (only a shaken one).
    b = melee_duel(None, None, 10)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    assert len(b.dice.log) == 1 and b.dice.left == []


def test_shaken_4_routs():
    # seed 003_750bd81a16f66abf.txt: "Когда потрясение войска достигнет 4, оно обращено в бегство."
    b = melee_duel(None, army(conditions=(cs(Condition.SHAKEN, 3),)), 10, 1)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    target = b.units[2]
    assert target.value(Condition.SHAKEN) == 4
    assert target.routed and Condition.ROUTED in target.lasting
    assert codes(b.events) == ["battle", "routed"]


def test_accustomed_to_panic_sheds_weariness_instead_of_shaking():
    # reference tactics Accustomed to Panic: "Trigger: its shaken value would rise while not routed.
    # Instead weary drops by 1".
    from battle_support import SOOTSCALE

    kobolds = army(SOOTSCALE, tactics=SOOTSCALE.tactics,
                   conditions=(cs(Condition.SHAKEN, 1), cs(Condition.WEARY, 2)))
    b = melee_duel(army(level=3), kobolds, 10, 1)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    target = b.units[2]
    assert target.value(Condition.SHAKEN) == 1 and target.value(Condition.WEARY) == 1
    assert "accustomed_to_panic" in codes(b.events)


def test_an_army_at_0_hp_is_defeated_and_leaves_the_melee():
    # seed 003_750bd81a16f66abf.txt: "Разгромлено : когда ПЗ войска уменьшаются до 0, войско
    # разгромлено. Разгромленное войско не может совершать боевые действия." "ПЗ войска нельзя
    # опустить ниже 0."
    b = melee_duel(None, army(hp=1), 17)
    actions.battle(b, b.units[1], b.units[2], WeaponKind.MELEE)
    target = b.units[2]
    assert target.hp == 0  # a critical hit's 2 damage stops at 0
    assert target.defeated and Condition.DEFEATED in target.lasting
    assert not target.engaged and not b.units[1].engaged
    assert not target.on_field
    assert codes(b.events) == ["battle", "defeated"]
    ready(b, 2)
    b._turn(target)
    assert codes(b.events) == ["battle", "defeated"]  # no war actions


@pytest.mark.parametrize(("flat", "destroyed"), [(15, True), (16, False)])
def test_a_defeated_army_damaged_again_makes_a_dc_16_flat_check(flat, destroyed):
    # reference army_conditions Defeated: "if damaged while defeated, DC 16 flat check or destroyed";
    # reference degree_of_success_rules Flat checks in warfare: "defeated army taking damage: DC 16
    # (else destroyed)".
    b = scripted(duel(None, army(hp=0, conditions=(cs(Condition.DEFEATED),))), flat)
    target = b.units[2]
    b.hurt(target, 1, b.units[1])
    assert target.destroyed is destroyed
    assert target.hp == 0
    assert b.dice.log[-1].natural == flat
    assert ("destroyed" in codes(b.events)) is destroyed


def test_regeneration_keeps_trolls_from_being_destroyed():
    # reference tactics Regeneration: "Regains 1 HP at the start of its turn and cannot be destroyed
    # normally while it has this".
    from rules.kingmaker.templates import find_template

    troll = find_template("Troll Marauders")
    trolls = army(troll, tactics=troll.tactics, hp=0, conditions=(cs(Condition.DEFEATED),))
    b = scripted(duel(None, trolls))
    b.hurt(b.units[2], 2, b.units[1])
    assert not b.units[2].destroyed and b.dice.log == []
    b.heal(b.units[2], 1)
    assert not b.units[2].defeated and b.units[2].hp == 1


def test_unit_constants_follow_the_seed():
    # seed 003_750bd81a16f66abf.txt: "Каждое войско может предпринять в свой ход до трёх действий";
    # "Одно войско может быть вовлечено в бой с четырьмя или менее другими."
    from rules.kingmaker.battle.units import ACTIONS_PER_TURN, MAX_ENGAGED

    assert (ACTIONS_PER_TURN, MAX_ENGAGED) == (3, 4)
    assert actions.COSTS["advance"] == actions.COSTS["battle"] == actions.COSTS["guard"] == 1
    assert actions.COSTS["disengage"] == actions.COSTS["rally"] == 2
    assert actions.COSTS["retreat"] == 3
    assert INFANTRY.hp == 4


def test_hurl_nets_mire_instead_of_damaging_and_the_victim_cuts_them():
    # reference tactics Hurl Nets: "A net Strike that hits deals no damage but adds mired 1 (mired 2
    # on a crit); the victim can use Battle vs the Scouts' Maneuver DC to shed net-mired (-1, -2 on
    # crit; +1 on crit fail); cannot target distant armies".
    from battle_support import A, D

    from rules.kingmaker.templates import find_template

    template = find_template("Tok-Nikrat Scouts")
    tok = army(template, tactics=template.tactics)
    b = scripted(battle_setup(fighter(1, A, tok), fighter(2, D, army(INFANTRY, 10))), 20, 20)
    ready(b)
    netter, victim = b.units[1], b.units[2]
    hp = victim.hp
    actions.battle(b, netter, victim, WeaponKind.RANGED)
    assert victim.hp == hp and victim.value(Condition.MIRED) == 2
    actions.cut_nets(b, victim, netter)
    assert victim.value(Condition.MIRED) == 0 and not victim.netted_by
    place(b, 2, Position.DISTANT)
    assert victim not in tactician.shooting_targets(b, netter)
