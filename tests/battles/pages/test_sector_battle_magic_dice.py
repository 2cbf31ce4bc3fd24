"""Seed 002's module "magic dice" on the sector battle page (002_eb4cf75b750af884.txt;
reference/sector-modules.md "Module \"magic dice\""): the orders form offers each spell's power
dice and Haste's magical move, each bound spell "on 2 or 3 dice" with its aim, an artifact's
bound spell its dice, and a dispel plan; they reach the service as the engine's JSON, and a
refused one shows the rule's message next to its field.

The engine state is written directly (as test_admin_truth.py does): Brevoy Marches attacks with
the Tatzlford Guard in C1 (its models carry a bound Fog, power 5/9), the wizard Jamandi with the
Guard and Sir Kesten (a hero without a school, a bound Bless 3/6); Pitax defends with pikes
in C3."""
from __future__ import annotations

import re

import pytest
from cerilia_support import A, D, caster, state, unit
from django.urls import reverse
from factories import SectorBattleFactory

from battles.sector import adapters
from battles.sector.forms import SectorOrdersForm
from battles.sector.models import BattleStatus, SideOrders
from battles.sector.selectors import access_sector_battle
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.modules import Modules, Role
from rules.cerilia.orders import BoundUse, DispelRule
from rules.cerilia.state import Caster, School, state_data
from rules.errors import RuleViolation, Violation
from rules.sides import Side

pytestmark = pytest.mark.django_db

SEED_FILE = "002_eb4cf75b750af884.txt"
FOG = BoundSpell("fog", "5/9")


def engine_state(*, magic_dice=True):
    guard = unit("a", A, at="C1", name="Tatzlford Guard", card_bound=(FOG,))
    pikes = unit("d", D, at="C3", name="Pitax Pikes")
    hero = Caster("h", A, "Sir Kesten", None, unit="a", roles=frozenset({Role.HERO}),
                  bound=(BoundSpell("bless", "3/6"),))
    return state(guard, pikes, casters=[caster("wiz", A, School.WIZARD, "a", name="Jamandi"),
                                        hero],
                 modules=Modules(magic_dice=magic_dice))


@pytest.fixture
def battle(kingdom, rival_kingdom):
    return SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                               round=1, state=state_data(engine_state()))


def url(battle):
    return reverse("sector-battle", args=[battle.pk])


def page(client, user, battle):
    client.force_login(user)
    response = client.get(url(battle))
    assert response.status_code == 200
    return response.content.decode()


def post(client, user, battle, data):
    client.force_login(user)
    return client.post(url(battle), {"side": "attacker", **data})


def options(html, name):
    found = re.search(rf'<select name="{re.escape(name)}".*?</select>', html, re.S)
    assert found, name
    return re.findall(r'<option value="([^"]*)"', found.group(0))


def errors(html, name):
    found = re.search(rf'<ul class="errorlist" data-field="{re.escape(name)}">(.*?)</ul>', html,
                      re.S)
    return found.group(1) if found else ""


def stored(battle):
    return SideOrders.objects.get(battle=battle, round=1, side="attacker").orders


def form_for(battle, user, data):
    access = access_sector_battle(user, battle.pk).as_side("attacker")
    return SectorOrdersForm(data, battle=battle, view=access.view, side=Side.ATTACKER)


