"""Resolving a kingdom turn for the armies: start of turn, Upkeep, the leadership step, the army
activities in the players' order with their four degrees of success, an efficient army's second
activity, idle armies recovering, and kingdom level-ups (seed 003; reference army_activities,
kingdom_links).

Degrees are forced deterministically: a seed is searched whose d20 comes up as a known natural, and
the kingdom skill is set so that the total lands on the wanted degree (`skill_for`).
"""
from dataclasses import replace

import pytest
from battle_support import d20, seed_where
from turn_support import CAVALRY, INFANTRY, army, cs, kingdom

from rules.degrees import Degree
from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.activities import (
    Affliction,
    Approach,
    Border,
    DeployArmy,
    DisbandArmy,
    ForeignArmy,
    GarrisonArmy,
    Garrisoned,
    OffensiveGambit,
    Order,
    OutfitArmy,
    RecoverArmy,
    RecruitArmy,
    Site,
    Territory,
    TrainArmy,
    WarfareExercises,
)
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.conditions import Condition, as_mapping
from rules.kingmaker.gear import GearItem, GearKind, Tier
from rules.kingmaker.templates import find_template
from rules.kingmaker.turn import XP_PER_LEVEL, KingdomTurnInput, resolve_turn
from rules.modifiers import ModifierKind

SOOTSCALE = find_template("Sootscale Warriors")

CS, S, F, CF = (Degree.CRITICAL_SUCCESS, Degree.SUCCESS, Degree.FAILURE, Degree.CRITICAL_FAILURE)
ARMOR = GearItem(GearKind.MAGIC_ARMOR, Tier.BASIC)
POTIONS = GearItem(GearKind.HEALING_POTIONS, doses=1)
CONTROL_DC = 15  # kingdom level 1, size 1: standard DC 15 + 0


NAT10 = seed_where(d20(10))
NAT10_TWICE = seed_where(d20(10), d20(10))
NAT10_THRICE = seed_where(d20(10), d20(10), d20(10))


def skill_for(degree, dc=CONTROL_DC, natural=10, other=0):
    """The kingdom skill modifier that makes d20 `natural` + skill + `other` land on `degree`."""
    total = {CS: dc + 10, S: dc, F: dc - 1, CF: dc - 10}[degree]
    return total - natural - other




def order(kind, params, army_key=1, key=1, second=False):
    return Order(key=key, kind=kind, params=params, army=army_key, second=second)


def resolve(*orders, armies=None, seed=NAT10, number=1, foreign=(), fought=frozenset(), ruin_choice="",
            **kingdom_changes):
    turn = KingdomTurnInput(number=number, kingdom=kingdom(**kingdom_changes),
                            armies=tuple(armies if armies is not None else (army(),)),
                            orders=tuple(orders), foreign_armies=tuple(foreign), fought=fought,
                            ruin_choice=ruin_choice)
    return resolve_turn(turn, seed)


def only(outcome, key=1):
    return next(a for a in outcome.armies if a.key == key)


def conditions_of(outcome, key=1):
    return as_mapping(only(outcome, key).state.conditions)


def event_codes(result):
    return [e.code for e in result.events]


def modifier_sources(detail):
    return {m.source: m.value for m in detail.modifiers}


# --- Leadership: Recruit Army -----------------------------------------------------------------

def recruit(degree, template=INFANTRY, **extra):
    params = RecruitArmy(template, "Second Foot", "C4", ("keen_eyed",), **extra)
    skill = "statecraft" if template.special else "warfare"
    level = max(template.level, 1)
    dc = stat_block(ArmyState(template, level)).recruitment_dc
    return resolve(order(K.RECRUIT_ARMY, params, None, key=5), level=level,
                   skills={skill: skill_for(degree, dc)})


@pytest.mark.parametrize("degree", [CS, S])
def test_recruit_army_success_adds_an_army(degree):
    # reference army_activities Recruit Army: "critical_success: Army joins and starts efficient";
    # "success: Army joins"; seed 003_750bd81a16f66abf.txt: "При рекрутировании войска его уровень
    # становится равен уровню вашего королевства."
    outcome = recruit(degree)
    (result,) = outcome.activities
    assert result.status == "resolved"
    assert result.check.degree is degree
    assert result.check.skill == "warfare"
    (recruited,) = outcome.recruited
    assert recruited.order == 5
    new = recruited.army
    assert new.key == -5
    assert (new.state.name, new.state.hex, new.state.level, new.state.tactics) == (
        "Second Foot", "C4", 1, ("keen_eyed",))
    assert new.active
    assert ("efficient" in event_codes(result)) is (degree is CS)
    assert "recruited" in event_codes(result)


def test_an_army_recruited_efficient_loses_it_at_the_end_of_the_turn():
    # seed 003_750bd81a16f66abf.txt: "Если войско не воспользуется такой возможностью, то всё равно
    # утратит состояние эффективности"; a new army takes no army activity the turn it joins.
    outcome = recruit(CS)
    assert "efficient" in event_codes(outcome.activities[0])
    assert not outcome.recruited[0].army.has(Condition.EFFICIENT)


def test_recruit_army_failure_adds_nothing():
    # reference army_activities Recruit Army: "failure: No army joins"
    outcome = recruit(F)
    assert outcome.activities[0].check.degree is F
    assert outcome.recruited == ()
    assert event_codes(outcome.activities[0]) == ["no_recruits"]
    assert outcome.kingdom.unrest == 0


def test_recruit_army_critical_failure_offends_the_recruits():
    # reference army_activities Recruit Army: "critical_failure: Recruits are offended: +1 Unrest and
    # no further recruiting until next Kingdom turn"
    first = order(K.RECRUIT_ARMY, RecruitArmy(INFANTRY, "Second Foot", "C4", ("keen_eyed",)), None, 1)
    again = order(K.RECRUIT_ARMY, RecruitArmy(INFANTRY, "Third Foot", "C4", ("keen_eyed",)), None, 2)
    outcome = resolve(first, again, skills={"warfare": skill_for(CF)}, unrest=2)
    assert [r.status for r in outcome.activities] == ["resolved", "rejected"]
    assert outcome.activities[0].check.degree is CF
    assert [v.code for v in outcome.activities[1].violations] == ["recruiting_blocked"]
    assert outcome.recruited == ()
    assert outcome.kingdom.unrest == 3
    # One check only: the rejected order rolls nothing.
    assert len(outcome.rolls) == 1


def test_recruit_army_rolls_against_the_recruitment_dc():
    # seed 003_750bd81a16f66abf.txt: "СЛ рекрутирования: здесь указывается СЛ рекрутирования войска
    # (как правило, СЛ равна стандартной СЛ для уровня войска)"; at level 5 the standard DC is 20.
    params = RecruitArmy(INFANTRY, "Second Foot", "C4", ("keen_eyed",))
    outcome = resolve(order(K.RECRUIT_ARMY, params, None), level=5, skills={"warfare": 3})
    detail = outcome.activities[0].check
    assert detail.dc == 20
    assert detail.dc_parts == (("recruitment DC", 20),)
    assert detail.modifier == 3
    assert detail.roll.total == 13
    assert detail.degree is F
    assert outcome.recruited == ()


def test_recruit_a_special_army_with_statecraft():
    # seed 003_750bd81a16f66abf.txt: "после чего вы можете совершить Рекрутирование войска с помощью
    # проверки Управления"; reference Recruit Army: "Statecraft vs the Recruitment DC for a
    # specialized army"
    params = RecruitArmy(SOOTSCALE, "Kobold Spears", "q9", faction="Sootscale kobolds")
    outcome = resolve(order(K.RECRUIT_ARMY, params, None), level=3,
                      skills={"statecraft": skill_for(S, 20)})
    detail = outcome.activities[0].check
    assert (detail.skill, detail.dc, detail.degree) == ("statecraft", 20, S)
    new = outcome.recruited[0].army
    assert new.faction == "Sootscale kobolds"
    assert new.state.tactics == SOOTSCALE.tactics
    assert new.state.hex == "Q9"


def test_a_recruited_army_is_not_fed_this_turn_and_takes_no_order():
    # seed 003_750bd81a16f66abf.txt: "Вам не нужно сразу расходовать товары на новое войско это
    # откладывается до фазы содержания следующего хода вашего королевства."
    params = RecruitArmy(INFANTRY, "Second Foot", "C4", ("keen_eyed",))
    outcome = resolve(order(K.RECRUIT_ARMY, params, None), skills={"warfare": 40}, food=1)
    assert outcome.upkeep.consumption == 1
    assert outcome.kingdom.food == 0
    assert outcome.upkeep.paid
    assert len(outcome.recruited) == 1
    # The new army is reported in `recruited`, not among the kingdom's existing armies.
    assert [a.key for a in outcome.armies] == [1]


def test_two_recruits_cannot_share_a_name():
    # seed 003_750bd81a16f66abf.txt: "Дайте своему войску уникальное название"
    first = order(K.RECRUIT_ARMY, RecruitArmy(INFANTRY, "Second Foot", "C4", ("keen_eyed",)), None, 1)
    again = order(K.RECRUIT_ARMY, RecruitArmy(INFANTRY, "second foot", "C4", ("keen_eyed",)), None, 2)
    outcome = resolve(first, again, skills={"warfare": 40})
    assert [r.status for r in outcome.activities] == ["resolved", "rejected"]
    assert [v.code for v in outcome.activities[1].violations] == ["name_taken"]


# --- Leadership: Warfare Exercises ------------------------------------------------------------

