"""The `foundry_export` command: armies as Foundry VTT army actors, from the shell."""
from __future__ import annotations

import io
import json
import zipfile
from io import StringIO

import pytest
from admin_support import set_level
from django.core.management import CommandError, call_command
from factories import ArmyFactory
from foundry_support import outfitted_army

from armies.selectors import army_foundry_actor

pytestmark = pytest.mark.django_db


def foundry_export(*args: str) -> str:
    out = StringIO()
    call_command("foundry_export", *args, stdout=out)
    return out.getvalue()


def test_one_army_is_printed_as_its_actor(kingdom):
    army = outfitted_army(kingdom, "Nomen Scouts")
    assert json.loads(foundry_export(str(army.pk))) == army_foundry_actor(army)


def test_several_armies_go_into_the_zip_named(kingdom, tmp_path):
    first, second = outfitted_army(kingdom, "Infantry"), ArmyFactory(kingdom=kingdom, name="Guard")
    target = tmp_path / "armies.zip"
    out = foundry_export(str(first.pk), str(second.pk), "--output", str(target))
    assert out.strip() == f"Armies written to {target}: 2."
    archive = zipfile.ZipFile(io.BytesIO(target.read_bytes()))
    assert json.loads(archive.read(f"guard-{second.pk}.json")) == army_foundry_actor(second)


@pytest.mark.parametrize(("args", "message"), [
    (["999"], "There is no army 999."),
    (["{first}", "{second}"], "Several armies go into a zip: name it with --output."),
    (["{first}", "--output", "/nonexistent/dir/a.json"],
     "Cannot write /nonexistent/dir/a.json: No such file or directory"),
])
def test_bad_input_is_a_command_error(kingdom, args, message):
    first, second = ArmyFactory(kingdom=kingdom), ArmyFactory(kingdom=kingdom)
    args = [a.format(first=first.pk, second=second.pk) for a in args]
    with pytest.raises(CommandError) as refused:
        foundry_export(*args)
    assert str(refused.value) == message


def test_an_army_the_rules_refuse_is_a_command_error(kingdom):
    army = outfitted_army(kingdom, "Siege Engines")
    set_level(kingdom, 2)
    with pytest.raises(CommandError, match="cannot be fielded below level 7"):
        foundry_export(str(army.pk))
