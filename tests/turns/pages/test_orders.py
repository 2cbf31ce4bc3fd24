"""The orders page: submit, change and withdraw army activities for the open turn."""
from __future__ import annotations

import pytest
from django.urls import reverse
from factories import DiplomaticRelationFactory, FactionFactory, shipped_template

from armies.activity_services import activity_submit
from armies.choices import ActivityStatus
from armies.models import ArmyActivity, ArmyTemplate
from armies.orders import situation
from campaigns.models import KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.kingmaker.tactics import TACTICS, learnable_tactics

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn(kingdom, army):
    return turn_open(actor=SYSTEM, kingdom=kingdom)


def orders_url(kingdom):
    return reverse("orders", args=[kingdom.pk])


def signed_in(client, user):
    client.force_login(user)
    return client


def train(army, **params):
    return {"army": army.pk, "kind": "train_army", "tactic": "toughened_soldiers", "skill": "warfare",
            "replaces": "", **params}


def test_anonymous_visitors_are_sent_to_sign_in(client, kingdom, turn):
    response = client.get(orders_url(kingdom))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_rival_gets_a_404(client, kingdom, turn, rival):
    assert signed_in(client, rival).get(orders_url(kingdom)).status_code == 404


def test_the_gm_sees_the_page(client, kingdom, turn, gm):
    assert signed_in(client, gm).get(orders_url(kingdom)).status_code == 200


def test_the_dashboard_links_the_orders_page(client, kingdom, turn, player):
    response = signed_in(client, player).get(reverse("kingdom", args=[kingdom.pk]))
    assert orders_url(kingdom).encode() in response.content


def test_the_train_form_offers_only_learnable_tactics(client, kingdom, turn, army, player):
    response = signed_in(client, player).get(orders_url(kingdom),
                                             {"army": army.pk, "kind": "train_army"})
    assert response.status_code == 200
    offered = {value for value, _label in response.context["form"].fields["tactic"].choices}
    state = situation(turn).armies[army.pk].state
    learnable = {t.code for t in learnable_tactics(state.template, state.level, state.tactics)}
    assert offered == learnable
    assert "keen_eyed" not in offered  # already known, not repeatable
    assert offered < set(TACTICS)


def test_preview_shows_modifier_dc_and_chances(client, kingdom, turn, army, player):
    response = signed_in(client, player).post(orders_url(kingdom),
                                              {**train(army), "action": "preview"})
    assert response.status_code == 200
    preview = response.context["preview"]
    # Warfare 12; the weary army takes its -1 on army activities; control DC of the kingdom.
    current = situation(turn)
    assert preview["dc"] == current.kingdom.control_dc
    assert preview["modifier"] == 12 - 1
    assert sum(percent for _label, percent in preview["chances"]) == 100
    content = response.content.decode()
    assert 'id="preview"' in content and f"DC {preview['dc']}" in content
    assert not ArmyActivity.objects.exists()


def test_a_valid_submit_queues_the_order(client, kingdom, turn, army, player):
    response = signed_in(client, player).post(orders_url(kingdom),
                                              {**train(army), "action": "submit"})
    assert response.status_code == 302
    activity = ArmyActivity.objects.get()
    assert (activity.kind, activity.army_id, activity.params["tactic"]) == \
        ("train_army", army.pk, "toughened_soldiers")
    page = client.get(orders_url(kingdom))
    assert f'id="order-{activity.pk}"'.encode() in page.content


def test_an_invalid_submit_shows_the_error_next_to_the_field(client, kingdom, turn, army,
                                                             player):
    response = signed_in(client, player).post(orders_url(kingdom), {
        "army": army.pk, "kind": "deploy_army", "destination": "Z99", "skill": "exploration",
        "border": "none", "difficult_hexes": 0, "action": "submit"})
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["destination"]
    assert 'data-field="destination"' in response.content.decode()
    assert not ArmyActivity.objects.exists()