def exercises_then(degree, *army_orders, level=1, armies=None, train_skill=0, seed=NAT10_THRICE):
    dc = kingdom(level=level).control_dc
    return resolve(order(K.WARFARE_EXERCISES, WarfareExercises(), None, key=9), *army_orders,
                   armies=armies, level=level, warfare_exercises_unlocked=True, seed=seed,
                   skills={"warfare": skill_for(degree, dc), "scholarship": train_skill})


def train_order(army_key=1, key=1, tactic="keen_eyed", **extra):
    return order(K.TRAIN_ARMY, TrainArmy(tactic, skill="scholarship", **extra), army_key, key)


def test_warfare_exercises_critical_success_helps_every_army_activity():
    # reference army_activities Warfare Exercises: "critical_success: All Army activities this turn
    # +1 circumstance (+2 at kingdom level 9, +3 at 15)"
    armies = (army(1, level=4), army(2, level=4))
    outcome = exercises_then(CS, train_order(1, 1), train_order(2, 2), armies=armies, level=4)
    exercises, first, second = outcome.activities
    assert exercises.kind is K.WARFARE_EXERCISES
    assert exercises.check.degree is CS
    assert modifier_sources(first.check) == {"warfare_exercises": 1}
    assert modifier_sources(second.check) == {"warfare_exercises": 1}
    assert first.check.modifier == second.check.modifier == 1


def test_warfare_exercises_success_helps_the_first_army_activity_only():
    # reference army_activities Warfare Exercises: "success: First Army activity this turn gets the
    # +1/+2/+3 circumstance bonus"
    armies = (army(1, level=4), army(2, level=4))
    outcome = exercises_then(S, train_order(1, 1), train_order(2, 2), armies=armies, level=4)
    _exercises, first, second = outcome.activities
    assert modifier_sources(first.check) == {"warfare_exercises": 1}
    assert modifier_sources(second.check) == {}


def test_warfare_exercises_failure_does_nothing():
    # reference army_activities Warfare Exercises: "failure: No effect"
    outcome = exercises_then(F, train_order(1, 1), armies=(army(level=4),), level=4)
    assert outcome.activities[0].check.degree is F
    assert modifier_sources(outcome.activities[1].check) == {}
    assert outcome.activities[0].events == ()


@pytest.mark.parametrize(("level", "bonus"), [(8, 1), (9, 2), (14, 2), (15, 3), (20, 3)])
def test_warfare_exercises_bonus_grows_with_kingdom_level(level, bonus):
    # reference army_activities Warfare Exercises: "+1 circumstance (+2 at kingdom level 9, +3 at 15)"
    outcome = exercises_then(S, train_order(1, 1, tactic="toughened_soldiers"),
                             armies=(army(level=level),), level=level)
    assert modifier_sources(outcome.activities[1].check) == {"warfare_exercises": bonus}


def test_warfare_exercises_critical_success_softens_the_next_critical_failure():
    # reference army_activities Warfare Exercises: "the next Army-activity critical failure this turn
    # becomes a failure"
    armies = (army(1, level=4), army(2, level=4))
    outcome = exercises_then(CS, train_order(1, 1), train_order(2, 2), armies=armies, level=4,
                             train_skill=skill_for(CF, dc=19, other=1))
    _exercises, first, second = outcome.activities
    assert first.check.roll.total == 19 - 10  # a critical failure by the dice...
    assert first.check.degree is F  # ...softened once
    assert second.check.roll.total == 19 - 10
    assert event_codes(first) == ["tactic_not_learned"]
    assert second.check.degree is CF
    assert conditions_of(outcome, 2) == {Condition.WEARY: 1}


def test_warfare_exercises_critical_failure_worsens_the_next_failure():
    # reference army_activities Warfare Exercises: "critical_failure: Next Army-activity failure this
    # turn becomes a critical failure"
    armies = (army(1, level=4), army(2, level=4))
    outcome = exercises_then(CF, train_order(1, 1), train_order(2, 2), armies=armies, level=4,
                             train_skill=skill_for(F, dc=19))
    _exercises, first, second = outcome.activities
    assert first.check.degree is CF
    assert event_codes(first) == ["training_tires"]
    assert conditions_of(outcome, 1) == {Condition.WEARY: 1}
    assert second.check.degree is F
    assert conditions_of(outcome, 2) == {}


def test_warfare_exercises_must_be_unlocked():
    # reference army_activities Warfare Exercises: "Leadership activity that pf2e-kingmaker-tools
    # keeps disabled until unlocked"
    outcome = resolve(order(K.WARFARE_EXERCISES, WarfareExercises(), None))
    assert outcome.activities[0].status == "rejected"
    assert [v.code for v in outcome.activities[0].violations] == ["activity_locked"]
    assert outcome.rolls == ()


def test_leadership_goes_before_the_army_activities():
    # seed 003_750bd81a16f66abf.txt: "Все они могут быть предприняты во время этапа войсковых
    # занятий (кроме Рекрутирования войска: это занятие лидерства )"; reference kingdom_links Turn
    # structure: "Recruit Army is done in the Leadership step instead"
    train = train_order(1, 1)
    exercises = order(K.WARFARE_EXERCISES, WarfareExercises(), None, key=2)
    outcome = resolve(train, exercises, armies=(army(level=4),), level=4,
                      warfare_exercises_unlocked=True, seed=NAT10_TWICE,
                      skills={"warfare": skill_for(S, dc=19)})
    assert [r.order for r in outcome.activities] == [2, 1]
    assert modifier_sources(outcome.activities[1].check) == {"warfare_exercises": 1}


# --- Train Army -------------------------------------------------------------------------------

def train(degree, *, level=4, tactics=("hold_the_line",), conditions=(), **params):
    dc = kingdom(level=level).control_dc
    weary = as_mapping(conditions).get(Condition.WEARY, 0)
    return resolve(order(K.TRAIN_ARMY, TrainArmy(params.pop("tactic", "keen_eyed"), **params)),
                   armies=(army(level=level, tactics=tactics, conditions=conditions),), level=level,
                   skills={"warfare": skill_for(degree, dc, other=-weary)})


@pytest.mark.parametrize("degree", [CS, S])
def test_train_army_success_learns_the_tactic(degree):
    # reference army_activities Train Army: "critical_success: Tactic learned; army becomes
    # efficient"; "success: Tactic learned"
    outcome = train(degree)
    (result,) = outcome.activities
    assert result.check.degree is degree
    assert result.check.dc_parts == (("control DC", 19),)
    assert only(outcome).state.tactics == ("hold_the_line", "keen_eyed")
    assert ("efficient" in event_codes(result)) is (degree is CS)


def test_train_army_failure_learns_nothing():
    # reference army_activities Train Army: "failure: Tactic not learned"
    outcome = train(F)
    assert outcome.activities[0].check.degree is F
    assert only(outcome).state.tactics == ("hold_the_line",)
    assert conditions_of(outcome) == {}


def test_train_army_critical_failure_tires_the_army():
    # reference army_activities Train Army: "critical_failure: Not learned and the army tires: weary
    # +1"
    outcome = train(CF)
    assert outcome.activities[0].check.degree is CF
    assert only(outcome).state.tactics == ("hold_the_line",)
    assert conditions_of(outcome) == {Condition.WEARY: 1}


def test_train_army_replaces_a_tactic_at_the_limit():
    # reference army_activities Train Army: "If the army already knows its maximum number of tactics,
    # the new one replaces an existing tactic of your choice"
    outcome = train(S, level=1, replaces="hold_the_line")
    assert only(outcome).state.tactics == ("keen_eyed",)
    failed = train(F, level=1, replaces="hold_the_line")
    assert only(failed).state.tactics == ("hold_the_line",)


def test_train_army_at_the_limit_without_replaces_is_rejected():
    # reference army_activities Train Army: "If the army already knows its maximum number of tactics,
    # the new one replaces an existing tactic of your choice"
    outcome = train(S, level=1)
    assert outcome.activities[0].status == "rejected"
    assert [v.code for v in outcome.activities[0].violations] == ["replaces_required"]
    assert outcome.activities[0].check is None
    assert outcome.rolls == ()


def test_weary_penalises_army_activity_checks():
    # seed 003_750bd81a16f66abf.txt: "Измотанное войско получает ситуативный штраф к КБ, проверкам
    # Манёвра и проверкам войсковых занятий, равный значению состояния."
    outcome = train(S, conditions=[cs(Condition.WEARY, 2)])
    detail = outcome.activities[0].check
    assert modifier_sources(detail) == {"weary": -2}
    assert [m.kind for m in detail.modifiers] == [ModifierKind.CIRCUMSTANCE]
    assert detail.modifier == outcome.kingdom.skill("warfare") - 2
    assert detail.degree is S


def test_mired_and_shaken_do_not_penalise_training():
    # seed 003_750bd81a16f66abf.txt: "Завязшее войско получает ситуативный штраф ко всем боевым
    # действиям с дескриптором «манёвр» и проверкам для Развёртывания войск"
    outcome = train(S, conditions=[cs(Condition.MIRED, 2), cs(Condition.SHAKEN, 2)])
    assert modifier_sources(outcome.activities[0].check) == {}


# --- Outfit Army ------------------------------------------------------------------------------

def outfit(degree, item=ARMOR, *, rp=50, captured=False, gear=(), gear_paid_rp=(), level=5):
    skill = "warfare" if captured else "trade"
    dc = kingdom(level=level).control_dc
    return resolve(order(K.OUTFIT_ARMY, OutfitArmy(item, captured=captured)),
                   armies=(army(level=level, gear=gear, gear_paid_rp=gear_paid_rp),), level=level,
                   resource_points=rp, skills={skill: skill_for(degree, dc)})


