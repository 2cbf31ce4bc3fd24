"""Army gear: catalog, levels, prices, replacement credit, transfer and item-bonus stacking."""
import pytest

from rules.errors import RuleViolation
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.conditions import Condition, ConditionState, Target
from rules.kingmaker.gear import (
    GearItem,
    GearKind,
    Tier,
    WeaponKind,
    gear_violations,
    parse_gear,
    quote_outfit,
    transfer_violations,
    validate_gear,
)
from rules.kingmaker.templates import REGULAR_TEMPLATES, ArmyType, find_template

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]
SIEGE = REGULAR_TEMPLATES[ArmyType.SIEGE]
SOOTSCALE = find_template("Sootscale Warriors")  # melee and ranged strikes

ARMOR = GearItem(GearKind.MAGIC_ARMOR, Tier.BASIC)
GREATER_ARMOR = GearItem(GearKind.MAGIC_ARMOR, Tier.GREATER)
MELEE_WEAPONS = GearItem(GearKind.MAGIC_WEAPONS, Tier.BASIC, WeaponKind.MELEE)
RANGED_WEAPONS = GearItem(GearKind.MAGIC_WEAPONS, Tier.BASIC, WeaponKind.RANGED)


def codes(violations):
    return [v.code for v in violations]


def sb(template, level, **kwargs):
    return stat_block(ArmyState(template, level, **kwargs))


@pytest.mark.parametrize(("code", "item"), [
    ("magic_armor", GearItem(GearKind.MAGIC_ARMOR, Tier.BASIC)),
    ("magic_armor:greater", GearItem(GearKind.MAGIC_ARMOR, Tier.GREATER)),
    ("magic_armor:major", GearItem(GearKind.MAGIC_ARMOR, Tier.MAJOR)),
    ("magic_weapons", GearItem(GearKind.MAGIC_WEAPONS, Tier.BASIC)),
    ("magic_weapons:major:ranged", GearItem(GearKind.MAGIC_WEAPONS, Tier.MAJOR, WeaponKind.RANGED)),
    ("magic_weapons:melee:greater",
     GearItem(GearKind.MAGIC_WEAPONS, Tier.GREATER, WeaponKind.MELEE)),
    ("healing_potions", GearItem(GearKind.HEALING_POTIONS, doses=1)),
    ("healing_potions:2", GearItem(GearKind.HEALING_POTIONS, doses=2)),
    ("additional_weapon", GearItem(GearKind.ADDITIONAL_WEAPON)),
    ("additional_weapon:ranged", GearItem(GearKind.ADDITIONAL_WEAPON, weapon=WeaponKind.RANGED)),
    (" magic_armor : greater ", GearItem(GearKind.MAGIC_ARMOR, Tier.GREATER)),
])
def test_parse_gear(code, item):
    # seed 003_750bd81a16f66abf.txt: "Тип: если у снаряжения есть несколько типов, то здесь
    # указываются названия каждого типа, уровень, цена и вся остальная информация."
    assert parse_gear(code) == item


@pytest.mark.parametrize(("code", "error"), [
    ("sword", "unknown_gear"),
    ("", "unknown_gear"),
    ("magic_armor:ranged", "unknown_gear_option"),
    ("magic_armor:2", "unknown_gear_option"),
    ("healing_potions:greater", "unknown_gear_option"),
    ("additional_weapon:major", "unknown_gear_option"),
    ("magic_weapons:legendary", "unknown_gear_option"),
])
def test_parse_gear_errors(code, error):
    # seed 003_750bd81a16f66abf.txt: "ДОПОЛНИТЕЛЬНОЕ ОРУЖИЕ", "ЗЕЛЬЯ ИСЦЕЛЕНИЯ", "МАГИЧЕСКАЯ БРОНЯ",
    # "МАГИЧЕСКОЕ ОРУЖИЕ" (the only gear there is)
    with pytest.raises(RuleViolation) as excinfo:
        parse_gear(code)
    assert excinfo.value.codes() == {error}