def test_the_form_offers_power_dice_haste_bound_spells_and_a_dispel_plan(client, battle,
                                                                         player):
    html = page(client, player, battle)
    # Reference ruling: "the order names the spell and 1–5 power dice".
    assert re.search(r'<input type="number" name="spell-wiz-dice"[^>]*min="1"[^>]*max="5"', html)
    # Reference: 'The catalog ships "Haste" (wizard, magical move 2)'; XI.7.A: cell changes
    # and characters joining allowed.
    assert "haste" in options(html, "spell-wiz")
    assert 'name="spell-wiz-path"' in html and 'name="spell-wiz-cell"' in html
    assert options(html, "spell-wiz-joins") == ["", "wiz", "h"]
    # XI.6.A: «на каком количестве кубиков активируется заклинание - на 2 или на 3»; the unit's
    # bound Fog is aimed at a sector, the hero's Bless at a unit with a sign.
    assert options(html, "bound-0-dice") == ["", "2", "3"]
    assert "bound spell Fog (5/9): use on" in html
    assert 'name="bound-0-sector"' in html and 'name="bound-0-unit"' not in html
    assert "bound spell Bless (3/6): use on" in html
    assert 'name="bound-1-unit"' in html and 'name="bound-1-sign"' in html
    # Reference: a dispel plan of rules: "a spell or "any", the most dice ..., at least N".
    assert options(html, "dispel-0-spell")[:2] == ["", "any"]
    assert 'name="dispel-2-at_least"' in html and "Dispel plan" in html


def test_without_the_module_the_form_is_as_before(client, kingdom, rival_kingdom, player):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                                 round=1, state=state_data(engine_state(magic_dice=False)))
    html = page(client, player, battle)
    for name in ("spell-wiz-dice", "spell-wiz-path", "bound-0-dice", "dispel-0-spell"):
        assert f'name="{name}"' not in html
    assert "haste" not in options(html, "spell-wiz")


def test_bound_spells_and_the_dispel_plan_are_submitted_as_the_engines_json(client, battle,
                                                                           player):
    response = post(client, player, battle, {
        "bound-0-dice": "3", "bound-0-sector": "C2",
        "dispel-0-spell": "wall_of_fire", "dispel-0-dice": "4", "dispel-0-at_least": "9",
        "dispel-2-spell": "any", "dispel-2-dice": "2"})
    assert response.status_code == 302, response.content.decode()
    orders = stored(battle)
    assert orders["bound"] == [{"holder": "a", "index": 0, "dice": 3, "sector": "C2"}]
    assert orders["dispel"] == [{"spell": "wall_of_fire", "dice": 4, "at_least": 9},
                                {"spell": "any", "dice": 2}]
    parsed = adapters.round_orders_from_data(orders)
    if parsed.bound or parsed.dispel:   # once the REST parser reads the module's keys
        assert parsed.bound == (BoundUse("a", 0, 3, sector="C2"),)
        assert parsed.dispel == (DispelRule("wall_of_fire", 4, 9), DispelRule("any", 2))
    # The stored orders fill the form again.
    html = page(client, player, battle)
    assert "Tatzlford Guard uses its bound spell Fog on 3 dice (C2)." in html
    assert ("Dispel plan: 1. Wall of fire with at most 4 dice when it must beat 9 or more; "
            "2. any spell with at most 2 dice.") in html
    assert re.search(r'<select name="bound-0-dice".*?<option value="3" selected>', html, re.S)
    assert re.search(r'<select name="dispel-1-spell".*?<option value="any" selected>', html,
                     re.S)


def test_a_spell_gets_its_dice_and_hastes_magical_move(battle, player):
    # Cells count from 1 on the page, as the events name them ("moves to cell 2"); the
    # engine's orders from 0.
    battle.cells_per_sector = 2
    battle.save()
    form = form_for(battle, player, {"spell-wiz": "haste", "spell-wiz-unit": "a",
                                     "spell-wiz-dice": "3", "spell-wiz-path": "c2, c3",
                                     "spell-wiz-cell": "2", "spell-wiz-joins": "h"})
    assert form.is_valid(), form.errors
    assert form.orders()["spells"] == {"wiz": {"spell": "haste", "unit": "a", "dice": 3,
                                               "path": ["C2", "C3"], "cell": 1, "joins": "h"}}
    initial = SectorOrdersForm.initial_from({"spells": form.orders()["spells"]})
    assert (initial["spell-wiz-path"], initial["spell-wiz-cell"]) == ("C2 C3", 2)
    for cell in ("0", "3"):   # the battle's sectors have 2 cells
        form = form_for(battle, player, {"spell-wiz": "haste", "spell-wiz-unit": "a",
                                         "spell-wiz-dice": "3", "spell-wiz-cell": cell})
        assert not form.is_valid() and "spell-wiz-cell" in form.errors
    assert form.fields["spell-wiz-cell"].help_text == "1 to 2, in its last sector."