@pytest.mark.parametrize("degree", [CS, S])
def test_outfit_army_success_fits_the_gear_and_charges_rp(degree):
    # reference army_activities Outfit Army: "critical_success: Gear fitted; army becomes efficient";
    # "success: Gear fitted immediately"; seed 003_750bd81a16f66abf.txt: "Тип: магическая броня.
    # Уровень: 5. Цена: 25 ПР."
    outcome = outfit(degree)
    (result,) = outcome.activities
    assert result.check.degree is degree
    assert result.check.skill == "trade"
    assert result.cost_rp == 25
    assert outcome.kingdom.resource_points == 25
    fitted = only(outcome)
    assert fitted.state.gear == (ARMOR,)
    assert fitted.gear_paid_rp == (25,)
    assert stat_block(fitted.state).ac == 22 + 1
    assert ("efficient" in event_codes(result)) is (degree is CS)


def test_outfit_army_failure_refunds_the_rp():
    # reference army_activities Outfit Army: "failure: Gear unusable, nothing fitted; RP spent is
    # returned"
    outcome = outfit(F)
    result = outcome.activities[0]
    assert result.check.degree is F
    assert result.cost_rp == 0
    assert outcome.kingdom.resource_points == 50
    assert only(outcome).state.gear == ()
    assert event_codes(result) == ["gear_unusable_refunded"]


def test_outfit_army_critical_failure_loses_the_rp():
    # reference army_activities Outfit Army: "critical_failure: Gear unusable, nothing fitted; RP is
    # not returned"
    outcome = outfit(CF)
    result = outcome.activities[0]
    assert result.check.degree is CF
    assert result.cost_rp == 25
    assert outcome.kingdom.resource_points == 25
    assert only(outcome).state.gear == ()


def test_outfit_army_with_captured_gear_is_free_and_uses_warfare():
    # reference army_activities Outfit Army: "Warfare when handing out gear captured in battle (free)"
    outcome = outfit(S, captured=True, rp=0)
    result = outcome.activities[0]
    assert result.check.skill == "warfare"
    assert result.cost_rp == 0
    assert outcome.kingdom.resource_points == 0
    assert only(outcome).state.gear == (ARMOR,)
    assert only(outcome).gear_paid_rp == (0,)


def test_outfit_army_replacement_is_credited():
    # seed 003_750bd81a16f66abf.txt: "Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    greater = GearItem(GearKind.MAGIC_ARMOR, Tier.GREATER)
    outcome = outfit(S, greater, gear=(ARMOR,), gear_paid_rp=(25,), level=11)
    assert outcome.activities[0].cost_rp == 25
    assert outcome.kingdom.resource_points == 25
    assert only(outcome).state.gear == (greater,)


def test_outfit_army_adds_potion_doses():
    # seed 003_750bd81a16f66abf.txt: "Цена 15 ПР за одну дозу" ... "У войска может быть максимум три
    # дозы зелий исцеления одновременно."
    outcome = outfit(S, GearItem(GearKind.HEALING_POTIONS, doses=2), gear=(POTIONS,),
                     gear_paid_rp=(15,), level=1)
    assert outcome.activities[0].cost_rp == 30
    assert only(outcome).state.gear == (GearItem(GearKind.HEALING_POTIONS, doses=3),)
    assert only(outcome).gear_paid_rp == (45,)


def test_rp_short_at_resolution_rejects_the_order():
    # reference army_activities Outfit Army: "Trade when buying gear (pays the RP price)" -- RP is
    # charged when the turn resolves and never goes below zero.
    armies = (army(1, level=5), army(2, level=5))
    first = order(K.OUTFIT_ARMY, OutfitArmy(ARMOR), 1, 1)
    second = order(K.OUTFIT_ARMY, OutfitArmy(ARMOR), 2, 2)
    outcome = resolve(first, second, armies=armies, level=5, resource_points=40,
                      skills={"trade": skill_for(S, 20)})
    assert [r.status for r in outcome.activities] == ["resolved", "rejected"]
    assert [v.code for v in outcome.activities[1].violations] == ["not_enough_rp"]
    assert outcome.activities[1].violations[0].params == {"cost": 25, "rp": 15}
    assert outcome.kingdom.resource_points == 15
    assert only(outcome, 2).state.gear == ()


def test_a_refunded_outfit_leaves_the_rp_for_the_next_order():
    # reference army_activities Outfit Army: "failure: Gear unusable, nothing fitted; RP spent is
    # returned"
    armies = (army(1, level=5), army(2, level=5))
    first = order(K.OUTFIT_ARMY, OutfitArmy(ARMOR), 1, 1)
    second = order(K.OUTFIT_ARMY, OutfitArmy(ARMOR), 2, 2)
    outcome = resolve(first, second, armies=armies, level=5, resource_points=25,
                      skills={"trade": skill_for(F, 20)}, seed=NAT10_TWICE)
    assert [r.status for r in outcome.activities] == ["resolved", "resolved"]
    assert outcome.kingdom.resource_points == 25


# --- Deploy Army ------------------------------------------------------------------------------

def deploy(degree, params=None, *, conditions=(), other=0, seed=NAT10, dc=CONTROL_DC, **army_extra):
    params = params or DeployArmy("c6")
    return resolve(order(K.DEPLOY_ARMY, params),
                   armies=(army(conditions=conditions, **army_extra),), seed=seed,
                   skills={params.skill: skill_for(degree, dc, other=other)})


@pytest.mark.parametrize("degree", [CS, S])
def test_deploy_army_success_arrives(degree):
    # reference army_activities Deploy Army: "critical_success: Arrives early; becomes efficient";
    # "success: Arrives"
    outcome = deploy(degree)
    result = outcome.activities[0]
    assert result.check.degree is degree
    assert result.check.skill == "exploration"
    assert only(outcome).state.hex == "C6"
    assert conditions_of(outcome) == {}
    assert ("efficient" in event_codes(result)) is (degree is CS)
    assert len(outcome.rolls) == 1


@pytest.mark.parametrize(("flat", "hp"), [(5, 3), (6, 4)])
def test_deploy_army_failure_arrives_weary_and_may_lose_hp(flat, hp):
    # reference army_activities Deploy Army: "failure: Arrives but weary +1, and DC 6 flat check or
    # lose 1 HP"
    outcome = deploy(F, seed=seed_where(d20(10), d20(flat)))
    result = outcome.activities[0]
    assert result.check.degree is F
    assert only(outcome).state.hex == "C6"
    assert conditions_of(outcome) == {Condition.WEARY: 1}
    assert stat_block(only(outcome).state).hp == hp
    flat_roll = outcome.rolls[1]
    assert flat_roll.natural == flat
    assert flat_roll.expression == "1d20"
    assert "flat check" in flat_roll.purpose


@pytest.mark.parametrize(("flat", "hp"), [(10, 3), (11, 4)])
def test_deploy_army_critical_failure_gets_lost(flat, hp):
    # reference army_activities Deploy Army: "critical_failure: Army becomes lost instead of
    # arriving; +1d4 Unrest; DC 11 flat check or lose 1 HP"; seed 003_750bd81a16f66abf.txt:
    # "Потеряно : при критическом провале Развёртывания войска в новом месте оно может потеряться."
    outcome = deploy(CF, seed=seed_where(d20(10), (4, {3}), d20(flat)))
    assert outcome.activities[0].check.degree is CF
    assert only(outcome).state.hex == "C4"
    assert conditions_of(outcome) == {Condition.LOST: 0}
    unrest, flat_roll = outcome.rolls[1:]
    assert (unrest.expression, unrest.total) == ("1d4", 3)
    assert "Unrest" in unrest.purpose
    assert outcome.kingdom.unrest == 3
    assert flat_roll.natural == flat
    assert stat_block(only(outcome).state).hp == hp


def test_deploy_army_losing_the_last_hp_defeats_the_army():
    # seed 003_750bd81a16f66abf.txt: "Разгромлено : когда ПЗ войска уменьшаются до 0, войско
    # разгромлено."
    outcome = deploy(F, hp=1, seed=seed_where(d20(10), d20(1)))
    assert stat_block(only(outcome).state).hp == 0
    assert conditions_of(outcome) == {Condition.WEARY: 1, Condition.DEFEATED: 0}


def test_a_lost_army_recovers_and_the_gm_places_it():
    # seed 003_750bd81a16f66abf.txt: "После потери состояния ведущий А определяет, где находится
    # войско (обычно это где-то посередине между начальным местом и местом назначения)."
    outcome = resolve(order(K.RECOVER_ARMY, RecoverArmy(Affliction.LOST, "wilderness")),
                      armies=(army(conditions=[cs(Condition.LOST)]),),
                      skills={"wilderness": skill_for(S)})
    assert conditions_of(outcome) == {}
    assert event_codes(outcome.activities[0]) == ["recovered", "gm_places"]


def test_deploy_army_weary_penalty_is_doubled():
    # seed 003_750bd81a16f66abf.txt: "Войско также получает двойной ситуативный штраф к проверкам
    # Развёртывания войска ."
    outcome = deploy(S, conditions=[cs(Condition.WEARY, 2)], other=-4)
    detail = outcome.activities[0].check
    assert modifier_sources(detail) == {"weary": -4}
    assert detail.degree is S


def test_deploy_army_mired_penalty():
    # seed 003_750bd81a16f66abf.txt: "Завязшее войско получает ситуативный штраф ко всем боевым
    # действиям с дескриптором «манёвр» и проверкам для Развёртывания войск , равный значению
    # состояния."
    outcome = deploy(S, conditions=[cs(Condition.MIRED, 3)], other=-3)
    assert modifier_sources(outcome.activities[0].check) == {"mired": -3}


