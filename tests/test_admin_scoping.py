"""A GM sees and changes only their own campaigns in the back office; the operator sees all.

Every registered admin is campaign-scoped, a shared catalog, or the operator's; each scoped one is
tried with two campaigns, each with its own GM (staff, not a superuser)."""
from __future__ import annotations

import pytest
from admin_objects import MAKERS, admin_url, registered_models
from django.contrib import admin
from django.forms import ModelChoiceField
from django.test import RequestFactory
from django.urls import reverse
from factories import (
    ArmyFactory,
    BattleSceneFactory,
    CampaignFactory,
    FactionFactory,
    KingdomFactory,
    MembershipFactory,
    SectorBattleFactory,
    UserFactory,
)
from simple_history.admin import SimpleHistoryAdmin

from armies.models import Army, ArmyTemplate
from battles.sector.models import UnitCard
from battles.sector.module_models import SpellCard
from campaigns.admin_scope import (
    OPERATOR_MODELS,
    CampaignScopedAdmin,
    CampaignScopedInline,
    CatalogAdmin,
    campaign_id_of,
)
from campaigns.models import Campaign, Kingdom, Membership, Role

pytestmark = pytest.mark.django_db


def scoped_models():
    return [m for m in registered_models()
            if isinstance(admin.site._registry[m], CampaignScopedAdmin)]


def catalog_models():
    return [m for m in registered_models() if isinstance(admin.site._registry[m], CatalogAdmin)]


# The catalogs no one adds to (the engine names the spells); changing an entry is the
# operator's as in every catalog (a campaign's GM sets a battle's own casting values).
FIXED_CATALOGS = {SpellCard}


def operator_models():
    return [m for m in registered_models() if m._meta.label_lower in OPERATOR_MODELS]


def label(model) -> str:
    return model._meta.label


def game_master(campaign_id: int):
    """A GM by membership: staff (to sign in to the admin), not a superuser."""
    user = UserFactory(is_staff=True)
    MembershipFactory(user=user, campaign_id=campaign_id, role=Role.GM, kingdom=None)
    return user


