"""One Side for both battle engines and the apps: the models' choices come from the engine's enum
with a label each, given once; the battle reports stored with the Kingmaker engine's former
"attackers" / "defenders" read with the one Side's values."""
from __future__ import annotations

from enum import StrEnum

import pytest
from django.utils import translation

from battles.models import BATTLE_REPORT, BATTLE_SETUP, SIDE_CHOICES, BattleParticipant, BattleScene
from battles.sector.models import SECTOR_SIDE_CHOICES, SideOrders
from core.choices import enum_choices
from core.payloads import renaming
from rules.cerilia import field
from rules.kingmaker.battle import setup
from rules.sides import Side


def test_both_engines_and_both_apps_use_the_one_side():
    assert setup.Side is field.Side is Side
    assert [s.value for s in Side] == ["attacker", "defender"]
    assert Side.ATTACKER.other is Side.DEFENDER and Side.DEFENDER.other is Side.ATTACKER
    for choices in (BattleParticipant._meta.get_field("side").choices,
                    BattleScene._meta.get_field("fortification_side").choices,
                    SideOrders._meta.get_field("side").choices):
        assert [value for value, _label in choices if value] == [s.value for s in Side]


def test_the_labels_keep_each_battles_own_words():
    # A scene's sides are plural ("нападающие"), a sector battle's are not ("атакующий").
    with translation.override("ru"):
        assert [str(label) for _value, label in SIDE_CHOICES] == ["нападающие", "обороняющиеся"]
        assert [str(label) for _value, label in SECTOR_SIDE_CHOICES] == ["атакующий",
                                                                         "защищающийся"]


def test_an_engine_value_without_a_label_fails_at_import():
    class Weather(StrEnum):
        RAIN = "rain"
        FOG = "fog"

    with pytest.raises(ValueError, match=r"no label for \['fog'\]"):
        enum_choices(Weather, {Weather.RAIN: "rain"})


def test_version_1_sides_upgrade_wherever_a_side_is_named_and_nowhere_else():
    stored = {"attackers": {"side": "attackers", "kingdom": "attackers"},
              "winner": "defenders",
              "rounds": [{"armies": [{"side": "defenders", "name": "defenders"}]}],
              "fortification": {"side": "defenders"}}
    expected = {"attackers": {"side": "attacker", "kingdom": "attackers"},
                "winner": "defender",
                "rounds": [{"armies": [{"side": "defender", "name": "defenders"}]}],
                "fortification": {"side": "defender"}}
    assert BATTLE_REPORT.upgrade(stored) == BATTLE_SETUP.upgrade(stored) == expected
    assert BATTLE_REPORT.upgrade({**expected, "schema_version": 2}) == expected
    assert renaming(frozenset({"winner"}), {"a": "b"})({"winner": None, "side": "a"}) == {
        "winner": None, "side": "a"}


def test_a_member_no_field_stores_is_left_out_and_needs_no_label():
    # The engine's "not garrisoned" is the army's garrisoned field left blank.
    class Garrisoned(StrEnum):
        NO = ""
        UNTIL_DEPLOYED = "until_deployed"

    assert enum_choices(Garrisoned, {Garrisoned.UNTIL_DEPLOYED: "until deployed"},
                        omit=(Garrisoned.NO,)) == [("until_deployed", "until deployed")]
