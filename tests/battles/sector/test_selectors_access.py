"""One access point for a sector battle (battles.sector.selectors.access_sector_battle): who
reads it as which side, with one error policy, and what the API and the page make of it; and
hidden information compared between two worlds that differ only in a unit the attacker cannot
see, built through the services.

The player's kingdom attacks, the rival's defends; the GM runs the campaign by membership; the
outsider plays in another campaign."""
from __future__ import annotations

from dataclasses import replace
from unittest import mock

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import SectorBattleFactory, SectorCasterFactory, SectorUnitFactory, shipped_card
from rest_framework.exceptions import ValidationError
from rest_framework.test import APIClient
from sector_worlds_support import reads

from battles.sector import services
from battles.sector.adapters import caster_key, unit_key
from battles.sector.selectors import SideNotFound, access_sector_battle
from core.permissions import SYSTEM
from rules.cerilia.state import state_from_data
from rules.cerilia.visibility import visible
from rules.sides import Side

pytestmark = pytest.mark.django_db

SEED = 86_753_091_234


@pytest.fixture
def anonymous():
    return AnonymousUser()


@pytest.fixture
def battle(kingdom, rival_kingdom):
    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                                 defender_kingdom=rival_kingdom, seed=SEED)
    SectorUnitFactory(battle=battle, side="attacker", name="Tatzlford Knights",
                      card=shipped_card("knights"))
    SectorUnitFactory(battle=battle, side="defender", name="Pitax Pikes",
                      card=shipped_card("pikes"))
    return services.battle_start(battle=battle, actor=SYSTEM)


# --- the matrix ----------------------------------------------------------------------------

TRUTH, REFUSED, NOT_FOUND, BAD = "truth", "refused", "not found", "bad side"
# persona → {asked side → whose eyes it reads with (a side), the truth, or the error}.
MATRIX = {
    "player": {None: "attacker", "attacker": "attacker", "defender": REFUSED, "nobody": BAD},
    "rival": {None: "defender", "attacker": REFUSED, "defender": "defender", "nobody": BAD},
    "campaign_gm": {None: TRUTH, "attacker": "attacker", "defender": "defender",
                    "nobody": BAD},
    "outsider": dict.fromkeys((None, "attacker", "defender", "nobody"), NOT_FOUND),
    "anonymous": dict.fromkeys((None, "attacker", "defender", "nobody"), NOT_FOUND),
}
CASES = [(persona, asked, expected) for persona, row in MATRIX.items()
         for asked, expected in row.items()]


def _case_id(case) -> str:
    return f"{case[0]} as {case[1] or 'no side'}"


@pytest.mark.parametrize(("persona", "asked", "expected"), CASES,
                         ids=[_case_id(case) for case in CASES])
def test_who_reads_the_battle_as_which_side(request, battle, persona, asked, expected):
    user = request.getfixturevalue(persona)
    if expected == NOT_FOUND:
        with pytest.raises(Http404) as refused:
            access_sector_battle(user, battle.pk, side=asked)
        # The same not found as a battle that does not exist: nothing tells them apart.
        with pytest.raises(Http404) as absent:
            access_sector_battle(user, battle.pk + 1000, side=asked)
        assert type(refused.value) is type(absent.value) is Http404
        assert refused.value.args == absent.value.args
        return
    if expected == REFUSED:
        with pytest.raises(SideNotFound):
            access_sector_battle(user, battle.pk, side=asked)
        return
    if expected == BAD:
        with pytest.raises(ValidationError) as bad:
            access_sector_battle(user, battle.pk, side=asked)
        assert set(bad.value.detail) == {"side"}
        return
    access = access_sector_battle(user, battle.pk, side=asked)
    assert access.battle == battle
    if expected == TRUTH:
        assert access.side is None and not access.may_order
        assert "side" not in access.view and access.view["deck"] == battle.state["deck"]
        return
    assert access.side is Side(expected) and access.may_order
    assert access.view["side"] == expected and "deck" not in access.view


