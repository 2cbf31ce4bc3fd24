"""How the pages show an army's state as reports store it (a turn's or a battle's army
summary): labels for its status, conditions with what they do, gear and tactics, in the reader's
language."""
from __future__ import annotations

from typing import Any

from armies.choices import ArmyStatus
from armies.labels import condition_help, condition_label, gear_label, tactic_label


def conditions_with_help(labels) -> list[dict[str, str]]:
    """Engine labels ("weary 2") as {"label", "help"} in the reader's language."""
    return [{"label": condition_label(label), "help": condition_help(label)} for label in labels]


def army_change(summary: dict[str, Any] | None) -> dict[str, Any] | None:
    if summary is None:
        return None
    return {**summary,
            "status_label": str(dict(ArmyStatus.choices).get(summary.get("status", ""),
                                                              summary.get("status", ""))),
            "conditions": conditions_with_help(summary.get("conditions", [])),
            "gear": [gear_label(g) for g in summary.get("gear", [])],
            "tactics": [tactic_label(t) for t in summary.get("tactics", [])]}
