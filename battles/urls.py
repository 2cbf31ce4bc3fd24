"""The battle pages."""
from django.urls import path

from battles import views
from battles.sector import pages as sector_pages

urlpatterns = [
    path("battles/<int:scene_id>/", views.battle_report, name="battle"),
    path("sector-battles/<int:battle_id>/", sector_pages.sector_battle, name="sector-battle"),
]
