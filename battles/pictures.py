"""The battlefield of each round as coordinates for an inline SVG (the battle report page).

The engine places each army in a cell of a ten-column picture (battles.reports.COLUMNS): the
attackers in columns 0, 2 and 4 (distant, nearby, engaged), the defenders mirrored in 9, 7 and 5;
one row per army of a side. Column -1 means the army has fled the field. Integers only: the
template must not localize a decimal comma into the SVG."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from armies.labels import condition_label
from battles.reports import COLUMNS
from rules.sides import Side

CELL_W = 90
ROW_H = 54
TOP = 40        # the round's title and the zones' names
BOTTOM = 34     # the caption
ARMY_W = 76
ARMY_H = 44


def _rows(rounds: list[dict[str, Any]]) -> int:
    return max((a["cell"][1] + 1 for r in rounds for a in r["armies"] if a["cell"][0] >= 0),
               default=1)


def _zones() -> list[dict[str, Any]]:
    names = {0: _("distant"), 2: _("nearby"), 4: _("engaged")}
    zones = []
    for column, name in names.items():
        for col in (column, COLUMNS - 1 - column):
            zones.append({"x": col * CELL_W + CELL_W // 2, "name": name})
    return zones


def battlefield(data: dict[str, Any], *, caption: str, fortification: str,
                fortification_side: str) -> dict[str, Any]:
    """`data`: a report through battles.reports.with_names. `fortification_side` is the scene's
    ("attacker"/"defender"), "" without a fortification."""
    rounds = data.get("rounds", [])
    rows = _rows(rounds)
    height = TOP + rows * ROW_H + BOTTOM
    width = COLUMNS * CELL_W
    max_hp = {str(a["army"]): (a.get("before") or a.get("after") or {}).get("max_hp")
              for a in data.get("armies", [])}
    wall_x = None
    if fortification:
        # The wall stands in front of its holders' engaged column.
        wall_x = 5 * CELL_W - 4 if fortification_side == "attacker" else 5 * CELL_W + 4
    pictures = []
    for index, record in enumerate(rounds):
        centres, armies, fled = {}, [], []
        for army in record["armies"]:
            column, row = army["cell"]
            if column < 0:
                fled.append(army["name"])
                continue
            x = min(column, COLUMNS - 1) * CELL_W + (CELL_W - ARMY_W) // 2
            y = TOP + row * ROW_H + (ROW_H - ARMY_H) // 2
            centres[army["army"]] = (x + ARMY_W // 2, y + ARMY_H // 2)
            conditions = [condition_label(c) for c in army.get("conditions", [])]
            armies.append({
                "key": army["army"], "name": army["name"], "side": army["side"],
                "side_label": army.get("side_label", army["side"]),
                "x": x, "y": y, "w": ARMY_W, "h": ARMY_H,
                "rx": 4 if army["side"] == Side.ATTACKER else ARMY_H // 2,
                "tx": x + ARMY_W // 2, "ty": y + 18, "hy": y + 34,
                "hp": army["hp"], "max_hp": max_hp.get(str(army["army"])),
                "out": army["hp"] == 0 or army.get("position") == "fled",
                "conditions": conditions,
            })
        lines = []
        for army in record["armies"]:
            for other in army.get("engaged_with", []):
                if army["army"] < other and army["army"] in centres and other in centres:
                    (x1, y1), (x2, y2) = centres[army["army"]], centres[other]
                    lines.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2})
        pictures.append({
            "number": record["number"], "index": index, "y": index * height,
            "armies": armies, "lines": lines, "fled": fled,
            "fortification_hp": record.get("fortification_hp"),
        })
    return {"width": width, "height": height, "total_height": max(1, len(rounds)) * height,
            "rows_height": rows * ROW_H, "top": TOP, "caption_y": TOP + rows * ROW_H + 22,
            "wall_x": wall_x, "fortification": fortification, "caption": caption,
            "zones": _zones(), "middle": width // 2, "rounds": pictures}
