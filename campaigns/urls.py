"""The pages (server-rendered, for players and the GM)."""
from django.urls import path

from battles.pages import battle_plan
from campaigns.pages import campaign, gm_turns, home, kingdom, orders, preferences, turn_report

urlpatterns = [
    path("", home.home, name="home"),
    path("campaigns/", home.campaign_list, name="campaigns"),
    path("me/preferences/", preferences.preferences, name="my-preferences"),
    path("campaigns/<int:campaign_id>/", campaign.campaign_detail, name="campaign"),
    path("kingdoms/<int:kingdom_id>/", kingdom.kingdom_dashboard, name="kingdom"),
    path("kingdoms/<int:kingdom_id>/turns/<int:number>/report/", turn_report.turn_report,
         name="turn-report"),
    path("kingdoms/<int:kingdom_id>/orders/", orders.orders, name="orders"),
    path("kingdoms/<int:kingdom_id>/orders/<int:activity_id>/withdraw/",
         orders.order_withdraw, name="order-withdraw"),
    path("kingdoms/<int:kingdom_id>/plans/<int:participant_id>/", battle_plan.battle_plan,
         name="battle-plan"),
    path("campaigns/<int:campaign_id>/turns/", gm_turns.gm_turns, name="gm-turns"),
    path("campaigns/<int:campaign_id>/turns/<int:turn_id>/resolve/",
         gm_turns.gm_resolve_now, name="gm-resolve-now"),
    path("campaigns/<int:campaign_id>/dry-run/", gm_turns.gm_dry_run, name="gm-dry-run"),
    path("campaigns/<int:campaign_id>/dry-run/commit/", gm_turns.gm_dry_run_commit,
         name="gm-dry-run-commit"),
    path("campaigns/<int:campaign_id>/dry-run/discard/", gm_turns.gm_dry_run_discard,
         name="gm-dry-run-discard"),
]
