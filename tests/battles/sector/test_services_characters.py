"""The services behind the battle admin's characters and traps: only the campaign's GM (or the
project) edits them, only while the battle is being set up, and the rules' refusals name their
fields (reference/sector-modules.md, "Characters"; module "ambush")."""
from __future__ import annotations

import pytest
from factories import (
    CampaignFactory,
    MembershipFactory,
    SectorBattleFactory,
    SectorTrapFactory,
    SectorUnitFactory,
    UserFactory,
    shipped_artifact,
    shipped_trap,
)

from armies.adapters import render_violation
from battles.sector import services
from battles.sector.models import SectorBattle
from campaigns.models import Role
from core.permissions import SYSTEM, NotPermitted
from rules.errors import RuleViolation

pytestmark = pytest.mark.django_db

GM_ONLY = "Only the game master sets up the campaign's battles."


@pytest.fixture
def battle(kingdom, rival_kingdom):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom)
    SectorUnitFactory(battle=battle, side="attacker", name="Knights")
    SectorUnitFactory(battle=battle, side="defender", name="Pikes")
    return battle


@pytest.fixture
def their_gm():
    user = UserFactory(username="their-gm")
    MembershipFactory(user=user, campaign=CampaignFactory(), role=Role.GM, kingdom=None)
    return user


def save(actor, battle, **fields):
    return services.character_save(actor=actor, battle=battle, **{
        "name": "Lord Tatzl", "side": "attacker", "roles": ["general"], **fields})


def test_the_gm_saves_a_character_with_its_artifacts(battle, campaign_gm):
    horn = shipped_artifact("war_horn")
    general = save(campaign_gm, battle, command=2, carries=[horn])
    assert (general.roles, general.command, list(general.carries.all())) == (["general"], 2,
                                                                             [horn])
    changed = save(campaign_gm, battle, character=general, roles=["general", "hero"], will=1)
    assert changed.pk == general.pk and changed.will == 1 and not changed.carries.exists()


@pytest.mark.parametrize("who", ["player", "rival", "their_gm"])
def test_only_the_campaigns_gm_edits_characters_and_traps(battle, request, who):
    actor = request.getfixturevalue(who)
    with pytest.raises(NotPermitted) as refused:
        save(actor, battle)
    assert str(refused.value) == GM_ONLY
    with pytest.raises(NotPermitted):
        services.trap_add(actor=actor, battle=battle, side="attacker", card=shipped_trap())
    trap = SectorTrapFactory(battle=battle)
    with pytest.raises(NotPermitted):
        services.trap_remove(actor=actor, trap=trap)
    general = save(SYSTEM, battle)
    with pytest.raises(NotPermitted):
        services.character_remove(actor=actor, character=general)
    with pytest.raises(NotPermitted):
        save(actor, battle, character=general, command=9)
    general.refresh_from_db()
    assert general.command is None and battle.traps.get() == trap


def test_a_begun_battle_takes_no_new_characters_or_traps(battle, campaign_gm):
    trap = services.trap_add(actor=campaign_gm, battle=battle, side="defender",
                             card=shipped_trap())
    services.battle_start(battle=battle, actor=SYSTEM)
    for call in (lambda: save(campaign_gm, battle),
                 lambda: services.trap_add(actor=campaign_gm, battle=battle, side="attacker",
                                           card=shipped_trap()),
                 lambda: services.trap_remove(actor=campaign_gm, trap=trap)):
        with pytest.raises(RuleViolation) as refused:
            call()
        assert refused.value.codes() == {"already_started"}
    assert battle.traps.count() == 1


@pytest.mark.parametrize(("fields", "where"), [
    ({"roles": []}, "roles"),
    ({"roles": ["king"]}, "roles"),
    ({"roles": ["hero"], "command": 3}, "command"),
    ({"will": 3}, "will"),
    ({"wounds": 0}, "wounds"),
    ({"spells": ["fog"]}, "spells"),
    ({"school": "priest", "spells": ["fog"]}, "spells"),
])
def test_the_rules_refusals_name_their_fields(battle, campaign_gm, fields, where):
    with pytest.raises(RuleViolation) as refused:
        save(campaign_gm, battle, **fields)
    assert {v.field for v in refused.value.violations} == {where}


def test_a_character_stands_with_a_unit_of_its_own_side_and_battle(battle, campaign_gm):
    pikes = battle.units.get(side="defender")
    with pytest.raises(RuleViolation) as refused:
        save(campaign_gm, battle, unit=pikes)
    assert refused.value.codes() == {"unit_of_other_side"}
    stranger = SectorUnitFactory(side="attacker")
    with pytest.raises(RuleViolation) as refused:
        save(campaign_gm, battle, unit=stranger)
    assert refused.value.codes() == {"unit_of_other_battle"}


def test_a_trap_goes_to_a_side(battle, campaign_gm):
    with pytest.raises(RuleViolation) as refused:
        services.trap_add(actor=campaign_gm, battle=battle, side="both", card=shipped_trap())
    assert {v.field for v in refused.value.violations} == {"side"}


def test_under_the_command_module_each_side_needs_someone_to_pay_for_its_orders(battle):
    # Reference, ruling: "each unit that receives an order in a round ... costs 1 point: from
    # the side's general ... or from a hero"; a side with neither could never move.
    SectorBattle.objects.filter(pk=battle.pk).update(module_command=True)
    battle.refresh_from_db()
    save(SYSTEM, battle, roles=["general"])
    with pytest.raises(RuleViolation) as refused:
        services.battle_start(battle=battle, actor=SYSTEM)
    (violation,) = refused.value.violations
    assert (violation.code, violation.field, violation.params) == (
        "side_without_commander", "casters", {"side": "defender"})
    assert render_violation(violation) == ("Under module command the defender has no general "
                                           "or hero to pay for its orders: add one, or turn the "
                                           "module off.")
    save(SYSTEM, battle, side="defender", name="Castellan", roles=["hero"])
    assert services.battle_start(battle=battle, actor=SYSTEM).round == 0


@pytest.mark.parametrize(("school", "spells"), [("priest", ["heal", "raise_the_fallen"]),
                                                ("wizard", ["haste"])])
def test_seed_002s_spells_are_a_characters_only_with_module_magic_dice(battle, campaign_gm,
                                                                       school, spells):
    # Seed 002_eb4cf75b750af884.txt: «Некоторые заклинания позволяют восстанавливать раны»;
    # «Все перемещения, которые производятся в Фазу Магии, считаются магическими
    # перемещениями»: its spells come with its module (reference: 'The catalog ships "Haste"',
    # "Heal", "Raise the fallen"), so a battle without it knows none of them.
    SectorBattle.objects.filter(pk=battle.pk).update(module_magic_dice=True)
    caster = save(campaign_gm, battle, roles=[], school=school, spells=spells)
    assert caster.spells == spells
    SectorBattle.objects.filter(pk=battle.pk).update(module_magic_dice=False)
    with pytest.raises(RuleViolation) as refused:
        save(campaign_gm, battle, character=caster, roles=[], school=school, spells=spells)
    assert {(v.code, v.field) for v in refused.value.violations} == {
        ("spell_not_of_school", "spells")}