@pytest.mark.parametrize(("tier", "level", "price", "ac_bonus"), [
    (Tier.BASIC, 5, 25, 1), (Tier.GREATER, 11, 50, 2), (Tier.MAJOR, 18, 75, 3),
])
def test_magic_armor_tiers(tier, level, price, ac_bonus):
    # seed 003_750bd81a16f66abf.txt: "Тип: магическая броня. Уровень: 5. Цена: 25 ПР. КБ войска
    # повышается на 1." / "улучшенная магическая броня. Уровень: 11. Цена: 50 ПР. КБ войска
    # повышается на 2." / "высшая магическая броня. Уровень: 18. Цена: 75 ПР. КБ войска повышается на 3."
    item = GearItem(GearKind.MAGIC_ARMOR, tier)
    assert (item.item_level, item.price_rp) == (level, price)
    assert gear_violations(INFANTRY, level, [item]) == []
    plain = sb(INFANTRY, level)
    armored = sb(INFANTRY, level, gear=(item,))
    assert armored.ac == plain.ac + ac_bonus
    assert [m.kind.value for m in armored.statistic(Target.AC).applied] == ["item"]


@pytest.mark.parametrize(("tier", "level", "price", "bonus"), [
    (Tier.BASIC, 2, 20, 1), (Tier.GREATER, 10, 40, 2), (Tier.MAJOR, 16, 60, 3),
])
def test_magic_weapons_tiers(tier, level, price, bonus):
    # seed 003_750bd81a16f66abf.txt: "Тип: магическое оружие. Уровень: 2. Цена: 20 ПР. Удар войска
    # этим оружием увеличивается на 1." / "улучшенное ... Уровень: 10. Цена: 40 ПР ... на 2." /
    # "высшее ... Уровень: 16. Цена: 60 ПР ... на 3."
    item = GearItem(GearKind.MAGIC_WEAPONS, tier, WeaponKind.RANGED)
    assert (item.item_level, item.price_rp) == (level, price)
    level = max(level, SOOTSCALE.level)
    plain = sb(SOOTSCALE, level)
    magic = sb(SOOTSCALE, level, gear=(item,))
    assert magic.ranged.attack.total == plain.ranged.attack.total + bonus
    assert magic.melee.attack.total == plain.melee.attack.total  # only the strike with that weapon


def test_magic_weapons_on_a_single_weapon_army_enhance_that_weapon():
    # seed 003_750bd81a16f66abf.txt: "Если войско может совершать как дистанционные атаки, так и
    # удары в ближнем бою, выберите один тип оружия при покупке."
    block = sb(INFANTRY, 2, gear=(GearItem(GearKind.MAGIC_WEAPONS, Tier.BASIC),))
    assert block.melee.attack.total == 11 + 1
    assert block.gear[0].weapon is WeaponKind.MELEE


def test_additional_weapon_gives_the_missing_strike_at_the_table_attack():
    # seed 003_750bd81a16f66abf.txt: "ДОПОЛНИТЕЛЬНОЕОРУЖИЕПредмет 1 ... Цена 10 ПР" and "Войско
    # получает возможность совершать Удар в ближнем бою или дистанционный Удар соответственно (его
    # модификатор соответствует уровню)."
    item = GearItem(GearKind.ADDITIONAL_WEAPON)
    assert (item.item_level, item.price_rp) == (1, 10)
    assert gear_violations(INFANTRY, 1, [item]) == []
    block = sb(INFANTRY, 6, gear=(item,))
    assert block.ranged.attack.total == 17
    assert block.melee.attack.total == 17
    skirmishers = REGULAR_TEMPLATES[ArmyType.SKIRMISHER]
    assert sb(skirmishers, 9, gear=(item,)).ranged.attack.total == 21


def test_additional_weapon_must_be_the_kind_the_army_lacks():
    # seed 003_750bd81a16f66abf.txt: "В основном войска вооружены одним оружием — ближнего боя или
    # дистанционным, но теперь ваше войско получает и второе оружие другого типа."
    assert codes(gear_violations(INFANTRY, 1, [GearItem(GearKind.ADDITIONAL_WEAPON,
                                                         weapon=WeaponKind.MELEE)])) == [
        "additional_weapon"]
    assert codes(gear_violations(SOOTSCALE, 3, [GearItem(GearKind.ADDITIONAL_WEAPON)])) == [
        "additional_weapon"]


@pytest.mark.parametrize(("doses", "price", "ok"), [(1, 15, True), (2, 30, True), (3, 45, True),
                                                    (4, 60, False), (0, 0, False)])
