"""The GM's back office: every admin page renders, and the army forms enforce the rules."""
from __future__ import annotations

import pytest
from admin_objects import MAKERS, admin_url, registered_models
from admin_support import add_inline_row, change_form_data, messages_of, set_level
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse
from django.utils.html import escape
from factories import (
    ArmyFactory,
    ArmyGearFactory,
    ArmyTacticFactory,
    FactionFactory,
    shipped_template,
)

from armies.adapters import render_violation
from armies.choices import ArmyStatus
from armies.models import Army, ArmyGear
from armies.selectors import army_stat_block
from armies.services import army_lists_violations
from campaigns.models import Kingdom
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.gear import parse_gear

pytestmark = pytest.mark.django_db



# --- every page renders ------------------------------------------------------------------------


def test_every_registered_model_has_a_factory():
    assert set(admin.site._registry) == set(MAKERS)


@pytest.mark.parametrize("model", registered_models(), ids=lambda m: m._meta.label)
def test_gm_sees_the_changelist_add_and_change_pages_of_every_model(gm_client, gm, model):
    obj = MAKERS[model]()
    model_admin = admin.site._registry[model]
    request = RequestFactory().get("/")
    request.user = gm
    for url, expected in ((admin_url(model, "changelist"), 200),
                          (admin_url(model, "add"),
                           200 if model_admin.has_add_permission(request) else 403),
                          (admin_url(model, "change", obj.pk), 200)):
        response = gm_client.get(url)
        assert response.status_code == expected, url


def test_gm_sees_the_admin_index(gm_client):
    response = gm_client.get(reverse("admin:index"))
    assert response.status_code == 200
    assert b"Armies" in response.content


def test_a_player_without_staff_access_is_sent_to_the_login_page(client, player):
    client.force_login(player)
    response = client.get(reverse("admin:armies_army_changelist"))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]


def test_gm_sees_the_history_of_an_army(gm_client, kingdom):
    army = ArmyFactory(kingdom=kingdom, name="Restov Guard")
    army.hex = "D6"
    army.save()
    response = gm_client.get(admin_url(Army, "history", army.pk))
    assert response.status_code == 200
    assert b"Restov Guard" in response.content
    assert army.history.count() == 2


def test_army_change_page_shows_the_computed_stat_block(gm_client, kingdom):
    set_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
    # seed 003_750bd81a16f66abf.txt: "КБ войска повышается на 1." (level 5 table AC 22, +1)
    assert army_stat_block(army).ac == 23
    response = gm_client.get(admin_url(Army, "change", army.pk))
    assert response.status_code == 200
    assert "<th>AC</th><td>23</td>" in response.content.decode()


def test_army_page_lists_why_no_stat_block_can_be_derived(gm_client, kingdom):
    set_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom, template=shipped_template("Siege Engines"), hp=6)
    # seed 003_750bd81a16f66abf.txt: "Вы не можете рекрутировать войско, чей минимальный уровень
    # выше текущего уровня вашего королевства." (siege engines start at level 7)
    response = gm_client.get(admin_url(Army, "change", army.pk))
    page = response.content.decode()
    assert response.status_code == 200
    assert '<ul class="errorlist"><li>Siege Engines cannot be fielded below level 7' in page


# --- the army change form checks its inlines against the rules --------------------------------


@pytest.fixture
def army_page(gm_client, kingdom):
    """A level 4 infantry army knowing Keen Eyed (level 4 armies know up to 2 tactics)."""
    set_level(kingdom, 4)
    army = ArmyFactory(kingdom=kingdom, name="Restov Guard")
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    url = admin_url(Army, "change", army.pk)
    response = gm_client.get(url)
    assert response.status_code == 200
    return army, url, change_form_data(response)


def test_army_change_form_uses_the_tactics_gear_and_conditions_prefixes(army_page):
    _army, _url, data = army_page
    for prefix in ("tactics", "gear", "conditions"):
        assert f"{prefix}-TOTAL_FORMS" in data
    assert data["tactics-0-tactic"] == "keen_eyed"


