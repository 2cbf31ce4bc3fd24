"""Seed 001's rows into the engine (001_5d751c33a121b07e.txt; reference/sector-modules.md): the
module switches, characters with their roles, points, wounds and carried artifacts, the traps a
side may lay; and each new part of the orders read from JSON, every malformed value a Violation
naming its field."""
from __future__ import annotations

import re

import pytest
from factories import (
    SectorBattleFactory,
    SectorCasterFactory,
    SectorTrapFactory,
    SectorUnitFactory,
    shipped_artifact,
    shipped_trap,
)

from battles.sector import services
from battles.sector.adapters import (
    artifact_key,
    caster_key,
    deployment_from_data,
    initial_state,
    modules_of,
    round_orders_from_data,
    trap_key,
    unit_key,
)
from battles.sector.models import SectorBattle
from core.permissions import SYSTEM
from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.concealment import TrapCard, TrapSupply
from rules.cerilia.modules import (
    ALL_MODULES,
    DEFAULT_COMMAND,
    DEFAULT_WILL,
    NO_MODULES,
    Modules,
    Role,
    StandingKind,
    StandingOrder,
)
from rules.cerilia.orders import AmbushPlan, ArtifactUse, MarkerMove, TrapPlan
from rules.cerilia.state import School, is_key, state_data, state_from_data
from rules.errors import RuleViolation
from rules.sides import Side

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle():
    """A new scenario (every module on): a general with the guard, a hero-priest carrying two
    artifacts, a wizard of the defender, and a trap for each side."""
    battle = SectorBattleFactory(modules=True)
    guard = SectorUnitFactory(battle=battle, name="Tatzlford Guard")
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes")
    SectorCasterFactory(battle=battle, name="Lord Tatzl", school="", roles=["general"],
                        unit=guard)
    hero = SectorCasterFactory(battle=battle, name="Brother Tam", school="priest",
                               roles=["hero"], will=4, wounds=2)
    hero.carries.set([shipped_artifact("war_horn"), shipped_artifact("staff_of_fog")])
    SectorCasterFactory(battle=battle, side="defender", name="Nyrissa's Hand")
    SectorTrapFactory(battle=battle, side="attacker")
    SectorTrapFactory(battle=battle, side="defender")
    return battle


def test_the_switches_become_the_scenarios_modules():
    # Reference: "Each module is a scenario switch (the GM's choice per battle)".
    assert initial_state(SectorBattleFactory(modules=True)).scenario.modules == ALL_MODULES
    assert initial_state(SectorBattleFactory()).scenario.modules == NO_MODULES
    some = SectorBattleFactory(module_ambush=True, module_artifacts=True)
    assert initial_state(some).scenario.modules == Modules(ambush=True, artifacts=True)


def test_a_begun_battle_plays_the_modules_it_began_with(battle):
    # Reference: "Each module is a scenario switch (the GM's choice per battle)": the GM's
    # while it is set up; once begun, the engine plays the scenario it began with, so a row
    # edited afterwards changes nothing the forms, the bill or the rules read.
    assert modules_of(battle) == ALL_MODULES
    SectorCasterFactory(battle=battle, side="defender", school="", roles=["general"])
    services.battle_start(actor=SYSTEM, battle=battle)
    SectorBattle.objects.filter(pk=battle.pk).update(module_command=False,
                                                     module_magic_dice=False)
    battle.refresh_from_db()
    assert modules_of(battle) == ALL_MODULES == state_from_data(battle.state).scenario.modules


def test_characters_come_with_roles_points_wounds_and_what_they_carry(battle):
    state = initial_state(battle)
    general, hero, wizard = state.casters
    guard = battle.units.get(name="Tatzlford Guard")
    assert (general.school, general.roles, general.unit) == (None, frozenset({Role.GENERAL}),
                                                             unit_key(guard))
    # Reference: "КН: a pool per round, default 3"; "ЗС: a pool per battle, default 2".
    assert (general.command, general.will, general.wounds) == (DEFAULT_COMMAND, 0, 3)
    assert (hero.school, hero.roles, hero.will, hero.command, hero.wounds) == (
        School.PRIEST, frozenset({Role.HERO}), 4, 0, 2)
    assert hero.is_a(Role.PRIEST) and hero.is_a(Role.HERO) and not hero.is_a(Role.GENERAL)
    assert (wizard.side, wizard.roles, wizard.carries) == (Side.DEFENDER, frozenset(), ())
    row = battle.casters.get(name="Brother Tam")
    horn, staff = shipped_artifact("war_horn"), shipped_artifact("staff_of_fog")
    assert hero.carries == (artifact_key(row, horn), artifact_key(row, staff))
    assert state.artifacts == (
        Artifact(artifact_key(row, horn), "War horn", ArtifactEffect.ATTACK_BONUS),
        Artifact(artifact_key(row, staff), "Staff of fog", ArtifactEffect.BOUND_SPELL, 1,
                 "fog", "3/6"))


