"""The `foundry_import` command: a Foundry VTT army actor into a kingdom, from the shell, with
what did not map printed; bad input is a CommandError that changes nothing."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from admin_support import set_level
from django.core.management import CommandError, call_command
from django.utils import translation
from factories import ArmyFactory, CampaignFactory, KingdomFactory
from foundry_support import outfitted_army, without_ids

from armies.models import Army
from armies.selectors import army_foundry_actor

pytestmark = pytest.mark.django_db


def foundry_import(*args: str) -> str:
    out = StringIO()
    call_command("foundry_import", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def exported(kingdom, tmp_path):
    """The file of an outfitted Tok-Nikrat Scouts army of the player's kingdom."""
    army = outfitted_army(kingdom, "Tok-Nikrat Scouts")
    path = tmp_path / "scouts.json"
    path.write_text(json.dumps(army_foundry_actor(army)))
    return army, path


def test_a_file_comes_in_as_a_new_army_of_the_kingdom(exported, rival_kingdom, kingdom):
    army, path = exported
    set_level(rival_kingdom, kingdom.level)
    out = foundry_import(str(path), "--kingdom", "Pitax", "--hex", "P9")
    new = Army.objects.get(kingdom=rival_kingdom)
    assert out.strip() == f"{new} joins Pitax from Foundry VTT at level 10."
    assert without_ids(army_foundry_actor(new))["system"] == \
        without_ids(army_foundry_actor(army))["system"]


def test_onto_an_army_the_notes_are_printed_in_russian(exported, kingdom):
    army, path = exported
    actor = json.loads(path.read_text())
    actor["system"]["scouting"] = 1
    path.write_text(json.dumps(actor))
    with translation.override("ru"):
        out = foundry_import(str(path), "--kingdom", str(kingdom.pk), "--army", str(army.pk))
    assert out.splitlines() == [
        f"{army} получает параметры из Foundry VTT на уровне 10.",
        "Разведка: в файле 1, по правилам 20 (Muster выводит это значение сам; значение из "
        "файла не учитывается)."]


@pytest.mark.parametrize(("args", "message"), [
    (["{file}", "--kingdom", "Nowhere"], "There is no kingdom Nowhere."),
    (["{file}", "--kingdom", "Twin"], "Several kingdoms are named Twin: give its id."),
    (["{file}", "--kingdom", "Pitax", "--army", "999"], "There is no active army 999."),
    (["/nonexistent.json", "--kingdom", "Pitax"],
     "Cannot read /nonexistent.json: No such file or directory"),
    (["{bad}", "--kingdom", "Pitax"],
     "system.details.level.value: Give a number from 1 to 20."),
    (["{file}", "--kingdom", "Pitax", "--army", "{other}"],
     "Guard is not an army of Pitax."),
    (["{file}", "--kingdom", "Pitax"],
     "Tok-Nikrat Scouts cannot be fielded below level 10 (asked: level 1)."),
])
def test_bad_input_is_a_command_error_and_changes_nothing(exported, kingdom, rival_kingdom,
                                                          tmp_path, args, message):
    army, path = exported
    KingdomFactory(campaign=kingdom.campaign, name="Twin")
    KingdomFactory(campaign=CampaignFactory(name="Another table"), name="Twin")
    other = ArmyFactory(kingdom=kingdom, name="Guard")
    bad = tmp_path / "bad.json"
    actor = json.loads(path.read_text())
    actor["system"]["details"]["level"]["value"] = 0
    bad.write_text(json.dumps(actor))
    count = Army.objects.count()
    args = [a.format(file=path, bad=bad, other=other.pk) for a in args]

    with pytest.raises(CommandError) as refused:
        foundry_import(*args)

    assert str(refused.value) == message
    assert Army.objects.count() == count