def test_the_gm_names_a_side_to_read_it_and_the_truth_only_by_naming_none(battle, campaign_gm,
                                                                        gm):
    for user in (campaign_gm, gm):   # by membership, and the site's superuser
        access = access_sector_battle(user, battle.pk)
        assert access.is_gm and access.side is None and access.sides == tuple(Side)
        as_defender = access.as_side("defender")
        assert as_defender.side is Side.DEFENDER and as_defender.may_order
        assert as_defender.view == access_sector_battle(
            user, battle.pk, side=Side.DEFENDER).view


def test_a_player_never_reads_the_truth(battle, player, rival):
    for user in (player, rival):
        access = access_sector_battle(user, battle.pk)
        assert not access.is_gm and access.side is not None and len(access.sides) == 1
        assert "deck" not in access.view
        for round_view in access.rounds:
            assert not {"seed", "orders", "rolls"} & set(round_view)


def test_odd_ids_are_not_found(battle, player):
    for odd in ("x", None, "", [battle.pk], 10**30):
        with pytest.raises(Http404):
            access_sector_battle(player, odd)


# What the API and the page answer each case (the API's 403 to a player of the battle for the
# other side is its answer since it began; a page asked for it shows the player's own side).
API = {"attacker": 200, "defender": 200, TRUTH: 200, REFUSED: 403, NOT_FOUND: 404, BAD: 400}
PAGE = {"attacker": 200, "defender": 200, TRUTH: 200, REFUSED: 200, NOT_FOUND: 404, BAD: 200}


@pytest.mark.parametrize(("persona", "asked", "expected"), CASES,
                         ids=[_case_id(case) for case in CASES])
def test_the_api_and_the_page_answer_alike(request, battle, persona, asked, expected):
    user = request.getfixturevalue(persona)
    query = f"?side={asked}" if asked else ""
    api = APIClient()
    if persona != "anonymous":
        api.force_authenticate(user)
    response = api.get(f"/api/sector-battles/{battle.pk}/{query}")
    assert response.status_code == (401 if persona == "anonymous" else API[expected])
    if response.status_code == 200:
        reads_as = expected if expected != TRUTH else None
        assert response.json()["view"] == access_sector_battle(user, battle.pk,
                                                               side=reads_as).view
    page = Client()
    if persona != "anonymous":
        page.force_login(user)
    response = page.get(reverse("sector-battle", args=[battle.pk]) + query)
    assert response.status_code == (302 if persona == "anonymous" else PAGE[expected])


def test_orders_for_a_side_the_user_does_not_play_are_not_found_on_the_page(battle, player):
    page = Client()
    page.force_login(player)
    address = reverse("sector-battle", args=[battle.pk])
    pikes = unit_key(battle.units.get(name="Pitax Pikes"))
    assert page.post(address, {"side": "defender", f"place-{pikes}": "C3"}).status_code == 404
    assert page.post(address, {"side": "nobody"}).status_code == 400
    assert not battle.orders.exists()


# --- hidden information: two worlds -------------------------------------------------------