def test_a_general_and_a_hero_take_the_default_points_when_the_gm_sets_none(battle):
    battle.casters.filter(name="Brother Tam").update(will=None)
    general, hero, _wizard = initial_state(battle).casters
    assert (general.command, hero.will) == (DEFAULT_COMMAND, DEFAULT_WILL)


def test_two_characters_carrying_one_card_carry_two_artifacts(battle):
    horn = shipped_artifact("war_horn")
    battle.casters.get(name="Lord Tatzl").carries.add(horn)
    state = initial_state(battle)
    horns = [a for a in state.artifacts if a.name == "War horn"]
    assert len(horns) == 2 and len({a.key for a in horns}) == 2


def test_the_traps_each_side_may_lay(battle):
    traps = list(battle.traps.order_by("pk"))
    # Reference: "the GM's catalog ships "Trap" (attack 3)".
    card = TrapCard("trap", "Trap", 3)
    assert initial_state(battle).scenario.traps == (
        TrapSupply(trap_key(traps[0]), Side.ATTACKER, card),
        TrapSupply(trap_key(traps[1]), Side.DEFENDER, card))
    assert shipped_trap().attack == 3


def test_the_keys_are_engine_keys_that_give_away_no_row_id(battle):
    state = initial_state(battle)
    rows = {"artifact": [(c.pk, a.pk) for c in battle.casters.all() for a in c.carries.all()],
            "trap": [t.pk for t in battle.traps.all()]}
    keys = [*(a.key for a in state.artifacts), *(t.key for t in state.scenario.traps)]
    assert all(is_key(key) and re.fullmatch(r"(artifact|trap)-[0-9a-f]{12}", key)
               for key in keys)
    assert len(set(keys)) == len(keys) == len(rows["artifact"]) + len(rows["trap"])
    assert not {f"trap-{t}" for t in rows["trap"]} & set(keys)
    assert not {f"artifact-{c}.{a}" for c, a in rows["artifact"]} & set(keys)
    # The same rows of another battle key differently.
    trap = battle.traps.first()
    trap.battle_id += 1
    assert trap_key(trap) not in keys
    assert caster_key(battle.casters.first()).startswith("caster-")


def test_the_state_goes_to_data_and_back_whole(battle):
    state = initial_state(battle)
    assert state_from_data(state_data(state)) == state


def test_a_battle_with_every_module_off_stores_the_seed_000_shape():
    """A battle with every module off plays exactly as before: its state holds no key of the
    modules (they are left out at their defaults), and a caster as it always was."""
    battle = SectorBattleFactory()
    SectorUnitFactory(battle=battle)
    SectorCasterFactory(battle=battle)
    data = state_data(initial_state(battle))
    assert "modules" not in data["scenario"] and "traps" not in data["scenario"]
    assert not {"standing", "ambushes", "artifacts"} & set(data)
    assert set(data["casters"][0]) == {"key", "side", "name", "school", "unit", "spells"}


# -- the orders' new parts from JSON ------------------------------------------------------------


def test_phase_0_reads_standing_orders_ambushes_and_traps():
    deployment = deployment_from_data({
        "standing": {"unit-a": [{"kind": "advance_to", "target": "c2"},
                                {"kind": "shoot", "target": "unit-b"}],
                     "unit-c": [{"kind": "hold"}, {"kind": "shoot_nearest", "target": None}]},
        "ambushes": {"unit-d": {"sector": "b2", "name": " The wolves "}},
        "traps": {"trap-1": {"name": "Pits", "sectors": ["A1", "b2", "C2"], "real": 2},
                  "trap-2": {"name": "Stakes", "sectors": "A2 B2 C2"}},
    })
    assert deployment.standing == {
        "unit-a": (StandingOrder(StandingKind.ADVANCE_TO, "C2"),
                   StandingOrder(StandingKind.SHOOT, "unit-b")),
        "unit-c": (StandingOrder(StandingKind.HOLD), StandingOrder(StandingKind.SHOOT_NEAREST))}
    assert deployment.ambushes == {"unit-d": AmbushPlan("B2", "The wolves")}
    assert deployment.traps == {"trap-1": TrapPlan("Pits", ("A1", "B2", "C2"), 2),
                                "trap-2": TrapPlan("Stakes", ("A2", "B2", "C2"), 0)}