def request_of(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


def campaign_of(obj) -> int | None:
    model_admin = admin.site._registry[type(obj)]
    assert isinstance(model_admin, CampaignScopedAdmin)
    return campaign_id_of(obj, model_admin.campaign_path)


def fields_of(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


@pytest.fixture
def two_campaigns(request, client):
    """Of the admin's model: our campaign's object, another campaign's, and our GM signed in."""
    model = request.param
    ours, theirs = MAKERS[model](), MAKERS[model]()
    assert campaign_of(ours) != campaign_of(theirs)
    gm = game_master(campaign_of(ours))
    client.force_login(gm)
    return model, ours, theirs, gm


# --- every admin is accounted for --------------------------------------------------------------


def test_every_admin_is_campaign_scoped_a_shared_catalog_or_the_operators():
    for model, model_admin in admin.site._registry.items():
        kinds = [isinstance(model_admin, CampaignScopedAdmin), isinstance(model_admin, CatalogAdmin),
                 model._meta.label_lower in OPERATOR_MODELS]
        assert kinds.count(True) == 1, label(model)
        if isinstance(model_admin, CampaignScopedAdmin):
            assert model_admin.campaign_path, label(model)
            for inline in model_admin.inlines:
                assert issubclass(inline, CampaignScopedInline), inline


def test_the_campaign_bound_admins_are_all_scoped():
    assert {label(m) for m in scoped_models()} >= {
        "campaigns.Campaign", "campaigns.Kingdom", "campaigns.Membership", "campaigns.Settlement",
        "campaigns.Faction", "campaigns.DiplomaticRelation", "campaigns.KingdomTurn",
        "turns.TurnReport", "armies.Army", "armies.ArmyActivity", "battles.BattleScene",
        "battles.BattleReport", "battles.SectorBattle"}


# --- each campaign-bound admin, two campaigns, two GMs -----------------------------------------


@pytest.mark.parametrize("two_campaigns", scoped_models(), ids=label, indirect=True)
def test_the_changelist_shows_each_gm_only_their_campaign(client, two_campaigns):
    model, ours, theirs, _gm = two_campaigns
    for mine, other in ((ours, theirs), (theirs, ours)):
        client.force_login(game_master(campaign_of(mine)))
        response = client.get(admin_url(model, "changelist"))
        assert response.status_code == 200
        shown = {obj.pk for obj in response.context["cl"].result_list}
        assert mine.pk in shown and other.pk not in shown


@pytest.mark.parametrize("two_campaigns", scoped_models(), ids=label, indirect=True)
def test_the_gm_opens_their_objects_pages(client, two_campaigns):
    model, ours, _theirs, _gm = two_campaigns
    assert client.get(admin_url(model, "change", ours.pk)).status_code == 200
    assert client.get(admin_url(model, "history", ours.pk)).status_code == 200


@pytest.mark.parametrize("two_campaigns", scoped_models(), ids=label, indirect=True)
def test_another_campaigns_object_pages_are_not_found(client, two_campaigns):
    model, _ours, theirs, _gm = two_campaigns
    for view in ("change", "history", "delete"):
        assert client.get(admin_url(model, view, theirs.pk)).status_code == 404, view
    assert client.post(admin_url(model, "change", theirs.pk), {}).status_code == 404
    if isinstance(admin.site._registry[model], SimpleHistoryAdmin):
        version = theirs.history.latest("history_date").history_id
        assert client.get(admin_url(model, "simple_history", theirs.pk, version)).status_code \
            == 404


@pytest.mark.parametrize("two_campaigns", scoped_models(), ids=label, indirect=True)
def test_no_action_touches_another_campaigns_object(client, two_campaigns):
    model, _ours, theirs, gm = two_campaigns
    before = fields_of(theirs)
    actions = admin.site._registry[model].get_actions(request_of(gm))
    # Campaigns and superseded reports offer no action to a GM (neither is deleted by one).
    assert actions or model._meta.label in {"campaigns.Campaign", "turns.SupersededTurnReport"}
    for action in actions:
        client.post(admin_url(model, "changelist"),
                    {"action": action, "_selected_action": [theirs.pk], "post": "yes"})
        assert model._default_manager.filter(pk=theirs.pk).exists(), action
        theirs.refresh_from_db()
        assert fields_of(theirs) == before, action


def models_with_choices():
    """The scoped admins whose pages offer related objects to choose (not the reports, the
    chat's posts or the invitations, which are read only)."""
    return [m for m in scoped_models() if m._meta.label not in
            {"turns.TurnReport", "battles.BattleReport", "notifications.ChatPost",
             "campaigns.Invitation", "turns.SupersededTurnReport"}]


def populate(campaign_id: int) -> None:
    """A kingdom with an army, and a faction: something of each kind to choose."""
    ArmyFactory(kingdom=KingdomFactory(campaign_id=campaign_id))
    FactionFactory(campaign_id=campaign_id)


@pytest.mark.parametrize("two_campaigns", models_with_choices(), ids=label, indirect=True)
def test_related_choices_are_the_gms_campaigns_only(client, two_campaigns):
    """Every kingdom, army, faction… a form (or an inline row) offers is of the GM's campaign."""
    model, ours, theirs, gm = two_campaigns
    populate(campaign_of(ours))
    populate(campaign_of(theirs))
    may_add = admin.site._registry[model].has_add_permission(request_of(gm))
    response = client.get(admin_url(model, "add") if may_add else
                          admin_url(model, "change", ours.pk))
    forms = [response.context["adminform"].form]
    forms += [inline.formset.empty_form for inline in response.context["inline_admin_formsets"]]
    checked = []
    for form in forms:
        for name, field in form.fields.items():
            if name == form._meta.model._meta.pk.name:
                continue  # an inline row's own id
            related = admin.site._registry.get(getattr(field, "queryset", None) is not None
                                               and field.queryset.model)
            if isinstance(field, ModelChoiceField) and isinstance(related, CampaignScopedAdmin):
                campaigns = {campaign_id_of(obj, related.campaign_path) for obj in field.queryset}
                assert campaigns == {campaign_of(ours)}, name
                checked.append(name)
    assert checked


# --- the admin's own pages ---------------------------------------------------------------------


CUSTOM_PAGES = {
    "campaigns_kingdom_recruit": KingdomFactory,
    "armies_army_transfer_gear": ArmyFactory,
    "battles_battlescene_replay": BattleSceneFactory,
    "battles_battlescene_step": BattleSceneFactory,
    "battles_battlescene_odds": BattleSceneFactory,
    "battles_sectorbattle_rounds": SectorBattleFactory,
}


@pytest.mark.parametrize("url_name, make", CUSTOM_PAGES.items(), ids=list(CUSTOM_PAGES))
def test_the_gm_pages_of_another_campaigns_object_are_not_found(client, url_name, make):
    ours, theirs = make(), make()
    client.force_login(game_master(campaign_of(ours)))
    assert client.get(reverse(f"admin:{url_name}", args=[theirs.pk])).status_code == 404
    assert client.post(reverse(f"admin:{url_name}", args=[theirs.pk])).status_code == 404
    assert client.get(reverse(f"admin:{url_name}", args=[ours.pk])).status_code in (200, 302)


def test_autocomplete_offers_only_the_gms_kingdoms(client):
    ours, theirs = KingdomFactory(name="Restov"), KingdomFactory(name="Pitax")
    client.force_login(game_master(ours.campaign_id))
    response = client.get(reverse("admin:autocomplete"), {
        "app_label": "armies", "model_name": "army", "field_name": "kingdom", "term": ""})
    assert response.status_code == 200
    assert [r["text"] for r in response.json()["results"]] == ["Restov"]
    assert theirs.name not in response.content.decode()


def test_a_list_filter_names_no_other_campaign(client):
    ours, theirs = KingdomFactory(name="Restov"), KingdomFactory(name="Pitax")
    client.force_login(game_master(ours.campaign_id))
    response = client.get(admin_url(Kingdom, "changelist"))
    assert theirs.campaign.name not in response.content.decode()
    assert ours.campaign.name in response.content.decode()


def test_a_gm_cannot_add_a_kingdom_to_another_campaign(client):
    ours, theirs = CampaignFactory(), CampaignFactory()
    client.force_login(game_master(ours.pk))
    response = client.post(admin_url(Kingdom, "add"), {"campaign": theirs.pk, "name": "Pitax",
                                                       "level": 1, "size": 1})
    assert response.status_code == 200
    assert "campaign" in response.context["adminform"].form.errors
    assert not Kingdom.objects.filter(name="Pitax").exists()


def test_a_gm_adds_a_player_by_user_name_without_browsing_accounts(client):
    campaign = CampaignFactory()
    kingdom = KingdomFactory(campaign=campaign)
    client.force_login(game_master(campaign.pk))
    newcomer = UserFactory(username="linzi")
    page = client.get(admin_url(Membership, "add"))
    assert page.status_code == 200 and "autocomplete" not in str(page.context["adminform"].form)
    response = client.post(admin_url(Membership, "add"), {
        "user": "linzi", "campaign": campaign.pk, "role": Role.PLAYER, "kingdom": kingdom.pk})
    assert response.status_code == 302
    assert Membership.objects.get(user=newcomer).kingdom == kingdom
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 403


def test_a_gm_neither_opens_nor_closes_campaigns(client):
    campaign = CampaignFactory()
    client.force_login(game_master(campaign.pk))
    assert client.get(admin_url(Campaign, "add")).status_code == 403
    assert client.get(admin_url(Campaign, "delete", campaign.pk)).status_code == 403


# --- the shared catalogs and the operator's models ---------------------------------------------


@pytest.mark.parametrize("model", [m for m in catalog_models() if m not in FIXED_CATALOGS],
                         ids=label)
def test_a_gm_views_and_adds_to_a_catalog_but_changes_no_entry(client, model):
    entry = MAKERS[model]()
    client.force_login(game_master(CampaignFactory().pk))
    assert client.get(admin_url(model, "changelist")).status_code == 200
    assert client.get(admin_url(model, "add")).status_code == 200
    page = client.get(admin_url(model, "change", entry.pk))
    assert page.status_code == 200 and not page.context["has_change_permission"]
    assert client.post(admin_url(model, "change", entry.pk), {}).status_code == 403
    assert client.get(admin_url(model, "delete", entry.pk)).status_code == 403


@pytest.mark.parametrize("model", sorted(FIXED_CATALOGS, key=label), ids=label)
def test_a_gm_views_the_spell_catalog_but_adds_changes_or_deletes_nothing(client, model):
    entry = MAKERS[model]()
    client.force_login(game_master(CampaignFactory().pk))
    assert client.get(admin_url(model, "changelist")).status_code == 200
    assert client.get(admin_url(model, "add")).status_code == 403
    page = client.get(admin_url(model, "change", entry.pk))
    assert page.status_code == 200 and not page.context["has_change_permission"]
    assert client.post(admin_url(model, "change", entry.pk), {}).status_code == 403
    assert client.get(admin_url(model, "delete", entry.pk)).status_code == 403


def test_the_catalogs_are_army_templates_and_unit_cards():
    assert {ArmyTemplate, UnitCard} <= set(catalog_models())


@pytest.mark.parametrize("model", operator_models(), ids=label)
def test_a_gm_does_not_see_the_operators_models(client, model):
    obj = MAKERS[model]()
    client.force_login(game_master(CampaignFactory().pk))
    assert client.get(admin_url(model, "changelist")).status_code == 403
    assert client.get(admin_url(model, "change", obj.pk)).status_code == 403


def test_a_gms_admin_index_lists_the_campaign_and_catalogs_only(client):
    client.force_login(game_master(CampaignFactory().pk))
    page = client.get(reverse("admin:index")).content.decode()
    assert "Kingdom turns" in page and "Army templates" in page
    assert "Users" not in page and "Periodic tasks" not in page


def test_staff_without_a_gm_membership_sees_no_campaign(client):
    CampaignFactory()
    client.force_login(UserFactory(is_staff=True))
    assert client.get(admin_url(Kingdom, "changelist")).status_code == 403


def test_the_operator_sees_every_campaign(client):
    ours, theirs = KingdomFactory(), KingdomFactory()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.get(admin_url(Kingdom, "changelist"))
    assert {ours.pk, theirs.pk} <= {k.pk for k in response.context["cl"].result_list}
    assert client.get(admin_url(Campaign, "add")).status_code == 200



def test_a_gm_saves_their_campaign_with_its_members_named_by_user_name(client):
    campaign = CampaignFactory()
    kingdom = KingdomFactory(campaign=campaign)
    MembershipFactory(campaign=campaign, kingdom=kingdom, user=UserFactory(username="amiri"))
    client.force_login(game_master(campaign.pk))
    url = admin_url(Campaign, "change", campaign.pk)
    page = client.get(url)
    data = {}
    for form in [page.context["adminform"].form] + [
            f for inline in page.context["inline_admin_formsets"]
            for f in [inline.formset.management_form, *inline.formset.forms]]:
        for name in form.fields:
            value = form[name].value()
            if value is not None and value is not False:
                data[form.add_prefix(name)] = "on" if value is True else value
    assert "amiri" in data.values()
    data["name"] = "Renamed"
    response = client.post(url, data)
    assert response.status_code == 302, response.context["errors"]
    campaign.refresh_from_db()
    assert campaign.name == "Renamed"
    assert Membership.objects.filter(campaign=campaign, user__username="amiri").exists()


@pytest.mark.parametrize("two_campaigns", scoped_models(), ids=label, indirect=True)
def test_a_revert_with_an_id_that_is_no_number_is_not_found(client, two_campaigns):
    model, ours, _theirs, _gm = two_campaigns
    if not hasattr(model, "history"):
        pytest.skip("no history kept for this model")
    for object_id, version_id in ((ours.pk, "abc"), ("abc", 1)):
        url = f"{admin_url(model, 'changelist')}{object_id}/history/{version_id}/"
        assert client.get(url).status_code == 404
        assert client.post(url).status_code == 404


def test_a_gm_reads_the_history_of_their_deleted_army_and_not_anothers(client):
    theirs = ArmyFactory()
    theirs.save()  # history ids run ahead of the armies' ids: theirs holds our army's id
    ours = ArmyFactory()
    gm = game_master(ours.kingdom.campaign_id)
    ours_pk, theirs_pk = ours.pk, theirs.pk
    theirs.delete()
    ours.delete()
    client.force_login(gm)
    assert client.get(admin_url(Army, "history", ours_pk)).status_code == 200
    assert client.get(admin_url(Army, "history", theirs_pk)).status_code == 404