def test_adding_a_tactic_above_the_armys_level_is_refused(gm_client, army_page):
    # seed 003_750bd81a16f66abf.txt: "Чтобы узнать новую тактику, уровень войска должен быть не
    # ниже уровня тактики"
    army, url, data = army_page
    add_inline_row(data, "tactics", tactic="bloodied_but_unbroken", position=1)
    data["name"] = "Renamed"
    response = gm_client.post(url, data)
    assert response.status_code == 200
    assert "Bloodied but Unbroken needs an army of level 5; this army is level 4." in \
        response.content.decode()
    army.refresh_from_db()
    assert army.name == "Restov Guard"
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed"]


def test_adding_a_tactic_of_another_army_type_is_refused(gm_client, army_page):
    # seed 003_750bd81a16f66abf.txt: "а род войска должен быть указан в дескрипторах тактики."
    army, url, data = army_page
    add_inline_row(data, "tactics", tactic="overrun", position=1)  # cavalry only, level 3
    response = gm_client.post(url, data)
    assert response.status_code == 200
    assert "Overrun cannot be learned by infantry armies." in response.content.decode()
    assert army.tactics.count() == 1


def test_adding_more_tactics_than_the_level_allows_is_refused(gm_client, army_page):
    # seed 003_750bd81a16f66abf.txt: "4	+11	19	21	+14	+8	+14	2" (a level 4 army knows 2 tactics)
    army, url, data = army_page
    add_inline_row(data, "tactics", tactic="hold_the_line", position=1)
    add_inline_row(data, "tactics", tactic="low_light_vision", position=2)
    response = gm_client.post(url, data)
    assert response.status_code == 200
    assert "A level 4 army knows at most 2 tactics; this one would know 3." in \
        response.content.decode()
    assert army.tactics.count() == 1


def test_adding_gear_above_the_armys_level_is_refused(gm_client, army_page):
    # seed 003_750bd81a16f66abf.txt: "Тип: магическая броня. Уровень: 5. Цена: 25 ПР."
    army, url, data = army_page
    add_inline_row(data, "gear", kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
    response = gm_client.post(url, data)
    assert response.status_code == 200
    assert "magic_armor is a level 5 item; this army is level 4." in response.content.decode()
    assert not ArmyGear.objects.exists()


def test_a_mired_4_condition_is_refused(gm_client, army_page):
    # seed 003_750bd81a16f66abf.txt: "Если войско завязнет 4, оно станет взятым в котёл ."
    army, url, data = army_page
    add_inline_row(data, "conditions", condition="mired", value=4)
    response = gm_client.post(url, data)
    assert response.status_code == 200
    assert "An army mired 4 is pinned instead." in response.content.decode()
    assert not army.conditions.exists()


def test_hp_above_the_armys_maximum_is_refused(gm_client, army_page):
    army, url, data = army_page
    data["hp"] = "6"  # Infantry has 4 HP
    response = gm_client.post(url, data)
    assert response.status_code == 200
    assert "HP 6 is above the army&#x27;s maximum of 4." in response.content.decode()
    army.refresh_from_db()
    assert army.hp == 4


def test_a_valid_army_edit_saves_and_redirects(gm_client, army_page):
    army, url, data = army_page
    add_inline_row(data, "tactics", tactic="hold_the_line", position=1)
    add_inline_row(data, "gear", kind="healing_potions", doses=2, price_paid_rp=30)
    add_inline_row(data, "conditions", condition="weary", value=1)
    data["name"] = "Renamed Guard"
    response = gm_client.post(url, data)
    assert response.status_code == 302
    army.refresh_from_db()
    assert army.name == "Renamed Guard"
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed", "hold_the_line"]
    assert list(army.gear.values_list("kind", "doses")) == [("healing_potions", 2)]
    assert list(army.conditions.values_list("condition", "value")) == [("weary", 1)]


def test_an_army_hex_off_the_map_is_a_form_error(gm_client, army_page, player):
    army, url, data = army_page
    response = gm_client.post(url, {**data, "hex": "Q😀"})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["hex"] == [
        "Q😀 is not a map hex: write its column letters and row number, for example C4."]
    army.refresh_from_db()
    assert army.hex == "C4"


def test_an_army_hex_is_stored_in_its_one_spelling(gm_client, army_page):
    army, url, data = army_page
    assert gm_client.post(url, {**data, "hex": " d 5"}).status_code == 302
    army.refresh_from_db()
    assert army.hex == "D5"


def test_an_army_added_off_the_map_is_a_form_error(gm_client, army_page):
    army, _url, data = army_page
    data = {**data, "name": "Second Guard", "hex": "Q😀"}
    for prefix in ("tactics", "gear", "conditions"):
        data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})
    response = gm_client.post(admin_url(Army, "add"), data)
    assert response.status_code == 200
    assert "hex" in response.context["adminform"].form.errors
    assert list(Army.objects.all()) == [army]


