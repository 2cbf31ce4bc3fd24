"""Two worlds of one sector battle that differ only in what a side cannot see: what a user reads
of each (the API's detail, rounds and orders, the page, the round mail), with what differs by
construction (the battle's id and address, the keys of rows both worlds have, the CSRF token)
replaced by names, so the two can be compared as text."""
from __future__ import annotations

import json
import re
from typing import Any

from django.core import mail
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from battles.sector.adapters import caster_key, trap_key, unit_key
from notifications.mail import send_sector_round

# The units whose keys stay as they are: the ones a world hides (invisible or in ambush).
HIDDEN_NAMES = ("Shadow Company", "Grey Lancers", "Pitax Shadows")


def normalized(battle, text: str) -> str:
    text = text.replace(reverse("sector-battle", args=[battle.pk]), "<battle page>")
    text = text.replace(f"/api/sector-battles/{battle.pk}/", "<battle api>")
    for unit in battle.units.exclude(name__in=HIDDEN_NAMES):
        text = text.replace(unit_key(unit), f"<{unit.name}>")
    for caster in battle.casters.all():
        text = text.replace(caster_key(caster), f"<{caster.name}>")
    for trap in battle.traps.all():
        text = text.replace(trap_key(trap), "<trap>")
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"',
                  'name="csrfmiddlewaretoken" value=""', text)


def _mail(battle, user) -> str:
    mail.outbox = []
    send_sector_round(battle.pk)
    return "\n---\n".join(str(m.body) for m in mail.outbox if user.email in m.to)


def reads(battle, user, *, orders: bool = True) -> dict[str, Any]:
    """What `user` reads of the battle without naming a side: the API's detail, rounds and
    (a player's) orders, the page and the mail of the open round."""
    api = APIClient()
    api.force_authenticate(user)
    documents: dict[str, Any] = {}
    tails = {"detail": "", "rounds": "rounds/", **({"orders": "orders/"} if orders else {})}
    for name, tail in tails.items():
        response = api.get(f"/api/sector-battles/{battle.pk}/{tail}")
        assert response.status_code == 200, response.content
        documents[name] = response.json()
    documents["detail"]["id"] = "<battle>"
    page = Client()
    page.force_login(user)
    html = page.get(reverse("sector-battle", args=[battle.pk]))
    assert html.status_code == 200
    return {"api": normalized(battle, json.dumps(documents, indent=1, sort_keys=True)),
            "page": normalized(battle, html.content.decode()),
            "mail": normalized(battle, _mail(battle, user))}
