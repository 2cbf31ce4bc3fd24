"""Army conditions: their modifiers on the stat block, how they change, end and combine."""
import pytest

from rules.errors import RuleViolation
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.conditions import (
    Condition,
    ConditionState,
    Target,
    after_battle,
    after_idle_turn,
    as_mapping,
    condition_violations,
    gain,
    parse_condition,
    reduce,
    settled,
)
from rules.kingmaker.templates import REGULAR_TEMPLATES, ArmyType

INFANTRY = REGULAR_TEMPLATES[ArmyType.INFANTRY]
# Infantry at level 5: AC 22, maneuver 9 (low), morale 15 (high), scouting 12.
BASE = {Target.AC: 22, Target.MANEUVER: 9, Target.MANEUVER_ACTION: 9, Target.MORALE: 15,
        Target.RALLY: 15, Target.ROUT_CHECK: 15, Target.SCOUTING: 12,
        Target.ARMY_ACTIVITY: 0, Target.DEPLOY: 0, Target.ATTACKS_AGAINST: 0,
        Target.RANGED_AGAINST: 0}


def cs(condition, value=0):
    return ConditionState(condition, value)


def totals(*conditions):
    block = stat_block(ArmyState(INFANTRY, 5, conditions=tuple(conditions)))
    return {target: block.statistic(target).total for target in BASE}


def changes(*conditions):
    """Only the targets the conditions change, as differences from the plain stat block."""
    now = totals(*conditions)
    return {target.value: now[target] - BASE[target] for target in BASE if now[target] != BASE[target]}


def test_no_conditions_base_values():
    # seed 003_750bd81a16f66abf.txt: "5	+12	20	22	+15	+9	+15	2" (level-5 table row)
    assert totals() == BASE


@pytest.mark.parametrize("n", [1, 2, 3])
def test_weary(n):
    # seed 003_750bd81a16f66abf.txt: "Измотанное войско получает ситуативный штраф к КБ, проверкам
    # Манёвра и проверкам войсковых занятий, равный значению состояния. Войско также получает
    # двойной ситуативный штраф к проверкам Развёртывания войска."
    assert changes(cs(Condition.WEARY, n)) == {
        "ac": -n, "maneuver": -n, "maneuver_action": -n, "army_activity": -n, "deploy": -2 * n}


@pytest.mark.parametrize("n", [1, 2, 3])
def test_mired(n):
    # seed 003_750bd81a16f66abf.txt: "Завязшее войско получает ситуативный штраф ко всем боевым
    # действиям с дескриптором «манёвр» и проверкам для Развёртывания войск, равный значению
    # состояния."
    assert changes(cs(Condition.MIRED, n)) == {"maneuver_action": -n, "deploy": -n}


@pytest.mark.parametrize("n", [1, 2, 3])
def test_shaken(n):
    # seed 003_750bd81a16f66abf.txt: "Проверки Боевого духа войска получают ситуативный штраф, равный
    # значению этого состояния."
    assert changes(cs(Condition.SHAKEN, n)) == {"morale": -n, "rally": -n, "rout_check": -n}


def test_routed():
    # seed 003_750bd81a16f66abf.txt: "Пока войско обращено в бегство, оно получает ситуативный штраф
    # -2 к проверкам Боевого духа."
    assert changes(cs(Condition.ROUTED)) == {"morale": -2, "rally": -2, "rout_check": -2}


@pytest.mark.parametrize("condition", [Condition.OUTFLANKED, Condition.PINNED])
def test_outflanked_and_pinned(condition):
    # seed 003_750bd81a16f66abf.txt: "Окружено : ... получает ситуативный штраф -2 к КБ." and
    # "Взято в котёл : войско не может свободно передвигаться. Оно окружено"
    assert changes(cs(condition)) == {"ac": -2}


def test_concealed():
    # seed 003_750bd81a16f66abf.txt: "Плохо видимо : ... оно получает ситуативный бонус +2 к
    # проверкам Манёвра, а все атаки против него — ситуативный штраф -2."
    assert changes(cs(Condition.CONCEALED)) == {
        "maneuver": 2, "maneuver_action": 2, "attacks_against": -2, "ranged_against": -2}


def test_fortified():
    # seed 003_750bd81a16f66abf.txt: "Защищённые войска ... получают бонус предмета +4 к КБ и
    # проверкам Боевого духа для Перегруппировки."
    assert changes(cs(Condition.FORTIFIED)) == {"ac": 4, "rally": 4}
    block = stat_block(ArmyState(INFANTRY, 5, conditions=(cs(Condition.FORTIFIED),)))
    assert {m.kind.value for m in block.statistic(Target.AC).applied} == {"item"}