def test_a_bound_heal_offers_the_sides_characters_as_its_sole_target(client, kingdom,
                                                                     rival_kingdom, player):
    # Seed 002: recover wounds of "a character only as the sole target"; a bound spell is
    # aimed as the spell is («если применимо, он выбирает цель заклинания»).
    from dataclasses import replace

    s = engine_state()
    s = replace(s, casters=tuple(replace(c, bound=(BoundSpell("heal", "3/6"),))
                                 if c.key == "h" else c for c in s.casters))
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                                 round=1, state=state_data(s))
    html = page(client, player, battle)
    assert options(html, "bound-1-unit") == ["", "a", "d", "wiz", "h"]
    assert options(html, "bound-0-sector")[:2] == ["", "A1"]   # Fog still aims at a sector
    response = post(client, player, battle, {"bound-1-dice": "2", "bound-1-unit": "h"})
    assert response.status_code == 302, response.content.decode()
    assert stored(battle)["bound"] == [{"holder": "h", "index": 0, "dice": 2, "unit": "h"}]


def test_a_longer_dispel_plan_sent_by_the_api_is_shown_and_kept_whole(client, battle, player):
    # Reference: a dispel plan of rules "in priority order"; the API takes up to 40.
    plan = [{"spell": spell, "dice": 2} for spell in
            ("fire_storm", "wall_of_fire", "fog", "haste", "any")]
    SideOrders.objects.create(battle=battle, round=1, side="attacker", orders={"dispel": plan})
    html = page(client, player, battle)
    assert re.search(r'<select name="dispel-4-spell".*?<option value="any" selected>', html,
                     re.S)
    assert 'name="dispel-5-spell"' in html and 'name="dispel-6-spell"' not in html
    posted = {f"dispel-{i}-{part}": value for i, rule in enumerate(plan)
              for part, value in rule.items()}
    response = post(client, player, battle, posted)
    assert response.status_code == 302, response.content.decode()
    assert stored(battle)["dispel"] == plan


def test_a_spell_without_power_dice_is_refused_at_its_field(client, battle, player):
    response = post(client, player, battle, {"spell-wiz": "fog", "spell-wiz-sector": "C2"})
    assert response.status_code == 200
    # The rules require them (magic_dice_orders, "spell_dice"); the page shows it at the field.
    assert "A spell is cast with 1 to 5 power dice." in errors(response.content.decode(),
                                                                "spell-wiz-dice")
    assert not SideOrders.objects.filter(battle=battle).exists()


@pytest.mark.parametrize(("status", "routed_in", "round_number", "offered"), [
    ("ready", 0, 2, True),
    ("routed", 2, 2, False),
    # Routed last round and rallied since: still fleeing by the rules' ruling.
    ("ready", 1, 2, False),
    ("ready", 1, 3, True),
])
def test_a_fleeing_holders_bound_spells_are_not_offered(client, kingdom, rival_kingdom, player,
                                                       status, routed_in, round_number,
                                                       offered):
    # XI.6.A: «Модель активного игрока, которая не отступает»; the rules' fleeing
    # (magic_dice_orders) answers for the Guard and for Sir Kesten standing with it.
    from dataclasses import replace

    from rules.cerilia.state import UnitStatus

    s = engine_state()
    guard = replace(s.units[0], status=UnitStatus(status), routed_in=routed_in)
    s = replace(s, units=(guard, *s.units[1:]))
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                                 round=round_number, state=state_data(s))
    html = page(client, player, battle)
    assert ("bound spell Fog (5/9): use on" in html) is offered
    assert ("bound spell Bless (3/6): use on" in html) is offered


