"""The GM's page of a sector battle's resolved rounds: both sides' orders in words, every event
with its card and result, every roll, and whether each round replays from its seed."""
from __future__ import annotations

from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from armies.report_text import with_text
from battles.sector.labels import (
    PHASE_LABELS,
    RESULT_LABELS,
    order_lines,
    order_names,
    side_label,
)
from battles.sector.models import SectorBattle, SectorRound
from battles.sector.replay import round_difference
from rules.sides import Side


def _round_context(row: SectorRound) -> dict:
    names = order_names(row.state_before)
    difference = round_difference(row)
    events = with_text(row.events)
    for event in events:
        event["phase_label"] = PHASE_LABELS.get(event.get("phase"), event.get("phase"))
        event["result_label"] = RESULT_LABELS.get(event.get("result"), event.get("result"))
        event["seen_by"] = ", ".join(side_label(s) for s in event.get("visible_to", []))
    return {
        "row": row,
        "initiative": side_label(row.initiative) if row.initiative else "",
        "orders": [{"side": side_label(side),
                    "lines": order_lines(row.number, row.orders.get(side), names)}
                   for side in Side],
        "events": events,
        "rolls": with_text(row.rolls),
        "difference": difference,
    }


def rounds_view(model_admin, request, object_id):
    """Every resolved round with both sides' orders, its events and rolls, and whether its
    stored inputs and seed give the stored result again."""
    battle = model_admin.get_object(request, object_id)
    if not model_admin.has_change_permission(request, battle):
        return redirect("admin:index")
    rounds = [_round_context(row) for row in battle.rounds.order_by("number")]
    return TemplateResponse(request, "admin/battles/sector/rounds.html", {
        **model_admin.admin_site.each_context(request),
        "opts": SectorBattle._meta,
        "title": _("Resolved rounds and replays"),
        "subject": battle,
        "battle": battle,
        "rounds": rounds,
        "matching": sum(r["difference"] is None for r in rounds),
        "back_url": reverse("admin:battles_sectorbattle_change", args=[battle.pk]),
    })

