"""The GM's page of a sector battle's resolved rounds: both sides' orders in words, every event
with its card and result, every roll, and whether each round replays from its seed."""
from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from battles.sector.labels import PHASE_LABELS, RESULT_LABELS, side_label
from battles.sector.models import SectorBattle, SectorRound, SectorSide
from battles.sector.replay import round_difference
from campaigns.reports import with_text
from rules.cerilia.field import RESERVE
from rules.cerilia.spells import SPELL_LABELS
from rules.cerilia.state import TERRAIN_LABELS


def _names(state: dict) -> dict[str, str]:
    return {**{u["key"]: u["name"] for u in state.get("units", [])},
            **{c["key"]: c["name"] for c in state.get("casters", [])}}


def _order_lines(number: int, data: dict, names: dict[str, str]) -> list[str]:
    """One side's orders as sentences for the GM."""
    data = data or {}

    def name(key):
        return names.get(str(key), str(key))

    def where(position):
        return _("its reserve") if position == RESERVE else position

    lines = []
    if number == 0:
        for key, position in (data.get("placements") or {}).items():
            lines.append(_("%(unit)s deploys in %(where)s.")
                         % {"unit": name(key), "where": where(position)})
        if data.get("fortification"):
            lines.append(_("The fortification stands in %(sector)s.")
                         % {"sector": data["fortification"]})
        for sector, toward in (data.get("directions") or {}).items():
            lines.append(_("The terrain in %(sector)s cuts off the way to %(toward)s.")
                         % {"sector": sector, "toward": toward})
        return lines or [_("Everyone waits in the reserve.")]
    for key, steps in (data.get("moves") or {}).items():
        if steps:
            lines.append(_("%(unit)s moves: %(path)s.")
                         % {"unit": name(key), "path": " → ".join(where(s) for s in steps)})
    for key, target in (data.get("targets") or {}).items():
        lines.append(_("%(unit)s attacks %(target)s.")
                     % {"unit": name(key), "target": name(target)})
    for key, spell in (data.get("spells") or {}).items():
        if not spell:
            continue
        label = SPELL_LABELS.get(spell.get("spell"), spell.get("spell"))
        aims = [str(v) for v in (spell.get("sector"), spell.get("toward") and
                                 f"→ {spell['toward']}",
                                 spell.get("unit") and name(spell["unit"]),
                                 spell.get("terrain") and _(TERRAIN_LABELS.get(
                                     spell["terrain"], spell["terrain"])),
                                 spell.get("sign")) if v]
        lines.append(_("%(caster)s casts %(spell)s%(aim)s.")
                     % {"caster": name(key), "spell": _(str(label)),
                        "aim": f" ({', '.join(aims)})" if aims else ""})
    if data.get("withdraw"):
        lines.append(_("The side withdraws from the field."))
    return lines or [_("Every unit holds.")]


def _round_context(row: SectorRound) -> dict:
    names = _names(row.state_before)
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
                    "lines": _order_lines(row.number, row.orders.get(side), names)}
                   for side in SectorSide.values],
        "events": events,
        "rolls": with_text(row.rolls),
        "difference": difference,
    }


def rounds_view(model_admin, request, object_id):
    """Every resolved round with both sides' orders, its events and rolls, and whether its
    stored inputs and seed give the stored result again."""
    battle = get_object_or_404(SectorBattle.objects.select_related("campaign"), pk=object_id)
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

