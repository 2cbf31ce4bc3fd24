"""PF2e stacking of typed modifiers and Statistic totals."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.modifiers import Modifier, ModifierKind, Statistic, applied_modifiers

C, S, IT, U = ModifierKind.CIRCUMSTANCE, ModifierKind.STATUS, ModifierKind.ITEM, ModifierKind.UNTYPED


def m(kind, value, source="x"):
    return Modifier(kind, value, source)


@pytest.mark.parametrize(("modifiers", "total"), [
    # of one typed kind only the largest bonus counts
    ([m(C, 2), m(C, 1)], 2),
    ([m(S, 1), m(S, 3), m(S, 2)], 3),
    ([m(IT, 1), m(IT, 4)], 4),
    # of one typed kind only the worst penalty counts
    ([m(C, -3), m(C, -2)], -3),
    ([m(S, -1), m(S, -2)], -2),
    # a bonus and a penalty of the same kind both count
    ([m(C, 2), m(C, -2), m(C, -1)], 0),
    # different kinds stack
    ([m(C, 2), m(S, 1), m(IT, 1)], 4),
    ([m(C, -2), m(S, -1), m(IT, 2)], -1),
    # untyped all stack
    ([m(U, -5), m(U, -2), m(U, 1)], -6),
    ([m(U, -5), m(C, -2), m(C, -2)], -7),
    # zero modifiers are ignored
    ([m(C, 0), m(S, 0)], 0),
    ([], 0),
])
def test_stacking(modifiers, total):
    # seed 003_750bd81a16f66abf.txt: "Штраф к дистанционным Ударам по войскам на отдалении
    # удваивается до -10 и суммируется с обычными штрафами от ветра." (untyped penalties add to
    # typed ones; of each typed kind only the largest bonus and the worst penalty count)
    assert Statistic(10, tuple(modifiers)).total == 10 + total


def test_applied_keeps_original_order_and_first_of_equal_values():
    # seed 003_750bd81a16f66abf.txt: "Измотанное войско получает ситуативный штраф к КБ ... равный
    # значению состояния." / "Окружено : ... получает ситуативный штраф -2 к КБ."
    weary = m(C, -2, "weary")
    outflanked = m(C, -2, "outflanked")
    item = m(IT, 1, "armor")
    applied = applied_modifiers([item, weary, outflanked])
    assert applied == (item, weary)


def test_statistic_with_modifiers_is_a_new_statistic():
    # seed 003_750bd81a16f66abf.txt: "Состояния войска, тактика и его снаряжение могут изменять эти
    # параметры."
    base = Statistic(16)
    more = base.with_modifiers(m(IT, 1), m(C, -2))
    assert base.total == 16
    assert base.modifiers == ()
    assert more.base == 16
    assert more.total == 15


modifier_strategy = st.builds(Modifier, st.sampled_from(list(ModifierKind)), st.integers(-6, 6),
                              st.just("h"))


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(modifier_strategy, max_size=12))
def test_never_two_bonuses_or_two_penalties_of_one_typed_kind(modifiers):
    # seed 003_750bd81a16f66abf.txt: "некоторые состояния войска заменяют другие («Основная книга
    # правил»)" (PF2e: bonuses/penalties of one type do not stack; untyped penalties do)
    applied = applied_modifiers(modifiers)
    for kind in (C, S, IT):
        bonuses = [a.value for a in applied if a.kind is kind and a.value > 0]
        penalties = [a.value for a in applied if a.kind is kind and a.value < 0]
        assert len(bonuses) <= 1 and len(penalties) <= 1
        all_bonuses = [x.value for x in modifiers if x.kind is kind and x.value > 0]
        all_penalties = [x.value for x in modifiers if x.kind is kind and x.value < 0]
        assert bonuses == ([max(all_bonuses)] if all_bonuses else [])
        assert penalties == ([min(all_penalties)] if all_penalties else [])
    untyped = [x.value for x in modifiers if x.kind is U and x.value]
    assert sorted(a.value for a in applied if a.kind is U) == sorted(untyped)
    assert Statistic(0, tuple(modifiers)).total == sum(a.value for a in applied)
