"""Army activities: what each one takes, the condition limits on who may take it, what makes an order
invalid, and one activity per army per turn (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ"; reference army_activities).
"""
from dataclasses import replace

import pytest
from turn_support import CAVALRY, INFANTRY, army, cs
from turn_support import kingdom as support_kingdom

from rules.kingmaker.activities import (
    LEADERSHIP,
    PARAMS_OF,
    Affliction,
    Approach,
    Border,
    DeployArmy,
    DisbandArmy,
    ForeignArmy,
    GarrisonArmy,
    OffensiveGambit,
    Order,
    OutfitArmy,
    RecoverArmy,
    RecruitArmy,
    Site,
    Situation,
    Territory,
    TrainArmy,
    WarfareExercises,
    afflictions,
    army_may,
    deploy_distance,
    order_slot_violations,
    order_violations,
)
from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.conditions import Condition
from rules.kingmaker.gear import GearItem, GearKind, Tier
from rules.kingmaker.templates import REGULAR_TEMPLATES, ArmyType, find_template

SKIRMISHERS = REGULAR_TEMPLATES[ArmyType.SKIRMISHER]
SOOTSCALE = find_template("Sootscale Warriors")
TROLLS = find_template("Troll Marauders")

ARMOR = GearItem(GearKind.MAGIC_ARMOR, Tier.BASIC)
GREATER_ARMOR = GearItem(GearKind.MAGIC_ARMOR, Tier.GREATER)
POTIONS = GearItem(GearKind.HEALING_POTIONS, doses=1)


def kingdom(**changes):
    return support_kingdom(**{"resource_points": 30, "food": 5, **changes})


def situation(*armies, turn=1, foreign=(), **kingdom_changes):
    armies = armies or (army(),)
    return Situation(turn=turn, kingdom=kingdom(**kingdom_changes),
                     armies={a.key: a for a in armies},
                     foreign_armies={f.key: f for f in foreign})


def codes(situation_, kind, params, army_key=1):
    return [(v.code, v.field)
            for v in order_violations(situation_, Order(1, kind, params, army_key))]


# --- Kinds and parameters ---------------------------------------------------------------------

def test_recruit_army_is_a_leadership_activity():
    # seed 003_750bd81a16f66abf.txt: "Все они могут быть предприняты во время этапа войсковых
    # занятий (кроме Рекрутирования войска: это занятие лидерства )."
    assert K.RECRUIT_ARMY in LEADERSHIP
    assert K.WARFARE_EXERCISES in LEADERSHIP
    assert LEADERSHIP == {K.RECRUIT_ARMY, K.WARFARE_EXERCISES}


def test_every_kind_has_its_parameters_and_others_are_refused():
    # reference army_activities: Recruit, Train, Outfit, Deploy, Garrison, Recover, Disband, Offensive
    # Gambit, Warfare Exercises -- each with its own inputs.
    assert set(PARAMS_OF) == set(K)
    with pytest.raises(TypeError):
        order_violations(situation(), Order(1, K.TRAIN_ARMY, DeployArmy("C5"), 1))


def test_an_army_activity_needs_one_of_the_kingdoms_armies():
    # seed 003_750bd81a16f66abf.txt: "каждое войско, существующее в королевстве, может выполнить
    # одно из войсковых занятий"
    assert codes(situation(), K.TRAIN_ARMY, TrainArmy("keen_eyed"), None) == [("army_required", "army")]
    assert codes(situation(), K.TRAIN_ARMY, TrainArmy("keen_eyed"), 99) == [("army_required", "army")]


@pytest.mark.parametrize("status", ["disbanded", "destroyed"])
def test_an_army_no_longer_active_takes_no_activity(status):
    # seed 003_750bd81a16f66abf.txt: "Уничтожено : войско уничтожено полностью, его не восстановить —
    # его можно только заменить новым."
    gone = army(status=status)
    assert codes(situation(gone), K.RECOVER_ARMY, RecoverArmy(Affliction.WEARY, "arts")) == [
        ("army_inactive", "army")]


def test_a_destroyed_condition_makes_an_army_inactive():
    # seed 003_750bd81a16f66abf.txt: "Уничтожено : войско уничтожено полностью, его не восстановить"
    wrecked = army(conditions=[cs(Condition.DESTROYED)])
    assert army_may(wrecked, K.DISBAND_ARMY).code == "army_inactive"


# --- Condition limits -------------------------------------------------------------------------

ARMY_KINDS = [k for k in K if k not in LEADERSHIP]


