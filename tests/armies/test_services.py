"""The army services: each validates through rules/ and applies in one transaction."""
from __future__ import annotations

import pytest
from factories import (
    ArmyFactory,
    ArmyGearFactory,
    ArmyTacticFactory,
    DiplomaticRelationFactory,
    FactionFactory,
)

from armies.choices import ArmyStatus
from armies.models import Army, ArmyCondition, ArmyGear, ArmyTactic
from armies.orders import kingdom_state
from armies.selectors import army_stat_block
from armies.services import (
    army_disband,
    army_gain_condition,
    army_learn_tactic,
    army_recruit,
    army_save,
    gear_fit,
    gear_transfer,
    kingdom_set_level,
)
from campaigns.models import Kingdom
from core.permissions import SYSTEM
from rules.errors import RuleViolation
from rules.kingmaker.gear import parse_gear

pytestmark = pytest.mark.django_db


def at_level(kingdom: Kingdom, level: int) -> Kingdom:
    Kingdom.objects.filter(pk=kingdom.pk).update(level=level)
    kingdom.refresh_from_db()
    return kingdom


def codes(excinfo) -> set[str]:
    return excinfo.value.codes()


# --- army_recruit ------------------------------------------------------------------------------


def test_recruited_army_takes_the_kingdoms_level_tactics_and_full_hp(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "При рекрутировании войска его уровень становится равен
    # уровню вашего королевства."
    at_level(kingdom, 4)
    army = army_recruit(kingdom=kingdom, template=template("Infantry"), name="Restov Guard",
                        hex="C4", tactics=["toughened_soldiers", "keen_eyed"], user=SYSTEM)
    army.refresh_from_db()
    assert army.level == 4
    assert army.status == ArmyStatus.ACTIVE
    assert list(army.tactics.values_list("tactic", flat=True)) == ["toughened_soldiers", "keen_eyed"]
    assert list(army.tactics.values_list("position", flat=True)) == [0, 1]
    block = army_stat_block(army)
    assert block.level == 4
    assert block.max_hp == 5  # Infantry HP 4, +1 for Toughened Soldiers
    assert army.hp == block.max_hp


def test_recruited_cavalry_takes_overrun_as_its_first_tactic(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "кавалерия и осадные войска должны выбрать первой тактикой
    # Конную лаву и Орудие воины соответственно"
    at_level(kingdom, 3)
    army = army_recruit(kingdom=kingdom, template=template("Cavalry"), name="Riders", hex="C4", user=SYSTEM)
    assert list(army.tactics.values_list("tactic", flat=True)) == ["overrun"]


def test_recruiting_adds_the_armys_consumption_to_the_kingdoms(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "Когда вы рекрутируете войско, потребление вашего королеве 1ва
    # вырастает на значение потребления этого войска."
    at_level(kingdom, 3)
    assert kingdom_state(kingdom).consumption == 0
    army_recruit(kingdom=kingdom, template=template("Infantry"), name="Foot", hex="C4",
                 tactics=["keen_eyed"], user=SYSTEM)
    assert kingdom_state(kingdom).consumption == 1
    army_recruit(kingdom=kingdom, template=template("Cavalry"), name="Horse", hex="C4", user=SYSTEM)
    assert kingdom_state(kingdom).consumption == 1 + 2


def test_disbanded_armies_no_longer_count_towards_consumption(kingdom, template):
    army = army_recruit(kingdom=kingdom, template=template("Infantry"), name="Foot", hex="C4",
                        tactics=["keen_eyed"], user=SYSTEM)
    army_disband(army=army, user=SYSTEM)
    assert kingdom_state(kingdom).consumption == 0


def test_critical_recruitment_starts_the_army_efficient(kingdom, infantry):
    army = army_recruit(kingdom=kingdom, template=infantry, name="Quick", hex="C4",
                        tactics=["keen_eyed"], efficient=True, user=SYSTEM)
    assert list(army.conditions.values_list("condition", flat=True)) == ["efficient"]


def test_recruiting_a_template_above_the_kingdoms_level_is_rejected(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "Вы не можете рекрутировать войско, чей минимальный уровень
    # выше текущего уровня вашего королевства."
    at_level(kingdom, 2)
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=template("Cavalry"), name="Riders", hex="C4", user=SYSTEM)
    assert "template_level_too_high" in codes(excinfo)
    assert not Army.objects.exists()


def test_special_army_needs_diplomatic_relations_with_its_faction(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "Чтобы нанять особое войско, вам нужно сначала установить
    # дипломатические отношения с соответствующей фракцией"
    at_level(kingdom, 3)
    sootscale = template("Sootscale Warriors")
    kobolds = FactionFactory(campaign=kingdom.campaign, special_armies=[sootscale])
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=sootscale, name="Spears", hex="J9",
                     faction=kobolds, user=SYSTEM)
    assert codes(excinfo) == {"no_diplomatic_relations"}
    assert not Army.objects.exists()


def test_special_army_with_relations_is_recruited_in_the_hex_where_it_was_met(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "Особое войско начинает игру в том гексе, где вы впервые
    # встретили его представителей и рекрутировали их."
    at_level(kingdom, 3)
    sootscale = template("Sootscale Warriors")
    relation = DiplomaticRelationFactory(kingdom=kingdom,
                                         faction__special_armies=[sootscale])
    army = army_recruit(kingdom=kingdom, template=sootscale, name="Spears", hex="J9",
                        faction=relation.faction, user=SYSTEM)
    assert army.hex == "J9"
    assert army.faction == relation.faction
    assert sorted(army.tactics.values_list("tactic", flat=True)) == [
        "accustomed_to_panic", "darkvision"]


def test_only_one_army_can_be_recruited_from_each_faction(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "Из каждой фракции существ может быть рекрутировано только
    # одно войско."
    at_level(kingdom, 3)
    sootscale = template("Sootscale Warriors")
    relation = DiplomaticRelationFactory(kingdom=kingdom, faction__special_armies=[sootscale])
    army_recruit(kingdom=kingdom, template=sootscale, name="Spears", hex="J9",
                 faction=relation.faction, user=SYSTEM)
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=sootscale, name="More Spears", hex="J9",
                     faction=relation.faction, user=SYSTEM)
    assert codes(excinfo) == {"faction_already_recruited"}
    assert Army.objects.count() == 1


def test_faction_that_does_not_offer_the_special_army_is_rejected(kingdom, template):
    at_level(kingdom, 5)
    relation = DiplomaticRelationFactory(kingdom=kingdom,
                                         faction__special_armies=[template("Sootscale Warriors")])
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=template("Lizardfolk Defenders"), name="Lizards",
                     hex="J9", faction=relation.faction, user=SYSTEM)
    assert codes(excinfo) == {"faction_does_not_offer"}
    assert not Army.objects.exists()


def test_regular_army_must_start_in_a_settlement_hex(kingdom, infantry):
    # seed 003_750bd81a16f66abf.txt: "Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства."
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=infantry, name="Lost", hex="Z9",
                     tactics=["keen_eyed"], user=SYSTEM)
    assert codes(excinfo) == {"not_a_settlement_hex"}
    assert excinfo.value.violations[0].field == "hex"


def test_another_kingdoms_settlement_hex_does_not_count(kingdom, rival_kingdom, infantry):
    # seed 003_750bd81a16f66abf.txt: "Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства."
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=infantry, name="Raiders", hex="P9",
                     tactics=["keen_eyed"], user=SYSTEM)
    assert codes(excinfo) == {"not_a_settlement_hex"}


def test_army_name_must_be_unique_in_the_kingdom(kingdom, infantry):
    # seed 003_750bd81a16f66abf.txt: "Дайте своему войску уникальное название"
    army_recruit(kingdom=kingdom, template=infantry, name="Restov Guard", hex="C4",
                 tactics=["keen_eyed"], user=SYSTEM)
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=infantry, name="restov guard ", hex="C4",
                     tactics=["keen_eyed"], user=SYSTEM)
    assert codes(excinfo) == {"name_taken"}
    assert Army.objects.count() == 1


