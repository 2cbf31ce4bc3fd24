"""The battle pages."""
from django.urls import path

from battles import views

urlpatterns = [
    path("battles/<int:scene_id>/", views.battle_report, name="battle"),
]