@pytest.mark.parametrize("kind", ARMY_KINDS)
def test_a_lost_army_only_recovers(kind):
    # seed 003_750bd81a16f66abf.txt: "Потерянное войско не может предпринимать никаких действий,
    # кроме Восстановления войска , чтобы избавиться от этого состояния."
    limit = army_may(army(conditions=[cs(Condition.LOST)]), kind)
    if kind is K.RECOVER_ARMY:
        assert limit is None
    else:
        assert limit.code == "lost_only_recovers"


def test_a_lost_army_recovers_only_from_being_lost():
    # seed 003_750bd81a16f66abf.txt: "Потерянное войско не может предпринимать никаких действий,
    # кроме Восстановления войска , чтобы избавиться от этого состояния."
    lost = army(conditions=[cs(Condition.LOST), cs(Condition.WEARY, 2)])
    assert codes(situation(lost), K.RECOVER_ARMY, RecoverArmy(Affliction.WEARY, "arts")) == [
        ("lost_only_recovers", "affliction")]
    assert codes(situation(lost), K.RECOVER_ARMY, RecoverArmy(Affliction.LOST, "exploration")) == []


@pytest.mark.parametrize("kind", ARMY_KINDS)
def test_a_defeated_army_only_deploys_recovers_or_disbands(kind):
    # seed 003_750bd81a16f66abf.txt: "Разгромленное войско можно переместить только на 1 гекс при
    # использовании занятия Развёртывание войска . Его нельзя использовать для других войсковых
    # занятий, кроме Роспуска войска ."
    limit = army_may(army(conditions=[cs(Condition.DEFEATED)], hp=0), kind)
    if kind in (K.DEPLOY_ARMY, K.RECOVER_ARMY, K.DISBAND_ARMY):
        assert limit is None
    else:
        assert limit.code == "defeated_limits"


def test_a_defeated_army_deploys_one_hex_only():
    # seed 003_750bd81a16f66abf.txt: "Разгромленное войско можно переместить только на 1 гекс при
    # использовании занятия Развёртывание войска ."
    beaten = situation(army(conditions=[cs(Condition.DEFEATED)], hp=0))
    assert codes(beaten, K.DEPLOY_ARMY, DeployArmy("C5")) == []
    assert codes(beaten, K.DEPLOY_ARMY, DeployArmy("D4")) == []
    assert codes(beaten, K.DEPLOY_ARMY, DeployArmy("C6")) == [("defeated_one_hex", "destination")]
    # A difficult hex counts as two.
    assert codes(beaten, K.DEPLOY_ARMY, DeployArmy("C5", difficult_hexes=1)) == [
        ("defeated_one_hex", "destination")]


@pytest.mark.parametrize("kind", ARMY_KINDS)
def test_a_pinned_army_cannot_deploy(kind):
    # seed 003_750bd81a16f66abf.txt: "Войско, взятое в котёл, невозможно развёртывать ."
    limit = army_may(army(conditions=[cs(Condition.PINNED)]), kind)
    if kind is K.DEPLOY_ARMY:
        assert limit.code == "pinned_cannot_deploy"
    else:
        assert limit is None


def test_the_condition_limit_is_the_only_violation_reported():
    # seed 003_750bd81a16f66abf.txt: "Войско, взятое в котёл, невозможно развёртывать ."
    pinned = situation(army(conditions=[cs(Condition.PINNED)]))
    assert codes(pinned, K.DEPLOY_ARMY, DeployArmy("Z99", skill="arts")) == [
        ("pinned_cannot_deploy", "kind")]


@pytest.mark.parametrize("kind", ARMY_KINDS)
def test_siege_engines_take_every_army_activity_but_outfit_army(kind):
    # reference kingmaker-warfare-data.yaml, Outfit Army: "Any army except siege engines (Engines
    # of War forbids gear)"
    limit = army_may(army(template=REGULAR_TEMPLATES[ArmyType.SIEGE],
                          tactics=("engines_of_war",)), kind)
    if kind is K.OUTFIT_ARMY:
        assert limit.code == "siege_no_gear"
    else:
        assert limit is None


@pytest.mark.parametrize("kind", ARMY_KINDS)
def test_weary_shaken_and_mired_armies_may_take_any_activity(kind):
    # seed 003_750bd81a16f66abf.txt: "Измотанное войско получает ситуативный штраф к КБ, проверкам
    # Манёвра и проверкам войсковых занятий" (a penalty, not a ban).
    tired = army(conditions=[cs(Condition.WEARY, 3), cs(Condition.SHAKEN, 3), cs(Condition.MIRED, 3)])
    assert army_may(tired, kind) is None


# --- Train Army -------------------------------------------------------------------------------