def test_deleting_a_tactic_in_the_form_removes_it(gm_client, army_page):
    army, url, data = army_page
    data["tactics-0-DELETE"] = "on"
    add_inline_row(data, "tactics", tactic="hold_the_line", position=0)
    response = gm_client.post(url, data)
    assert response.status_code == 302
    assert list(army.tactics.values_list("tactic", flat=True)) == ["hold_the_line"]


# --- kingdom admin: level actions and the recruit page -----------------------------------------


def test_level_up_action_raises_the_kingdom_and_its_armies_follow(gm_client, kingdom):
    # seed 003_750bd81a16f66abf.txt: "Когда ваше королевство повышает свой уровень, уровень
    # повышают и все войска"
    army = ArmyFactory(kingdom=kingdom)
    ArmyTacticFactory(army=army, tactic="low_light_vision")
    response = gm_client.post(admin_url(Kingdom, "changelist"), {
        "action": "level_up", "_selected_action": [kingdom.pk], "index": 0}, follow=True)
    assert response.status_code == 200
    kingdom.refresh_from_db()
    assert kingdom.level == 2
    # seed 003_750bd81a16f66abf.txt: "2	+8	16	18	+11	+5	+11	1"
    assert army_stat_block(Army.objects.get(pk=army.pk)).ac == 18
    assert any("is now level 2" in m for m in messages_of(response))


def test_level_down_action_warns_about_armies_that_break_the_rules(gm_client, kingdom):
    set_level(kingdom, 5)
    army = ArmyFactory(kingdom=kingdom, name="Armored")
    ArmyTacticFactory(army=army, tactic="keen_eyed")
    ArmyGearFactory(army=army, kind="magic_armor", tier="basic", doses=0, price_paid_rp=25)
    response = gm_client.post(admin_url(Kingdom, "changelist"), {
        "action": "level_down", "_selected_action": [kingdom.pk], "index": 0}, follow=True)
    kingdom.refresh_from_db()
    assert kingdom.level == 4
    assert any(m.startswith("Armored needs attention") for m in messages_of(response))


def test_level_down_action_at_level_1_is_refused(gm_client, kingdom):
    response = gm_client.post(admin_url(Kingdom, "changelist"), {
        "action": "level_down", "_selected_action": [kingdom.pk], "index": 0}, follow=True)
    kingdom.refresh_from_db()
    assert kingdom.level == 1
    assert any("Level must be a whole number from 1 to 20, not 0." in m
               for m in messages_of(response))


def test_recruit_page_renders(gm_client, kingdom):
    response = gm_client.get(reverse("admin:campaigns_kingdom_recruit", args=[kingdom.pk]))
    assert response.status_code == 200
    assert response.context["form"]["hex"].value() == "C4"


