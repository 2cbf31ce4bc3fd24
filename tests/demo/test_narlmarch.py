"""The demo's "Ambush at the Narlmarch" (issue 13, point 6): a sector battle with every module
of seed 001 (001_5d751c33a121b07e.txt) and seed 002's magic dice (002_eb4cf75b750af884.txt) in
use, played through phase 0 and round 1 by the services and the players' own orders, and taking
both sides' orders for round 2."""
from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth import get_user_model

from battles.sector import services
from battles.sector.adapters import artifact_key, caster_key, side_supply, unit_key
from battles.sector.models import BattleStatus, SectorBattle
from battles.sector.resolution import round_resolve
from battles.sector.selectors import access_sector_battle
from core.permissions import NotPermitted
from demo.campaign import DEMO_CAMPAIGN, demo_load
from demo.narlmarch import (
    AMBUSH_NAME,
    ATTACKER_DISPEL,
    BOUND_DICE,
    DEFENDER_DISPEL,
    DISPEL_DICE,
    NAME,
    POWER_DICE,
    PRIEST,
    PRIEST_DICE,
    TRAP_NAME,
    WIZARD,
    WIZARD_BOUND,
    ambush_key,
)
from rules.cerilia.cards import Tag
from rules.cerilia.concealment import Concealment
from rules.cerilia.modules import ALL_MODULES, Role, StandingKind, StandingOrder
from rules.cerilia.side_views import side_view
from rules.cerilia.state import TerrainKind, state_from_data
from rules.sides import Side

pytestmark = pytest.mark.django_db

SEED_FILE = "001_5d751c33a121b07e.txt"
MAGIC_SEED_FILE = "002_eb4cf75b750af884.txt"


@pytest.fixture
def battle() -> SectorBattle:
    demo_load()
    return SectorBattle.objects.get(campaign__name=DEMO_CAMPAIGN, name=NAME)


def _user(username: str):
    return get_user_model().objects.get(username=username)


def _state(battle: SectorBattle):
    return state_from_data(battle.state)


def test_the_battle_plays_every_module_on_a_forest_and_a_ravine(battle):
    assert (battle.module_command, battle.module_ambush, battle.module_scouting,
            battle.module_artifacts) == (True, True, True, True)
    state = _state(battle)
    assert state.scenario.modules == ALL_MODULES
    # Seed: "в лес (овраг)": both kinds of ambush ground.
    assert {(t.kind, t.sector) for t in state.terrain} == {(TerrainKind.FOREST, "B2"),
                                                           (TerrainKind.RAVINE, "D2")}


def test_round_2_is_open_for_both_sides_with_no_orders_yet(battle):
    assert battle.status == BattleStatus.OPEN and battle.round == 2 and battle.takes_orders
    assert battle.deadline is not None
    assert not battle.orders.filter(round=2).exists()
    assert list(battle.rounds.values_list("number", flat=True)) == [0, 1]
    # Phase 0 and round 1 came from the players themselves, through orders_submit.
    assert {(o.round, o.side, o.submitted_by.username) for o in battle.orders.all()} == {
        (0, "attacker", "amiri"), (0, "defender", "valeros"),
        (1, "attacker", "amiri"), (1, "defender", "valeros")}


def test_the_ambush_has_laid_its_three_markers_one_true_and_they_have_moved(battle):
    # Seed: "выкладываются три маркера (два ложных и один истинный) ... Эти маркеры
    # перемещаются с половинной СК"; "Однажды выставленные маркеры ... с поля не убираются".
    state = _state(battle)
    ambush = next(a for a in state.ambushes if a.key == ambush_key())
    assert (ambush.side, ambush.kind, ambush.name, ambush.sector, ambush.over) == (
        Side.DEFENDER, Concealment.AMBUSH, AMBUSH_NAME, "B2", False)
    assert sorted(m.sector for m in ambush.markers) == ["A2", "B2", "C2"]
    assert [m.true for m in ambush.markers].count(True) == 1
    wardens = state.unit(ambush.unit)
    assert wardens.name == "Narlmarch Wardens" and wardens.ambush == ambush.key
    assert wardens.position == ambush.true_marker.sector and wardens.cell == -1
    round_1 = battle.rounds.get(number=1)
    assert "markers_laid" in [e["code"] for e in round_1.events]


def test_a_trap_is_laid_as_three_markers_one_real(battle):
    # Seed: "Располагая ловушки, игрок так же кладет три маркера засады, один из которых
    # реальный".
    assert [(t.side, t.card.code) for t in battle.traps.all()] == [("attacker", "trap")]
    trap = next(a for a in _state(battle).ambushes if a.kind is Concealment.TRAP)
    assert (trap.side, trap.name, trap.over) == (Side.ATTACKER, TRAP_NAME, False)
    assert [m.sector for m in trap.markers] == ["E2", "A1", "E1"]
    assert [m.sector for m in trap.markers if m.true] == ["E2"]


