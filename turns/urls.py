"""The pages (server-rendered, for players and the GM) of a campaign and its kingdoms' turns: the
campaign and kingdom dashboards, turn reports, orders and battle plans, the GM's turn pages."""
from django.urls import path

from battles.pages import battle_plan
from turns.pages import campaign, campaign_map, gm_turns, kingdom, orders, turn_report

urlpatterns = [
    path("campaigns/<int:campaign_id>/", campaign.campaign_detail, name="campaign"),
    path("campaigns/<int:campaign_id>/map/", campaign_map.campaign_map, name="map"),
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
    path("campaigns/<int:campaign_id>/turns/<int:turn_id>/undo/", gm_turns.gm_undo,
         name="gm-undo"),
    path("campaigns/<int:campaign_id>/undo-night/", gm_turns.gm_undo_night, name="gm-undo-night"),
    path("campaigns/<int:campaign_id>/dry-run/commit/", gm_turns.gm_dry_run_commit,
         name="gm-dry-run-commit"),
    path("campaigns/<int:campaign_id>/dry-run/discard/", gm_turns.gm_dry_run_discard,
         name="gm-dry-run-discard"),
]