def test_a_round_reads_standing_markers_scouts_artifacts_and_the_reveal_choice():
    orders = round_orders_from_data({
        "standing": {"unit-a": [{"kind": "scout"}, {"kind": "hold"}]},
        "markers": {"ambush-1": {"paths": [["b2"], [], ["C2", "C3"]], "true": 1}},
        "scouts": ["unit-b"],
        "artifacts": {"caster-1": {"artifact": "artifact-1", "target": "C2"},
                      "caster-2": {"artifact": "artifact-2"}, "caster-3": None},
        "reveal_first": ["c2", "B3"],
    })
    assert orders.standing == {"unit-a": (StandingOrder(StandingKind.SCOUT),
                                          StandingOrder(StandingKind.HOLD))}
    assert orders.markers == {"ambush-1": MarkerMove((("B2",), (), ("C2", "C3")), 1)}
    assert orders.scouts == ("unit-b",)
    assert orders.artifacts == {"caster-1": ArtifactUse("artifact-1", "C2"),
                                "caster-2": ArtifactUse("artifact-2")}
    assert orders.reveal_first == ("C2", "B3")


def fields_of(call, data) -> set[str]:
    with pytest.raises(RuleViolation) as refused:
        call(data)
    return {v.field for v in refused.value.violations}


@pytest.mark.parametrize(("data", "fields"), [
    ({"standing": ["x"]}, {"standing"}),
    ({"standing": {"u": "hold"}}, {"standing.u"}),
    ({"standing": {"u": ["hold"]}}, {"standing.u.0"}),
    ({"standing": {"u": [{"kind": "charge"}]}}, {"standing.u.0.kind"}),
    ({"standing": {"u": [{}]}}, {"standing.u.0.kind"}),
    ({"standing": {"u": [{"kind": "shoot", "target": ["x"]}]}}, {"standing.u.0.target"}),
    ({"ambushes": {"u": "B2"}}, {"ambushes.u"}),
    ({"ambushes": {"u": {"name": "Wolves"}}}, {"ambushes.u.sector"}),
    ({"ambushes": {"u": {"sector": "B2", "name": {"a": 1}}}}, {"ambushes.u.name"}),
    ({"traps": {"t": {"sectors": ["A1"]}}}, {"traps.t.name"}),
    ({"traps": {"t": {"name": "Pits", "sectors": 3}}}, {"traps.t.sectors"}),
    ({"traps": {"t": {"name": "Pits", "sectors": [1, 2]}}}, {"traps.t.sectors"}),
    ({"traps": {"t": {"name": "Pits", "sectors": ["A1"], "real": "0"}}}, {"traps.t.real"}),
    ({"traps": {"t": {"name": "Pits", "sectors": ["A1"], "real": True}}}, {"traps.t.real"}),
])
def test_malformed_phase_0_parts_name_their_fields(data, fields):
    assert fields_of(deployment_from_data, data) == fields


@pytest.mark.parametrize(("data", "fields"), [
    ({"standing": {"u": [{"kind": 5}]}}, {"standing.u.0.kind"}),
    ({"markers": ["B2"]}, {"markers"}),
    ({"markers": {"a": "B2"}}, {"markers.a"}),
    ({"markers": {"a": {"paths": "B2"}}}, {"markers.a.paths"}),
    ({"markers": {"a": {"paths": [["B2"], 7]}}}, {"markers.a.paths.1"}),
    ({"markers": {"a": {"paths": [], "true": 1.5}}}, {"markers.a.true"}),
    ({"scouts": "unit-a"}, {"scouts"}),
    ({"scouts": ["unit-a", {"x": 1}, None]}, {"scouts.1", "scouts.2"}),
    ({"artifacts": {"c": "artifact-1"}}, {"artifacts.c"}),
    ({"artifacts": {"c": {"target": "C2"}}}, {"artifacts.c.artifact"}),
    ({"artifacts": {"c": {"artifact": "a", "target": [1]}}}, {"artifacts.c.target"}),
    ({"reveal_first": {"C2": 1}}, {"reveal_first"}),
    ({"reveal_first": [["C2"]]}, {"reveal_first.0"}),
])
def test_malformed_round_parts_name_their_fields(data, fields):
    assert fields_of(round_orders_from_data, data) == fields