def test_distant():
    # seed 003_750bd81a16f66abf.txt: "По войску на отдалении можно совершать дистанционные Удары, но
    # со штрафом -5 за дистанцию."
    assert changes(cs(Condition.DISTANT)) == {"ranged_against": -5}


@pytest.mark.parametrize("condition", [Condition.ENGAGED, Condition.EFFICIENT, Condition.LOST,
                                       Condition.DEFEATED, Condition.DESTROYED])
def test_conditions_without_modifiers(condition):
    # seed 003_750bd81a16f66abf.txt: "Вовлечено в бой : войско в рукопашной схватке с врагом
    # вовлечено в бой." (no modifier is named for these conditions)
    assert changes(cs(condition)) == {}


@pytest.mark.parametrize(("conditions", "expected"), [
    # weary 3 and outflanked: two circumstance penalties to AC, only the worst counts
    ((cs(Condition.WEARY, 3), cs(Condition.OUTFLANKED)),
     {"ac": -3, "maneuver": -3, "maneuver_action": -3, "army_activity": -3, "deploy": -6}),
    ((cs(Condition.WEARY, 1), cs(Condition.OUTFLANKED)),
     {"ac": -2, "maneuver": -1, "maneuver_action": -1, "army_activity": -1, "deploy": -2}),
    ((cs(Condition.OUTFLANKED), cs(Condition.PINNED)), {"ac": -2}),
    ((cs(Condition.SHAKEN, 1), cs(Condition.ROUTED)),
     {"morale": -2, "rally": -2, "rout_check": -2}),
    ((cs(Condition.SHAKEN, 3), cs(Condition.ROUTED)),
     {"morale": -3, "rally": -3, "rout_check": -3}),
    ((cs(Condition.WEARY, 1), cs(Condition.MIRED, 3)),
     {"ac": -1, "maneuver": -1, "maneuver_action": -3, "army_activity": -1, "deploy": -3}),
    # a circumstance bonus and a circumstance penalty both count
    ((cs(Condition.WEARY, 1), cs(Condition.CONCEALED)),
     {"ac": -1, "maneuver": 1, "maneuver_action": 1, "army_activity": -1, "deploy": -2,
      "attacks_against": -2, "ranged_against": -2}),
    # the distance penalty is untyped: it adds to the concealed penalty
    ((cs(Condition.CONCEALED), cs(Condition.DISTANT)),
     {"maneuver": 2, "maneuver_action": 2, "attacks_against": -2, "ranged_against": -7}),
    # the item bonus of fortified stacks with circumstance penalties
    ((cs(Condition.FORTIFIED), cs(Condition.WEARY, 2), cs(Condition.SHAKEN, 1)),
     {"ac": 2, "maneuver": -2, "maneuver_action": -2, "army_activity": -2, "deploy": -4,
      "morale": -1, "rally": 3, "rout_check": -1}),
])
def test_combinations(conditions, expected):
    # seed 003_750bd81a16f66abf.txt: "Как и в случае с состояниями персонажей, некоторые состояния
    # войска заменяют другие («Основная книга правил»)." (PF2e: circumstance penalties do not stack)
    assert changes(*conditions) == expected


# --- gain, reduce, decay ------------------------------------------------------------------------

def m(*conditions):
    return as_mapping(conditions)


def test_gain_raises_a_valued_condition():
    # seed 003_750bd81a16f66abf.txt: "При провале потрясение увеличится на 1."
    assert m(*gain((), Condition.SHAKEN)) == {Condition.SHAKEN: 1}
    assert m(*gain((cs(Condition.WEARY, 1),), Condition.WEARY, 2)) == {Condition.WEARY: 3}


@pytest.mark.parametrize(("start", "by"), [(3, 1), (2, 2), (0, 4), (1, 5)])
def test_mired_4_becomes_pinned(start, by):
    # seed 003_750bd81a16f66abf.txt: "Если войско завязнет 4, оно станет взятым в котёл ."
    conditions = (cs(Condition.MIRED, start),) if start else ()
    assert m(*gain(conditions, Condition.MIRED, by)) == {Condition.PINNED: 0}


def test_mired_below_4_stays_mired():
    # seed 003_750bd81a16f66abf.txt: "Если войско завязнет 4, оно станет взятым в котёл ."
    assert m(*gain((cs(Condition.MIRED, 2),), Condition.MIRED)) == {Condition.MIRED: 3}