def test_change_and_withdraw(client, kingdom, turn, army, player):
    activity, _created = activity_submit(turn=turn, user=player, kind="train_army", army=army,
                                         params={"tactic": "toughened_soldiers"})
    signed_in(client, player)
    page = client.get(orders_url(kingdom), {"activity": activity.pk})
    assert page.context["editing"] == activity
    response = client.post(orders_url(kingdom), {
        "activity": activity.pk, "tactic": "toughened_soldiers", "skill": "scholarship", "replaces": "",
        "action": "submit"})
    assert response.status_code == 302
    activity.refresh_from_db()
    assert activity.params["skill"] == "scholarship"
    response = client.post(reverse("order-withdraw", args=[kingdom.pk, activity.pk]))
    assert response.status_code == 302
    activity.refresh_from_db()
    assert activity.status == ActivityStatus.WITHDRAWN


def test_a_locked_turn_shows_the_deadline_message(client, kingdom, turn, army, player):
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    response = signed_in(client, player).get(orders_url(kingdom))
    assert b"no longer takes orders" in response.content
    assert "form" not in response.context


@pytest.mark.parametrize("kind", ["outfit_army", "deploy_army", "recover_army", "disband_army",
                                  "garrison_army", "offensive_gambit"])
def test_every_army_activity_renders_its_form(client, kingdom, turn, army, player, kind):
    response = signed_in(client, player).get(orders_url(kingdom), {"army": army.pk, "kind": kind})
    assert response.status_code == 200
    assert response.context["form"].kind.value == kind


def test_recover_offers_the_army_afflictions_only(client, kingdom, turn, army, player):
    response = signed_in(client, player).get(orders_url(kingdom),
                                             {"army": army.pk, "kind": "recover_army"})
    # The army is weary 1 (and unhurt): Recover Army treats only that.
    assert [v for v, _label in response.context["form"].fields["affliction"].choices] == \
        ["weary"]


def test_outfit_offers_gear_the_kingdom_can_afford(client, kingdom, turn, army, player):
    response = signed_in(client, player).get(orders_url(kingdom),
                                             {"army": army.pk, "kind": "outfit_army"})
    labels = [label for _v, label in response.context["form"].fields["gear"].choices]
    assert labels
    assert all(int(label.rsplit("(", 1)[1].split()[0]) <= 40 for label in labels)  # 40 RP


def test_recruit_form_offers_the_settlement_hexes(client, kingdom, turn, player):
    response = signed_in(client, player).get(orders_url(kingdom), {"army": "",
                                                                   "kind": "recruit_army"})
    form = response.context["form"]
    assert [v for v, _label in form.fields["hex"].choices] == ["C4"]
    assert form.fields["template"].choices


def test_a_recruit_order_is_queued_without_an_army(client, kingdom, turn, player):
    signed_in(client, player)
    form = client.get(orders_url(kingdom), {"army": "", "kind": "recruit_army"}).context["form"]
    template = form.fields["template"].choices[0][0]
    response = client.post(orders_url(kingdom), {
        "army": "", "kind": "recruit_army", "template": template, "name": "Restov Pikes",
        "hex": "C4", "action": "submit"})
    assert response.status_code == 302, response.context["form"].errors
    activity = ArmyActivity.objects.get()
    assert activity.army_id is None and activity.params["name"] == "Restov Pikes"


def test_the_page_speaks_russian(client, kingdom, turn, army, player):
    client.cookies["django_language"] = "ru"
    response = signed_in(client, player).get(orders_url(kingdom),
                                             {"army": army.pk, "kind": "deploy_army"})
    content = response.content.decode()
    assert "Приказы" in content and "гекс назначения" in content


def test_an_infantry_recruit_takes_its_first_tactic_from_the_form(client, kingdom, turn, player):
    # seed 003_750bd81a16f66abf.txt, ЭТАП 4: "Каждое войско обучено минимум одной тактике".
    signed_in(client, player)
    form = client.get(orders_url(kingdom), {"army": "", "kind": "recruit_army"}).context["form"]
    infantry = shipped_template("Infantry")
    assert "toughened_soldiers" in {v for v, _label in form.fields["tactic"].choices}
    order = {"army": "", "kind": "recruit_army", "template": str(infantry.pk),
             "name": "Restov Pikes", "hex": "C4", "action": "submit"}
    refused = client.post(orders_url(kingdom), {**order, "tactic": ""})
    assert refused.status_code == 200
    assert refused.context["form"].errors["tactic"] == ["Choose the army's first tactic."]
    response = client.post(orders_url(kingdom), {**order, "tactic": "toughened_soldiers"})
    assert response.status_code == 302, response.context["form"].errors
    params = ArmyActivity.objects.get().params
    assert params["tactics"] == ["toughened_soldiers"] and params["faction"] is None