def test_deploy_army_weary_and_mired_circumstance_penalties_do_not_stack():
    # seed 003_750bd81a16f66abf.txt: "ситуативный штраф" for both weary and mired (circumstance
    # penalties: only the worst one counts).
    outcome = deploy(S, conditions=[cs(Condition.WEARY, 1), cs(Condition.MIRED, 3)], other=-3)
    detail = outcome.activities[0].check
    assert modifier_sources(detail) == {"mired": -3}
    assert detail.modifier == outcome.kingdom.skill("exploration") - 3


@pytest.mark.parametrize(("degree", "march", "tired"), [(CS, 1, 0), (S, 1, 1), (F, 2, 2 + 1)])
def test_forced_march(degree, march, tired):
    # reference army_activities Deploy Army: "Forced march: +4 circumstance, but weary +1 (+2 if the
    # check fails)"; "failure: Arrives but weary +1"
    outcome = deploy(degree, DeployArmy("C6", forced_march=True), other=4,
                     seed=seed_where(d20(10), d20(20)))
    result = outcome.activities[0]
    assert modifier_sources(result.check) == {"forced march": 4}
    assert result.check.degree is degree
    (event,) = [e for e in result.events if e.code == "forced_march"]
    assert event.params["value"] == march
    # A critical success makes the army efficient; unused, it takes the march's weary off again.
    assert conditions_of(outcome) == ({Condition.WEARY: tired} if tired else {})
    assert only(outcome).state.hex == "C6"


def test_forced_march_critical_failure_tires_by_two_and_gets_lost():
    # reference army_activities Deploy Army: "Forced march: +4 circumstance, but weary +1 (+2 if the
    # check fails)"; "critical_failure: Army becomes lost instead of arriving"
    outcome = deploy(CF, DeployArmy("C6", forced_march=True), other=4,
                     seed=seed_where(d20(10), (4, {1}), d20(20)))
    assert conditions_of(outcome) == {Condition.LOST: 0, Condition.WEARY: 2}


def test_forced_march_bonus_and_exercises_do_not_stack():
    # reference army_activities Deploy Army: "Forced march: +4 circumstance"; Warfare Exercises: "+1
    # circumstance" -- circumstance bonuses: only the highest counts.
    outcome = resolve(order(K.WARFARE_EXERCISES, WarfareExercises(), None, key=2),
                      order(K.DEPLOY_ARMY, DeployArmy("C6", forced_march=True)),
                      warfare_exercises_unlocked=True, seed=NAT10_TWICE,
                      skills={"warfare": 40, "exploration": 0})
    detail = outcome.activities[1].check
    assert modifier_sources(detail) == {"forced march": 4}  # the modifiers that count
    assert detail.modifier == 4


@pytest.mark.parametrize(("checked", "result"), [(CS, CS), (S, CS), (F, S), (CF, F)])
def test_deploy_army_road_improves_the_result_one_degree(checked, result):
    # reference army_activities Deploy Army: "Exploration: road between start and end improves the
    # result one degree"
    outcome = deploy(checked, DeployArmy("C6", road=True), seed=seed_where(d20(10), d20(20)))
    assert outcome.activities[0].check.degree is result
    assert only(outcome).state.hex == "C6"


@pytest.mark.parametrize(("border", "dc_parts"), [
    (Border.NONE, (("control DC", 15),)),
    (Border.OWN, (("control DC", 15), ("crossing own border", 5))),
    (Border.ENEMY, (("control DC", 15), ("crossing enemy border", 10))),
])
def test_deploy_army_dc_rises_when_crossing_a_border(border, dc_parts):
    # reference army_activities Deploy Army: "Control DC; +5 if crossing your own border, +10 if
    # crossing an enemy kingdom's border"
    dc = sum(v for _label, v in dc_parts)
    outcome = deploy(S, DeployArmy("C6", border=border), dc=dc)
    detail = outcome.activities[0].check
    assert detail.dc_parts == dc_parts
    assert detail.dc == dc
    assert detail.degree is S


def test_control_dc_follows_kingdom_level_and_size():
    # reference header: "Control DC" = the standard DC for the kingdom's level (the army table's
    # "Стандартная СЛ" column) + the kingdom size modifier (size 1-9: +0, 10-24: +1, 25-49: +2, ...)"
    outcome = resolve(order(K.DEPLOY_ARMY, DeployArmy("C6")), level=5, size=30,
                      armies=(army(level=5),))
    assert outcome.activities[0].check.dc_parts == (("control DC", 22),)


def test_deploying_ends_a_garrison():
    # reference army_activities Garrison Army: "success: Fortified until next deployed"
    outcome = deploy(S, conditions=[cs(Condition.FORTIFIED)], garrisoned=Garrisoned.UNTIL_DEPLOYED,
                     garrison_relief=True)
    deployed = only(outcome)
    assert conditions_of(outcome) == {}
    assert deployed.garrisoned is Garrisoned.NO
    assert deployed.garrison_relief is False


def test_a_defeated_army_deploys_one_hex():
    # seed 003_750bd81a16f66abf.txt: "Разгромленное войско можно переместить только на 1 гекс при
    # использовании занятия Развёртывание войска ."
    beaten = army(conditions=[cs(Condition.DEFEATED)], hp=0)
    far = resolve(order(K.DEPLOY_ARMY, DeployArmy("C6")), armies=(beaten,))
    assert far.activities[0].status == "rejected"
    assert [v.code for v in far.activities[0].violations] == ["defeated_one_hex"]
    near = resolve(order(K.DEPLOY_ARMY, DeployArmy("C5")), armies=(beaten,),
                   skills={"exploration": 40})
    assert only(near).state.hex == "C5"


# --- Recover Army -----------------------------------------------------------------------------

def recover(degree, affliction, skill, *, conditions=(), hp=None, dc=CONTROL_DC, unrest=0, **extra):
    return resolve(order(K.RECOVER_ARMY, RecoverArmy(affliction, skill)),
                   armies=(army(conditions=conditions, hp=hp, **extra),), unrest=unrest,
                   skills={skill: skill_for(degree, dc, other=-as_mapping(conditions).get(
                       Condition.WEARY, 0))})


@pytest.mark.parametrize(("degree", "left", "unrest"), [(CS, 1, 0), (S, 2, 0), (F, 3, 0), (CF, 3, 1)])
def test_recover_army_from_shaken(degree, left, unrest):
    # reference army_activities Recover Army: "critical_success: Affliction value -2"; "success:
    # Affliction value -1"; "failure: No change"; "critical_failure: No change and +1 Unrest"
    outcome = recover(degree, Affliction.SHAKEN, "arts", conditions=[cs(Condition.SHAKEN, 3)])
    assert outcome.activities[0].check.degree is degree
    assert conditions_of(outcome) == {Condition.SHAKEN: left}
    assert outcome.kingdom.unrest == unrest


@pytest.mark.parametrize(("degree", "left"), [(CS, {}), (S, {Condition.WEARY: 1})])
def test_recover_army_from_weary_ends_it_at_zero(degree, left):
    # seed 003_750bd81a16f66abf.txt: "Значения состояний зачастую можно уменьшить занятием
    # Восстановление войска или просто подождав. Когда значение состояния снижается до 0, состояние
    # прекращается."
    outcome = recover(degree, Affliction.WEARY, "defense", conditions=[cs(Condition.WEARY, 2)])
    assert conditions_of(outcome) == left


@pytest.mark.parametrize(("degree", "start", "hp"), [(CS, 1, 3), (S, 1, 2), (F, 1, 1), (CF, 1, 1),
                                                     (CS, 3, 4)])
def test_recover_army_from_damage(degree, start, hp):
    # reference army_activities Recover Army: "critical_success: ... (damaged: +2 HP up to max)";
    # "success: ... (damaged: +1 HP up to max)"
    outcome = recover(degree, Affliction.DAMAGED, "folklore", hp=start)
    assert stat_block(only(outcome).state).hp == hp


@pytest.mark.parametrize(("affliction", "condition", "skill"), [
    (Affliction.PINNED, cs(Condition.PINNED), "engineering"),
    (Affliction.MIRED, cs(Condition.MIRED, 1), "magic"),
])
def test_recover_army_removes_a_condition(affliction, condition, skill):
    # reference army_activities Recover Army: "success: Affliction value -1 ...; valueless
    # affliction removed"
    outcome = recover(S, affliction, skill, conditions=[condition])
    assert conditions_of(outcome) == {}


@pytest.mark.parametrize("degree", [CS, S])
def test_recover_a_defeated_army_to_one_hp(degree):
    # seed 003_750bd81a16f66abf.txt: "Его можно восстановить до 1 ПЗ с помощью занятия
    # Восстановление войска (хотя СЛ при этом выше на 5). Любой эффект, который восстанавливает
    # разгромленному войску хотя 1 ПЗ, снимает это состояние."
    outcome = recover(degree, Affliction.DEFEATED, "warfare", conditions=[cs(Condition.DEFEATED)],
                      hp=0, dc=20)
    detail = outcome.activities[0].check
    assert detail.dc_parts == (("control DC", 15), ("recovering a defeated army", 5))
    assert detail.dc == 20
    assert detail.degree is degree
    assert stat_block(only(outcome).state).hp == 1
    assert conditions_of(outcome) == {}


def test_recover_a_defeated_army_failure_changes_nothing():
    # reference army_activities Recover Army: "failure: No change"
    outcome = recover(F, Affliction.DEFEATED, "politics", conditions=[cs(Condition.DEFEATED)], hp=0,
                      dc=20)
    assert conditions_of(outcome) == {Condition.DEFEATED: 0}
    assert only(outcome).active


