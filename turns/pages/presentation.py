"""Presentation helpers for the player pages: labels for the codes in stored data, the kingdom's
sheet as rows, an army's card. No rules here: the numbers come from selectors and the engine's
stat block."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from armies.adapters import render_violation
from armies.choices import (
    ACTIVITY_KIND_LABELS,
    ARMY_TYPE_LABELS,
    CONDITION_HELP,
    GARRISONED_LABELS,
    SAVE_LABELS,
    ActivityStatus,
    ArmyStatus,
)
from armies.labels import modifier_text
from armies.models import Army
from armies.presentation import army_change
from armies.selectors import army_stat_block, army_violations
from campaigns.model_meta import own_field
from campaigns.models import Kingdom, TurnStatus
from campaigns.pages.presentation import DEGREES
from rules.errors import RuleViolation
from rules.kingmaker.activities import Garrisoned
from rules.kingmaker.templates import ArmyType, Save


def field_label(name: str) -> str:
    try:
        return str(own_field(Kingdom, name).verbose_name)
    except Exception:  # noqa: BLE001 - a report key that is no kingdom field
        return name


def kingdom_sheet(kingdom: Kingdom) -> dict[str, list[tuple[str, int]]]:
    """The kingdom's resources, commodities, unrest and ruin as (label, value) rows."""
    def rows(names) -> list[tuple[str, int]]:
        return [(field_label(n), getattr(kingdom, n)) for n in names]

    return {
        "resources": [(gettext("level"), kingdom.level), (field_label("resource_points"),
                                                     kingdom.resource_points),
                      (gettext("Control DC"), kingdom.control_dc), *rows(("fame", "infamy", "xp"))],
        "commodities": rows(Kingdom.COMMODITIES),
        "unrest": rows(("unrest",)),
        "ruin": rows(Kingdom.RUIN),
    }


def army_card(army: Army) -> dict[str, Any]:
    """What the dashboard shows of an army: its stat block as data, its conditions with what
    they do, its gear and tactics, in the reader's language."""
    card: dict[str, Any] = {
        "army": army,
        "type": ARMY_TYPE_LABELS[ArmyType(army.template.army_type)],
        "status": ArmyStatus(army.status).label,
        "garrisoned": GARRISONED_LABELS[Garrisoned(army.garrisoned)] if army.garrisoned else "",
        "conditions": [{"label": str(c), "help": str(CONDITION_HELP.get(c.condition, ""))}
                       for c in army.conditions.all()],
        "gear": [str(g) for g in army.gear.all()],
        "tactics": [t.get_tactic_display() for t in army.tactics.all()],
        "block": None,
        "violations": [render_violation(v) for v in army_violations(army)],
    }
    try:
        block = army_stat_block(army).as_dict()
    except RuleViolation:
        return card
    block["high_save_label"] = SAVE_LABELS[Save(block["high_save"])]
    block["strike_rows"] = [
        {"label": _("Melee") if kind == "melee" else _("Ranged"), **strike,
         "name": gettext(strike["name"])}  # the shipped templates' weapons are msgids
        for kind, strike in block["strikes"].items()]
    card["block"] = block
    return card


def check_view(check: dict[str, Any] | None) -> dict[str, Any] | None:
    if not check:
        return None
    return {**check,
            "skill_label": field_label(check["skill"]) if check.get("skill") else "",
            "degree_label": str(DEGREES.get(check.get("degree", ""), check.get("degree") or "")),
            "modifier_texts": [modifier_text(m) for m in check.get("modifiers", [])],
            "dc_texts": [f"{gettext(p['label'])} {p['value']}" for p in check.get("dc_parts", [])]}


def scouting_view(check: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """A Scouting check for an army in ambush, with the armies' names and its degree's label."""
    return {**check, "scout_name": names.get(check.get("scout", 0), ""),
            "hidden_name": names.get(check.get("hidden", 0), ""),
            "degree_label": str(DEGREES.get(check.get("degree", ""), check.get("degree") or "")),
            "modifier_texts": [modifier_text(m) for m in check.get("modifiers", [])]}


def sight_view(data: dict[str, Any], names: dict[int, str]) -> dict[str, Any] | None:
    """What the kingdom saw at the turn's end (None: a turn without a map), and the checks that
    found nothing when the reader is the GM (report_outcome left them in)."""
    sight = data.get("sight")
    if sight is None:
        return None
    armies = [{**a, "found_by": scouting_view(a["found_by"], names) if a.get("found_by") else None}
              for a in sight.get("armies", [])]
    return {"hex_count": len(sight.get("hexes", [])), "armies": armies,
            "gm_scouting": [scouting_view(c, names) for c in data.get("gm_scouting", [])]}


def turn_report_view(data: dict[str, Any], names: dict[int, str],
                     orders: dict[int, list[str]] | None = None) -> dict[str, Any]:
    """A turn report (already through armies.report_text.with_text) for the page: activities with
    their labels, parameters (`orders`: armies.order_text.params_texts by activity id) and checks,
    the kingdom's sheet before and after, the armies' changes."""
    orders = orders or {}
    kinds, statuses = ACTIVITY_KIND_LABELS, dict(ActivityStatus.choices)
    kingdom = data.get("kingdom", {})
    before, after = kingdom.get("before", {}), kingdom.get("after", {})
    return {
        **data,
        "activities": [{
            **a,
            "kind_label": str(kinds.get(a.get("kind"), a.get("kind"))),
            "status_label": str(statuses.get(a.get("status"), a.get("status"))),
            "army_name": names.get(a.get("army"), "") if a.get("army") is not None else "",
            "params": orders.get(a.get("activity"), []),
            "check": check_view(a.get("check")),
        } for a in data.get("activities", [])],
        "sheet": [{"label": field_label(key), "before": before.get(key), "after": value,
                   "delta": value - before.get(key, value)} for key, value in after.items()],
        "armies": [{**change, "before": army_change(change.get("before")),
                    "after": army_change(change.get("after"))}
                   for change in data.get("armies", [])],
        "recruited": [{**new, "after": army_change(new.get("after"))}
                      for new in data.get("recruited", [])],
        "sight": sight_view(data, names),
    }


def turn_status_label(status: str) -> str:
    return str(dict(TurnStatus.choices).get(status, status))
