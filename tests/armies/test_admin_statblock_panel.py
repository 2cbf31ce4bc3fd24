"""The admin's stat block panel names where each modifier comes from in the reader's words."""
from __future__ import annotations

import pytest
from admin_support import admin_url, set_level
from factories import ArmyFactory, ArmyTacticFactory

from armies.models import Army

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "expected"), [("en", "+1 status (Hold the Line)"),
                                                     ("ru", "(Держать строй)")])
def test_a_tactics_modifier_names_the_tactic(gm_client, kingdom, language, expected):
    set_level(kingdom, 4)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="hold_the_line")
    page = gm_client.get(admin_url(Army, "change", army.pk),
                         HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert expected in page
    assert "hold_the_line)" not in page