def test_recover_a_defeated_army_critical_failure_destroys_it():
    # reference army_activities Recover Army: "critical_failure: No change and +1 Unrest; a defeated
    # army being recovered is destroyed"; seed 003_750bd81a16f66abf.txt: "Уничтожено : войско
    # уничтожено полностью ... Всё снаряжение войска также уничтожено."
    outcome = recover(CF, Affliction.DEFEATED, "warfare", conditions=[cs(Condition.DEFEATED)], hp=0,
                      dc=20, gear=(POTIONS,), gear_paid_rp=(15,))
    wrecked = only(outcome)
    assert conditions_of(outcome) == {Condition.DESTROYED: 0}
    assert wrecked.status == "destroyed"
    assert not wrecked.active
    assert wrecked.state.gear == ()
    assert wrecked.gear_paid_rp == ()
    assert outcome.kingdom.unrest == 1


def test_recovering_from_weary_is_an_activity_so_no_idle_recovery():
    # seed 003_750bd81a16f66abf.txt: "Это состояние уменьшается на 1 в каждый ход королевства, в
    # котором войско не совершает войсковые занятия и не участвует в сценах битвы."
    outcome = recover(F, Affliction.WEARY, "arts", conditions=[cs(Condition.WEARY, 2)])
    assert conditions_of(outcome) == {Condition.WEARY: 2}


# --- Disband Army -----------------------------------------------------------------------------

def test_disband_army_without_gear_receiver_loses_the_gear():
    # seed 003_750bd81a16f66abf.txt: "Если войско распущено, вы можете передать его снаряжение
    # другому войску в качестве части Роспуска войска. Если вы этого не сделаете, снаряжение будет
    # потеряно."
    outcome = resolve(order(K.DISBAND_ARMY, DisbandArmy()),
                      armies=(army(gear=(POTIONS,), gear_paid_rp=(15,)),))
    result = outcome.activities[0]
    assert result.status == "resolved"
    assert result.check is None
    assert outcome.rolls == ()
    gone = only(outcome)
    assert gone.status == "disbanded"
    assert gone.state.gear == ()
    assert event_codes(result) == ["gear_lost", "disbanded"]


def test_disband_army_passes_its_gear_on():
    # seed 003_750bd81a16f66abf.txt: "Если войско распущено, вы можете передать его снаряжение
    # другому войску в качестве части Роспуска войска."
    giver = army(1, level=5, gear=(ARMOR, POTIONS), gear_paid_rp=(25, 15))
    receiver = army(2, level=5, gear=(GearItem(GearKind.HEALING_POTIONS, doses=2),),
                    gear_paid_rp=(30,))
    outcome = resolve(order(K.DISBAND_ARMY, DisbandArmy(gear_to=2)), armies=(giver, receiver),
                      level=5)
    assert only(outcome, 1).status == "disbanded"
    kept = only(outcome, 2)
    assert kept.state.gear == (ARMOR, POTIONS)  # the new potions replace the old ones
    assert kept.gear_paid_rp == (25, 15)
    assert event_codes(outcome.activities[0]) == ["gear_passed", "disbanded"]


def test_a_disbanded_army_eats_nothing_next_turn():
    # reference kingdom_links Consumption modifiers: "Disband removes the army's Consumption"
    armies = (army(1, template=CAVALRY, tactics=("overrun",), level=3), army(2, level=3))
    first = resolve(order(K.DISBAND_ARMY, DisbandArmy()), armies=armies, level=3)
    assert first.upkeep.consumption == 3
    second = resolve(armies=first.armies, level=3, number=2)
    assert second.upkeep.consumption == 1


# --- Garrison Army ----------------------------------------------------------------------------

def garrison(degree, site=Site.SETTLEMENT, territory=Territory.OWN, *, dc=CONTROL_DC, hex="C4",
             number=3):
    skill = {Site.REFUGE: "defense", Site.SETTLEMENT: "politics", Site.WORK_SITE: "engineering"}[site]
    return resolve(order(K.GARRISON_ARMY, GarrisonArmy(site, territory)),
                   armies=(army(template=CAVALRY, tactics=("overrun",), level=3, hex=hex),), level=3,
                   number=number, skills={skill: skill_for(degree, dc + 3)})


def test_garrison_critical_success_fortifies_and_feeds_for_less():
    # reference army_activities Garrison Army: "critical_success: Fortified until next deployed; its
    # Consumption drops by 2 (minimum 1) while garrisoned"
    outcome = garrison(CS)
    held = only(outcome)
    assert outcome.activities[0].check.degree is CS
    assert outcome.activities[0].check.skill == "politics"
    assert conditions_of(outcome) == {Condition.FORTIFIED: 0}
    assert (held.garrisoned, held.garrison_relief) == (Garrisoned.UNTIL_DEPLOYED, True)
    # The next Upkeep: cavalry eats 2 - 2 = 0, minimum 1.
    following = resolve(armies=outcome.armies, level=3, number=4)
    assert following.upkeep.consumption == 1
    assert conditions_of(following) == {Condition.FORTIFIED: 0}


def test_garrison_success_fortifies_until_deployed():
    # reference army_activities Garrison Army: "success: Fortified until next deployed"
    outcome = garrison(S)
    held = only(outcome)
    assert conditions_of(outcome) == {Condition.FORTIFIED: 0}
    assert (held.garrisoned, held.garrison_relief) == (Garrisoned.UNTIL_DEPLOYED, False)
    following = resolve(armies=outcome.armies, level=3, number=4)
    assert following.upkeep.consumption == 2
    assert conditions_of(following) == {Condition.FORTIFIED: 0}


def test_garrison_failure_ends_at_the_start_of_the_next_turn():
    # reference army_activities Garrison Army: "failure: Fortified only until the next Kingdom turn
    # starts (must garrison again)"
    outcome = garrison(F)
    assert conditions_of(outcome) == {Condition.FORTIFIED: 0}
    assert only(outcome).garrisoned is Garrisoned.UNTIL_NEXT_TURN
    following = resolve(armies=outcome.armies, level=3, number=4)
    assert conditions_of(following) == {}
    assert only(following).garrisoned is Garrisoned.NO
    assert [e.code for e in following.events][0] == "garrison_ends"


def test_garrison_critical_failure_bans_the_site_for_four_turns():
    # reference army_activities Garrison Army: "critical_failure: Not fortified, +1 Unrest, and that
    # army cannot garrison at that site for 4 Kingdom turns"
    outcome = garrison(CF, number=3)
    banned = only(outcome)
    assert conditions_of(outcome) == {}
    assert banned.garrisoned is Garrisoned.NO
    assert banned.garrison_bans == (("C4", 7),)
    assert outcome.kingdom.unrest == 1
    again = order(K.GARRISON_ARMY, GarrisonArmy(Site.SETTLEMENT))
    for number, status in ((4, "rejected"), (7, "rejected"), (8, "resolved")):
        later = resolve(again, armies=outcome.armies, level=3, number=number)
        assert later.activities[0].status == status


@pytest.mark.parametrize(("site", "skill"), [
    (Site.REFUGE, "defense"), (Site.SETTLEMENT, "politics"), (Site.WORK_SITE, "engineering"),
])
def test_garrison_skill_by_site(site, skill):
    # reference army_activities Garrison Army: "Defense (Refuge hex), Politics (settlement) or
    # Engineering (Work Site)"
    outcome = garrison(S, site)
    assert outcome.activities[0].check.skill == skill
    assert outcome.activities[0].check.degree is S


@pytest.mark.parametrize(("territory", "dc_parts"), [
    (Territory.OWN, (("control DC", 18),)),
    (Territory.OUTSIDE, (("control DC", 18), ("outside territory", 5))),
    (Territory.ENEMY, (("control DC", 18), ("enemy territory", 10))),
])
def test_garrison_dc_outside_the_kingdom(territory, dc_parts):
    # reference army_activities Garrison Army: "Basic check vs Control DC; +5 if the hex is outside
    # your kingdom, +10 if it belongs to an enemy kingdom"
    extra = sum(v for _label, v in dc_parts) - 18
    hex = "C4" if territory is Territory.OWN else "K9"
    outcome = garrison(S, Site.SETTLEMENT, territory, dc=CONTROL_DC + extra, hex=hex)
    detail = outcome.activities[0].check
    assert detail.dc_parts == dc_parts
    assert detail.degree is S


# --- Offensive Gambit -------------------------------------------------------------------------

HORDE = ForeignArmy(7, "Pitax", "Pitax Horde", "C4", scouting_dc=29)
RAIDERS = ForeignArmy(8, "Pitax", "Pitaxian Raiders", "C4", scouting_dc=20)
AFAR = ForeignArmy(9, "Pitax", "Pitax War Machines", "D9", scouting_dc=20)
TROLLS = ForeignArmy(10, "Trolls", "Troll Marauders", "C4", scouting_dc=26)
FOREIGN = (HORDE, RAIDERS, AFAR, TROLLS)
GAMBIT_ARMIES = (army(1), army(2), army(3, conditions=[cs(Condition.DEFEATED)], hp=0),
                 army(4, hex="D4"))


def test_offensive_gambit_just_attacking_rolls_nothing():
    # seed 003_750bd81a16f66abf.txt: "Превентивный удар. Вы используете Превентивный удар против
    # врага на этапе войсковых занятий. В этом случае сцена битвы происходит сразу после окончания
    # текущего хода королевства."
    outcome = resolve(order(K.OFFENSIVE_GAMBIT, OffensiveGambit(7), key=3), armies=GAMBIT_ARMIES,
                      foreign=FOREIGN)
    (battle,) = outcome.battles
    assert (battle.order, battle.hex) == (3, "C4")
    assert battle.attackers == (1, 2)  # not the defeated army, not the one elsewhere
    assert battle.defenders == (7, 8)  # the target's kingdom's armies in the hex
    assert (battle.attacker_initiative, battle.defender_initiative) == (0, 0)
    assert outcome.activities[0].check is None
    assert outcome.rolls == ()


