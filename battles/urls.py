"""The battle pages."""
from django.urls import path

from battles.pages import battle_report, sector_battle

urlpatterns = [
    path("battles/<int:scene_id>/", battle_report.battle_report, name="battle"),
    path("sector-battles/<int:battle_id>/", sector_battle.sector_battle, name="sector-battle"),
]