def test_recruit_page_recruits_a_valid_army(gm_client, kingdom, infantry):
    response = gm_client.post(reverse("admin:campaigns_kingdom_recruit", args=[kingdom.pk]), {
        "template": infantry.pk, "name": "Restov Guard", "hex": "C4", "tactic": "keen_eyed"})
    assert response.status_code == 302
    army = Army.objects.get(name="Restov Guard")
    assert response["Location"] == admin_url(Army, "change", army.pk)
    assert army.kingdom == kingdom
    assert list(army.tactics.values_list("tactic", flat=True)) == ["keen_eyed"]


def test_recruit_page_shows_a_regular_army_outside_a_settlement_on_the_hex_field(
        gm_client, kingdom, infantry):
    # seed 003_750bd81a16f66abf.txt: "Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства."
    response = gm_client.post(reverse("admin:campaigns_kingdom_recruit", args=[kingdom.pk]), {
        "template": infantry.pk, "name": "Lost", "hex": "Z9", "tactic": "keen_eyed"})
    assert response.status_code == 200
    assert response.context["form"].errors["hex"] == [
        "A regular army starts in a hex with one of the kingdom's settlements."]
    assert not Army.objects.exists()


def test_recruit_page_shows_missing_diplomatic_relations_on_the_faction_field(gm_client, kingdom):
    # seed 003_750bd81a16f66abf.txt: "Чтобы нанять особое войско, вам нужно сначала установить
    # дипломатические отношения с соответствующей фракцией"
    set_level(kingdom, 3)
    sootscale = shipped_template("Sootscale Warriors")
    kobolds = FactionFactory(campaign=kingdom.campaign, name="Sootscale kobolds",
                             special_armies=[sootscale])
    response = gm_client.post(reverse("admin:campaigns_kingdom_recruit", args=[kingdom.pk]), {
        "template": sootscale.pk, "name": "Spears", "hex": "J9", "faction": kobolds.pk})
    assert response.status_code == 200
    assert response.context["form"].errors["faction"] == [
        "The kingdom has no diplomatic relations with Sootscale kobolds."]
    assert not Army.objects.exists()


def test_recruit_page_does_not_offer_unrecruitable_templates(gm_client, kingdom):
    response = gm_client.get(reverse("admin:campaigns_kingdom_recruit", args=[kingdom.pk]))
    names = {t.name for t in response.context["form"].fields["template"].queryset}
    assert "Infantry" in names
    assert "Troll Marauders" not in names


def test_recruit_action_redirects_to_the_recruit_page(gm_client, kingdom):
    response = gm_client.post(admin_url(Kingdom, "changelist"), {
        "action": "recruit_army", "_selected_action": [kingdom.pk], "index": 0})
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:campaigns_kingdom_recruit", args=[kingdom.pk])


# --- army admin: transfer gear and disband -----------------------------------------------------


def test_transfer_gear_page_passes_gear_to_an_army_in_the_same_hex(gm_client, kingdom):
    # seed 003_750bd81a16f66abf.txt: "Вы можете передать снаряжение от войска к войску, если
    # получатель достаточно высокого уровня и если оба войска в одном гексе."
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    receiver = ArmyFactory(kingdom=kingdom, hex="C4")
    potions = ArmyGearFactory(army=giver)
    url = reverse("admin:armies_army_transfer_gear", args=[giver.pk])
    assert gm_client.get(url).status_code == 200
    response = gm_client.post(url, {"gear": potions.pk, "target": receiver.pk})
    assert response.status_code == 302
    potions.refresh_from_db()
    assert potions.army == receiver


def test_transfer_gear_page_refuses_an_army_in_another_hex(gm_client, kingdom):
    # seed 003_750bd81a16f66abf.txt: "если оба войска в одном гексе"
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    receiver = ArmyFactory(kingdom=kingdom, hex="D6")
    potions = ArmyGearFactory(army=giver)
    response = gm_client.post(reverse("admin:armies_army_transfer_gear", args=[giver.pk]),
                              {"gear": potions.pk, "target": receiver.pk})
    assert response.status_code == 200
    assert response.context["form"].errors["target"] == [
        "Gear can only pass between armies in the same hex."]
    potions.refresh_from_db()
    assert potions.army == giver


