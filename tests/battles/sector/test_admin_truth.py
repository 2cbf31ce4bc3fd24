"""The GM sees under the markers in the back office (seed 001_5d751c33a121b07e.txt: "На верхней
стороне – пометка игрока, что это за батальон, а на нижней - истинный это маркер или ложный"):
which of every side's markers is true, the standing orders, the characters' points."""
from __future__ import annotations

from dataclasses import replace

import pytest
from ambush_support import A, D, T, hiding, supply, terrain, trap_laid, unit
from ambush_support import battle as engine_battle
from factories import SectorBattleFactory
from sector_admin_support import url

from battles.sector.models import BattleStatus
from rules.cerilia.modules import Role, StandingKind, StandingOrder
from rules.cerilia.state import Caster, state_data

pytestmark = pytest.mark.django_db


def test_the_change_page_shows_every_markers_truth_and_the_points(gm_client, kingdom,
                                                                  rival_kingdom):
    s = engine_battle(unit("w", D, at="B2", name="Shadow Wolves"), unit("a", A, at="C1"),
                      terrain_=[terrain(T.FOREST, "B2")], traps=[supply()],
                      casters=[Caster("g", A, "Lady Jamandi", None,
                                      roles=frozenset({Role.GENERAL}), command=2)])
    s = hiding(s, "w", "B2", name="Wolves", markers=("B2", "C2", "D2"), true=1)
    s = trap_laid(s, D, sectors=("C3", "D3", "E3"), real=2, name="Pit")
    s = replace(s, standing={"a": (StandingOrder(StandingKind.HOLD),
                                   StandingOrder(StandingKind.ADVANCE_TO, "C2"))})
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                                 round=1, state=state_data(s))
    html = gm_client.get(url("change", battle.pk)).content.decode()
    assert "Under the markers" in html
    assert "Wolves" in html and "Shadow Wolves" in html and "B2, C2 ✓, D2" in html
    assert "Pit" in html and "C3, D3, E3 ✓" in html
    assert "hold; advance_to C2" in html
    assert "Lady Jamandi" in html
    assert "): 3, 2, 0" in html   # wounds 3 (the default), command points 2, will points 0