def test_healing_potions(doses, price, ok):
    # seed 003_750bd81a16f66abf.txt: "Цена 15 ПР за одну дозу" and "У войска может быть максимум три
    # дозы зелий исцеления одновременно."
    item = GearItem(GearKind.HEALING_POTIONS, doses=doses)
    assert item.price_rp == price
    assert item.item_level == 1
    assert codes(gear_violations(INFANTRY, 1, [item])) == ([] if ok else ["potion_doses"])


def test_buying_potions_adds_doses_up_to_three():
    # seed 003_750bd81a16f66abf.txt: "У войска может быть максимум три дозы зелий исцеления
    # одновременно."
    two = GearItem(GearKind.HEALING_POTIONS, doses=2)
    quote = quote_outfit(INFANTRY, 1, [two], GearItem(GearKind.HEALING_POTIONS, doses=1))
    assert quote.cost_rp == 15
    assert quote.gear_after == (GearItem(GearKind.HEALING_POTIONS, doses=3),)
    with pytest.raises(RuleViolation) as excinfo:
        quote_outfit(INFANTRY, 1, [two], GearItem(GearKind.HEALING_POTIONS, doses=2))
    assert excinfo.value.codes() == {"potion_doses"}


@pytest.mark.parametrize(("item", "level"), [
    (ARMOR, 4), (GREATER_ARMOR, 10), (GearItem(GearKind.MAGIC_ARMOR, Tier.MAJOR), 17),
    (MELEE_WEAPONS, 1), (GearItem(GearKind.MAGIC_WEAPONS, Tier.GREATER, WeaponKind.MELEE), 9),
    (GearItem(GearKind.MAGIC_WEAPONS, Tier.MAJOR, WeaponKind.MELEE), 15),
])
def test_gear_above_the_army_level_is_rejected(item, level):
    # seed 003_750bd81a16f66abf.txt: "Вы можете передать снаряжение от войска к войску, если
    # получатель достаточно высокого уровня"; "МАГИЧЕСКАЯ БРОНЯПредмет 5+"
    violations = gear_violations(INFANTRY, level, [item])
    assert codes(violations) == ["gear_level_too_high"]
    assert violations[0].params["needed"] == item.item_level
    assert gear_violations(INFANTRY, item.item_level, [item]) == []
    with pytest.raises(RuleViolation):
        validate_gear(INFANTRY, level, [item])


@pytest.mark.parametrize("template", [SIEGE, find_template("Greengripe Bombardiers")])
@pytest.mark.parametrize("item", [ARMOR, GearItem(GearKind.HEALING_POTIONS, doses=1),
                                  GearItem(GearKind.ADDITIONAL_WEAPON)])
def test_siege_engines_cannot_take_gear(template, item):
    # reference/kingmaker-warfare-data.yaml: "Engines of War ... effect: "Cannot take gear; cannot
    # attack engaged armies; ...""; "Any army except siege engines (Engines of War forbids gear)"
    assert codes(gear_violations(template, 20, [item])) == ["siege_no_gear"]
    assert gear_violations(template, 20, []) == []


def test_one_magic_weapon_per_weapon_kind():
    # seed 003_750bd81a16f66abf.txt: "Вы можете купить это снаряжение дважды и тогда укрепить магией
    # и оружие ближнего боя и дистанционное."
    assert codes(gear_violations(SOOTSCALE, 5, [MELEE_WEAPONS, MELEE_WEAPONS])) == ["duplicate_gear"]
    assert gear_violations(SOOTSCALE, 5, [MELEE_WEAPONS, RANGED_WEAPONS]) == []
    block = sb(SOOTSCALE, 5, gear=(MELEE_WEAPONS, RANGED_WEAPONS))
    assert (block.melee.attack.total, block.ranged.attack.total) == (16, 16)
    # An infantry army has no ranged weapon to enchant; a two-weapon army must choose.
    assert codes(gear_violations(INFANTRY, 5, [RANGED_WEAPONS])) == ["magic_weapon_kind"]
    assert codes(gear_violations(SOOTSCALE, 5, [GearItem(GearKind.MAGIC_WEAPONS, Tier.BASIC)])) == [
        "magic_weapon_which"]
    assert codes(gear_violations(INFANTRY, 5, [ARMOR, ARMOR])) == ["duplicate_gear"]