def test_shaken_4_adds_routed():
    # seed 003_750bd81a16f66abf.txt: "Когда потрясение войска достигнет 4, оно обращено в бегство ."
    assert m(*gain((cs(Condition.SHAKEN, 3),), Condition.SHAKEN)) == {
        Condition.SHAKEN: 4, Condition.ROUTED: 0}
    assert m(*gain((cs(Condition.SHAKEN, 2),), Condition.SHAKEN)) == {Condition.SHAKEN: 3}


def test_settled_conditions_follow_the_same_rules_as_gained_ones():
    # seed 003_750bd81a16f66abf.txt: "Если войско завязнет 4, оно станет взятым в котёл ."; "Когда
    # потрясение войска достигнет 4, оно обращено в бегство ."
    assert m(*settled((cs(Condition.MIRED, 4), cs(Condition.SHAKEN, 4)))) == {
        Condition.PINNED: 0, Condition.SHAKEN: 4, Condition.ROUTED: 0}
    assert m(*settled((cs(Condition.WEARY, 2),))) == {Condition.WEARY: 2}
    with pytest.raises(RuleViolation):
        settled((cs(Condition.WEARY, 1), cs(Condition.WEARY, 2)))


def test_engaged_and_distant_replace_each_other():
    # seed 003_750bd81a16f66abf.txt: "Имеет значение лишь примерное расположение войск относительно
    # друг друга. Два из вариантов - вовлечено в бой и на отдалении — также являются состояниями
    # войска."
    assert m(*gain((cs(Condition.DISTANT), cs(Condition.WEARY, 1)), Condition.ENGAGED)) == {
        Condition.ENGAGED: 0, Condition.WEARY: 1}
    assert m(*gain((cs(Condition.ENGAGED),), Condition.DISTANT)) == {Condition.DISTANT: 0}


def test_fortified_armies_cannot_be_engaged():
    # seed 003_750bd81a16f66abf.txt: "Защищённые войска не могут быть вовлечены в бой врагом и не
    # могут вовлечь в бой противника"
    assert m(*gain((cs(Condition.FORTIFIED),), Condition.ENGAGED)) == {Condition.FORTIFIED: 0}
    assert m(*gain((cs(Condition.ENGAGED),), Condition.FORTIFIED)) == {Condition.FORTIFIED: 0}


def test_destroyed_replaces_everything():
    # seed 003_750bd81a16f66abf.txt: "Уничтожено : войско уничтожено полностью, его не восстановить —
    # его можно только заменить новым."
    conditions = (cs(Condition.WEARY, 2), cs(Condition.SHAKEN, 1), cs(Condition.ENGAGED),
                  cs(Condition.DEFEATED))
    assert gain(conditions, Condition.DESTROYED) == (cs(Condition.DESTROYED),)
    assert gain((cs(Condition.DESTROYED),), Condition.WEARY) == (cs(Condition.DESTROYED),)


@pytest.mark.parametrize(("start", "by", "expected"), [
    (3, 1, {Condition.WEARY: 2}), (3, 2, {Condition.WEARY: 1}), (3, 3, {}), (1, 1, {}), (2, 5, {}),
])
def test_reduce_ends_at_zero(start, by, expected):
    # seed 003_750bd81a16f66abf.txt: "Когда значение состояния снижается до 0, состояние
    # прекращается."
    assert m(*reduce((cs(Condition.WEARY, start),), Condition.WEARY, by)) == expected


def test_reduce_removes_unvalued_and_ignores_absent():
    # seed 003_750bd81a16f66abf.txt: "его эффекты сохраняются, пока его длительность не завершится
    # или пока оно не будет снято."
    assert reduce((cs(Condition.OUTFLANKED), cs(Condition.MIRED, 1)), Condition.OUTFLANKED) == (
        cs(Condition.MIRED, 1),)
    assert reduce((cs(Condition.MIRED, 1),), Condition.SHAKEN) == (cs(Condition.MIRED, 1),)


def test_after_idle_turn_lowers_weary_and_shaken_not_mired():
    # seed 003_750bd81a16f66abf.txt: "Это состояние уменьшается на 1 в каждый ход королевства, в
    # котором войско не совершает войсковые занятия и не участвует в сценах битвы." (weary, shaken)
    conditions = (cs(Condition.WEARY, 2), cs(Condition.SHAKEN, 1), cs(Condition.MIRED, 2),
                  cs(Condition.FORTIFIED))
    assert m(*after_idle_turn(conditions)) == {
        Condition.WEARY: 1, Condition.MIRED: 2, Condition.FORTIFIED: 0}
    assert after_idle_turn(()) == ()