@pytest.mark.parametrize(("degree", "ours", "theirs", "shaken"), [
    (CS, 2, 0, True), (S, 2, 0, False), (F, 0, 0, False), (CF, 0, 4, False),
])
@pytest.mark.parametrize("approach", [Approach.INTRIGUE, Approach.WARFARE])
def test_offensive_gambit_degrees(approach, degree, ours, theirs, shaken):
    # reference army_activities Offensive Gambit: "critical_success: Your armies in the hex get +2
    # circumstance to initiative, and one enemy army there becomes shaken 1"; "success: ... +2";
    # "failure: No advantage"; "critical_failure: Enemy armies in the hex get +4 circumstance to
    # initiative in the resulting battle"; dc_rule: "Enemy army's Scouting DC (10 + its Scouting
    # modifier)"
    outcome = resolve(order(K.OFFENSIVE_GAMBIT, OffensiveGambit(7, approach)), armies=GAMBIT_ARMIES,
                      foreign=FOREIGN, skills={approach.value: skill_for(degree, 29)})
    detail = outcome.activities[0].check
    assert (detail.skill, detail.dc, detail.degree) == (approach.value, 29, degree)
    assert detail.dc_parts == (("the target's Scouting DC", 29),)
    (battle,) = outcome.battles
    assert (battle.attacker_initiative, battle.defender_initiative) == (ours, theirs)
    # The enemy's shaken 1 belongs to the battle: it is applied when the scene begins.
    assert battle.shaken_defender == (7 if shaken else None)


def test_one_battle_per_hex():
    # seed 003_750bd81a16f66abf.txt: "В этом случае сцена битвы происходит сразу после окончания
    # текущего хода королевства."
    first = order(K.OFFENSIVE_GAMBIT, OffensiveGambit(7), 1, 1)
    second = order(K.OFFENSIVE_GAMBIT, OffensiveGambit(8), 2, 2)
    outcome = resolve(first, second, armies=GAMBIT_ARMIES, foreign=FOREIGN)
    assert len(outcome.battles) == 1
    assert event_codes(outcome.activities[1]) == ["battle_already_set"]


def test_a_gambits_battle_is_fought_after_the_turn_so_idle_armies_in_it_rest_first():
    # seed 003_750bd81a16f66abf.txt: "Это состояние уменьшается на 1 в каждый ход королевства, в
    # котором войско не совершает войсковые занятия и не участвует в сценах битвы."; "В этом
    # случае сцена битвы происходит сразу после окончания текущего хода королевства." Being listed
    # in a battle not yet fought keeps no army from resting; the fight counts against the next
    # turn (`fought`).
    tired = [cs(Condition.WEARY, 2)]
    armies = (army(1, conditions=tired), army(2, conditions=tired),
              army(4, hex="D4", conditions=tired))
    outcome = resolve(order(K.OFFENSIVE_GAMBIT, OffensiveGambit(7)), armies=armies, foreign=FOREIGN)
    assert outcome.battles[0].attackers == (1, 2)
    assert conditions_of(outcome, 1) == {Condition.WEARY: 2}  # took the Offensive Gambit
    assert conditions_of(outcome, 2) == {Condition.WEARY: 1}  # idle: the battle comes later
    assert conditions_of(outcome, 4) == {Condition.WEARY: 1}


# --- Efficient: the second activity -----------------------------------------------------------

def test_an_efficient_army_takes_a_second_activity_at_minus_five():
    # seed 003_750bd81a16f66abf.txt: "Второе войсковое занятие выполняется со штрафом -5 к проверке
    # и не может снова дать состояние эффективности."
    first = order(K.TRAIN_ARMY, TrainArmy("keen_eyed"), key=1)
    second = order(K.DEPLOY_ARMY, DeployArmy("C6"), key=2, second=True)
    outcome = resolve(second, first, armies=(army(level=4),), level=4, seed=NAT10_TWICE,
                      skills={"warfare": 40, "exploration": 40})
    trained, deployed = outcome.activities
    assert (trained.order, deployed.order) == (1, 2)
    assert trained.check.degree is CS
    assert "efficient" in event_codes(trained)
    assert deployed.status == "resolved"
    assert modifier_sources(deployed.check) == {"second activity": -5}
    assert deployed.check.modifier == 35
    assert deployed.check.degree is CS
    assert "efficient" not in event_codes(deployed)
    moved = only(outcome)
    assert moved.state.hex == "C6"
    assert Condition.EFFICIENT not in conditions_of(outcome)


def test_a_second_activity_needs_an_efficient_army():
    # seed 003_750bd81a16f66abf.txt: "Эффективно : войско совершило войсковое занятие с такой
    # скоростью, что немедленно может совершить ещё одно"
    first = order(K.TRAIN_ARMY, TrainArmy("keen_eyed"), key=1)
    second = order(K.DEPLOY_ARMY, DeployArmy("C6"), key=2, second=True)
    outcome = resolve(first, second, armies=(army(level=4),), level=4,
                      skills={"warfare": skill_for(S, 19), "exploration": 40})
    assert [r.status for r in outcome.activities] == ["resolved", "skipped"]
    assert [v.code for v in outcome.activities[1].violations] == ["not_efficient"]
    assert only(outcome).state.hex == "C4"
    assert len(outcome.rolls) == 1


def test_a_second_activity_without_a_first_is_skipped():
    # seed 003_750bd81a16f66abf.txt: "войско совершило войсковое занятие с такой скоростью, что
    # немедленно может совершить ещё одно"
    outcome = resolve(order(K.DEPLOY_ARMY, DeployArmy("C6"), second=True),
                      armies=(army(conditions=[cs(Condition.EFFICIENT)]),),
                      skills={"exploration": 40})
    assert outcome.activities[0].status == "skipped"
    assert [v.code for v in outcome.activities[0].violations] == ["second_without_first"]
    assert only(outcome).state.hex == "C4"


def test_efficient_unused_lowers_the_worst_valued_condition():
    # seed 003_750bd81a16f66abf.txt: "Если войско не воспользуется такой возможностью, то всё равно
    # утратит состояние эффективности, но может уменьшить значение любого состояния на выбор на 1."
    tired = [cs(Condition.WEARY, 1), cs(Condition.SHAKEN, 3), cs(Condition.MIRED, 2)]
    outcome = resolve(order(K.TRAIN_ARMY, TrainArmy("keen_eyed")),
                      armies=(army(level=4, conditions=tired),), level=4,
                      skills={"warfare": 40})
    assert outcome.activities[0].check.degree is CS
    assert conditions_of(outcome) == {Condition.WEARY: 1, Condition.SHAKEN: 2, Condition.MIRED: 2}
    (event,) = [e for e in outcome.events if e.code == "efficient_unused"]
    assert event.params["condition"] == "shaken"


def test_efficient_unused_ends_a_condition_at_one():
    # seed 003_750bd81a16f66abf.txt: "но может уменьшить значение любого состояния на выбор на 1";
    # "Когда значение состояния снижается до 0, состояние прекращается."
    outcome = resolve(order(K.DEPLOY_ARMY, DeployArmy("C6")),
                      armies=(army(conditions=[cs(Condition.MIRED, 1)]),),
                      skills={"exploration": 40})
    assert outcome.activities[0].check.degree is CS
    assert conditions_of(outcome) == {}


def test_efficient_unused_without_conditions_just_ends():
    # seed 003_750bd81a16f66abf.txt: "Если войско не воспользуется такой возможностью, то всё равно
    # утратит состояние эффективности"
    outcome = resolve(order(K.DEPLOY_ARMY, DeployArmy("C6")), skills={"exploration": 40})
    assert conditions_of(outcome) == {}
    assert not [e for e in outcome.events if e.code == "efficient_unused"]


def test_an_efficient_army_without_an_activity_loses_efficient_at_the_end_of_the_turn():
    # seed 003_750bd81a16f66abf.txt: "Если войско не воспользуется такой возможностью, то всё равно
    # утратит состояние эффективности, но может уменьшить значение любого состояния на выбор на 1."
    # Efficient never carries into the next turn, where it would pay for a second activity.
    outcome = resolve(armies=(army(conditions=[cs(Condition.EFFICIENT), cs(Condition.MIRED, 2)]),))
    assert conditions_of(outcome) == {Condition.MIRED: 1}
    assert [e.code for e in outcome.events] == ["efficient_unused"]


def test_an_efficient_army_whose_first_activity_is_rejected_loses_efficient():
    # seed 003_750bd81a16f66abf.txt: "Если войско не воспользуется такой возможностью, то всё равно
    # утратит состояние эффективности"
    outcome = resolve(order(K.DEPLOY_ARMY, DeployArmy("C4")),
                      armies=(army(conditions=[cs(Condition.EFFICIENT)]),))
    assert outcome.activities[0].status == "rejected"
    assert conditions_of(outcome) == {}


def test_the_second_activity_cannot_make_the_army_efficient_again():
    # seed 003_750bd81a16f66abf.txt: "Второе войсковое занятие выполняется со штрафом -5 к проверке
    # и не может снова дать состояние эффективности."
    tired = [cs(Condition.SHAKEN, 2)]
    first = order(K.DEPLOY_ARMY, DeployArmy("C6"), key=1)
    second = order(K.DEPLOY_ARMY, DeployArmy("C8"), key=2, second=True)
    outcome = resolve(first, second, armies=(army(conditions=tired),), seed=NAT10_TWICE,
                      skills={"exploration": 40})
    assert [r.check.degree for r in outcome.activities] == [CS, CS]
    # No efficiency left over, so nothing lowers shaken either.
    assert conditions_of(outcome) == {Condition.SHAKEN: 2}
    assert only(outcome).state.hex == "C8"