def test_magic_weapons_for_an_additional_weapon():
    # seed 003_750bd81a16f66abf.txt: "Если войско может совершать как дистанционные атаки, так и
    # удары в ближнем бою, выберите один тип оружия при покупке."
    extra = GearItem(GearKind.ADDITIONAL_WEAPON)
    assert gear_violations(INFANTRY, 5, [extra, RANGED_WEAPONS]) == []
    assert sb(INFANTRY, 5, gear=(extra, RANGED_WEAPONS)).ranged.attack.total == 16


@pytest.mark.parametrize(("level", "old", "new", "price", "credit", "cost"), [
    (11, ARMOR, GREATER_ARMOR, 50, 25, 25),
    (18, ARMOR, GearItem(GearKind.MAGIC_ARMOR, Tier.MAJOR), 75, 25, 50),
    (18, GREATER_ARMOR, GearItem(GearKind.MAGIC_ARMOR, Tier.MAJOR), 75, 50, 25),
    (16, MELEE_WEAPONS, GearItem(GearKind.MAGIC_WEAPONS, Tier.MAJOR, WeaponKind.MELEE), 60, 20, 40),
    (10, MELEE_WEAPONS, GearItem(GearKind.MAGIC_WEAPONS, Tier.GREATER), 40, 20, 20),
    (5, None, ARMOR, 25, 0, 25),
])
def test_quote_outfit_credits_the_old_price(level, old, new, price, credit, cost):
    # seed 003_750bd81a16f66abf.txt: "Если вы выдадите войску снаряжение с типом, который у него уже
    # есть, то новое заменит старое. Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    gear = [old] if old else []
    quote = quote_outfit(INFANTRY, level, gear, new)
    assert (quote.price_rp, quote.credit_rp, quote.cost_rp) == (price, credit, cost)
    assert quote.replaces == old
    assert len(quote.gear_after) == 1
    assert quote.gear_after[0].tier is new.tier


def test_quote_outfit_credit_only_for_rp_actually_spent():
    # seed 003_750bd81a16f66abf.txt: "Если вы потратили ПР на старое снаряжение, то можете вычесть
    # стоимость старого снаряжения из стоимости нового."
    quote = quote_outfit(INFANTRY, 11, [ARMOR], GREATER_ARMOR, old_paid_with_rp=False)
    assert (quote.credit_rp, quote.cost_rp) == (0, 50)


def test_quote_outfit_keeps_other_gear():
    # seed 003_750bd81a16f66abf.txt: "Если вы выдадите войску снаряжение с типом, который у него уже
    # есть, то новое заменит старое."
    potions = GearItem(GearKind.HEALING_POTIONS, doses=1)
    quote = quote_outfit(SOOTSCALE, 11, [potions, MELEE_WEAPONS, ARMOR],
                         GearItem(GearKind.MAGIC_WEAPONS, Tier.GREATER, WeaponKind.RANGED))
    assert quote.replaces is None
    assert quote.cost_rp == 40
    assert set(quote.gear_after) == {potions, MELEE_WEAPONS, ARMOR,
                                     GearItem(GearKind.MAGIC_WEAPONS, Tier.GREATER,
                                              WeaponKind.RANGED)}


@pytest.mark.parametrize(("old", "new"), [
    (GREATER_ARMOR, ARMOR),
    (ARMOR, ARMOR),
    (GearItem(GearKind.MAGIC_WEAPONS, Tier.MAJOR, WeaponKind.MELEE), MELEE_WEAPONS),
])
def test_quote_outfit_rejects_downgrades(old, new):
    # seed 003_750bd81a16f66abf.txt: "Если вы покупаете более сильный тип этого снаряжения, оно
    # заменяет предыдущий и стоимость старого снаряжения вычитается из стоимости нового."
    with pytest.raises(RuleViolation) as excinfo:
        quote_outfit(INFANTRY, 20, [old], new)
    assert excinfo.value.codes() == {"not_an_upgrade"}


def test_quote_outfit_rejects_gear_above_the_army_level():
    # seed 003_750bd81a16f66abf.txt: "Тип: улучшенная магическая броня. Уровень: 11. Цена: 50 ПР."
    with pytest.raises(RuleViolation) as excinfo:
        quote_outfit(INFANTRY, 10, [ARMOR], GREATER_ARMOR)
    assert excinfo.value.codes() == {"gear_level_too_high"}