def test_another_kingdom_may_use_the_same_army_name(kingdom, rival_kingdom, infantry):
    army_recruit(kingdom=kingdom, template=infantry, name="Guard", hex="C4", tactics=["keen_eyed"],
                 user=SYSTEM)
    army_recruit(kingdom=rival_kingdom, template=infantry, name="Guard", hex="P9",
                 tactics=["keen_eyed"], user=SYSTEM)
    assert Army.objects.filter(name="Guard").count() == 2


def test_a_disbanded_armys_name_can_be_reused(kingdom, infantry):
    old = army_recruit(kingdom=kingdom, template=infantry, name="Guard", hex="C4",
                       tactics=["keen_eyed"], user=SYSTEM)
    army_disband(army=old, user=SYSTEM)
    new = army_recruit(kingdom=kingdom, template=infantry, name="Guard", hex="C4",
                       tactics=["keen_eyed"], user=SYSTEM)
    assert new.pk != old.pk


def test_recruitment_reports_every_broken_rule_at_once(kingdom, template):
    at_level(kingdom, 2)
    ArmyFactory(kingdom=kingdom, name="Taken")
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=template("Cavalry"), name="Taken", hex="Z9", user=SYSTEM)
    assert {"template_level_too_high", "not_a_settlement_hex", "name_taken"} <= codes(excinfo)


