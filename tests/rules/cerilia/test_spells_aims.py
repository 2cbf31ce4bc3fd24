"""What an order of each spell names besides the spell (rules.cerilia.spells.spell_aims), as
orders.py checks a spell order: the orders form offers exactly these fields for a bound spell
(seed 000_9b71fb8594a033d1.txt; seed 002's spells with module "magic dice")."""
from __future__ import annotations

import pytest

from rules.cerilia.artifact_cards import ArtifactEffect
from rules.cerilia.artifact_orders import USE_AIMS, use_aims
from rules.cerilia.spells import SPELL_AIMS, Spell, spell_aims

SEED_FILE = "000_9b71fb8594a033d1.txt"


@pytest.mark.parametrize(("spell", "aims"), [
    # «Колдующий Игрок должен также назвать направление, в котором он хочет направить одно из
    # доступных ему заклинаний Стен».
    (Spell.WALL_OF_FIRE, ("sector", "toward")),
    # «Сектор, на который наложено данное Заклинание приобретает форму любого из выбранного
    # Магом Типом Местности».
    (Spell.ILLUSORY_TERRAIN, ("sector", "toward", "terrain")),
    # «Жрец может Благословить один дружеский Отряд».
    (Spell.BLESS, ("unit", "sign")),
    (Spell.FOG, ("sector",)),
    (Spell.HEAL, ("unit",)),
    (Spell.HASTE, ("unit",)),
    (Spell.NIGHT, ()),
])
def test_each_spell_names_what_its_order_is_aimed_at(spell, aims):
    assert spell_aims(spell) == aims


def test_every_spells_aims_are_in_the_order_the_forms_show_them():
    for spell in Spell:
        aims = spell_aims(spell)
        assert [a for a in SPELL_AIMS if a in aims] == list(aims)


def test_an_artifacts_use_names_its_bound_spells_aim_or_a_banners_sign():
    # Seed 001_5d751c33a121b07e.txt: «Персонажи и герои могут иметь при себе магический
    # артефакт, применение которого окажет некоторый эффект на ход битвы».
    assert use_aims(ArtifactEffect.BOUND_SPELL) == USE_AIMS
    assert use_aims(ArtifactEffect.MORALE_SIGN) == ("sign",)
    assert use_aims(ArtifactEffect.ATTACK_BONUS) == ()