def test_the_rules_objections_stand_at_their_fields(battle, player):
    # The engine's paths (magic_dice_orders, magical_move_orders): "spells.<c>.dice",
    # "spells.<c>.path", "bound.<i>.*" (i: the sent list's entry), "dispel.<i>.*".
    form = form_for(battle, player, {"bound-1-dice": "2", "bound-1-unit": "a",
                                     "dispel-1-spell": "any", "dispel-1-dice": "13"})
    assert not form.is_valid()   # 12 dice at most: the form's own bound
    assert "dispel-1-dice" in form.errors
    form = form_for(battle, player, {"dispel-0-dice": "2", "dispel-1-spell": "fog"})
    assert not form.is_valid()
    assert form.errors["dispel-0-spell"] == ["Choose a spell or “any spell”."]
    assert form.errors["dispel-1-dice"] == ["How many dice at most?"]
    form = form_for(battle, player, {"bound-1-dice": "2", "bound-1-unit": "a",
                                     "dispel-1-spell": "any", "dispel-1-dice": "2"})
    assert form.is_valid(), form.errors
    form.orders()
    form.add_violations(RuleViolation([
        Violation("spell_dice", "A spell is cast with 1 to 5 power dice.", "spells.wiz.dice"),
        Violation("too_far", "A magical move goes 2 sectors at most.", "spells.wiz.path"),
        Violation("bound_dice", "A bound spell is used on 2 or 3 dice.", "bound.0.dice"),
        Violation("unit_unknown", "Choose one of your units.", "bound.0.unit"),
        Violation("dispel_threshold", "The threshold cannot be negative.", "dispel.0.at_least"),
        Violation("bound_dice", "A bound spell is used on 2 or 3 dice.", "artifacts.h.dice")]))
    assert form.errors["spell-wiz-dice"] == ["A spell is cast with 1 to 5 power dice."]
    assert form.errors["spell-wiz-path"] == ["A magical move goes 2 sectors at most."]
    # The first (only) bound use sent is the hero's, slot 1; the only rule sent is row 1.
    assert form.errors["bound-1-dice"] == ["A bound spell is used on 2 or 3 dice."]
    assert form.errors["bound-1-unit"] == ["Choose one of your units."]
    assert form.errors["dispel-1-at_least"] == ["The threshold cannot be negative."]
    assert SectorOrdersForm.field_for("artifacts.h.dice") == "artifact-h-dice"
    assert SectorOrdersForm.field_for("spells.wiz.path.1") == "spell-wiz-path"


# -- the round's magic phase on the page -------------------------------------------------------

def played_battle(kingdom, rival_kingdom):
    """Round 1 played by the engine: Jamandi casts Fog on 2 dice, Pitax dispels any spell with
    2 dice; the round is recorded as the worker records it (battles.sector.resolution)."""
    from battles.sector.models import SectorRound
    from battles.sector.resolution import play
    from rules.cerilia.orders import RoundOrders, SpellOrder
    from rules.cerilia.spells import Spell

    before = engine_state()
    given = {A: RoundOrders(spells={"wiz": SpellOrder(Spell.FOG, "C2", dice=2)}),
             D: RoundOrders(dispel=(DispelRule("any", 2),))}
    # The first seed whose dice cast the Fog, so Pitax rolls to dispel it.
    seed, played = next((seed, played) for seed in range(1, 100)
                        for played in [play(before, given, 1, seed)]
                        if any(e["code"] == "spell_cast" for e in played.events))
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                                 round=2, state=state_data(played.after))
    SectorRound.objects.create(battle=battle, number=1, seed=seed, state_before=state_data(before),
                               orders={"attacker": {}, "defender": {}},
                               state_after=state_data(played.after),
                               initiative=played.initiative, events=played.events,
                               rolls=played.rolls)
    return battle, played


