"""Stored reports (turn reports, battle reports) as their readers see them: every message
rendered in the reader's language, dice as data. Messages stay gettext msgids with their
parameters in storage; `with_text` renders them when read."""
from __future__ import annotations

from typing import Any

from armies.labels import render_message
from rules.dice import Roll


def roll_data(roll: Roll) -> dict[str, Any]:
    """A logged roll; `with_text` renders its purpose in the reader's language."""
    return {"purpose": roll.purpose, "message": roll.message, "params": dict(roll.params),
            "expression": roll.expression, "faces": list(roll.faces), "total": roll.total}


def with_text(data: Any) -> Any:
    """The report with every event and violation's message rendered in the active language."""
    if isinstance(data, dict):
        rendered = {k: with_text(v) for k, v in data.items()}
        if "message" in data and "params" in data:
            rendered["text"] = render_message(data["message"], data["params"])
        return rendered
    if isinstance(data, list):
        return [with_text(v) for v in data]
    return data
