"""A sector battle's battlefield as coordinates for an inline SVG (the sector battle page).

The field is the seed's 5×3 grid: columns A–E, rows 1 (the attacker's line) to 3 (the
defender's), each side's reserve beside its own line. The viewer's own line is drawn at the
bottom (the attacker's for the GM's truth). Each sector shows its terrain cards (fills for forest,
swamp and hills; a frame for a fortification; a thick line on the edge toward the named
neighbour for cliffs, a river or a wall spell), fog, and both sides' units as cards in cell
order, each side in the half of the sector nearer its own line.

The input is a view of rules.cerilia.side_views — a side's (`side_view`) or the GM's
(`full_view`) — and nothing else, so a player's picture can show only what their side sees.
Integers only: the template must not localize a decimal comma into the SVG."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from battles.sector.labels import side_label
from battles.sector.picture_markers import marker_tokens
from battles.sector.picture_models import model_notes, plays_models, victory_caption
from rules.cerilia.field import COLUMNS, ROWS, SECTORS, home_row
from rules.cerilia.spells import SPELL_LABELS, WALLS
from rules.cerilia.state import DIRECTED_TERRAIN, TERRAIN_LABELS, TerrainKind
from rules.sides import Side

PAD = 8
TITLE_H = 22        # the picture's title
LINE_LABEL_H = 16   # "the defender's line" above the field, "the attacker's line" below it
COLUMN_H = 14       # the column letters
ROW_LABEL_W = 18    # the row numbers
SECTOR_W = 150
HEAD_H = 28         # a sector's name and its terrain's labels
CARD_W = 69
CARD_H = 34
GAP = 4
PER_ROW = 2         # cards abreast in a sector's half
RESERVE_GAP = 14
RESERVE_W = SECTOR_W
CAPTION_H = 20

FILLED = ("forest", "swamp", "hills", "ravine")
EDGED = DIRECTED_TERRAIN
WALL_LABELS = {wall.value: SPELL_LABELS[spell] for spell, wall in WALLS.items()}


def terrain_label(kind: str) -> str:
    if kind == TerrainKind.FORTIFICATION:
        # The seed's «Укрепление», not the Kingmaker scenes' fortification.
        return pgettext("terrain card", "fortification")
    labels = {k.value: v for k, v in TERRAIN_LABELS.items()}
    return _(labels[kind]) if kind in labels else kind


def _sectors(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Terrain and holders by sector, from a side's view or from the GM's truth (which adds each
    illusion, marked, beside the real terrain under it)."""
    if "sectors" in view:
        return {name: {"terrain": list(data.get("terrain", [])), "held_by": data.get("held_by")}
                for name, data in view["sectors"].items()}
    found: dict[str, dict[str, Any]] = {s: {"terrain": [], "held_by": None} for s in SECTORS}
    for terrain in view.get("terrain", []):
        found[terrain["sector"]]["terrain"].append(dict(terrain))
    for illusion in view.get("illusions", []):
        found[illusion["sector"]]["terrain"].append({
            "kind": illusion["kind"], "sector": illusion["sector"],
            "toward": illusion.get("toward"), "level": 0, "hits": 0, "illusory": True,
            "illusion_of": illusion.get("side")})
    for sector, side in (view.get("held") or {}).items():
        if sector in found:
            found[sector]["held_by"] = side
    return found


def _count(units: Iterable[Mapping[str, Any]], side: str, position: str) -> int:
    return sum(1 for u in units if u["side"] == side and u["position"] == position
               and u["status"] != "destroyed")


