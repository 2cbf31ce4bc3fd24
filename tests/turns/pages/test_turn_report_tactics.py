"""Tactic names in reports are in the reader's language, in sentences as in lists."""
from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from factories import shipped_template

from armies.activity_services import activity_submit
from armies.adapters import render_violation, template_state
from armies.choices import TACTIC_LABELS
from armies.report_text import with_text
from campaigns.models import Kingdom, KingdomTurn, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from rules.kingmaker.tactics import TACTICS, tactic_violations
from turns import resolution as turn_resolution

pytestmark = pytest.mark.django_db


def test_a_russian_turn_report_names_the_learned_tactic_in_russian(client, kingdom, army,
                                                                    player):
    # Warfare +40 against the Control DC: Train Army cannot fail, whatever the die.
    Kingdom.objects.filter(pk=kingdom.pk).update(warfare=40)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    activity_submit(turn=turn, user=player, kind="train_army", army=army,
                    params={"tactic": "hold_the_line", "skill": "warfare"})
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    assert turn_resolution.turn_resolve(turn.pk) == "resolved"
    client.force_login(player)
    page = client.get(reverse("turn-report", args=[kingdom.pk, turn.number]),
                      HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "изучает тактику «Держать строй»" in page
    assert "Hold the Line" not in page
    with translation.override("ru"):
        texts = [e["text"] for a in with_text(turn.report.outcome)["activities"]
                 for e in a["events"]]
    assert any("«Держать строй»" in text for text in texts)


def test_a_list_of_tactics_in_a_message_is_in_russian():
    sootscale = template_state(shipped_template("Sootscale Warriors"))
    (violation,) = [v for v in tactic_violations(sootscale, sootscale.level, [])
                    if v.code == "unique_tactic_removed"]
    with translation.override("ru"):
        text = render_violation(violation)
        names = [str(TACTIC_LABELS[code]) for code in sootscale.tactics]
    assert any(name in text for name in names)
    assert not any(TACTICS[code].name in text for code in sootscale.tactics)