def test_train_army_learns_a_free_slot_tactic():
    # seed 003_750bd81a16f66abf.txt: "Тактики: максимальное число одновременно известных войску
    # тактик (новые тактики можно изучить с помощью Обучения войска )."
    level_four = situation(army(level=4))
    assert codes(level_four, K.TRAIN_ARMY, TrainArmy("keen_eyed")) == []
    assert codes(level_four, K.TRAIN_ARMY, TrainArmy("keen_eyed", skill="scholarship")) == []


def test_train_army_at_max_tactics_needs_replaces():
    # reference army_activities Train Army: "If the army already knows its maximum number of tactics,
    # the new one replaces an existing tactic of your choice"
    full = situation(army(level=1))
    assert codes(full, K.TRAIN_ARMY, TrainArmy("keen_eyed")) == [("replaces_required", "replaces")]
    assert codes(full, K.TRAIN_ARMY, TrainArmy("keen_eyed", replaces="hold_the_line")) == []
    assert codes(full, K.TRAIN_ARMY, TrainArmy("keen_eyed", replaces="Hold the Line")) == []


def test_train_army_cannot_replace_a_tactic_the_army_does_not_know():
    # reference army_activities Train Army: "the new one replaces an existing tactic of your choice"
    full = situation(army(level=1))
    assert codes(full, K.TRAIN_ARMY, TrainArmy("keen_eyed", replaces="darkvision")) == [
        ("replaces_unknown", "replaces")]


@pytest.mark.parametrize(("skill", "expected"), [
    ("warfare", []), ("scholarship", []), ("arts", [("skill_not_allowed", "skill")]),
])
def test_train_army_skills(skill, expected):
    # reference army_activities Train Army: "check: Scholarship or Warfare"
    assert codes(situation(army(level=4)), K.TRAIN_ARMY, TrainArmy("keen_eyed", skill=skill)) == expected


def test_train_army_follows_the_tactic_rules():
    # seed 003_750bd81a16f66abf.txt: "Чтобы узнать новую тактику, уровень войска должен быть не ниже
    # уровня тактики, а род войска должен быть указан в дескрипторах тактики. Войско не может
    # дважды выучить одну и ту же тактику."
    level_four = situation(army(level=4))
    assert codes(level_four, K.TRAIN_ARMY, TrainArmy("sharpshooter")) == [
        ("tactic_level_too_high", "tactic")]
    assert codes(level_four, K.TRAIN_ARMY, TrainArmy("ambush")) == [
        ("wrong_army_type", "tactic"), ("tactic_level_too_high", "tactic")]
    assert codes(level_four, K.TRAIN_ARMY, TrainArmy("hold_the_line")) == [
        ("duplicate_tactic", "tactic")]
    assert codes(level_four, K.TRAIN_ARMY, TrainArmy("no_such_tactic")) == [
        ("unknown_tactic", "tactic")]
    # Toughened Soldiers may be learned again.
    assert codes(situation(army(level=4, tactics=("toughened_soldiers",))), K.TRAIN_ARMY,
                 TrainArmy("toughened_soldiers")) == []


def test_train_army_cannot_replace_the_cavalry_first_tactic():
    # seed 003_750bd81a16f66abf.txt: "кавалерия и осадные войска должны выбрать первой тактикой
    # Конную лаву и Орудие воины соответственно"
    riders = situation(army(template=CAVALRY, level=3, tactics=("overrun",)))
    found = codes(riders, K.TRAIN_ARMY, TrainArmy("keen_eyed", replaces="overrun"))
    assert ("required_first_tactic", "tactic") in found


def test_train_army_cannot_replace_a_special_armys_own_tactic():
    # seed 003_750bd81a16f66abf.txt: "Эти тактики учитываются в числе известных тактик и не могут
    # быть заменены на новые."
    kobolds = situation(army(template=SOOTSCALE, level=4, tactics=SOOTSCALE.tactics))
    found = codes(kobolds, K.TRAIN_ARMY, TrainArmy("keen_eyed", replaces="accustomed_to_panic"))
    assert found == [("unique_tactic_removed", "replaces")]


def test_train_army_teaches_a_special_army_only_above_its_minimum_level():
    # seed 003_750bd81a16f66abf.txt: "Тактики особых войск уже указаны в блоках их параметров — вы
    # можете обучить их новым тактикам только после повышения их уровня."
    lizards = find_template("Lizardfolk Defenders")  # level 5: 1 of 2 tactic slots taken
    at_minimum = situation(army(template=lizards, level=5, tactics=lizards.tactics), level=5)
    assert codes(at_minimum, K.TRAIN_ARMY, TrainArmy("keen_eyed")) == [
        ("special_tactics_locked", "tactic")]
    risen = situation(army(template=lizards, level=6, tactics=lizards.tactics), level=6)
    assert codes(risen, K.TRAIN_ARMY, TrainArmy("keen_eyed")) == []