def _layout(views: list[Mapping[str, Any]], bottom: str) -> dict[str, Any]:
    """Sizes that fit every picture, so the slider shows each at the same height."""
    cells = max([1, *(v.get("cells_per_sector") or v.get("scenario", {}).get(
        "cells_per_sector", 1) for v in views)])
    reserve = {s.value: 1 for s in Side}
    for view in views:
        units = view.get("units", [])
        for sector in SECTORS:
            for side in Side:
                cells = max(cells, _count(units, side.value, sector))
        for side in Side:
            reserve[side.value] = max(reserve[side.value], _count(units, side.value, "reserve"))
    def rows_for(n: int) -> int:
        return -(-n // PER_ROW)
    half = rows_for(cells) * (CARD_H + GAP) + GAP
    sector_h = HEAD_H + 2 * half
    top = Side.DEFENDER.value if bottom == Side.ATTACKER else Side.ATTACKER.value
    order = [3, 2, 1] if bottom == Side.ATTACKER else [1, 2, 3]
    heights = {}
    for row in ROWS:
        height = sector_h
        for side in Side:
            if home_row(side) == row:
                height = max(height, HEAD_H + rows_for(reserve[side.value]) * (CARD_H + GAP)
                             + GAP)
        heights[row] = height
    left = PAD + ROW_LABEL_W
    field_top = TITLE_H + LINE_LABEL_H + COLUMN_H
    row_y, y = {}, field_top
    for row in order:
        row_y[row] = y
        y += heights[row]
    field_bottom = y
    height = field_bottom + LINE_LABEL_H + CAPTION_H
    return {"top": top, "bottom": bottom, "order": order, "heights": heights, "row_y": row_y,
            "half": half, "left": left, "field_top": field_top, "field_bottom": field_bottom,
            "reserve_x": left + len(COLUMNS) * SECTOR_W + RESERVE_GAP,
            "width": left + len(COLUMNS) * SECTOR_W + RESERVE_GAP + RESERVE_W + PAD,
            "height": height}


def _box(layout: dict[str, Any], sector: str) -> tuple[int, int, int, int]:
    column, row = COLUMNS.index(sector[0]), int(sector[1])
    return (layout["left"] + column * SECTOR_W, layout["row_y"][row], SECTOR_W,
            layout["heights"][row])


def _edge(layout: dict[str, Any], sector: str, toward: str | None, inset: int = 0
          ) -> dict[str, int] | None:
    """The line between `sector` and its neighbour `toward`, `inset` pixels into `sector`."""
    if not toward or toward not in SECTORS or sector not in SECTORS:
        return None
    x, y, w, h = _box(layout, sector)
    tx, ty, _tw, _th = _box(layout, toward)
    if ty == y and abs(tx - x) == SECTOR_W:
        edge_x = x + w - inset if tx > x else x + inset
        return {"x1": edge_x, "y1": y + 2, "x2": edge_x, "y2": y + h - 2}
    if tx == x and ty != y:
        edge_y = y + h - inset if ty > y else y + inset
        return {"x1": x + 2, "y1": edge_y, "x2": x + w - 2, "y2": edge_y}
    return None


def _card_at(x: int, y: int, index: int) -> tuple[int, int]:
    return (x + GAP + (index % PER_ROW) * (CARD_W + GAP),
            y + GAP + (index // PER_ROW) * (CARD_H + GAP))


def _unit_card(unit: Mapping[str, Any], x: int, y: int, *, blessed: list[str],
               casters: list[str], models: bool = False) -> dict[str, Any]:
    hits, most = unit["hits"], unit.get("card", {}).get("hits", unit["hits"])
    routed = unit["status"] == "routed"
    hidden = bool(unit.get("hidden"))
    marks, notes = [], [ngettext("%(hits)s of %(most)s hit left", "%(hits)s of %(most)s hits left",
                                 most) % {"hits": hits, "most": most}]
    wounds = group = ""
    if models:   # module "magic dice": the hits are models (picture_models.py)
        shown = model_notes(unit)
        notes, wounds, group = list(shown["notes"]), shown["wounds"], shown["group"]
    if routed:
        marks.append("↯")
        notes.append(_("routed"))
    if hidden:
        marks.append("◌")
        notes.append(_("invisible"))
    if unit.get("ambush"):
        marks.append("◆")
        notes.append(_("in ambush"))
    for sign in blessed:
        marks.append("✚")
        notes.append(_("blessed (%(sign)s)") % {"sign": _(sign)} if sign else _("blessed"))
    if casters:
        marks.append("✦")
        notes.append(", ".join(casters))
    return {"key": unit["key"], "name": unit["name"], "side": unit["side"],
            "side_label": side_label(unit["side"]), "position": unit["position"],
            "x": x, "y": y, "w": CARD_W, "h": CARD_H, "tx": x + 4, "ty": y + 13,
            "hy": y + 28, "mx": x + CARD_W - 4, "hits": hits, "most": most, "wounds": wounds,
            "group": group,
            "routed": routed, "hidden": hidden, "blessed": bool(blessed),
            "marks": " ".join(marks), "title": "; ".join(notes)}


def _terrain_text(terrain: Mapping[str, Any], *, truth: bool) -> str:
    kind = terrain["kind"]
    text = terrain_label(kind)
    if kind == "fortification":
        hits = terrain.get("hits", 0)
        text = ngettext("%(terrain)s, level %(level)s, %(hits)s hit left",
                        "%(terrain)s, level %(level)s, %(hits)s hits left", hits) % {
            "terrain": text, "level": terrain.get("level", 0), "hits": hits}
    elif kind in EDGED:
        text = (f"{text} → {terrain['toward']}" if terrain.get("toward")
                else _("%(terrain)s (direction not named yet)") % {"terrain": text})
    if terrain.get("illusory"):
        if truth and terrain.get("illusion_of"):
            text = _("illusion of the %(side)s: %(terrain)s") % {
                "side": side_label(terrain["illusion_of"]), "terrain": text}
        else:
            text = _("%(terrain)s (your illusion)") % {"terrain": text}
    return text


@dataclass(frozen=True)
class _Marks:
    """What a unit's card notes beyond its hits: its blessings' signs and the casters with it."""
    blessed: Mapping[str, list[str]]
    casters: Mapping[str, list[str]]
    models: bool = False

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> _Marks:
        blessed: dict[str, list[str]] = {}
        for effect in view.get("effects", []):
            if effect["kind"] == "bless" and effect.get("unit"):
                blessed.setdefault(effect["unit"], []).append(effect.get("sign") or "")
        casters: dict[str, list[str]] = {}
        for caster in view.get("casters", []):
            if caster.get("unit"):
                casters.setdefault(caster["unit"], []).append(caster["name"])
        return cls(blessed, casters, plays_models(view))

    def cards(self, units: Iterable[Mapping[str, Any]], x: int, y: int) -> list[dict[str, Any]]:
        """The units' cards in order, from the zone whose corner is (x, y)."""
        return [_unit_card(unit, *_card_at(x, y, i), blessed=self.blessed.get(unit["key"], []),
                           casters=self.casters.get(unit["key"], []), models=self.models)
                for i, unit in enumerate(units)]


def _sector_drawing(sector: str, box: tuple[int, int, int, int], data: Mapping[str, Any], *,
                    fog: bool, truth: bool, hiding: int = 0) -> dict[str, Any]:
    x, y, w, h = box
    terrain, held = data["terrain"], data["held_by"]
    labels = [_terrain_text(t, truth=truth) for t in terrain]
    if fog:
        labels.append(_("fog"))
    if hiding:
        # Seed 000: "На карте он будет отмечен статусом []" — that something hides, not what.
        labels.append(ngettext("[] %(count)s hidden unit", "[] %(count)s hidden units",
                               hiding) % {"count": hiding})
    return {
        "name": sector, "x": x + 1, "y": y + 1, "w": w - 2, "h": h - 2,
        "tx": x + 5, "ty": y + 12, "ly": y + 24, "mx": x + w - 30,
        "fills": [{"kind": t["kind"], "illusory": bool(t.get("illusory"))}
                  for t in terrain if t["kind"] in FILLED],
        "fog": fog,
        "hiding": hiding,
        "fortification": any(t["kind"] == "fortification" for t in terrain),
        "held_by": held, "held_label": (_("held by the %(side)s") % {
            "side": side_label(held)}) if held else "",
        "labels": ", ".join(labels),
        # Squeezed into the sector when it would run into the next one (the full text is
        # in the sector's title).
        "squeeze": w - 10 if len(", ".join(labels)) * 5 > w - 10 else 0,
        "title": "; ".join([sector, *labels]),
    }


def _terrain_edges(layout: dict[str, Any], sector: str, terrain: Iterable[Mapping[str, Any]], *,
                   truth: bool) -> list[dict[str, Any]]:
    """The lines of the sector's cliffs and rivers (real or illusory) toward their neighbours."""
    edges = []
    for t in terrain:
        line = _edge(layout, sector, t.get("toward"), 0) if t["kind"] in EDGED else None
        if line:
            edges.append({**line, "kind": t["kind"], "illusory": bool(t.get("illusory")),
                          "title": f"{sector}: {_terrain_text(t, truth=truth)}"})
    return edges


def _wall_edges(layout: dict[str, Any], effects: Iterable[Mapping[str, Any]]
                ) -> list[dict[str, Any]]:
    edges = []
    for effect in effects:
        if effect["kind"] != "wall":
            continue
        line = _edge(layout, effect.get("sector", ""), effect.get("toward"), 5)
        if line:
            name = WALL_LABELS.get(effect.get("wall") or "", _("wall"))
            edges.append({**line, "kind": "wall", "illusory": False,
                          "title": f"{effect['sector']} → {effect['toward']}: {_(name)}"})
    return edges


def _sector_cards(layout: dict[str, Any], sector: str, units: list[Mapping[str, Any]],
                  marks: _Marks) -> list[dict[str, Any]]:
    """Both sides' cards in the sector, in cell order, each side in the half nearer its line."""
    x, y, _w, _h = _box(layout, sector)
    cards = []
    for side in Side:
        here = sorted((u for u in units if u["side"] == side and u["position"] == sector),
                      key=lambda u: (u.get("cell", -1) < 0, u.get("cell", -1), u["key"]))
        zone_y = y + HEAD_H if side == layout["top"] else y + HEAD_H + layout["half"]
        cards += marks.cards(here, x, zone_y)
    return cards


def _reserve(view: Mapping[str, Any], layout: dict[str, Any], side: Side) -> dict[str, Any]:
    """A side's reserve box, beside its own line, with the casters standing in it."""
    x, y = layout["reserve_x"], layout["row_y"][home_row(side)]
    h = layout["heights"][home_row(side)]
    standing = [c["name"] for c in view.get("casters", [])
                if c["side"] == side.value and not c.get("unit")]
    return {"side": side.value, "x": x + 1, "y": y + 1, "w": RESERVE_W - 2,
            "h": h - 2, "tx": x + 5, "ty": y + 14, "cy": y + 25,
            "label": _("%(side)s's reserve") % {"side": side_label(side)},
            "casters": ", ".join(standing)}


def _reserve_cards(layout: dict[str, Any], side: Side, units: list[Mapping[str, Any]],
                   marks: _Marks) -> list[dict[str, Any]]:
    here = sorted((u for u in units if u["side"] == side and u["position"] == "reserve"),
                  key=lambda u: u["key"])
    return marks.cards(here, layout["reserve_x"], layout["row_y"][home_row(side)] + HEAD_H)


def _caption(view: Mapping[str, Any]) -> str:
    destroyed = [u["name"] for u in view.get("units", []) if u["status"] == "destroyed"]
    caption = []
    if view.get("night"):
        caption.append(_("night"))
    if destroyed:
        caption.append(_("destroyed: %(units)s") % {"units": ", ".join(destroyed)})
    if victory_caption(view):
        caption.append(victory_caption(view))
    return "; ".join(caption)


def picture(view: Mapping[str, Any], layout: dict[str, Any], *, index: int, label: str
            ) -> dict[str, Any]:
    """One battlefield: the view after a round, or now."""
    truth = "sectors" not in view
    sectors = _sectors(view)
    effects = view.get("effects", [])
    units = [u for u in view.get("units", []) if u["status"] != "destroyed"]
    marks = _Marks.of(view)
    fogged = {e["sector"] for e in effects if e["kind"] == "fog" and e.get("sector")}
    hiding = view.get("hidden_marks") or {}
    drawn_sectors, edges, cards = [], [], []
    for sector in SECTORS:
        drawn_sectors.append(_sector_drawing(sector, _box(layout, sector), sectors[sector],
                                             fog=sector in fogged, truth=truth,
                                             hiding=hiding.get(sector, 0)))
        edges += _terrain_edges(layout, sector, sectors[sector]["terrain"], truth=truth)
        cards += _sector_cards(layout, sector, units, marks)
    edges += _wall_edges(layout, effects)
    for side in Side:
        cards += _reserve_cards(layout, side, units, marks)
    return {"index": index, "y": index * layout["height"], "label": label,
            "sectors": drawn_sectors, "edges": edges, "units": cards,
            "markers": marker_tokens(view, lambda sector: _box(layout, sector)),
            "reserves": [_reserve(view, layout, side) for side in Side],
            "caption": _caption(view)}


def sector_field(views: list[tuple[str, Mapping[str, Any]]], *, bottom: str) -> dict[str, Any]:
    """`views`: (label, view) for each picture, oldest first; `bottom`: the side whose line is
    drawn at the bottom."""
    layout = _layout([v for _label, v in views], bottom)
    pictures = [picture(view, layout, index=i, label=label)
                for i, (label, view) in enumerate(views)]
    columns = [{"name": c, "x": layout["left"] + i * SECTOR_W + SECTOR_W // 2}
               for i, c in enumerate(COLUMNS)]
    rows = [{"name": r, "y": layout["row_y"][r] + layout["heights"][r] // 2 + 4}
            for r in layout["order"]]
    top, bottom_side = layout["top"], layout["bottom"]
    return {
        "width": layout["width"], "height": layout["height"],
        "total_height": max(1, len(pictures)) * layout["height"],
        "pictures": pictures, "columns": columns, "rows": rows,
        "column_y": layout["field_top"] - 3, "row_x": PAD + 4,
        "top_label": _("The %(side)s's line (row %(row)s)") % {
            "side": side_label(top), "row": home_row(Side(top))},
        "bottom_label": _("The %(side)s's line (row %(row)s)") % {
            "side": side_label(bottom_side), "row": home_row(Side(bottom_side))},
        "top_label_y": TITLE_H + 12, "bottom_label_y": layout["field_bottom"] + 13,
        "caption_y": layout["field_bottom"] + LINE_LABEL_H + 14,
        "left": layout["left"], "field_width": len(COLUMNS) * SECTOR_W,
        "models": any(plays_models(view) for _label, view in views),
    }