def test_special_armies_of_factions_the_kingdom_deals_with_are_offered(client, kingdom, turn,
                                                                        player):
    special = ArmyTemplate.objects.filter(special=True, level__lte=kingdom.level).first()
    faction = FactionFactory(campaign=kingdom.campaign, name="Nomen", special_armies=[special])
    FactionFactory(campaign=kingdom.campaign, name="Pitax Mercenaries",
                   special_armies=[special])  # no diplomatic relations: not offered
    signed_in(client, player)
    url_params = {"army": "", "kind": "recruit_army"}
    offered = dict(client.get(orders_url(kingdom), url_params).context["form"]
                   .fields["template"].choices)
    assert f"{special.pk}:{faction.pk}" not in offered
    DiplomaticRelationFactory(kingdom=kingdom, faction=faction)
    offered = dict(client.get(orders_url(kingdom), url_params).context["form"]
                   .fields["template"].choices)
    assert offered[f"{special.pk}:{faction.pk}"] == f"{special.name} (from Nomen)"
    assert [key for key in offered if key.startswith(f"{special.pk}:")] == \
        [f"{special.pk}:{faction.pk}"]
    response = client.post(orders_url(kingdom), {
        **url_params, "template": f"{special.pk}:{faction.pk}", "tactic": "",
        "name": "Nomen Riders", "hex": "C4", "action": "submit"})
    assert response.status_code == 302, response.context["form"].errors
    activity = ArmyActivity.objects.get()
    assert activity.params["template"] == special.pk and activity.params["faction"] == faction.pk
    # Changing it shows the same choice again.
    form = client.get(orders_url(kingdom), {"activity": activity.pk}).context["form"]
    assert form.initial["template"] == f"{special.pk}:{faction.pk}"


def test_queued_orders_show_their_parameters_in_words(client, kingdom, turn, army, player,
                                                      rival_kingdom):
    from factories import ArmyFactory

    from armies.activity_params import validated_params

    heir, raiders, smiths = (ArmyFactory(kingdom=kingdom, name=name, hex="C4")
                             for name in ("Restov Lancers", "Restov Raiders", "Restov Smiths"))
    foe = ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot", hex="C4")
    for kind, who, params in [
            ("deploy_army", army, {"destination": "D5", "road": True}),
            ("disband_army", heir, {"gear_to": army.pk}),
            ("offensive_gambit", raiders, {"target": foe.pk}),
            ("outfit_army", smiths, {"gear": "magic_weapons", "tier": "basic",
                                     "weapon": "melee"})]:
        activity_submit(turn=turn, user=player, kind=kind, army=who,
                        params=validated_params(kind, params))
    rows = signed_in(client, player).get(orders_url(kingdom)).context["orders"]
    assert [row["params"] for row in rows] == [
        ["destination hex: D5", "skill: Exploration", "border: no border crossed", "road"],
        ["pass the gear to: Tatzlford Guard"],
        ["enemy army: Pitax Foot", "approach: just attack"],
        ["gear: magic weapons (melee)"],
    ]


def test_outfit_army_is_not_offered_to_siege_engines(client, kingdom, turn, army, player):
    # reference kingmaker-warfare-data.yaml, Outfit Army: "Any army except siege engines (Engines
    # of War forbids gear)"
    from factories import ArmyFactory, ArmyTacticFactory

    engines = ArmyFactory(kingdom=kingdom, name="Restov Rams", hex="C4",
                          template=shipped_template("Siege Engines"))
    ArmyTacticFactory(army=engines, tactic="engines_of_war")
    client = signed_in(client, player)

    def offered(who):
        form = client.get(orders_url(kingdom), {"army": who.pk}).context["form"]
        return {value for value, _label in form.fields["kind"].choices}

    assert "outfit_army" not in offered(engines)
    assert "outfit_army" in offered(army)
