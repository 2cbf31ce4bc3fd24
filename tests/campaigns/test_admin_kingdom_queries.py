"""The admin's kingdom page: its armies load in a constant number of queries."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from factories import ArmyConditionFactory, ArmyFactory, KingdomFactory, SettlementFactory

pytestmark = pytest.mark.django_db


def queries_of_the_page(client, campaign, armies: int) -> int:
    kingdom = KingdomFactory.create(campaign=campaign, level=5)
    SettlementFactory.create(kingdom=kingdom)
    for number in range(armies):
        ArmyConditionFactory.create(army=ArmyFactory.create(kingdom=kingdom, name=f"Army {number}"))
    url = reverse("admin:campaigns_kingdom_change", args=[kingdom.pk])
    client.get(url)  # the first request warms the caches (content types, sessions)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("persona", ["gm", "campaign_gm"])
def test_the_kingdom_page_loads_its_armies_in_a_constant_number_of_queries(client, campaign,
                                                                           persona, request):
    user = request.getfixturevalue(persona)
    user.is_staff = True
    user.save()
    client.force_login(user)
    assert queries_of_the_page(client, campaign, 2) == queries_of_the_page(client, campaign, 10)
