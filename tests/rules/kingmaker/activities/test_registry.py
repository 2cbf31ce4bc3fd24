"""The activity registry: one definition per army activity, each naming its parameters class, its
stored parameters as data, and the rules the turn dispatches to (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ")."""
from dataclasses import fields, is_dataclass

import pytest
from turn_support import army, kingdom

from rules.kingmaker import activities as act
from rules.kingmaker.activities import ACTIVITIES, PARAMS_OF, FieldType
from rules.kingmaker.activities import ActivityKind as K
from rules.kingmaker.preview import check_spec
from rules.kingmaker.turn import KingdomTurnInput, resolve_turn


def test_every_activity_kind_has_one_definition_with_its_params_class():
    assert set(ACTIVITIES) == set(K)
    for kind, definition in ACTIVITIES.items():
        assert definition.kind is kind
        assert is_dataclass(definition.params), kind
        assert PARAMS_OF[kind] is definition.params


def test_the_definitions_name_the_leadership_activities():
    # Seed 003: "все они могут быть предприняты во время этапа войсковых занятий (кроме
    # Рекрутирования войска: это занятие лидерства)"; Warfare Exercises is the kingdom's too.
    assert act.LEADERSHIP == {K.RECRUIT_ARMY, K.WARFARE_EXERCISES}
    assert {k for k, d in ACTIVITIES.items() if d.leadership} == act.LEADERSHIP


def test_each_parameter_is_described_once_with_a_label_and_legal_default():
    for kind, definition in ACTIVITIES.items():
        names = [f.name for f in definition.fields]
        assert len(names) == len(set(names)), kind
        assert sorted(definition.reading_order) == sorted(names), kind
        for field in definition.fields:
            assert field.label, (kind, field.name)
            if field.type in (FieldType.CHOICE, FieldType.CHOICES):
                assert field.choices, (kind, field.name)
            if field.type is FieldType.CHOICE and not field.required and field.default is not None:
                assert field.default in field.choices, (kind, field.name)
            if field.required:
                assert field.default is None, (kind, field.name)


def test_the_params_classes_keep_their_fields():
    # The stored orders convert to these (armies.orders.rules_params): the split keeps them.
    # The map's path and the GM's `declared` override come last, with defaults, so that orders
    # stored before the campaign map convert unchanged.
    assert [f.name for f in fields(act.DeployArmy)] == [
        "destination", "skill", "border", "road", "forced_march", "difficult_hexes", "path",
        "declared"]
    assert [f.name for f in fields(act.RecruitArmy)] == [
        "template", "name", "hex", "tactics", "faction"]


def test_an_order_of_the_wrong_params_class_is_a_programming_error():
    order = act.Order(1, K.DEPLOY_ARMY, act.DisbandArmy(), army=1)
    situation = act.Situation(turn=1, kingdom=kingdom(), armies={1: army()})
    with pytest.raises(TypeError):
        act.order_violations(situation, order)


def test_registering_a_kind_twice_is_refused():
    with pytest.raises(ValueError):
        act.register(ACTIVITIES[K.DISBAND_ARMY])


def test_the_turn_resolves_through_the_registered_definition():
    # Disband Army rolls no check: "Если вы этого не сделаете, снаряжение будет потеряно" (its
    # gear, with no receiver, is lost); the definition's resolve is what the turn runs.
    situation = act.Situation(turn=1, kingdom=kingdom(), armies={1: army()})
    order = act.Order(1, K.DISBAND_ARMY, act.DisbandArmy(), army=1)
    assert ACTIVITIES[K.DISBAND_ARMY].check is None
    assert check_spec(situation, order) is None
    outcome = resolve_turn(KingdomTurnInput(1, kingdom(), (army(),), (order,)), seed=1)
    assert outcome.activities[0].status == "resolved"
    assert outcome.armies[0].status == "disbanded"


def test_a_definition_check_names_the_skill_and_dc():
    # "Train Army rolls against the Control DC" (our ruling), with the skill the order names.
    situation = act.Situation(turn=1, kingdom=kingdom(), armies={1: army()})
    order = act.Order(1, K.TRAIN_ARMY, act.TrainArmy("toughened_soldiers", "scholarship"), army=1)
    spec = check_spec(situation, order)
    assert spec is not None
    assert (spec.skill, spec.dc) == ("scholarship", kingdom().control_dc)


def test_each_activity_module_registers_itself_with_its_name_and_params_base():
    # seed 003_750bd81a16f66abf.txt names each activity ("Рекрутирование войска", "Развёртывание
    # войска", ...): every module of the package that is not its machinery is one activity.
    modules = {definition.params.__module__ for definition in ACTIVITIES.values()}
    assert len(modules) == len(ACTIVITIES) == len(K)
    for definition in ACTIVITIES.values():
        assert definition.label and issubclass(definition.params, act.ActivityParams)
    assert list(ACTIVITIES) == list(K)  # the forms and the schema read them in this order
