"""The pages (server-rendered, for players and the GM)."""
from django.urls import path

from campaigns import views

urlpatterns = [
    path("", views.home, name="home"),
    path("campaigns/", views.campaign_list, name="campaigns"),
    path("campaigns/<int:campaign_id>/", views.campaign_detail, name="campaign"),
    path("kingdoms/<int:kingdom_id>/", views.kingdom_dashboard, name="kingdom"),
    path("kingdoms/<int:kingdom_id>/turns/<int:number>/report/", views.turn_report,
         name="turn-report"),
]