# --- Outfit Army ------------------------------------------------------------------------------

def test_outfit_army_within_the_kingdoms_rp():
    # seed 003_750bd81a16f66abf.txt: "Цена 15 ПР за одну дозу"
    assert codes(situation(resource_points=30), K.OUTFIT_ARMY,
                 OutfitArmy(GearItem(GearKind.HEALING_POTIONS, doses=2))) == []


def test_outfit_army_without_enough_rp_is_refused():
    # seed 003_750bd81a16f66abf.txt: "Цена 15 ПР за одну дозу" (reference Outfit Army: "Trade when
    # buying gear (pays the RP price)"; RP never goes below zero)
    found = order_violations(situation(resource_points=29), Order(
        1, K.OUTFIT_ARMY, OutfitArmy(GearItem(GearKind.HEALING_POTIONS, doses=2)), 1))
    assert [(v.code, v.field) for v in found] == [("not_enough_rp", "gear")]
    assert found[0].params == {"cost": 30, "rp": 29}


def test_captured_gear_costs_no_rp():
    # reference army_activities Outfit Army: "Warfare when handing out gear captured in battle (free)"
    assert codes(situation(resource_points=0), K.OUTFIT_ARMY,
                 OutfitArmy(GearItem(GearKind.HEALING_POTIONS, doses=3), captured=True)) == []


def test_outfit_army_replacement_credit_lowers_the_price():
    # seed 003_750bd81a16f66abf.txt: "Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    armored = army(level=11, gear=(ARMOR,), gear_paid_rp=(25,))
    assert codes(situation(armored, level=11, resource_points=25), K.OUTFIT_ARMY,
                 OutfitArmy(GREATER_ARMOR)) == []
    assert codes(situation(armored, level=11, resource_points=24), K.OUTFIT_ARMY,
                 OutfitArmy(GREATER_ARMOR)) == [("not_enough_rp", "gear")]
    # Captured armor (no RP spent on it) gives no credit.
    captured = army(level=11, gear=(ARMOR,), gear_paid_rp=(0,))
    assert codes(situation(captured, level=11, resource_points=49), K.OUTFIT_ARMY,
                 OutfitArmy(GREATER_ARMOR)) == [("not_enough_rp", "gear")]


def test_outfit_army_gear_rules_are_reported_on_the_gear_field():
    # seed 003_750bd81a16f66abf.txt: "Тип: магическая броня. Уровень: 5. Цена: 25 ПР."
    assert codes(situation(army(level=4), resource_points=100), K.OUTFIT_ARMY, OutfitArmy(ARMOR)) == [
        ("gear_level_too_high", "gear")]
    assert codes(situation(army(level=5, gear=(ARMOR,)), resource_points=100), K.OUTFIT_ARMY,
                 OutfitArmy(ARMOR)) == [("not_an_upgrade", "gear")]


def test_outfit_army_potions_cap_at_three_doses():
    # seed 003_750bd81a16f66abf.txt: "У войска может быть максимум три дозы зелий исцеления
    # одновременно."
    stocked = army(gear=(GearItem(GearKind.HEALING_POTIONS, doses=2),))
    assert codes(situation(stocked, resource_points=100), K.OUTFIT_ARMY, OutfitArmy(POTIONS)) == []
    assert codes(situation(stocked, resource_points=100), K.OUTFIT_ARMY,
                 OutfitArmy(GearItem(GearKind.HEALING_POTIONS, doses=2))) == [("potion_doses", "gear")]
    assert codes(situation(stocked, resource_points=100), K.OUTFIT_ARMY,
                 OutfitArmy(GearItem(GearKind.HEALING_POTIONS, doses=0))) == [
        ("doses_required", "doses")]


# --- Deploy Army ------------------------------------------------------------------------------

def test_deploy_army_to_a_hex_in_range():
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes), Boating
    # (within 20 hexes along connected water) or Magic (master only; within 30 hexes)"
    here = situation()
    assert codes(here, K.DEPLOY_ARMY, DeployArmy("C24")) == []
    assert codes(here, K.DEPLOY_ARMY, DeployArmy("C24", skill="boating")) == []
    assert codes(here, K.DEPLOY_ARMY, DeployArmy("C34", skill="magic")) == []


