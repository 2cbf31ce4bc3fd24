"""The sector battle page hides what seed 001's modules hide (001_5d751c33a121b07e.txt;
reference/sector-modules.md, "What each side may see": "never the enemy's ... trap truth or
marker truth"): two battles that differ only in which enemy marker is true, or which trap
marker is real, render the same page for the other side; and each violation path of the
modules' orders names its form field."""
from __future__ import annotations

from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone
from factories import (
    SectorBattleFactory,
    SectorCasterFactory,
    SectorTrapFactory,
    SectorUnitFactory,
    TerrainCardFactory,
    shipped_card,
)
from sector_worlds_support import normalized

from battles.sector import services
from battles.sector.adapters import trap_key, unit_key
from battles.sector.forms import SectorOrdersForm
from core.permissions import SYSTEM
from rules.cerilia.ambush_orders import concealment_key
from rules.cerilia.concealment import Concealment
from rules.sides import Side

pytestmark = pytest.mark.django_db

SEED = 4_242_001
FOXES = concealment_key(Side.DEFENDER, Concealment.AMBUSH, "Foxes")


def page(client, user, battle):
    client.force_login(user)
    response = client.get(reverse("sector-battle", args=[battle.pk]))
    assert response.status_code == 200
    return response.content.decode()


# -- hidden information -------------------------------------------------------------------------

def _world(kingdom, rival_kingdom, player, rival, committed, *, true: int, real: int):
    """The Foxes (defender) lay their markers in D2, E2 and D3 in round 1, the one at `true`
    true; a defender's trap lies in A3, B3 and E3, the one at `real` real. The attacker's
    knights hold in A1 and see both on the field in round 2."""
    battle = SectorBattleFactory.create(campaign=kingdom.campaign, name="Battle of the Narlmarches",
                                 attacker_kingdom=kingdom, defender_kingdom=rival_kingdom,
                                 max_rounds=6, seed=SEED, modules=True)
    knights = SectorUnitFactory.create(battle=battle, name="Tatzlford Knights",
                                card=shipped_card("knights"))
    pikes = SectorUnitFactory.create(battle=battle, side="defender", name="Pitax Pikes",
                              card=shipped_card("pikes"))
    shadows = SectorUnitFactory.create(battle=battle, side="defender", name="Pitax Shadows",
                                card=shipped_card("scouts"))
    TerrainCardFactory.create(battle=battle, kind="forest", sector="D2")
    SectorCasterFactory.create(battle=battle, name="Lord Tatzl", school="", roles=["general"])
    SectorCasterFactory.create(battle=battle, side="defender", name="Castellan Drelev", school="",
                        roles=["general"])
    trap = SectorTrapFactory.create(battle=battle, side="defender")
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    rounds = [
        ({"placements": {unit_key(knights): "A1"}},
         {"placements": {unit_key(pikes): "reserve"},
          "ambushes": {unit_key(shadows): {"sector": "D2", "name": "Foxes"}},
          "traps": {trap_key(trap): {"name": "Pit", "sectors": ["A3", "B3", "E3"],
                                     "real": real}}}),
        ({}, {"markers": {FOXES: {"paths": [[], ["E2"], ["D3"]], "true": true}}}),
    ]
    for number, (attacker, defender) in enumerate(rounds):
        services.orders_submit(battle=battle, side="attacker", user=player, data=attacker)
        committed(services.orders_submit, battle=battle, side="defender", user=rival,
                  data=defender)
        battle.refresh_from_db()
        assert battle.round == number + 1, (battle.status, battle.error)
    return battle


@pytest.mark.parametrize("differ", ["marker", "trap"])
def test_the_attacker_reads_the_same_page_whichever_marker_is_true(
        client, kingdom, rival_kingdom, player, rival, gm, committed, differ):
    # Seed: "На верхней стороне – пометка игрока, что это за батальон, а на нижней - истинный
    # это маркер или ложный"; traps: "один из которых реальный, а остальные – ложны".
    first = {"true": 0, "real": 0}
    second = {"true": 2, "real": 0} if differ == "marker" else {"true": 0, "real": 2}
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):
        worlds = [_world(kingdom, rival_kingdom, player, rival, committed, **given)
                  for given in (first, second)]
        seen = [normalized(w, page(client, player, w)) for w in worlds]
        truth = [normalized(w, page(client, gm, w)) for w in worlds]
    assert "marker of “Foxes” (D3)" in seen[0] and "trap marker “Pit” (E3)" in seen[0]
    assert seen[0] == seen[1]
    assert truth[0] != truth[1]   # the comparison can tell the worlds apart



@pytest.mark.parametrize(("path", "field"), [
    ("markers.a-ambush-1", "marker-a-ambush-1-0"),
    ("markers.a-ambush-1.paths", "marker-a-ambush-1-0"),
    ("markers.a-ambush-1.paths.2", "marker-a-ambush-1-2"),
    ("markers.a-ambush-1.paths.1.0", "marker-a-ambush-1-1"),
    ("markers.a-ambush-1.true", "marker-a-ambush-1-true"),
    ("scouts.unit-1", "scout-unit-1"),
    ("strike_scouts.a-ambush-1", "strike-a-ambush-1"),
    ("artifacts.caster-1", "artifact-caster-1"),
    ("artifacts.caster-1.artifact", "artifact-caster-1"),
    ("artifacts.caster-1.target", "artifact-caster-1-target"),
    ("standing.unit-1", "standing-unit-1-0-kind"),
    ("standing.unit-1.1", "standing-unit-1-1-target"),
    ("standing.unit-1.0.kind", "standing-unit-1-0-kind"),
    ("standing.unit-1.1.target", "standing-unit-1-1-target"),
    ("ambushes.unit-1", "ambush-unit-1"),
    ("ambushes.unit-1.sector", "ambush-unit-1"),
    ("ambushes.unit-1.name", "ambush-unit-1-name"),
    ("traps.trap-1", "trap-trap-1-name"),
    ("traps.trap-1.sectors", "trap-trap-1-sector-0"),
    ("traps.trap-1.sectors.1", "trap-trap-1-sector-1"),
    ("traps.trap-1.real", "trap-trap-1-real"),
    ("reveal_first.0", "reveal_first"),
    ("reveal_first", "reveal_first"),
    ("moves.unit-1", "path-unit-1"),
])
def test_each_violation_path_names_its_form_field(path, field):
    assert SectorOrdersForm.field_for(path) == field