def _world(kingdom, rival_kingdom, player, rival, committed, *, shadow: bool):
    """A night battle, played through the services. Round 0: the knights deploy in E1, the
    pikes in D3 and a third defender unit in E3, too far off to be seen at night: the Shadow
    Company (scouts) in one world, the Grey Lancers (light cavalry) in the other. Round 1: the
    wizard hides it by mass invisibility. Round 2: the knights ride to E2, next to it, which the
    night no longer hides from them, and the pikes come to D2, where the knights see them.
    Round 3 takes orders. The knights see a "[]" in E3 in both worlds (seed 000: "На карте он
    будет отмечен статусом []"), never which unit it is."""
    battle = SectorBattleFactory.create(campaign=kingdom.campaign, name="Battle at Dusk",
                                        attacker_kingdom=kingdom, defender_kingdom=rival_kingdom,
                                        max_rounds=6, night=True, seed=SEED)
    knights = unit_key(SectorUnitFactory.create(battle=battle, side="attacker",
                                                name="Tatzlford Knights",
                                                card=shipped_card("knights")))
    pikes = unit_key(SectorUnitFactory.create(battle=battle, side="defender", name="Pitax Pikes",
                                              card=shipped_card("pikes")))
    hidden = unit_key(SectorUnitFactory.create(
        battle=battle, side="defender", name="Shadow Company" if shadow else "Grey Lancers",
        card=shipped_card("scouts" if shadow else "light_cavalry")))
    wizard = caster_key(SectorCasterFactory.create(battle=battle, side="defender",
                                                   name="Nyrissa's Hand", school="wizard"))
    battle = services.battle_start(battle=battle, actor=SYSTEM)
    # Each round: the attacker's orders, the defender's.
    rounds = [
        ({"placements": {knights: "E1"}}, {"placements": {pikes: "D3", hidden: "E3"}}),
        ({}, {"spells": {wizard: {"spell": "mass_invisibility", "unit": hidden}}}),
        ({"moves": {knights: ["E2"]}}, {"moves": {pikes: ["D2"]}}),
    ]
    for number, (attacker, defender) in enumerate(rounds):
        services.orders_submit(battle=battle, side="attacker", user=player, data=attacker)
        committed(services.orders_submit, battle=battle, side="defender", user=rival,
                  data=defender)
        battle.refresh_from_db()
        assert battle.round == number + 1, (battle.status, battle.error)
    return battle, hidden


def test_the_attacker_reads_the_same_whichever_unit_hides(
        kingdom, rival_kingdom, player, rival, campaign_gm, committed):
    clock = timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=clock):
        with_shadow, shadow = _world(kingdom, rival_kingdom, player, rival, committed,
                                     shadow=True)
        without, lancers = _world(kingdom, rival_kingdom, player, rival, committed,
                                  shadow=False)
        seen, unseen = reads(with_shadow, player), reads(without, player)
    # The hidden unit is there, beside the knights, and only its invisibility hides it.
    state = state_from_data(with_shadow.state)
    unit = state.unit(shadow)
    assert unit.hidden and unit.position == "E3"
    assert visible(state, Side.ATTACKER, replace(unit, hidden=False))
    defender = access_sector_battle(rival, with_shadow.pk).view["units"]
    truth = access_sector_battle(campaign_gm, with_shadow.pk).view["units"]
    assert shadow in {u["key"] for u in defender} and shadow in {u["key"] for u in truth}
    # The attacker sees the pikes beside it, and nothing of the hidden unit, in any round.
    assert "<Pitax Pikes>" in seen["api"] and "<Pitax Pikes>" in seen["page"]
    assert "Shadow Company" not in seen["api"] + seen["page"]
    assert "Grey Lancers" not in unseen["api"] + unseen["page"]
    assert shadow not in seen["api"] + seen["page"] and lancers not in unseen["api"]
    assert access_sector_battle(player, with_shadow.pk).view["hidden_marks"] == {"E3": 1}
    assert seen == unseen   # the API, the page and the mail


def test_the_two_worlds_differ_for_the_defender_and_the_gm(kingdom, rival_kingdom, player,
                                                           rival, campaign_gm, committed):
    """The comparison above can tell the worlds apart: the defender and the GM see which unit
    hides."""
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):
        with_shadow, _shadow = _world(kingdom, rival_kingdom, player, rival, committed,
                                      shadow=True)
        without, _none = _world(kingdom, rival_kingdom, player, rival, committed, shadow=False)
        for user in (rival, campaign_gm):
            read = [reads(world, user, orders=user == rival) for world in (with_shadow, without)]
            assert read[0]["api"] != read[1]["api"] and read[0]["page"] != read[1]["page"]