@pytest.mark.parametrize(("params", "distance"), [
    (DeployArmy("C25"), 21),
    (DeployArmy("C25", skill="boating"), 21),
    (DeployArmy("C35", skill="magic"), 31),
    (DeployArmy("C24", difficult_hexes=1), 21),
])
def test_deploy_army_too_far(params, distance):
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes), Boating
    # (within 20 hexes along connected water) or Magic (master only; within 30 hexes)"; "roadless
    # swamp/mountain hexes and unbridged river/lake crossings count as 2 hexes"
    found = order_violations(situation(), Order(1, K.DEPLOY_ARMY, params, 1))
    assert [(v.code, v.field) for v in found] == [("too_far", "destination")]
    assert found[0].params["distance"] == distance
    assert deploy_distance(army(), params) == distance


def test_deploy_army_to_its_own_hex_is_refused():
    # reference army_activities Deploy Army: "Arrives" (somewhere else than where it stands)
    assert codes(situation(), K.DEPLOY_ARMY, DeployArmy("C4")) == [("same_hex", "destination")]
    assert codes(situation(), K.DEPLOY_ARMY, DeployArmy(" c4")) == [("same_hex", "destination")]


def test_deploy_army_road_needs_exploration():
    # reference army_activities Deploy Army: "Exploration: road between start and end improves the
    # result one degree"
    assert codes(situation(), K.DEPLOY_ARMY, DeployArmy("C8", road=True)) == []
    assert codes(situation(), K.DEPLOY_ARMY, DeployArmy("C8", skill="boating", road=True)) == [
        ("road_needs_exploration", "road")]


def test_deploy_army_skill_and_destination_format():
    # reference army_activities Deploy Army: "check: Exploration ..., Boating ... or Magic"
    assert codes(situation(), K.DEPLOY_ARMY, DeployArmy("C8", skill="warfare")) == [
        ("skill_not_allowed", "skill")]
    assert codes(situation(), K.DEPLOY_ARMY, DeployArmy("the river", skill="warfare")) == [
        ("skill_not_allowed", "skill"), ("hex_format", "destination")]


def test_deploy_army_difficult_hexes_cannot_be_negative():
    # reference army_activities Deploy Army: "roadless swamp/mountain hexes and unbridged river/lake
    # crossings count as 2 hexes"
    found = codes(situation(), K.DEPLOY_ARMY, DeployArmy("C8", difficult_hexes=-1))
    assert ("difficult_hexes", "difficult_hexes") in found


# --- Recover Army -----------------------------------------------------------------------------

def test_afflictions_an_army_can_recover_from():
    # reference army_activities Recover Army: "Any army with an affliction (damaged, defeated, lost,
    # mired/pinned, shaken, weary)"
    assert afflictions(army()) == set()
    assert afflictions(army(hp=3)) == {Affliction.DAMAGED}
    assert afflictions(army(conditions=[cs(Condition.WEARY, 2), cs(Condition.SHAKEN, 1),
                                        cs(Condition.MIRED, 1), cs(Condition.FORTIFIED)])) == {
        Affliction.WEARY, Affliction.SHAKEN, Affliction.MIRED}
    assert afflictions(army(conditions=[cs(Condition.PINNED)])) == {Affliction.PINNED}
    assert afflictions(army(conditions=[cs(Condition.LOST)])) == {Affliction.LOST}
    # A defeated army (0 HP) recovers from being defeated, not from damage.
    assert afflictions(army(conditions=[cs(Condition.DEFEATED)], hp=0)) == {Affliction.DEFEATED}


def test_recover_army_without_the_affliction_is_refused():
    # seed 003_750bd81a16f66abf.txt: "Значения состояний зачастую можно уменьшить занятием
    # Восстановление войска или просто подождав."
    found = order_violations(situation(), Order(1, K.RECOVER_ARMY,
                                                RecoverArmy(Affliction.WEARY, "arts"), 1))
    assert [(v.code, v.field) for v in found] == [("no_affliction", "affliction")]
    assert found[0].params == {"army": "Army 1", "affliction": "weary"}
    assert codes(situation(), K.RECOVER_ARMY, RecoverArmy(Affliction.DAMAGED, "defense")) == [
        ("no_affliction", "affliction")]