def test_one_activity_per_army_at_resolution():
    # seed 003_750bd81a16f66abf.txt: "каждое войско, существующее в королевстве, может выполнить
    # одно из войсковых занятий"
    first = order(K.DEPLOY_ARMY, DeployArmy("C6"), key=1)
    again = order(K.DEPLOY_ARMY, DeployArmy("C8"), key=2)
    outcome = resolve(first, again, seed=NAT10_TWICE, skills={"exploration": skill_for(S)})
    assert [r.status for r in outcome.activities] == ["resolved", "skipped"]
    assert [v.code for v in outcome.activities[1].violations] == ["one_activity"]
    assert only(outcome).state.hex == "C6"
    assert len(outcome.rolls) == 1


def test_only_one_second_activity_per_army():
    # seed 003_750bd81a16f66abf.txt: "войско совершило войсковое занятие с такой скоростью, что
    # немедленно может совершить ещё одно (и таким образом утратить состояние эффективности)"
    first = order(K.DEPLOY_ARMY, DeployArmy("C6"), key=1)
    second = order(K.DEPLOY_ARMY, DeployArmy("C8"), key=2, second=True)
    third = order(K.DEPLOY_ARMY, DeployArmy("C10"), key=3, second=True)
    outcome = resolve(first, second, third, seed=NAT10_TWICE, skills={"exploration": 40})
    by_order = {r.order: r for r in outcome.activities}
    assert sorted(by_order) == [1, 2, 3]  # every order gets exactly one result
    assert (by_order[1].status, by_order[2].status, by_order[3].status) == (
        "resolved", "resolved", "skipped")
    assert [v.code for v in by_order[3].violations] == ["second_taken"]
    assert only(outcome).state.hex == "C8"


def test_the_players_choose_the_order_of_army_activities():
    # seed 003_750bd81a16f66abf.txt: "Игроки сами могут решить, в каком порядке войска будут
    # выполнять эти занятия."
    giver = army(1, level=5, gear=(ARMOR,), gear_paid_rp=(25,))
    receiver = army(2, level=5, hex="C5")
    disband = order(K.DISBAND_ARMY, DisbandArmy(gear_to=2), 1, key=1)
    move = order(K.DEPLOY_ARMY, DeployArmy("C4"), 2, key=2)
    too_early = resolve(disband, move, armies=(giver, receiver), level=5, skills={"exploration": 40})
    assert [r.status for r in too_early.activities] == ["rejected", "resolved"]
    assert [v.code for v in too_early.activities[0].violations] == ["transfer_other_hex"]
    in_time = resolve(move, disband, armies=(giver, receiver), level=5, skills={"exploration": 40})
    assert [r.status for r in in_time.activities] == ["resolved", "resolved"]
    assert only(in_time, 2).state.gear == (ARMOR,)


# --- Upkeep -----------------------------------------------------------------------------------

def test_upkeep_is_paid_from_food():
    # seed 003_750bd81a16f66abf.txt: "Потребление: здесь указывается количество товаров (еда),
    # которое потребляет войско во время фазы содержания."
    armies = (army(1), army(2, template=CAVALRY, tactics=("overrun",), level=3))
    outcome = resolve(armies=armies, level=3, food=4)
    assert (outcome.upkeep.consumption, outcome.upkeep.food_before, outcome.upkeep.paid) == (3, 4, True)
    assert outcome.upkeep.events == ()
    assert outcome.kingdom.food == 1
    assert outcome.rolls == ()


def test_unpaid_upkeep_makes_every_army_weary_and_shaken():
    # seed 003_750bd81a16f66abf.txt: "Если вы не сможете оплатить потребление в этот ход
    # королевства, ваше войско увеличит измотанность и потрясение на 1."
    armies = (army(1), army(2, template=CAVALRY, tactics=("overrun",), level=3),
              army(3, status="disbanded"))
    acting = order(K.DEPLOY_ARMY, DeployArmy("C6"), 1)
    # Hungry, army 1 deploys weary 1: a doubled -2.
    outcome = resolve(acting, armies=armies, level=3, food=2,
                      skills={"exploration": skill_for(S, 18, other=-2)})
    assert (outcome.upkeep.consumption, outcome.upkeep.paid) == (3, False)
    assert outcome.kingdom.food == 0
    assert [e.code for e in outcome.upkeep.events] == ["consumption_unpaid", "hungry", "hungry"]
    # Army 1 acted this turn: it keeps both. Army 2 stayed idle, so it rests them off again.
    assert outcome.activities[0].check.degree is S
    assert modifier_sources(outcome.activities[0].check) == {"weary": -2}
    assert conditions_of(outcome, 1) == {Condition.WEARY: 1, Condition.SHAKEN: 1}
    assert conditions_of(outcome, 2) == {}
    assert "rested" in [e.code for e in outcome.events if e.army == 2]
    assert conditions_of(outcome, 3) == {}


def test_hunger_penalises_this_turns_activities():
    # seed 003_750bd81a16f66abf.txt: "ваше войско увеличит измотанность ... на 1" and "Измотанное
    # войско получает ситуативный штраф к ... проверкам войсковых занятий"
    outcome = resolve(order(K.TRAIN_ARMY, TrainArmy("keen_eyed")), armies=(army(level=4),), level=4,
                      food=0, skills={"warfare": skill_for(S, 19, other=-1)})
    assert modifier_sources(outcome.activities[0].check) == {"weary": -1}
    assert conditions_of(outcome) == {Condition.WEARY: 1, Condition.SHAKEN: 1}


@pytest.mark.parametrize(("start", "choice", "raised"), [
    ([cs(Condition.WEARY, 3)], "crime", "crime"),
    ([cs(Condition.SHAKEN, 3)], "strife", "strife"),
    ([cs(Condition.SHAKEN, 3)], "", "decay"),         # no choice: the lowest
    ([cs(Condition.WEARY, 3)], "famine", "decay"),    # not a ruin: the lowest
])
def test_an_army_reaching_four_disbands_with_unrest_and_ruin(start, choice, raised):
    # seed 003_750bd81a16f66abf.txt: "Войско, измотанность или потрясение которого достигнет 4 или
    # более, немедленно распущено. В этом случае беспорядки повышаются на 1d4, а один из типов
    # раздора (на выбор игроков) — на 1."
    ruin = {"corruption": 1, "crime": 1, "decay": 0, "strife": 2}
    armies = (army(1, conditions=start, gear=(POTIONS,), gear_paid_rp=(15,)), army(2))
    outcome = resolve(armies=armies, food=0, unrest=1, ruin=ruin, ruin_choice=choice,
                      seed=seed_where((4, {3})))
    broken = only(outcome, 1)
    assert broken.status == "disbanded"
    assert not broken.active
    # "Если вы этого не сделаете, снаряжение будет потеряно."
    assert broken.state.gear == ()
    (roll,) = outcome.rolls
    assert (roll.expression, roll.total) == ("1d4", 3)
    assert "Unrest" in roll.purpose and "Army 1" in roll.purpose
    assert outcome.kingdom.unrest == 1 + 3
    assert dict(outcome.kingdom.ruin) == {**ruin, raised: ruin[raised] + 1}
    (event,) = [e for e in outcome.upkeep.events if e.code == "disbanded_hungry"]
    assert event.params == {"army": "Army 1", "unrest": 3, "ruin": raised}
    # The other army only went hungry (and, idle, rested it off).
    assert only(outcome, 2).active
    # The input ruin mapping is not changed in place.
    assert ruin == {"corruption": 1, "crime": 1, "decay": 0, "strife": 2}


def test_a_hungry_army_below_four_stays():
    # seed 003_750bd81a16f66abf.txt: "Войско, измотанность или потрясение которого достигнет 4 или
    # более, немедленно распущено."
    outcome = resolve(order(K.TRAIN_ARMY, TrainArmy("keen_eyed")),
                      armies=(army(level=4, conditions=[cs(Condition.WEARY, 2), cs(Condition.SHAKEN, 2)]),),
                      level=4, food=0, skills={"warfare": skill_for(F, 19, other=-3)})
    assert only(outcome).active
    assert conditions_of(outcome) == {Condition.WEARY: 3, Condition.SHAKEN: 3}
    assert outcome.kingdom.unrest == 0


def test_every_army_reaching_four_disbands_each_rolling_unrest():
    # seed 003_750bd81a16f66abf.txt: "В этом случае беспорядки повышаются на 1d4, а один из типов
    # раздора (на выбор игроков) — на 1."
    armies = (army(1, conditions=[cs(Condition.WEARY, 3)]), army(2, conditions=[cs(Condition.SHAKEN, 3)]))
    outcome = resolve(armies=armies, food=0)
    assert [a.status for a in outcome.armies] == ["disbanded", "disbanded"]
    assert len(outcome.rolls) == 2
    assert outcome.kingdom.unrest == sum(r.total for r in outcome.rolls)
    assert sum(outcome.kingdom.ruin.values()) == 2


def test_garrison_relief_and_live_off_the_land_at_upkeep():
    # reference kingdom_links Consumption modifiers: "Garrison critical success -2 (min 1) while
    # garrisoned; Live off the Land -1 in a non-settlement hex when not garrisoned"
    armies = (army(1, template=CAVALRY, tactics=("overrun",), level=3, garrisoned=Garrisoned.UNTIL_DEPLOYED,
                   garrison_relief=True, conditions=[cs(Condition.FORTIFIED)]),
              army(2, template=CAVALRY, tactics=("overrun", "live_off_the_land"), level=4, hex="K9"))
    outcome = resolve(armies=armies, level=4, food=2)
    assert outcome.upkeep.consumption == 1 + 1
    assert outcome.upkeep.paid
    assert outcome.kingdom.food == 0