def test_an_independent_unit_follows_its_standing_orders_into_the_ravine(battle):
    # Seed: "Перед игрой игрок определяет 2 приказа, которые воины с навыком Самостоятельный
    # будут выполнять в течении игры".
    row = battle.units.get(name="Tatzlford Free Company")
    assert Tag.INDEPENDENT.value in row.card.tags
    state = _state(battle)
    assert state.standing[unit_key(row)] == (StandingOrder(StandingKind.ADVANCE_TO, "D2"),
                                             StandingOrder(StandingKind.SCOUT))
    assert state.unit(unit_key(row)).position == "D2"
    # Without a point of КН spent on it ("без затраты КН капитана (генерала)").
    spent = [e["params"] for e in battle.rounds.get(number=1).events
             if e["code"] == "points_spent" and e["params"]["side"] == "attacker"]
    assert spent == [{"side": "attacker", "command": 0, "will": 0}]


def test_a_general_and_a_hero_lead_and_the_hero_carries_an_artifact_of_the_army_book(battle):
    characters = {c.name: c for c in battle.casters.prefetch_related("carries")}
    assert characters["Jamandi Aldori"].roles == [Role.GENERAL.value]
    hero = characters["Kesten Garess"]
    assert hero.roles == [Role.HERO.value]
    (carried,) = hero.carries.all()
    assert carried.code == "eye_of_the_hawk" and carried.example
    supply = side_supply(_state(battle), Side.ATTACKER)
    assert [(a["key"], a["bearer"], a["uses"]) for a in supply["artifacts"]] == [
        (artifact_key(hero, carried), caster_key(hero), 1)]


def test_the_attackers_view_never_tells_which_marker_is_true(battle):
    # Reference, "What each side may see": "the enemy's markers as markers (with the ambush's
    # public name) ... never ... marker truth".
    access = access_sector_battle(_user("amiri"), battle.pk)
    assert access.side is Side.ATTACKER
    view = access.view
    assert [(m["name"], m["sector"]) for m in view["markers"] if m["kind"] == "ambush"] == [
        (AMBUSH_NAME, "A2"), (AMBUSH_NAME, "B2"), (AMBUSH_NAME, "C2")]
    assert all(set(m) == {"key", "kind", "name", "sector"} for m in view["markers"])
    assert "Narlmarch Wardens" not in str(view) and "Narlmarch Wardens" not in str(access.rounds)
    # The same view in every world that differs only in which marker is true.
    state = _state(battle)
    views = [side_view(_true_marker(state, index), Side.ATTACKER) for index in range(3)]
    assert views[0] == views[1] == views[2] == side_view(state, Side.ATTACKER)
    # Its owner reads the truth.
    own = access_sector_battle(_user("valeros"), battle.pk).view
    (ambush,) = [a for a in own["ambushes"] if a["key"] == ambush_key()]
    assert [m["true"] for m in ambush["markers"]].count(True) == 1


def _true_marker(state, index: int):
    """The world where the ambush's marker `index` (in key order) is the true one."""
    ambush = next(a for a in state.ambushes if a.key == ambush_key())
    markers = tuple(replace(m, true=i == index)
                    for i, m in enumerate(sorted(ambush.markers, key=lambda m: m.key)))
    moved = replace(ambush, markers=markers)
    return replace(
        state, ambushes=tuple(moved if a.key == ambush.key else a for a in state.ambushes),
        units=tuple(replace(u, position=markers[index].sector) if u.ambush == ambush.key
                    else u for u in state.units))


def _events(battle: SectorBattle, number: int, code: str) -> list[dict]:
    return [e["params"] for e in battle.rounds.get(number=number).events if e["code"] == code]


def test_round_1_resolved_a_magic_phase_with_pools_a_cast_a_bound_spell_and_dispels(battle):
    # Reference, "The pool": "the acting side rolls 2d6 ... The GM may set a fixed number
    # instead per scenario"; both sides had their phase, and what they left was discarded.
    state = _state(battle)
    assert state.scenario.modules.magic_dice
    assert (state.scenario.power_dice, state.scenario.dispel_dice) == (POWER_DICE, DISPEL_DICE)
    pools = _events(battle, 1, "magic_pool")
    assert sorted((p["side"], p["power"], p["dispel"]) for p in pools) == [
        ("attacker", POWER_DICE, DISPEL_DICE), ("defender", POWER_DICE, DISPEL_DICE)]
    assert sorted(p["side"] for p in _events(battle, 1, "pool_discarded")) == [
        "attacker", "defender"]
    # Reference: "the order names the spell and 1–5 power dice; the total must reach the
    # spell's casting value": the priest's roll, cast or failed.
    (rolled,) = _events(battle, 1, "spell_cast") + _events(battle, 1, "spell_failed")
    assert (rolled["caster"], rolled["dice"], rolled["value"]) == (PRIEST, PRIEST_DICE, 5)
    # Seed: «на каком количестве кубиков активируется заклинание - на 2 или на 3»; «Если
    # Заклинание с силой 5/9 сотворено на 3 кубиках, то для его разрушения надо бросить 9».
    (bound,) = _events(battle, 1, "bound_cast")
    assert (bound["caster"], bound["power"], bound["dice"], bound["level"]) == (
        WIZARD, WIZARD_BOUND[0]["power"], BOUND_DICE, 7)
    # «Связанные Заклинания срабатывают автоматически ... и разрушаются, как и все другие»:
    # Restov's plan always meets the bound spell; Greenbelt's meets the priest's if it was cast.
    dispels = _events(battle, 1, "dispelled") + _events(battle, 1, "dispel_failed")
    against_bound = [d for d in dispels if d["side"] == "attacker"]
    assert [(d["dice"], d["target"]) for d in against_bound] == [
        (ATTACKER_DISPEL[0]["dice"], 7)]
    against_priest = [d for d in dispels if d["side"] == "defender"]
    cast = bool(_events(battle, 1, "spell_cast"))
    assert [d["target"] for d in against_priest] == ([rolled["total"]] if cast else [])


