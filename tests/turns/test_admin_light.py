"""The turn's light in the admin: the GM sets it (bright by default) for the fog of war's Scouting
checks at the turn's end (docs/rules-notes.md, "Fog of war": "Light and weather are the GM's, per
campaign turn"; seed 003_750bd81a16f66abf.txt, lines 225-226)."""
from __future__ import annotations

import pytest
from django.urls import reverse
from factories import KingdomTurnFactory

from campaigns.models import KingdomTurn

pytestmark = pytest.mark.django_db


def _edit(gm_client, turn, **fields):
    return gm_client.post(reverse("admin:campaigns_kingdomturn_change", args=[turn.pk]), {
        "deadline_0": turn.deadline.strftime("%Y-%m-%d"),
        "deadline_1": turn.deadline.strftime("%H:%M:%S"), "ruin_choice": "",
        "activities-TOTAL_FORMS": "0", "activities-INITIAL_FORMS": "0", **fields})


def test_the_gm_sets_the_turn_s_light_in_the_admin(gm_client, kingdom):
    turn = KingdomTurnFactory(kingdom=kingdom, number=1)
    assert turn.light == "bright"
    assert _edit(gm_client, turn, light="dark").status_code == 302
    assert KingdomTurn.objects.get(pk=turn.pk).light == "dark"
    # A form that does not send it keeps it.
    assert _edit(gm_client, turn).status_code == 302
    assert KingdomTurn.objects.get(pk=turn.pk).light == "dark"


def test_an_unknown_light_is_a_form_error(gm_client, kingdom):
    turn = KingdomTurnFactory(kingdom=kingdom, number=1)
    response = _edit(gm_client, turn, light="eclipse")
    assert response.status_code == 200
    assert "light" in response.context["adminform"].form.errors
    assert KingdomTurn.objects.get(pk=turn.pk).light == "bright"