def test_after_battle_ends_battle_conditions_and_routed_adds_shaken():
    # seed 003_750bd81a16f66abf.txt: "Это состояние прекращается автоматически после завершения
    # сцены битвы, но в этом случае состояние потрясения войска увеличивается на 1." (routed)
    conditions = (cs(Condition.ROUTED), cs(Condition.SHAKEN, 2), cs(Condition.ENGAGED),
                  cs(Condition.OUTFLANKED), cs(Condition.CONCEALED), cs(Condition.WEARY, 1),
                  cs(Condition.FORTIFIED), cs(Condition.MIRED, 1))
    assert m(*after_battle(conditions)) == {
        Condition.SHAKEN: 3, Condition.WEARY: 1, Condition.FORTIFIED: 0, Condition.MIRED: 1}
    assert m(*after_battle((cs(Condition.ROUTED),))) == {Condition.SHAKEN: 1}
    assert m(*after_battle((cs(Condition.DISTANT), cs(Condition.SHAKEN, 1)))) == {
        Condition.SHAKEN: 1}


# --- validation and parsing ---------------------------------------------------------------------

@pytest.mark.parametrize(("conditions", "hp", "expected"), [
    ((), 4, []),
    ((), 0, ["zero_hp_defeated"]),
    ((cs(Condition.DEFEATED),), 0, []),
    ((cs(Condition.DESTROYED),), 0, []),
    ((cs(Condition.DEFEATED),), 1, ["defeated_hp"]),
    ((cs(Condition.ENGAGED), cs(Condition.DISTANT)), 3, ["engaged_and_distant"]),
    ((cs(Condition.ENGAGED), cs(Condition.FORTIFIED)), 3, ["fortified_engaged"]),
    ((cs(Condition.MIRED, 4),), 3, ["mired_pins"]),
    ((cs(Condition.DESTROYED), cs(Condition.WEARY, 1)), 0, ["destroyed_alone"]),
    ((cs(Condition.WEARY, 1), cs(Condition.WEARY, 2)), 3, ["duplicate_condition"]),
    ((cs(Condition.WEARY, 0),), 3, ["condition_value"]),
    ((cs(Condition.OUTFLANKED, 2),), 3, ["condition_not_valued"]),
])
def test_condition_violations(conditions, hp, expected):
    # seed 003_750bd81a16f66abf.txt: "Разгромлено : когда ПЗ войска уменьшаются до 0, войско
    # разгромлено." / "Любой эффект, который восстанавливает разгромленному войску хотя 1 ПЗ, снимает
    # это состояние."
    assert [v.code for v in condition_violations(conditions, hp)] == expected


def test_condition_violations_read_unset_hp_as_full():
    # seed 003_750bd81a16f66abf.txt: "Разгромлено : когда ПЗ войска уменьшаются до 0, войско
    # разгромлено." An army state without HP (None) is at its maximum, so it cannot be defeated.
    assert [v.code for v in condition_violations((cs(Condition.DEFEATED),), None)] == ["defeated_hp"]
    assert condition_violations((cs(Condition.WEARY, 1),), None) == []


@pytest.mark.parametrize(("code", "state"), [
    ("weary", cs(Condition.WEARY, 1)),
    ("weary:2", cs(Condition.WEARY, 2)),
    ("mired: 3", cs(Condition.MIRED, 3)),
    ("shaken:4", cs(Condition.SHAKEN, 4)),
    ("outflanked", cs(Condition.OUTFLANKED)),
    ("fortified", cs(Condition.FORTIFIED)),
])
def test_parse_condition(code, state):
    # seed 003_750bd81a16f66abf.txt: "После некоторых состояний войска указаны числа, показывающие
    # их серьёзность и называемые значениями состояний."
    assert parse_condition(code) == state


@pytest.mark.parametrize(("code", "error"), [
    ("tired", "unknown_condition"),
    ("", "unknown_condition"),
    ("weary:x", "condition_value"),
    ("weary:-1", "condition_value"),
    ("weary:0", "condition_value"),
    ("outflanked:1", "condition_not_valued"),
    ("routed:2", "condition_not_valued"),
])
def test_parse_condition_errors(code, error):
    # seed 003_750bd81a16f66abf.txt: "У этого состояния всегда есть значение." (weary, mired,
    # shaken; the others have none)
    with pytest.raises(RuleViolation) as excinfo:
        parse_condition(code)
    assert excinfo.value.codes() == {error}