def test_round_1_magic_came_from_the_players_orders(battle):
    played = battle.rounds.get(number=1).orders
    priest = caster_key(battle.casters.get(name=PRIEST))
    wizard = caster_key(battle.casters.get(name=WIZARD))
    assert played["attacker"]["spells"][priest]["dice"] == PRIEST_DICE
    assert played["attacker"]["dispel"] == ATTACKER_DISPEL
    assert played["defender"]["dispel"] == DEFENDER_DISPEL
    assert [(b["holder"], b["dice"]) for b in played["defender"]["bound"]] == [
        (wizard, BOUND_DICE)]


def test_round_2_offers_the_wizard_her_bound_spell_and_the_staffs(battle):
    # Seed: «Модель активного игрока ... может использовать каждое из своих связанных
    # заклинаний один раз в фазу магии»: the spell used in round 1 is hers again in round 2;
    # the Staff of fog (an artifact's bound spell) is still unused.
    wizard = battle.casters.prefetch_related("carries").get(name=WIZARD)
    (staff,) = wizard.carries.all()
    assert (staff.code, staff.effect, staff.spell, staff.power) == (
        "staff_of_fog", "bound_spell", "fog", "3/6")
    state = _state(battle)
    supply = side_supply(state, Side.DEFENDER)
    assert supply["bound"] == [{"holder": caster_key(wizard), "index": 0,
                                **WIZARD_BOUND[0]}]
    assert [(a["key"], a["spell"], a["power"], a["uses"]) for a in supply["artifacts"]] == [
        (artifact_key(wizard, staff), "fog", "3/6", 1)]
    assert side_supply(state, Side.ATTACKER)["bound"] == []


def test_both_players_give_their_round_2_orders_through_the_service(battle):
    amiri, valeros = _user("amiri"), _user("valeros")
    units = {u.name: unit_key(u) for u in battle.units.all()}
    hero = battle.casters.get(name="Kesten Garess")
    eye = hero.carries.get()
    wizard = battle.casters.get(name=WIZARD)
    staff = wizard.carries.get()
    with pytest.raises(NotPermitted):
        services.orders_submit(battle=battle, side="attacker", user=valeros, data={})
    services.orders_submit(battle=battle, side="attacker", user=amiri, data={
        "moves": {units["Restov Pikes"]: ["B2"]},
        "artifacts": {caster_key(hero): {"artifact": artifact_key(hero, eye)}},
        "dispel": [{"spell": "fog", "dice": 3}]})
    services.orders_submit(battle=battle, side="defender", user=valeros, data={
        "markers": {ambush_key(): {"paths": [["A3"], [], []]}},
        "moves": {units["Varnhold Riders"]: ["E2"]},
        "bound": [{"holder": caster_key(wizard), "dice": 2, "unit": units["Varnhold Spears"]}],
        "artifacts": {caster_key(wizard): {"artifact": artifact_key(wizard, staff),
                                           "target": "B3", "dice": 2}},
        "dispel": [{"spell": "any", "dice": 2}]})
    battle.refresh_from_db()
    assert not battle.takes_orders   # both sides in: the round went to the workers
    assert round_resolve(battle.pk) == "resolved"
    battle.refresh_from_db()
    assert (battle.status, battle.round) == (BattleStatus.OPEN, 3)
    # The staff's bound Fog on 2 dice, its level 3 ("3/6"), and Restov's plan against it.
    assert (WIZARD, "3/6", 2, 3) in [(b["caster"], b["power"], b["dice"], b["level"])
                                     for b in _events(battle, 2, "bound_cast")]
    assert ("attacker", 3) in [(d["side"], d["target"]) for d in
                               _events(battle, 2, "dispelled") + _events(battle, 2,
                                                                         "dispel_failed")]