def test_the_page_shows_the_pools_and_each_spells_roll(client, kingdom, rival_kingdom, player,
                                                      rival):
    # Issue 14: "the pools and each spell's roll in the round's events"; reference: "pools are
    # public (sizes), spells as cast, dispels as rolled".
    battle, played = played_battle(kingdom, rival_kingdom)
    codes = [e["code"] for e in played.events]
    assert "magic_pool" in codes and "spell_cast" in codes
    for user in (player, rival):
        html = page(client, user, battle)
        magic = html.partition(">Battle magic<")[2].partition("<h4")[0]
        assert re.search(r"Magic phase of the attacker: \d+ power dice; the defender has \d+ "
                         r"dispel dice\.", magic)
        assert re.search(r"Jamandi casts Fog on 2 dice: \d+ against \d+, cast\.", magic)
        assert re.search(r"End of the magic phase of the (attacker|defender): \d+ power and \d+ "
                         r"dispel dice unused\.", magic)
        assert re.search(r"The defender (tries to )?dispels? Fog on 2 dice: \d+ against \d+",
                         magic)


def test_an_artifacts_bound_spell_is_used_on_2_or_3_dice(kingdom, rival_kingdom, player):
    # XI.6.A: bound spells "on units, characters and artifacts", each «на 2 или на 3» dice.
    from dataclasses import replace

    from rules.cerilia.artifact_cards import Artifact, ArtifactEffect

    s = engine_state()
    wand = Artifact("wand", "Wand of Mists", ArtifactEffect.BOUND_SPELL, 1, spell="fog",
                    power="4/7")
    s = replace(s, scenario=replace(s.scenario, modules=Modules(magic_dice=True,
                                                                artifacts=True)),
                casters=tuple(replace(c, carries=("wand",)) if c.key == "h" else c
                              for c in s.casters),
                artifacts=(wand,))
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                                 round=1, state=state_data(s), modules=True)
    form = form_for(battle, player, {"artifact-h": "wand", "artifact-h-target": "C2",
                                     "artifact-h-dice": "3"})
    assert form.is_valid(), form.errors
    assert form.orders()["artifacts"] == {"h": {"artifact": "wand", "target": "C2", "dice": 3}}
    assert [c for _v, c in form.fields["artifact-h-dice"].choices] == ["—", "2 dice", "3 dice"]


def test_the_magic_phase_and_the_form_read_in_russian(client, kingdom, rival_kingdom, player):
    battle, _played = played_battle(kingdom, rival_kingdom)
    client.cookies["django_language"] = "ru"
    html = page(client, player, battle)
    assert re.search(r"Фаза магии \(атакующий\): кубиков силы — \d+", html)
    assert re.search(r"Jamandi творит «Туман» на 2 куб\.: \d+ против \d+, сотворено\.", html)
    assert "План разрушения заклинаний" in html and "кубики силы" in html


def test_the_battlefield_shows_models_command_group_and_victory_points(client, kingdom,
                                                                        rival_kingdom, rival):
    # Issue 14: "The battlefield SVG shows each unit's models and command group"; models,
    # wounds and victory points are public (side_views, ruling).
    from dataclasses import replace

    s = engine_state()
    guard = replace(s.units[0], card=replace(s.units[0].card, hits=5, wounds=2, champion=True,
                                             musician=True), hits=4, wounds_lost=1)
    s = replace(s, units=(guard, *s.units[1:]))
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, status=BattleStatus.OPEN,
                                 round=1, state=state_data(s))
    html = page(client, rival, battle)
    card = re.search(r'<g class="unit attacker[^"]*" data-unit="a".*?</g>', html, re.S)
    assert card, "the Guard's card"
    assert '4/5 <tspan class="wounds">♥1</tspan>' in card.group(0)
    assert '<tspan class="group">⚔♪</tspan>' in card.group(0)
    assert "4 of 5 models left; its wounded model has 1 of 2 wounds left; champion; " \
        "musician" in card.group(0)
    assert "victory points: attacker 0, defender 0" in html
    assert "⚐ standard taken" in html   # the legend