# --- Idle armies ------------------------------------------------------------------------------

def test_idle_armies_recover_weary_and_shaken():
    # seed 003_750bd81a16f66abf.txt: "Это состояние уменьшается на 1 в каждый ход королевства, в
    # котором войско не совершает войсковые занятия и не участвует в сценах битвы."
    tired = [cs(Condition.WEARY, 2), cs(Condition.SHAKEN, 1), cs(Condition.MIRED, 2)]
    outcome = resolve(armies=(army(conditions=tired),))
    assert conditions_of(outcome) == {Condition.WEARY: 1, Condition.MIRED: 2}
    assert [e.code for e in outcome.events] == ["rested"]


def test_armies_that_acted_or_fought_do_not_rest():
    # seed 003_750bd81a16f66abf.txt: "Это состояние уменьшается на 1 в каждый ход королевства, в
    # котором войско не совершает войсковые занятия и не участвует в сценах битвы."
    tired = [cs(Condition.WEARY, 2), cs(Condition.SHAKEN, 2)]
    armies = (army(1, level=4, conditions=tired), army(2, level=4, conditions=tired),
              army(3, level=4, conditions=tired))
    outcome = resolve(order(K.TRAIN_ARMY, TrainArmy("keen_eyed")), armies=armies, level=4,
                      fought=frozenset({2}), skills={"warfare": skill_for(F, 19, other=-2)})
    assert conditions_of(outcome, 1) == {Condition.WEARY: 2, Condition.SHAKEN: 2}
    assert conditions_of(outcome, 2) == {Condition.WEARY: 2, Condition.SHAKEN: 2}
    assert conditions_of(outcome, 3) == {Condition.WEARY: 1, Condition.SHAKEN: 1}


def test_an_army_whose_order_was_rejected_rests():
    # seed 003_750bd81a16f66abf.txt: "в котором войско не совершает войсковые занятия"
    tired = [cs(Condition.WEARY, 2)]
    outcome = resolve(order(K.DEPLOY_ARMY, DeployArmy("C4")), armies=(army(conditions=tired),))
    assert outcome.activities[0].status == "rejected"
    assert conditions_of(outcome) == {Condition.WEARY: 1}


# --- Level-up ---------------------------------------------------------------------------------

def test_the_kingdom_levels_up_at_1000_xp_and_its_armies_follow():
    # seed 003_750bd81a16f66abf.txt: "Когда ваше королевство повышает свой уровень, уровень
    # повышают и все войска (их параметры увеличиваются согласно таблице выше так, чтобы
    # соответствовать новому уровню королевства)."
    assert XP_PER_LEVEL == 1000
    armies = (army(1, level=3), army(2, template=CAVALRY, tactics=("overrun",), level=3))
    outcome = resolve(armies=armies, level=3, xp=1250)
    assert (outcome.kingdom.level, outcome.kingdom.xp) == (4, 250)
    assert [a.state.level for a in outcome.armies] == [4, 4]
    assert stat_block(only(outcome, 1).state).max_tactics == 2
    assert only(outcome, 1).state.tactics == ("hold_the_line",)  # new slots are trained, not given
    assert [e.code for e in outcome.events] == ["kingdom_level_up"]


def test_below_1000_xp_nothing_changes():
    # seed 003_750bd81a16f66abf.txt: "Когда ваше королевство повышает свой уровень, уровень
    # повышают и все войска"
    outcome = resolve(armies=(army(level=3),), level=3, xp=999)
    assert (outcome.kingdom.level, outcome.kingdom.xp) == (3, 999)
    assert only(outcome).state.level == 3


def test_several_levels_at_once_and_the_cap():
    # seed 003_750bd81a16f66abf.txt: "ОБЫЧНЫЕ ВОЙСКА В ЗАВИСИМОСТИ ОТ УРОВНЯ" (levels 1 to 20)
    outcome = resolve(armies=(army(level=3),), level=3, xp=2100)
    assert (outcome.kingdom.level, outcome.kingdom.xp) == (5, 100)
    assert only(outcome).state.level == 5
    capped = resolve(armies=(army(level=19),), level=19, xp=3000)
    assert (capped.kingdom.level, capped.kingdom.xp) == (20, 2000)
    assert only(capped).state.level == 20


def test_an_army_recruited_this_turn_levels_up_with_the_kingdom():
    # seed 003_750bd81a16f66abf.txt: "Когда ваше королевство повышает свой уровень, уровень
    # повышают и все войска"
    params = RecruitArmy(INFANTRY, "Second Foot", "C4", ("keen_eyed",))
    outcome = resolve(order(K.RECRUIT_ARMY, params, None), level=3, xp=1000,
                      skills={"warfare": 40})
    assert outcome.kingdom.level == 4
    assert outcome.recruited[0].army.state.level == 4


# --- Determinism ------------------------------------------------------------------------------

def busy_turn(seed):
    armies = (
        army(1, level=5, conditions=[cs(Condition.WEARY, 1)]),
        army(2, level=5, hp=2),
        army(3, level=5, gear=(ARMOR,), gear_paid_rp=(25,)),
        army(4, template=CAVALRY, tactics=("overrun",), level=5, conditions=[cs(Condition.SHAKEN, 3)]),
    )
    orders = (
        order(K.WARFARE_EXERCISES, WarfareExercises(), None, key=10),
        order(K.RECRUIT_ARMY, RecruitArmy(INFANTRY, "New Foot", "C4", ("keen_eyed",)), None, key=11),
        order(K.DEPLOY_ARMY, DeployArmy("E7", forced_march=True), 1, key=1),
        order(K.RECOVER_ARMY, RecoverArmy(Affliction.DAMAGED, "defense"), 2, key=2),
        order(K.OFFENSIVE_GAMBIT, OffensiveGambit(7, Approach.INTRIGUE), 3, key=3),
        order(K.TRAIN_ARMY, TrainArmy("keen_eyed"), 1, key=4, second=True),
    )
    turn = KingdomTurnInput(number=2, kingdom=kingdom(level=5, food=1, warfare_exercises_unlocked=True,
                                                      skills={"warfare": 12, "exploration": 9,
                                                              "defense": 8, "intrigue": 10}),
                            armies=armies, orders=orders, foreign_armies=(HORDE,))
    return resolve_turn(turn, seed)


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**31 - 1])
def test_same_input_and_seed_give_the_same_outcome(seed):
    # seed 003_750bd81a16f66abf.txt: "беспорядки повышаются на 1d4" -- every roll comes from the seeded
    # dice, so a resolution can be replayed exactly.
    first, again = busy_turn(seed), busy_turn(seed)
    assert first == again
    assert sorted(r.order for r in first.activities) == [1, 2, 3, 4, 10, 11]
    assert first.rolls == again.rolls
    assert first.seed == seed
    assert first.rolls
    # Every roll says what it was for.
    assert all(roll.purpose.strip() for roll in first.rolls)
    # Every check's roll is in the log, in order.
    checks = [r.check.roll for r in first.activities if r.check is not None]
    positions = [first.rolls.index(roll) for roll in checks]
    assert positions == sorted(positions)


def test_different_seeds_can_give_different_rolls():
    # seed 003_750bd81a16f66abf.txt: "беспорядки повышаются на 1d4" (the dice really roll)
    logs = {tuple(r.faces for r in busy_turn(seed).rolls) for seed in range(10)}
    assert len(logs) > 1


def test_resolving_does_not_change_the_input():
    # seed 003_750bd81a16f66abf.txt: "Игроки сами могут решить, в каком порядке войска будут
    # выполнять эти занятия." (an order list can be resolved again to compare)
    armies = (army(conditions=[cs(Condition.WEARY, 2)]),)
    turn = KingdomTurnInput(number=1, kingdom=kingdom(food=0, ruin={"crime": 1}), armies=armies,
                            orders=(order(K.DEPLOY_ARMY, DeployArmy("C6")),))
    before = replace(turn)
    resolve_turn(turn, 3)
    assert turn == before
    assert dict(turn.kingdom.ruin) == {"crime": 1}


@pytest.mark.parametrize(("flat", "shaken"), [(10, 2), (11, 1)])
def test_a_shaken_army_hurt_on_the_march_may_be_shaken_further(flat, shaken):
    # seed 003_750bd81a16f66abf.txt: "При получении урона потрясённое войско должно пройти чистую
    # проверку со СЛ 11. При провале потрясение увеличится на 1."
    outcome = deploy(F, conditions=[cs(Condition.SHAKEN, 1)],
                     seed=seed_where(d20(10), d20(1), d20(flat)))
    assert conditions_of(outcome)[Condition.SHAKEN] == shaken
    assert "Shaken army takes damage" in outcome.rolls[2].purpose


@pytest.mark.parametrize(("flat", "destroyed"), [(15, True), (16, False)])
def test_a_defeated_army_hurt_on_the_march_may_be_destroyed(flat, destroyed):
    # reference degree_of_success_rules "Flat checks in warfare": "defeated army taking damage:
    # DC 16 (else destroyed)"; seed 003_750bd81a16f66abf.txt: "Разгромленное войско можно
    # переместить только на 1 гекс при использовании занятия Развёртывание войска".
    outcome = deploy(F, DeployArmy("C5"), conditions=[cs(Condition.DEFEATED)], hp=0,
                     seed=seed_where(d20(10), d20(1), d20(flat)))
    assert (Condition.DESTROYED in conditions_of(outcome)) is destroyed
    assert (only(outcome).status == "destroyed") is destroyed