def test_quote_outfit_rejects_a_second_additional_weapon():
    # seed 003_750bd81a16f66abf.txt: "теперь ваше войско получает и второе оружие другого типа"
    with pytest.raises(RuleViolation) as excinfo:
        quote_outfit(INFANTRY, 5, [GearItem(GearKind.ADDITIONAL_WEAPON)],
                     GearItem(GearKind.ADDITIONAL_WEAPON))
    assert "duplicate_gear" in excinfo.value.codes()


@pytest.mark.parametrize(("giver_hex", "receiver_hex", "receiver_level", "receiver", "expected"), [
    ("A1", "A1", 5, INFANTRY, []),
    ("A1", "B2", 5, INFANTRY, ["transfer_other_hex"]),
    ("A1", "A1", 4, INFANTRY, ["gear_level_too_high"]),
    ("A1", "B2", 4, INFANTRY, ["transfer_other_hex", "gear_level_too_high"]),
    ("A1", "A1", 20, SIEGE, ["siege_no_gear"]),
])
def test_transfer_violations(giver_hex, receiver_hex, receiver_level, receiver, expected):
    # seed 003_750bd81a16f66abf.txt: "Вы можете передать снаряжение от войска к войску, если
    # получатель достаточно высокого уровня и если оба войска в одном гексе."
    violations = transfer_violations(item=ARMOR, giver_hex=giver_hex, receiver_template=receiver,
                                     receiver_level=receiver_level, receiver_hex=receiver_hex,
                                     receiver_gear=[])
    assert codes(violations) == expected
    assert all(v.field == "target" for v in violations)


def test_transferred_gear_replaces_gear_of_the_same_type():
    # seed 003_750bd81a16f66abf.txt: "Если вы выдадите войску снаряжение с типом, который у него уже
    # есть, то новое заменит старое." and "Вы можете передать снаряжение от войска к войску, если
    # получатель достаточно высокого уровня и если оба войска в одном гексе."
    violations = transfer_violations(item=GREATER_ARMOR, giver_hex="A1", receiver_template=INFANTRY,
                                     receiver_level=11, receiver_hex="A1", receiver_gear=[ARMOR])
    assert codes(violations) == []


def test_item_bonuses_do_not_stack_with_each_other_but_do_with_other_kinds():
    # seed 003_750bd81a16f66abf.txt: "Защищённые войска ... получают бонус предмета +4 к КБ" and
    # "Тип: магическая броня. Уровень: 5. Цена: 25 ПР. КБ войска повышается на 1."
    fortified = (ConditionState(Condition.FORTIFIED),)
    outflanked = (ConditionState(Condition.OUTFLANKED),)
    assert sb(INFANTRY, 5).ac == 22
    assert sb(INFANTRY, 5, gear=(ARMOR,)).ac == 23
    assert sb(INFANTRY, 5, gear=(ARMOR,), conditions=fortified).ac == 26   # item +4 only, not +5
    assert sb(INFANTRY, 5, gear=(ARMOR,), conditions=fortified + outflanked).ac == 24
    assert sb(INFANTRY, 5, gear=(ARMOR,), conditions=outflanked).ac == 21


def test_magic_weapons_item_bonus_stacks_with_status_modifiers():
    # seed 003_750bd81a16f66abf.txt: "Удар войска этим оружием увеличивается на 1."
    # reference/kingmaker-warfare-data.yaml: Sharpshooter "+1 status to ranged Strikes, -2 status to
    # melee Strikes"
    block = sb(SOOTSCALE, 5, tactics=("darkvision", "accustomed_to_panic", "sharpshooter"),
               gear=(MELEE_WEAPONS, RANGED_WEAPONS))
    assert block.melee.attack.total == 15 + 1 - 2
    assert block.ranged.attack.total == 15 + 1 + 1


def test_gear_labels():
    # seed 003_750bd81a16f66abf.txt: "улучшенная магическая броня", "высшее магическое оружие"
    assert GREATER_ARMOR.label() == "greater magic_armor"
    assert ARMOR.label() == "magic_armor"
    assert RANGED_WEAPONS.label() == "magic_weapons (ranged)"
    assert GearItem(GearKind.HEALING_POTIONS, doses=2).label() == "healing_potions ×2"