def test_regular_army_needs_a_first_tactic(kingdom, infantry):
    # seed 003_750bd81a16f66abf.txt: "Каждое войско обучено минимум одной тактике."
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=infantry, name="Bare", hex="C4", user=SYSTEM)
    assert codes(excinfo) == {"tactic_required"}


# --- army_learn_tactic -------------------------------------------------------------------------


def test_army_learns_a_tactic_of_its_level_and_type(kingdom):
    at_level(kingdom, 4)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    learned = army_learn_tactic(army=army, tactic="hold_the_line", user=SYSTEM)
    assert learned.position == 1
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed", "hold_the_line"]


def test_army_cannot_learn_a_tactic_above_its_level(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Чтобы узнать новую тактику, уровень войска должен быть не
    # ниже уровня тактики"
    at_level(kingdom, 4)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    with pytest.raises(RuleViolation) as excinfo:
        army_learn_tactic(army=army, tactic="bloodied_but_unbroken", user=SYSTEM)  # a level 5 tactic
    assert codes(excinfo) == {"tactic_level_too_high"}
    assert army.tactics.count() == 1


def test_army_cannot_learn_a_tactic_of_another_army_type(kingdom):
    # seed 003_750bd81a16f66abf.txt: "а род войска должен быть указан в дескрипторах тактики."
    at_level(kingdom, 6)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    with pytest.raises(RuleViolation) as excinfo:
        army_learn_tactic(army=army, tactic="cavalry_experts", user=SYSTEM)  # level 6, cavalry only
    assert codes(excinfo) == {"wrong_army_type"}
    assert army.tactics.count() == 1


def test_army_cannot_learn_the_same_tactic_twice(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Войско не может дважды выучить одну и ту же тактику."
    at_level(kingdom, 4)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    with pytest.raises(RuleViolation) as excinfo:
        army_learn_tactic(army=army, tactic="keen_eyed", user=SYSTEM)
    assert codes(excinfo) == {"duplicate_tactic"}


def test_army_cannot_know_more_tactics_than_its_level_allows(kingdom):
    # seed 003_750bd81a16f66abf.txt: "1	+7	15	16	+10	+4	+9	1" (a level 1 army knows 1 tactic)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    with pytest.raises(RuleViolation) as excinfo:
        army_learn_tactic(army=army, tactic="hold_the_line", user=SYSTEM)
    assert codes(excinfo) == {"too_many_tactics"}
    assert army.tactics.count() == 1


# --- gear_fit ----------------------------------------------------------------------------------


def test_better_magic_armor_is_credited_with_the_price_of_the_old(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    at_level(kingdom, 11)
    army = ArmyFactory(kingdom=kingdom)
    first = gear_fit(army=army, item=parse_gear("magic_armor"), user=SYSTEM)
    assert first.cost_rp == 25
    quote = gear_fit(army=army, item=parse_gear("magic_armor:greater"), user=SYSTEM)
    assert (quote.price_rp, quote.credit_rp, quote.cost_rp) == (50, 25, 25)
    [armor] = army.gear.all()
    assert (armor.kind, armor.tier) == ("magic_armor", "greater")
    assert army_stat_block(army).ac == 31 + 2


def test_captured_gear_earns_no_credit_when_replaced(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    at_level(kingdom, 11)
    army = ArmyFactory(kingdom=kingdom)
    ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0, price_paid_rp=0)
    quote = gear_fit(army=army, item=parse_gear("magic_armor:greater"), user=SYSTEM)
    assert (quote.price_rp, quote.credit_rp, quote.cost_rp) == (50, 0, 50)
    assert army.gear.get().price_paid_rp == 50


def test_fitting_captured_gear_records_nothing_paid(kingdom):
    at_level(kingdom, 11)
    army = ArmyFactory(kingdom=kingdom)
    gear_fit(army=army, item=parse_gear("magic_armor"), price_paid_rp=0, user=SYSTEM)
    assert army.gear.get().price_paid_rp == 0
    assert gear_fit(army=army, item=parse_gear("magic_armor:greater"), user=SYSTEM).cost_rp == 50


def test_healing_potions_add_doses_up_to_three(kingdom):
    # seed 003_750bd81a16f66abf.txt: "У войска может быть максимум три дозы зелий исцеления
    # одновременно."
    army = ArmyFactory(kingdom=kingdom)
    assert gear_fit(army=army, item=parse_gear("healing_potions:2"), user=SYSTEM).cost_rp == 30
    assert gear_fit(army=army, item=parse_gear("healing_potions:1"), user=SYSTEM).cost_rp == 15
    potions = army.gear.get()
    assert (potions.kind, potions.doses, potions.price_paid_rp) == ("healing_potions", 3, 45)
    with pytest.raises(RuleViolation) as excinfo:
        gear_fit(army=army, item=parse_gear("healing_potions:1"), user=SYSTEM)
    assert codes(excinfo) == {"potion_doses"}
    assert army.gear.get().doses == 3


def test_magic_armor_cannot_be_fitted_below_its_item_level(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Тип: магическая броня. Уровень: 5. Цена: 25 ПР."
    at_level(kingdom, 4)
    army = ArmyFactory(kingdom=kingdom)
    with pytest.raises(RuleViolation) as excinfo:
        gear_fit(army=army, item=parse_gear("magic_armor"), user=SYSTEM)
    assert codes(excinfo) == {"gear_level_too_high"}
    assert not army.gear.exists()


def test_weaker_magic_armor_does_not_replace_better(kingdom):
    at_level(kingdom, 11)
    army = ArmyFactory(kingdom=kingdom)
    gear_fit(army=army, item=parse_gear("magic_armor:greater"), user=SYSTEM)
    with pytest.raises(RuleViolation) as excinfo:
        gear_fit(army=army, item=parse_gear("magic_armor"), user=SYSTEM)
    assert codes(excinfo) == {"not_an_upgrade"}
    assert army.gear.get().tier == "greater"


def test_fitting_gear_keeps_the_other_gear_and_its_price(kingdom):
    at_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom)
    ArmyGearFactory(army=army, doses=2, price_paid_rp=30)
    gear_fit(army=army, item=parse_gear("magic_armor"), user=SYSTEM)
    stored = {g.kind: (g.doses, g.price_paid_rp) for g in army.gear.all()}
    assert stored == {"healing_potions": (2, 30), "magic_armor": (0, 25)}


def test_siege_engines_cannot_be_fitted_with_gear(kingdom, template):
    # Engines of War: "Cannot take gear" (the tactics reference, not seed 003).
    at_level(kingdom, 7)
    engines = ArmyFactory(kingdom=kingdom, template=template("Siege Engines"))
    with pytest.raises(RuleViolation) as excinfo:
        gear_fit(army=engines, item=parse_gear("healing_potions"), user=SYSTEM)
    assert codes(excinfo) == {"siege_no_gear"}
    assert not engines.gear.exists()


# --- gear_transfer -----------------------------------------------------------------------------


def test_gear_passes_between_armies_of_a_kingdom_in_the_same_hex(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Вы можете передать снаряжение от войска к войску, если
    # получатель достаточно высокого уровня и если оба войска в одном гексе."
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    receiver = ArmyFactory(kingdom=kingdom, hex="C4")
    potions = ArmyGearFactory(army=giver)
    moved = gear_transfer(gear=potions, target=receiver, user=SYSTEM)
    assert moved.army == receiver
    assert not giver.gear.exists()
    assert receiver.gear.get().pk == potions.pk


def test_gear_does_not_pass_between_armies_in_different_hexes(kingdom):
    # seed 003_750bd81a16f66abf.txt: "если оба войска в одном гексе"
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    receiver = ArmyFactory(kingdom=kingdom, hex="D6")
    potions = ArmyGearFactory(army=giver)
    with pytest.raises(RuleViolation) as excinfo:
        gear_transfer(gear=potions, target=receiver, user=SYSTEM)
    assert codes(excinfo) == {"transfer_other_hex"}
    potions.refresh_from_db()
    assert potions.army == giver


def test_siege_engines_cannot_receive_gear(kingdom, template):
    # Engines of War ("Cannot take gear") stands in for "получатель достаточно высокого уровня":
    # an army's level is its kingdom's, so a receiver of the same kingdom is never too low.
    at_level(kingdom, 7)
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    engines = ArmyFactory(kingdom=kingdom, hex="C4", template=template("Siege Engines"))
    potions = ArmyGearFactory(army=giver)
    with pytest.raises(RuleViolation) as excinfo:
        gear_transfer(gear=potions, target=engines, user=SYSTEM)
    assert codes(excinfo) == {"siege_no_gear"}
    assert potions.army == giver
    assert not engines.gear.exists()


def test_gear_does_not_pass_to_another_kingdoms_army(kingdom, rival_kingdom):
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    stranger = ArmyFactory(kingdom=rival_kingdom, hex="C4")
    potions = ArmyGearFactory(army=giver)
    with pytest.raises(RuleViolation) as excinfo:
        gear_transfer(gear=potions, target=stranger, user=SYSTEM)
    assert codes(excinfo) == {"transfer_other_kingdom"}


def test_transferred_gear_replaces_the_receivers_gear_of_the_same_kind(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если вы выдадите войску снаряжение с типом, который у него
    # уже есть, то новое заменит старое."
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    receiver = ArmyFactory(kingdom=kingdom, hex="C4")
    potions = ArmyGearFactory(army=giver, doses=2, price_paid_rp=30)
    ArmyGearFactory(army=receiver, doses=1)
    gear_transfer(gear=potions, target=receiver, user=SYSTEM)
    assert list(receiver.gear.values_list("pk", "doses")) == [(potions.pk, 2)]
    assert ArmyGear.objects.count() == 1


# --- army_disband ------------------------------------------------------------------------------


def test_disbanding_loses_the_gear(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если войско распущено, вы можете передать его снаряжение
    # другому войску в качестве части Роспуска войска. Если вы этого не сделаете, снаряжение будет
    # потеряно."
    army = ArmyFactory(kingdom=kingdom)
    ArmyGearFactory(army=army)
    army_disband(army=army, user=SYSTEM)
    army.refresh_from_db()
    assert army.status == ArmyStatus.DISBANDED
    assert not ArmyGear.objects.exists()


def test_disbanding_can_pass_the_gear_to_another_army(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если войско распущено, вы можете передать его снаряжение
    # другому войску в качестве части Роспуска войска."
    at_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom, hex="C4")
    heir = ArmyFactory(kingdom=kingdom, hex="C4")
    ArmyGearFactory(army=army)
    ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
    army_disband(army=army, gear_to=heir, user=SYSTEM)
    army.refresh_from_db()
    assert army.status == ArmyStatus.DISBANDED
    assert sorted(heir.gear.values_list("kind", flat=True)) == ["healing_potions", "magic_armor"]


def test_an_army_cannot_be_disbanded_twice(kingdom):
    army = ArmyFactory(kingdom=kingdom)
    army_disband(army=army, user=SYSTEM)
    with pytest.raises(RuleViolation) as excinfo:
        army_disband(army=army, user=SYSTEM)
    assert codes(excinfo) == {"not_active"}


def test_a_failed_disband_leaves_the_army_and_all_its_gear_untouched(kingdom, template):
    """The potions pass, the magic weapons cannot: the whole disband rolls back."""
    at_level(kingdom, 3)
    army = ArmyFactory(kingdom=kingdom, hex="C4")  # infantry: its magic weapons enhance melee
    heir = ArmyFactory(kingdom=kingdom, hex="C4", template=template("Sootscale Warriors"))
    ArmyGearFactory(army=army)
    ArmyGearFactory(army=army, kind="magic_weapons", tier="basic", weapon="", doses=0,
                    price_paid_rp=20)
    with pytest.raises(RuleViolation) as excinfo:
        army_disband(army=army, gear_to=heir, user=SYSTEM)  # the heir has melee and ranged: which one?
    assert codes(excinfo) == {"magic_weapon_which"}
    army.refresh_from_db()
    assert army.status == ArmyStatus.ACTIVE
    assert sorted(army.gear.values_list("kind", flat=True)) == ["healing_potions", "magic_weapons"]
    assert not heir.gear.exists()


# --- army_gain_condition -----------------------------------------------------------------------


def test_mired_four_becomes_pinned(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если войско завязнет 4, оно станет взятым в котёл ."
    army = ArmyFactory(kingdom=kingdom)
    army_gain_condition(army=army, condition="mired", value=2, user=SYSTEM)
    assert list(army.conditions.values_list("condition", "value")) == [("mired", 2)]
    army_gain_condition(army=army, condition="mired", value=2, user=SYSTEM)
    assert list(army.conditions.values_list("condition", "value")) == [("pinned", 0)]


def test_a_valued_condition_rises_by_the_value_gained(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Измотанное войско получает ситуативный штраф к КБ, проверкам
    # Манёвра и проверкам войсковых занятий, равный значению состояния."
    army = ArmyFactory(kingdom=kingdom)
    army_gain_condition(army=army, condition="weary", value=1, user=SYSTEM)
    army_gain_condition(army=army, condition="weary", value=2, user=SYSTEM)
    assert army.conditions.get().value == 3
    assert army_stat_block(army).ac == 16 - 3


def test_shaken_four_routs_the_army(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Когда потрясение войска достигнет 4, оно обращено в бегство ."
    army = ArmyFactory(kingdom=kingdom)
    army_gain_condition(army=army, condition="shaken", value=4, user=SYSTEM)
    assert set(army.conditions.values_list("condition", flat=True)) == {"shaken", "routed"}


# --- kingdom_set_level -------------------------------------------------------------------------


def test_armies_follow_their_kingdoms_new_level(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Когда ваше королевство повышает свой уровень, уровень
    # повышают и все войска (их параметры увеличиваются согласно таблице выше так, чтобы
    # соответствовать новому уровню королевства)."
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="low_light_vision")  # changes no number
    assert army_stat_block(army).ac == 16
    broken = kingdom_set_level(actor=SYSTEM, kingdom=kingdom, level=5)
    assert broken == {}
    army = Army.objects.get(pk=army.pk)
    block = army_stat_block(army)
    # seed 003_750bd81a16f66abf.txt: "5	+12	20	22	+15	+9	+15	2"
    assert (block.level, block.ac, block.scouting, block.morale, block.maneuver) == (5, 22, 12, 15, 9)
    assert block.melee.attack.total == 15
    assert block.max_tactics == 2
    # "Если увеличивается максимальное число тактик, войско не получает их автоматически"
    assert army.tactics.count() == 1


def test_lowering_the_level_below_an_armys_gear_reports_that_army(kingdom):
    at_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
    broken = kingdom_set_level(actor=SYSTEM, kingdom=kingdom, level=4)
    kingdom.refresh_from_db()
    assert kingdom.level == 4
    assert list(broken) == [army]
    assert [v.code for v in broken[army]] == ["gear_level_too_high"]


def test_lowering_the_level_below_a_templates_minimum_reports_that_army(kingdom, template):
    at_level(kingdom, 3)
    cavalry = ArmyFactory(kingdom=kingdom, template=template("Cavalry"))
    ArmyTacticFactory(army=cavalry, tactic="overrun")
    broken = kingdom_set_level(actor=SYSTEM, kingdom=kingdom, level=2)
    assert [v.code for v in broken[cavalry]] == ["below_minimum_level"]


def test_disbanded_armies_are_not_reported_after_a_level_change(kingdom):
    at_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom, status=ArmyStatus.DISBANDED)
    ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0)
    assert kingdom_set_level(actor=SYSTEM, kingdom=kingdom, level=1) == {}


@pytest.mark.parametrize("level", [0, 21])
def test_a_kingdom_level_outside_1_to_20_is_rejected(kingdom, level):
    # seed 003_750bd81a16f66abf.txt: "20	+33	40	45	+36	+30	+38	6" (the table ends at level 20)
    with pytest.raises(RuleViolation) as excinfo:
        kingdom_set_level(actor=SYSTEM, kingdom=kingdom, level=level)
    assert codes(excinfo) == {"level_out_of_range"}
    kingdom.refresh_from_db()
    assert kingdom.level == 1


# --- no half-applied data ----------------------------------------------------------------------


def test_a_rejected_recruitment_writes_nothing(kingdom, infantry):
    counts = (Army.objects.count(), ArmyTactic.objects.count(), ArmyCondition.objects.count(),
              Army.history.count())
    with pytest.raises(RuleViolation):
        army_recruit(kingdom=kingdom, template=infantry, name="Nowhere", hex="Z9",
                     tactics=["keen_eyed"], efficient=True, user=SYSTEM)
    assert (Army.objects.count(), ArmyTactic.objects.count(), ArmyCondition.objects.count(),
            Army.history.count()) == counts


def test_a_rejected_outfit_keeps_the_old_gear(kingdom):
    at_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom)
    ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
    ArmyGearFactory(army=army, doses=3, price_paid_rp=45)
    before = sorted(army.gear.values_list("pk", "kind", "tier", "doses", "price_paid_rp"))
    with pytest.raises(RuleViolation):
        gear_fit(army=army, item=parse_gear("magic_armor:greater"), user=SYSTEM)  # a level 11 item
    assert sorted(army.gear.values_list("pk", "kind", "tier", "doses", "price_paid_rp")) == before


def test_a_rejected_tactic_writes_nothing(kingdom):
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    history = ArmyTactic.history.count()
    with pytest.raises(RuleViolation):
        army_learn_tactic(army=army, tactic="hold_the_line", user=SYSTEM)
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed"]
    assert ArmyTactic.history.count() == history


def test_captured_magic_weapons_earn_no_credit_when_the_upgrade_names_no_weapon(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    at_level(kingdom, 10)
    army = ArmyFactory(kingdom=kingdom)  # infantry: melee only, so the weapon is implied
    ArmyGearFactory(army=army, kind="magic_weapons", tier="basic", weapon="melee", doses=0,
                    price_paid_rp=0)
    quote = gear_fit(army=army, item=parse_gear("magic_weapons:greater"), user=SYSTEM)
    assert (quote.price_rp, quote.credit_rp, quote.cost_rp) == (40, 0, 40)


def test_captured_magic_weapons_earn_no_credit_when_the_upgrade_names_the_weapon(kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    at_level(kingdom, 10)
    army = ArmyFactory(kingdom=kingdom)
    ArmyGearFactory(army=army, kind="magic_weapons", tier="basic", weapon="melee", doses=0,
                    price_paid_rp=0)
    quote = gear_fit(army=army, item=parse_gear("magic_weapons:greater:melee"), user=SYSTEM)
    assert (quote.price_rp, quote.credit_rp, quote.cost_rp) == (40, 0, 40)


@pytest.mark.parametrize("service", ["gear_fit", "army_learn_tactic", "army_gain_condition"])
def test_a_disbanded_army_takes_no_more_changes(service):
    infantry = army_disband(army=ArmyFactory(), user=SYSTEM)
    call = {
        "gear_fit": lambda: gear_fit(army=infantry, item=parse_gear("healing_potions:1"), user=SYSTEM),
        "army_learn_tactic": lambda: army_learn_tactic(army=infantry, tactic="keen_eyed", user=SYSTEM),
        "army_gain_condition": lambda: army_gain_condition(army=infantry, condition="weary", user=SYSTEM),
    }[service]
    with pytest.raises(RuleViolation) as error:
        call()
    assert error.value.codes() == {"not_active"}


def test_army_save_refuses_a_hex_off_the_map(kingdom):
    army = ArmyFactory(kingdom=kingdom, hex="C4")
    army.hex = "Q😀"
    with pytest.raises(RuleViolation) as error:
        army_save(army=army, user=SYSTEM)
    assert error.value.codes() == {"hex_format"}
    army.refresh_from_db()
    assert army.hex == "C4"


def test_a_special_army_is_recruited_only_in_a_map_hex(kingdom, template):
    # seed 003_750bd81a16f66abf.txt: "Особое войско начинает игру в том гексе, где вы впервые
    # встретили его представителей" - a hex of the map.
    at_level(kingdom, 3)
    sootscale = template("Sootscale Warriors")
    relation = DiplomaticRelationFactory(kingdom=kingdom, faction__special_armies=[sootscale])
    with pytest.raises(RuleViolation) as excinfo:
        army_recruit(kingdom=kingdom, template=sootscale, name="Spears", hex="Q😀",
                     faction=relation.faction, user=SYSTEM)
    assert codes(excinfo) == {"hex_format"}
    assert not Army.objects.exists()
