"""The battle report page: every round's actions and rolls, and the battlefield of each round as
an inline SVG with a round slider. Reads through battles.selectors (the GM of the campaign and the
players of the fighting kingdoms see a scene; anyone else gets a 404)."""
from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from armies.labels import condition_label
from armies.presentation import army_change
from armies.report_text import with_text
from battles.models import BattleReport
from battles.pictures import battlefield
from battles.reports import with_names
from battles.selectors import plan_shown, planning_kingdoms, visible_scenes
from campaigns.pages.presentation import DEGREES, member_required


def _caption(scene) -> str:
    parts = [str(scene.get_terrain_display()), str(scene.get_light_display()),
             str(scene.get_wind_display())]
    if scene.water:
        parts.append(str(scene._meta.get_field("water").verbose_name))
    if scene.fortification:
        parts.append(f"{scene.get_fortification_display()} "
                     f"({scene.get_fortification_side_display()})")
    return "; ".join(parts)


def _report_view(data: dict) -> dict:
    """Condition codes and degrees in the reader's language, armies' summaries with help."""
    for record in data.get("rounds", []):
        for army in record["armies"]:
            army["condition_labels"] = [condition_label(c) for c in army.get("conditions", [])]
    for army in data.get("armies", []):
        army["before"] = army_change(army.get("before"))
        army["after"] = army_change(army.get("after"))
    for side in data.get("sides", []):
        if side.get("check"):
            side["check"]["degree_label"] = str(DEGREES.get(side["check"].get("degree"), ""))
    return data


@member_required
def battle_report(request, scene_id: int):
    scene = get_object_or_404(visible_scenes(request.user), pk=scene_id)
    try:
        stored = scene.report
    except BattleReport.DoesNotExist:
        stored = None
    report = picture = None
    if stored is not None:
        report = _report_view(with_names(with_text(stored.outcome)))
        picture = battlefield(report, caption=_caption(scene), fortification=(
            str(scene.get_fortification_display()) if scene.fortification else ""),
            fortification_side=scene.fortification_side)
    kingdoms = planning_kingdoms(request.user, scene.campaign_id)
    participants = [{"participant": p, "plan": p.plan if plan_shown(p, kingdoms) else None}
                    for p in scene.participants.all()]
    with timezone.override(scene.campaign.timezone):
        return render(request, "pages/battle_report.html", {
            "campaign": scene.campaign, "scene": scene, "report": report, "picture": picture,
            "caption": _caption(scene), "participants": participants,
            "narration": stored.narration if stored is not None else "",
        })
