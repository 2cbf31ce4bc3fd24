"""The pages (server-rendered, for players and the GM)."""
from django.urls import path

from battles import plan_views
from campaigns import gm_turns_views, orders_views, preferences_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("campaigns/", views.campaign_list, name="campaigns"),
    path("me/preferences/", preferences_views.preferences, name="my-preferences"),
    path("campaigns/<int:campaign_id>/", views.campaign_detail, name="campaign"),
    path("kingdoms/<int:kingdom_id>/", views.kingdom_dashboard, name="kingdom"),
    path("kingdoms/<int:kingdom_id>/turns/<int:number>/report/", views.turn_report,
         name="turn-report"),
    path("kingdoms/<int:kingdom_id>/orders/", orders_views.orders, name="orders"),
    path("kingdoms/<int:kingdom_id>/orders/<int:activity_id>/withdraw/",
         orders_views.order_withdraw, name="order-withdraw"),
    path("kingdoms/<int:kingdom_id>/plans/<int:participant_id>/", plan_views.battle_plan,
         name="battle-plan"),
    path("campaigns/<int:campaign_id>/turns/", gm_turns_views.gm_turns, name="gm-turns"),
    path("campaigns/<int:campaign_id>/turns/<int:turn_id>/resolve/",
         gm_turns_views.gm_resolve_now, name="gm-resolve-now"),
    path("campaigns/<int:campaign_id>/dry-run/", gm_turns_views.gm_dry_run, name="gm-dry-run"),
    path("campaigns/<int:campaign_id>/dry-run/commit/", gm_turns_views.gm_dry_run_commit,
         name="gm-dry-run-commit"),
    path("campaigns/<int:campaign_id>/dry-run/discard/", gm_turns_views.gm_dry_run_discard,
         name="gm-dry-run-discard"),
]
