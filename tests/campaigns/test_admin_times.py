"""The back office says which time zone its times are in: the campaign's."""
from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import formats
from factories import CampaignFactory, KingdomFactory, KingdomTurnFactory

from campaigns.models import KingdomTurn, TurnStatus

pytestmark = pytest.mark.django_db

MOSCOW_NOON = datetime.datetime(2031, 6, 2, 9, 0, tzinfo=datetime.UTC)  # 12:00 in Moscow


@pytest.fixture
def turn():
    kingdom = KingdomFactory(campaign=CampaignFactory(timezone="Europe/Moscow"))
    turn = KingdomTurnFactory(kingdom=kingdom, number=1, deadline=MOSCOW_NOON)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.RESOLVED,
                                                  resolved_at=MOSCOW_NOON)
    return turn


def test_the_turn_list_gives_each_deadline_in_its_campaigns_zone(admin_client, turn):
    page = admin_client.get(reverse("admin:campaigns_kingdomturn_changelist")).content.decode()
    assert "June 2, 2031, noon (Europe/Moscow)" in page


def test_the_turn_page_shows_its_times_in_the_campaigns_zone(admin_client, turn):
    page = admin_client.get(reverse("admin:campaigns_kingdomturn_change", args=[turn.pk]))
    assert "Times in Europe/Moscow." in page.content.decode()
    assert "June 2, 2031, noon" in page.content.decode()  # resolved at, read-only


def test_the_gm_moves_a_deadline_in_the_campaigns_zone(admin_client, turn):
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.OPEN)
    url = reverse("admin:campaigns_kingdomturn_change", args=[turn.pk])
    page = admin_client.get(url)
    assert 'value="12:00:00"' in page.content.decode()
    data = {"deadline_0": "2031-06-02", "deadline_1": "13:00:00", "ruin_choice": ""}
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        data.update({management.add_prefix(name): management[name].value()
                     for name in management.fields})
    assert admin_client.post(url, data).status_code == 302
    turn.refresh_from_db()
    assert turn.deadline == MOSCOW_NOON + datetime.timedelta(hours=1)


def test_the_add_page_says_times_are_in_the_sites_zone(admin_client):
    page = admin_client.get(reverse("admin:campaigns_kingdomturn_add")).content.decode()
    assert "Times in UTC." in page


def test_opening_a_turn_says_its_deadline_in_the_campaigns_zone(admin_client):
    kingdom = KingdomFactory(campaign=CampaignFactory(timezone="Europe/Moscow"))
    response = admin_client.post(reverse("admin:campaigns_kingdom_changelist"),
                                 {"action": "open_turn", "_selected_action": [kingdom.pk]},
                                 follow=True)
    [message] = [str(m) for m in response.context["messages"]]
    assert message.endswith("(Europe/Moscow).")


def test_the_turn_history_gives_its_times_in_the_campaigns_zone(admin_client, turn):
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.OPEN)
    turn.refresh_from_db()
    turn.ruin_choice = "crime"
    turn.save()
    changed = turn.history.latest("history_date").history_date
    page = admin_client.get(reverse("admin:campaigns_kingdomturn_history", args=[turn.pk]))
    text = page.content.decode()
    assert "(Times in Europe/Moscow.)" in text
    moscow = changed.astimezone(zoneinfo.ZoneInfo("Europe/Moscow"))
    assert formats.date_format(moscow, "DATETIME_FORMAT") in text
