"""Undo on the GM's turn page (issue 17, point 2): each kingdom's last resolved turn with Undo, and
the last night undone for every kingdom; a refusal says why; nobody but the GM may."""
from __future__ import annotations

import pytest
from django.urls import reverse

from armies.models import ArmyActivity
from campaigns.models import KingdomTurn, TurnStatus
from turns.models import SupersededTurnReport

pytestmark = pytest.mark.django_db


def url(name, campaign, *args):
    return reverse(name, args=[campaign.pk, *args])


def test_the_gm_undoes_a_resolved_turn_from_the_page(client, gm, campaign, kingdom,
                                                     resolved_turn):
    client.force_login(gm)
    page = client.get(url("gm-turns", campaign)).content.decode()
    assert url("gm-undo", campaign, resolved_turn.pk) in page
    response = client.post(url("gm-undo", campaign, resolved_turn.pk), follow=True)
    assert "Undone and open again with their orders: Brevoy Marches, turn 1." \
        in response.content.decode()
    resolved_turn.refresh_from_db()
    assert resolved_turn.status == TurnStatus.OPEN
    assert ArmyActivity.objects.get(turn=resolved_turn).status == "queued"
    assert SupersededTurnReport.objects.filter(turn=resolved_turn).count() == 1


def test_a_refusal_shows_its_reason(client, gm, campaign, kingdom, army, player, resolved_turn):
    following = KingdomTurn.objects.get(kingdom=kingdom, number=2)
    ArmyActivity.objects.create(turn=following, army=army, kind="deploy_army", position=1,
                                params={"destination": "C4"})
    client.force_login(gm)
    response = client.post(url("gm-undo-night", campaign), follow=True)
    assert "the next turn has orders (1); withdraw them first." \
        in response.content.decode()
    resolved_turn.refresh_from_db()
    assert resolved_turn.status == TurnStatus.RESOLVED


def test_players_cannot_undo(client, player, campaign, resolved_turn):
    client.force_login(player)
    assert client.post(url("gm-undo", campaign, resolved_turn.pk)).status_code == 404
    assert client.post(url("gm-undo-night", campaign)).status_code == 404
    resolved_turn.refresh_from_db()
    assert resolved_turn.status == TurnStatus.RESOLVED


def test_undo_in_russian(client, gm, campaign, resolved_turn):
    client.force_login(gm)
    page = client.get(url("gm-turns", campaign), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Отменить подведённый ход" in page