@pytest.mark.parametrize(("affliction", "conditions", "hp", "allowed"), [
    (Affliction.DAMAGED, [], 2, ("defense", "folklore")),
    (Affliction.DEFEATED, [cs(Condition.DEFEATED)], 0, ("politics", "warfare")),
    (Affliction.LOST, [cs(Condition.LOST)], None, ("exploration", "wilderness")),
    (Affliction.MIRED, [cs(Condition.MIRED, 1)], None, ("engineering", "magic")),
    (Affliction.PINNED, [cs(Condition.PINNED)], None, ("engineering", "magic")),
    (Affliction.SHAKEN, [cs(Condition.SHAKEN, 1)], None, ("arts", "warfare")),
    (Affliction.WEARY, [cs(Condition.WEARY, 1)], None, ("defense", "arts")),
])
def test_recover_army_skills(affliction, conditions, hp, allowed):
    # reference army_activities Recover Army: "Damaged: Defense or Folklore (expert); Defeated:
    # Politics (master) or Warfare (expert); Lost: Exploration or Wilderness (expert); Mired or
    # Pinned: Engineering or Magic (expert); Shaken: Arts or Warfare (expert); Weary: Defense or Arts"
    afflicted = situation(army(conditions=conditions, hp=hp))
    for skill in allowed:
        assert codes(afflicted, K.RECOVER_ARMY, RecoverArmy(affliction, skill)) == []
    assert codes(afflicted, K.RECOVER_ARMY, RecoverArmy(affliction, "trade")) == [
        ("skill_not_allowed", "skill")]


# --- Disband Army -----------------------------------------------------------------------------

def test_disband_army_needs_nothing_else():
    # reference army_activities Disband Army: "Any army, including a defeated one"; "check: null"
    assert codes(situation(), K.DISBAND_ARMY, DisbandArmy()) == []
    beaten = army(conditions=[cs(Condition.DEFEATED)], hp=0, gear=(POTIONS,))
    assert codes(situation(beaten), K.DISBAND_ARMY, DisbandArmy()) == []


def test_disband_army_passes_gear_only_to_an_army_in_the_same_hex():
    # seed 003_750bd81a16f66abf.txt: "Вы можете передать снаряжение от войска к войску, если
    # получатель достаточно высокого уровня и если оба войска в одном гексе." ... "Если войско
    # распущено, вы можете передать его снаряжение другому войску в качестве части Роспуска войска."
    giver = army(1, level=5, gear=(ARMOR,))
    near = army(2, level=5, hex="C4")
    far = army(2, level=5, hex="D4")
    assert codes(situation(giver, near), K.DISBAND_ARMY, DisbandArmy(gear_to=2)) == []
    assert codes(situation(giver, far), K.DISBAND_ARMY, DisbandArmy(gear_to=2)) == [
        ("transfer_other_hex", "gear_to")]


def test_disband_army_gear_receiver_must_be_high_enough():
    # seed 003_750bd81a16f66abf.txt: "если получатель достаточно высокого уровня"
    giver = army(1, level=5, gear=(ARMOR,))
    low = army(2, level=4)
    assert codes(situation(giver, low), K.DISBAND_ARMY, DisbandArmy(gear_to=2)) == [
        ("gear_level_too_high", "gear_to")]


@pytest.mark.parametrize("receiver", [None, 1, 99, "disbanded", "destroyed"])
def test_disband_army_gear_goes_to_another_active_army(receiver):
    # seed 003_750bd81a16f66abf.txt: "вы можете передать его снаряжение другому войску"
    giver = army(1, level=5, gear=(ARMOR,))
    armies = [giver]
    gear_to = receiver
    if isinstance(receiver, str):
        armies.append(army(2, level=5, status=receiver))
        gear_to = 2
    found = codes(situation(*armies), K.DISBAND_ARMY, DisbandArmy(gear_to=gear_to))
    assert found == ([] if receiver is None else [("gear_to_invalid", "gear_to")])


# --- Garrison Army ----------------------------------------------------------------------------

def test_garrison_in_an_own_settlement():
    # reference army_activities Garrison Army: "Any army in a hex with a Refuge, settlement or Work
    # Site"
    assert codes(situation(), K.GARRISON_ARMY, GarrisonArmy(Site.SETTLEMENT)) == []


def test_garrison_in_a_settlement_the_kingdom_does_not_have_is_refused():
    # reference army_activities Garrison Army: "Any army in a hex with a Refuge, settlement or Work
    # Site"
    afield = situation(army(hex="F9"))
    found = order_violations(afield, Order(1, K.GARRISON_ARMY, GarrisonArmy(Site.SETTLEMENT), 1))
    assert [(v.code, v.field) for v in found] == [("no_settlement_here", "site")]
    assert found[0].params == {"hex": "F9"}
    # Someone else's settlement, a Refuge or a Work Site: the engine cannot see them, the GM can.
    assert codes(afield, K.GARRISON_ARMY, GarrisonArmy(Site.SETTLEMENT, Territory.ENEMY)) == []
    assert codes(afield, K.GARRISON_ARMY, GarrisonArmy(Site.SETTLEMENT, Territory.OUTSIDE)) == []
    assert codes(afield, K.GARRISON_ARMY, GarrisonArmy(Site.REFUGE)) == []
    assert codes(afield, K.GARRISON_ARMY, GarrisonArmy(Site.WORK_SITE)) == []