def test_transfer_gear_page_does_not_offer_another_kingdoms_armies(gm_client, kingdom,
                                                                   rival_kingdom):
    giver = ArmyFactory(kingdom=kingdom, hex="C4")
    stranger = ArmyFactory(kingdom=rival_kingdom, hex="C4")
    potions = ArmyGearFactory(army=giver)
    response = gm_client.post(reverse("admin:armies_army_transfer_gear", args=[giver.pk]),
                              {"gear": potions.pk, "target": stranger.pk})
    assert response.status_code == 200
    assert "target" in response.context["form"].errors
    potions.refresh_from_db()
    assert potions.army == giver


def test_transfer_gear_action_redirects_to_the_transfer_page(gm_client, kingdom):
    army = ArmyFactory(kingdom=kingdom)
    response = gm_client.post(admin_url(Army, "changelist"), {
        "action": "transfer_gear", "_selected_action": [army.pk], "index": 0})
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:armies_army_transfer_gear", args=[army.pk])


def test_disband_action_disbands_the_armies_and_loses_their_gear(gm_client, kingdom):
    # seed 003_750bd81a16f66abf.txt: "Если вы этого не сделаете, снаряжение будет потеряно."
    army = ArmyFactory(kingdom=kingdom)
    ArmyGearFactory(army=army)
    response = gm_client.post(admin_url(Army, "changelist"), {
        "action": "disband_selected", "_selected_action": [army.pk], "index": 0}, follow=True)
    army.refresh_from_db()
    assert army.status == ArmyStatus.DISBANDED
    assert not ArmyGear.objects.exists()
    assert "1 army disbanded." in messages_of(response)


def test_disband_action_warns_about_an_army_already_disbanded(gm_client, kingdom):
    army = ArmyFactory(kingdom=kingdom, name="Gone", status=ArmyStatus.DISBANDED)
    response = gm_client.post(admin_url(Army, "changelist"), {
        "action": "disband_selected", "_selected_action": [army.pk], "index": 0}, follow=True)
    assert "Gone: Gone is not an active army." in messages_of(response)


# --- Russian -----------------------------------------------------------------------------------


def test_admin_index_speaks_russian_to_a_russian_browser(gm_client):
    response = gm_client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    assert response["Content-Language"] == "ru"
    assert "Войска" in response.content.decode()



@pytest.mark.parametrize(("inline", "row", "lists"), [
    # seed 003_750bd81a16f66abf.txt: "Чтобы узнать новую тактику, уровень войска должен быть не
    # ниже уровня тактики"
    ("tactics", {"tactic": "bloodied_but_unbroken", "position": 1},
     {"tactics": ["keen_eyed", "bloodied_but_unbroken"]}),
    # seed 003_750bd81a16f66abf.txt: "Тип: магическая броня. Уровень: 5. Цена: 25 ПР."
    ("gear", {"kind": "magic_armor", "tier": "basic", "doses": 0, "price_paid_rp": 25},
     {"gear": [parse_gear("magic_armor")]}),
    # seed 003_750bd81a16f66abf.txt: "Если войско завязнет 4, оно станет взятым в котёл ."
    ("conditions", {"condition": "mired", "value": 4},
     {"conditions": [ConditionState(Condition.MIRED, 4)]}),
])
def test_the_inlines_refuse_with_the_services_words(gm_client, army_page, inline, row, lists):
    army, url, data = army_page
    expected = [render_violation(v) for v in army_lists_violations(army, **lists)]
    assert expected
    add_inline_row(data, inline, **row)
    page = gm_client.post(url, data).content.decode()
    assert all(escape(message) in page for message in expected)
