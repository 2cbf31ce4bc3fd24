"""The GM's battle pages: set up a scene with plans checked by the rules, send it, step through
it, replay it, weigh its odds, read its report."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse
from factories import ArmyConditionFactory

from battles.models import BattleReport, BattleScene, SceneStatus
from battles.reports import report_data
from core.permissions import SYSTEM
from rules.kingmaker.battle.engine import fight

pytestmark = pytest.mark.django_db


# A row's battle plan as its fields (battles.forms.plan_fields), as the page leaves them.
PLAN = {"stance": "advance", "targeting": "weakest", "target_army": "", "retreat_below": "",
        "tactical_action": ""}


def url(view: str, *args) -> str:
    return reverse(f"admin:battles_battlescene_{view}", args=args)


def scene_form(campaign, attacker, defender, rows, **fields) -> dict:
    """The add page's POST: the scene's fields and its participants inline."""
    data = {"campaign": campaign.pk, "hex": "C4", "attacker_kingdom": attacker.pk,
            "defender_kingdom": defender.pk, "terrain": "open", "wind": "calm",
            "light": "bright", "fortification": "", "fortification_side": "",
            "fortification_hp": "", "attacker_pc_fight": "none", "defender_pc_fight": "none",
            "attacker_initiative": 0, "defender_initiative": 0, "max_rounds": 20,
            "participants-TOTAL_FORMS": len(rows), "participants-INITIAL_FORMS": 0,
            "participants-MIN_NUM_FORMS": 0, "participants-MAX_NUM_FORMS": 1000, **fields}
    for i, row in enumerate(rows):
        row = {**PLAN, "starts_shaken": 0, **row}
        for name, value in row.items():
            if value is True:
                value = "on"
            data[f"participants-{i}-{name}"] = value
    return data


def errors_of(response) -> list[str]:
    return re.findall(r'<ul class="errorlist[^"]*"[^>]*><li>(.*?)</li>', response.content.decode())


def test_the_gm_sets_up_a_scene_with_plans(gm_client, campaign, sides, our_armies, their_armies):
    kingdom, rival = sides
    response = gm_client.post(url("add"), scene_form(campaign, kingdom, rival, [
        {"army": our_armies[0].pk, "side": "attacker", "targeting": "army",
         "target_army": their_armies[0].pk, "use_potions": True},
        {"army": their_armies[0].pk, "side": "defender"},
    ], fortification="tower", fortification_side="defender", water="on"))
    assert response.status_code == 302, errors_of(response)
    scene = BattleScene.objects.get()
    assert (scene.fortification, scene.fortification_side, scene.water) == (
        "tower", "defender", True)
    assert scene.participants.get(army=our_armies[0]).plan == {
        "stance": "advance", "targeting": "army", "target_army": their_armies[0].pk,
        "retreat_below": None, "tactical_action": None, "use_potions": True}
    # A row whose plan was left as offered fights with its army's default plan.
    assert scene.participants.get(army=their_armies[0]).plan == {}


@pytest.mark.parametrize(("row", "message"), [
    ({"targeting": "army", "target_army": "OWN"}, "Choose an army of the other side."),
    ({"stance": "charge"}, "Select a valid choice. charge is not one of the available choices."),
    ({"retreat_below": 9}, "Retreat below a number of HP from 0 to 3."),
    ({"retreat_below": "many"}, "Enter a whole number."),
])
def test_a_bad_plan_or_garrison_is_a_form_error(gm_client, campaign, sides, our_armies,
                                                their_armies, row, message):
    if row.get("target_army") == "OWN":
        row = {**row, "target_army": our_armies[1].pk}
    response = gm_client.post(url("add"), scene_form(campaign, *sides, [
        {"army": our_armies[0].pk, "side": "attacker", **row},
        {"army": our_armies[1].pk, "side": "attacker"},
        {"army": their_armies[0].pk, "side": "defender"},
    ]))
    assert response.status_code == 200
    assert message in errors_of(response)
    assert not BattleScene.objects.exists()


@pytest.mark.parametrize(("fortification", "fortified", "message"), [
    ({"fortification": "tower", "fortification_side": "defender"}, True,
     "Only the side holding the scene&#x27;s fortification garrisons it."),
    ({}, False, "is not fortified in a garrison"),
    ({}, True, None),  # it fights from its own site, as a gambit's garrison does
])
def test_a_garrison_fights_from_its_own_walls_only(gm_client, campaign, sides, our_armies,
                                                   their_armies, fortification, fortified,
                                                   message):
    # Seed 003: "Когда гарнизон создан, войско защищено, пока не использует боевое действие с
    # дескриптором «манёвр»" — its own site, never the enemy's walls.
    if fortified:
        ArmyConditionFactory(army=our_armies[0], condition="fortified", value=0)
    response = gm_client.post(url("add"), scene_form(campaign, *sides, [
        {"army": our_armies[0].pk, "side": "attacker", "garrisoned": True},
        {"army": their_armies[0].pk, "side": "defender"},
    ], **fortification))
    if message:
        assert any(message in error for error in errors_of(response))
    assert BattleScene.objects.exists() is (message is None)


def test_an_army_of_another_campaign_is_refused(gm_client, campaign, sides, our_armies):
    from factories import ArmyFactory

    stranger = ArmyFactory(name="Stranger")
    response = gm_client.post(url("add"), scene_form(campaign, *sides, [
        {"army": our_armies[0].pk, "side": "attacker"},
        {"army": stranger.pk, "side": "defender"},
    ]))
    assert "This army belongs to another campaign." in errors_of(response)


@pytest.mark.parametrize(("change", "row", "message"), [
    ({}, {"side": "defender"}, "Tatzlford Guard fights on its own kingdom&#x27;s side."),
    ({"hex": "D9"}, {}, "Tatzlford Guard is in D9, not in the battle&#x27;s hex C4."),
    ({"status": "destroyed"}, {}, "Tatzlford Guard is not an active army."),
    ({"condition": "defeated"}, {}, "Tatzlford Guard is defeated and cannot fight."),
])
def test_an_army_that_may_not_fight_there_is_refused(gm_client, campaign, sides, our_armies,
                                                    their_armies, change, row, message):
    guard = our_armies[0]
    if "condition" in change:
        guard.conditions.create(condition=change.pop("condition"), value=1)
    type(guard).objects.filter(pk=guard.pk).update(**change)
    response = gm_client.post(url("add"), scene_form(campaign, *sides, [
        {"army": guard.pk, "side": "attacker", **row},
        {"army": their_armies[0].pk, "side": "defender"},
    ]))
    assert response.status_code == 200
    assert message in errors_of(response)
    assert not BattleScene.objects.exists()


def test_a_scene_off_the_map_is_refused(gm_client, campaign, sides):
    response = gm_client.post(url("add"), scene_form(campaign, *sides, [], hex="Q😀"))
    assert response.status_code == 200
    assert "Q😀 is not a map hex: write its column letters and row number, for example C4." in \
        errors_of(response)
    assert not BattleScene.objects.exists()


def test_a_fortification_needs_a_holder(gm_client, campaign, sides, our_armies):
    response = gm_client.post(url("add"), scene_form(campaign, *sides, [], fortification="castle"))
    assert "Say which side holds the fortification." in errors_of(response)


def test_the_change_page_offers_the_gm_tools(gm_client, scene):
    page = gm_client.get(url("change", scene.pk)).content.decode()
    for target in (url("step", scene.pk), url("odds", scene.pk)):
        assert f'href="{target}"' in page
    # Still taking plans: each row's plan is fields offering the other side's armies.
    assert 'name="participants-0-plan"' not in page  # no JSON
    target = re.search(r'<select name="participants-0-target_army".*?</select>', page, re.S)
    offered = set(re.findall(r'<option value="(\d+)"', target.group(0)))
    own = scene.participants.order_by("pk").first()
    assert offered == {str(p.army_id) for p in scene.participants.exclude(side=own.side)}


def test_a_locked_scene_is_read_only(gm_client, scene, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = gm_client.post(reverse("admin:battles_battlescene_changelist"), {
            "action": "resolve_now", "_selected_action": [scene.pk], "index": 0}, follow=True)
    assert "1 battle scene(s) locked and sent for resolution." in [
        str(m) for m in response.context["messages"]]
    scene.refresh_from_db()
    assert scene.status == SceneStatus.RESOLVED
    page = gm_client.get(url("change", scene.pk)).content.decode()
    assert 'name="participants-0-stance"' not in page and 'name="hex"' not in page
    assert f'href="{url("replay", scene.pk)}"' in page


def test_replay_from_seed_says_identical(gm_client, scene):
    from battles.services import scene_resolve_now

    scene_resolve_now(scene=scene, actor=SYSTEM)
    response = gm_client.get(url("replay", scene.pk))
    assert response.status_code == 200
    assert "Identical: the replay gives the stored log" in response.content.decode()
    assert response.context["difference"] is None


def test_replay_shows_the_first_difference(gm_client, scene):
    from battles.services import scene_resolve_now

    scene_resolve_now(scene=scene, actor=SYSTEM)
    report = BattleReport.objects.get(scene=scene)
    report.outcome["rolls"][3]["total"] += 100
    report.save()
    response = gm_client.get(url("replay", scene.pk))
    assert response.context["difference"][0] == "rolls[3].total"
    assert "first at rolls[3].total" in response.content.decode()


def test_step_by_step_shows_rounds_then_finishes_as_the_whole_fight(gm_client, scene):
    from battles.adapters import scene_setup

    first = gm_client.get(url("step", scene.pk))
    assert first.status_code == 200
    scene.refresh_from_db()
    seed = scene.seed
    assert seed is not None and first.context["seed"] == seed
    assert [r["number"] for r in first.context["report"]["rounds"]] == [1]
    page = first.content.decode()
    assert "Round 1" in page and "Round 2" not in page and "?round=2" in page
    second = gm_client.get(url("step", scene.pk) + "?round=2")
    numbers = [r["number"] for r in second.context["report"]["rounds"]]
    assert numbers == [1, 2] or (numbers == [1] and second.context["finished"])
    setup = scene_setup(scene)
    whole = fight(setup, seed)
    assert second.context["report"]["rounds"][0]["events"] == \
        first.context["report"]["rounds"][0]["events"]
    response = gm_client.post(url("step", scene.pk), {"finish": "1"})
    report = BattleReport.objects.get(scene=scene)
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:battles_battlereport_change", args=[report.pk])
    assert report.outcome == report_data(whole, setup)


def test_the_odds_page_shows_the_table(gm_client, scene):
    response = gm_client.get(url("odds", scene.pk), {"runs": 60, "seed": 4})
    assert response.status_code == 200
    table = response.context["table"]
    assert (table["runs"], table["seed"]) == (60, 4)
    assert [row["side"] for row in table["sides"]] == ["attacker", "defender"]
    assert len(table["armies"]) == 4
    again = gm_client.get(url("odds", scene.pk), {"runs": 60, "seed": 4})
    assert again.context["table"] == table
    assert "60 battles, seed 4." in response.content.decode()


def test_the_odds_page_refuses_bad_runs(gm_client, scene):
    response = gm_client.get(url("odds", scene.pk), {"runs": 0})
    assert response.context["table"] is None
    assert response.context["form"].errors["runs"]


def test_the_report_page_reads_the_battle(gm_client, scene):
    from battles.services import scene_resolve_now

    scene_resolve_now(scene=scene, actor=SYSTEM)
    report = BattleReport.objects.get(scene=scene)
    response = gm_client.get(reverse("admin:battles_battlereport_change", args=[report.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Round 1" in page and "Every roll" in page and "Tatzlford Guard" in page
    assert f"Fought with seed {report.outcome['seed']}." in page