@pytest.mark.parametrize(("turn", "hex", "expected"), [
    (6, "C4", [("garrison_banned", "site")]),
    (9, "C4", [("garrison_banned", "site")]),
    (10, "C4", []),
    (6, "D4", []),
])
def test_garrison_ban_after_a_critical_failure(turn, hex, expected):
    # reference army_activities Garrison Army: "critical_failure: Not fortified, +1 Unrest, and that
    # army cannot garrison at that site for 4 Kingdom turns"
    banned = army(hex=hex, garrison_bans=(("C4", 9),))
    found = codes(situation(banned, turn=turn, settlement_hexes=frozenset({"C4", "D4"})),
                  K.GARRISON_ARMY, GarrisonArmy(Site.SETTLEMENT))
    assert found == expected


# --- Offensive Gambit -------------------------------------------------------------------------

HORDE = ForeignArmy(7, "Pitax", "Pitax Horde", "C4", scouting_dc=29)
RAIDERS = ForeignArmy(8, "Pitax", "Pitaxian Raiders", "D4", scouting_dc=20)


def test_offensive_gambit_against_an_enemy_in_the_same_hex():
    # reference army_activities Offensive Gambit: "Requires at least one of your armies in the same
    # hex as an enemy army"
    here = situation(foreign=(HORDE, RAIDERS))
    for approach in Approach:
        assert codes(here, K.OFFENSIVE_GAMBIT, OffensiveGambit(7, approach)) == []


def test_offensive_gambit_target_in_another_hex_is_refused():
    # reference army_activities Offensive Gambit: "Requires at least one of your armies in the same
    # hex as an enemy army"
    here = situation(foreign=(HORDE, RAIDERS))
    found = order_violations(here, Order(1, K.OFFENSIVE_GAMBIT, OffensiveGambit(8), 1))
    assert [(v.code, v.field) for v in found] == [("target_not_here", "target")]
    assert "Pitaxian Raiders" not in found[0].render()  # no news of where others' armies are
    assert codes(here, K.OFFENSIVE_GAMBIT, OffensiveGambit(99)) == [("target_not_here", "target")]


# --- Leadership: Recruit Army and Warfare Exercises --------------------------------------------

def recruit_codes(params, *armies, recruiting_blocked=False, **kingdom_changes):
    values = {"level": 3}
    values.update(kingdom_changes)
    here = replace(situation(*(armies or (army(name="The Guard", level=3),)), **values),
                   recruiting_blocked=recruiting_blocked)
    return [(v.code, v.field) for v in order_violations(here, Order(1, K.RECRUIT_ARMY, params))]


def test_recruit_army_valid_orders():
    # seed 003_750bd81a16f66abf.txt: "Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства. Особое войско начинает игру в том гексе, где вы впервые встретили его
    # представителей и рекрутировали их."
    assert recruit_codes(RecruitArmy(INFANTRY, "Second Foot", "C4", ("keen_eyed",))) == []
    assert recruit_codes(RecruitArmy(SOOTSCALE, "Kobold Spears", "Q9",
                                     faction="Sootscale kobolds")) == []


def test_recruit_army_violations():
    # seed 003_750bd81a16f66abf.txt: "Вы не можете рекрутировать войско, чей минимальный уровень
    # выше текущего уровня вашего королевства." ... "Дайте своему войску уникальное название"
    assert recruit_codes(RecruitArmy(SKIRMISHERS, "Scouts", "C4", ("keen_eyed",))) == [
        ("template_level_too_high", "template")]
    assert recruit_codes(RecruitArmy(INFANTRY, "the guard", "D4", ())) == [
        ("tactic_required", "tactics"), ("not_a_settlement_hex", "hex"), ("name_taken", "name")]
    assert ("not_recruitable", "template") in recruit_codes(
        RecruitArmy(TROLLS, "Trolls", "Q9", faction="Sootscale kobolds"), level=8)


def test_recruit_army_a_special_army_needs_relations_and_one_per_faction():
    # seed 003_750bd81a16f66abf.txt: "Чтобы нанять особое войско, вам нужно сначала установить
    # дипломатические отношения с соответствующей фракцией ... Из каждой фракции существ может быть
    # рекрутировано только одно войско."
    order = RecruitArmy(SOOTSCALE, "Kobold Spears", "Q9", faction="Sootscale kobolds")
    kobolds = army(2, template=SOOTSCALE, level=3, tactics=SOOTSCALE.tactics, hex="Q9",
                   faction="Sootscale kobolds")
    assert recruit_codes(order, army(level=3), kobolds) == [("faction_already_recruited", "faction")]
    # A disbanded army's faction may send a new one.
    assert recruit_codes(order, army(level=3), replace(kobolds, status="disbanded")) == []
    assert recruit_codes(replace(order, faction="Tiger Lords")) == [
        ("no_diplomatic_relations", "faction")]
    assert recruit_codes(replace(order, faction=None)) == [("faction_required", "faction")]


def test_recruit_army_names_of_gone_armies_are_free_again():
    # seed 003_750bd81a16f66abf.txt: "Дайте своему войску уникальное название"
    gone = army(name="The Guard", level=3, status="destroyed")
    assert recruit_codes(RecruitArmy(INFANTRY, "The Guard", "C4", ("keen_eyed",)), gone) == []


def test_recruit_army_start_hex_must_be_a_map_hex():
    # seed 003_750bd81a16f66abf.txt: "Особое войско начинает игру в том гексе, где вы впервые
    # встретили его представителей и рекрутировали их."
    assert recruit_codes(RecruitArmy(SOOTSCALE, "Kobold Spears", "the bog",
                                     faction="Sootscale kobolds")) == [("hex_format", "hex")]


def test_recruit_army_blocked_after_a_critical_failure():
    # reference army_activities Recruit Army: "critical_failure: Recruits are offended: +1 Unrest
    # and no further recruiting until next Kingdom turn"
    assert recruit_codes(RecruitArmy(INFANTRY, "Second Foot", "C4", ("keen_eyed",)),
                         recruiting_blocked=True) == [("recruiting_blocked", "kind")]


def test_warfare_exercises_locked_until_unlocked():
    # reference army_activities Warfare Exercises: "Leadership activity that pf2e-kingmaker-tools
    # keeps disabled until unlocked"
    order = Order(1, K.WARFARE_EXERCISES, WarfareExercises())
    assert [(v.code, v.field) for v in order_violations(situation(), order)] == [
        ("activity_locked", "kind")]
    assert order_violations(situation(warfare_exercises_unlocked=True), order) == []


# --- One activity per army --------------------------------------------------------------------

def slot_codes(order, *others):
    return [(v.code, v.field) for v in order_slot_violations(order, tuple(others))]


def test_one_activity_per_army_per_turn():
    # seed 003_750bd81a16f66abf.txt: "каждое войско, существующее в королевстве, может выполнить
    # одно из войсковых занятий"
    train = Order(1, K.TRAIN_ARMY, TrainArmy("keen_eyed"), 1)
    deploy = Order(2, K.DEPLOY_ARMY, DeployArmy("C5"), 1)
    other_army = Order(3, K.DEPLOY_ARMY, DeployArmy("C5"), 2)
    assert slot_codes(train) == []
    assert slot_codes(train, train) == []  # the order itself, as stored
    assert slot_codes(train, other_army) == []
    assert slot_codes(deploy, train, other_army) == [("one_activity", "army")]


def test_an_efficient_army_orders_a_second_activity_separately():
    # seed 003_750bd81a16f66abf.txt: "Эффективно : войско совершило войсковое занятие с такой
    # скоростью, что немедленно может совершить ещё одно"
    first = Order(1, K.TRAIN_ARMY, TrainArmy("keen_eyed"), 1)
    second = Order(2, K.DEPLOY_ARMY, DeployArmy("C5"), 1, second=True)
    third = Order(3, K.RECOVER_ARMY, RecoverArmy(Affliction.WEARY, "arts"), 1, second=True)
    assert slot_codes(second, first) == []
    assert slot_codes(first, second) == []
    assert slot_codes(third, first, second) == [("second_taken", "second")]


def test_leadership_activities_take_no_army_slot():
    # seed 003_750bd81a16f66abf.txt: "(кроме Рекрутирования войска: это занятие лидерства )"
    recruit = Order(1, K.RECRUIT_ARMY, RecruitArmy(INFANTRY, "A", "C4", ("keen_eyed",)))
    again = Order(2, K.RECRUIT_ARMY, RecruitArmy(INFANTRY, "B", "C4", ("keen_eyed",)))
    exercises = Order(3, K.WARFARE_EXERCISES, WarfareExercises())
    assert slot_codes(again, recruit, exercises) == []
    assert slot_codes(replace(exercises, second=True)) == [("second_not_army", "second")]


def test_border_and_territory_defaults():
    # reference army_activities Deploy Army: "+5 if crossing your own border, +10 if crossing an
    # enemy kingdom's border"; Garrison Army: "+5 if the hex is outside your kingdom, +10 if it
    # belongs to an enemy kingdom"
    assert DeployArmy("C5").border is Border.NONE
    assert GarrisonArmy(Site.REFUGE).territory is Territory.OWN
