"""The campaign map page (/campaigns/<id>/map/): the map drawn as SVG on the server (no script
needed; the viewBox scales it to a phone), hexes shaded where the reader does not see, the armies
the reader may see with their condition markers. Each army links to its card on its kingdom's
page, each hex to the "what is here" panel (?hex=C4). What the reader sees is turns.map_views's
`map_view`, as for the API. `map_drawing` gives the picture's context to the orders page too, which
draws the same SVG (templates/pages/map_svg.html) to pick a Deploy Army's path on."""
from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns.map_picture import KINGDOM_COLOURS, TERRAIN_COLOURS, HexShape, picture
from campaigns.models import TERRAIN_CHOICES, Campaign
from campaigns.pages.presentation import member_required
from campaigns.selectors import visible_campaigns
from rules.errors import RuleViolation
from rules.kingmaker.campaign_map import EDGE_LABELS, Edge
from rules.kingmaker.hexes import normalize_hex
from turns.map_views import ArmyOnMap, MapView, map_view

# Where the armies of one hex stand around its centre (more than four: the rest on the panel).
_SPOTS = ((-9.0, -9.0), (9.0, -9.0), (-9.0, 7.0), (9.0, 7.0))
_CONDITION_MARKS = {"weary": "W", "shaken": "S", "mired": "M", "efficient": "E",
                    "fortified": "F", "defeated": "D", "routed": "R", "outflanked": "O",
                    "pinned": "P", "concealed": "C", "destroyed": "X", "distant": "Di",
                    "engaged": "En", "lost": "L"}


@dataclass(frozen=True)
class ArmyMark:
    army: ArmyOnMap
    x: float
    y: float
    colour: str
    link: str
    marks: str  # a letter per condition, with its value (W2 S1)


def _words() -> dict[str, str]:
    words = {value: str(label) for value, label in TERRAIN_CHOICES}
    words.update(work_site=_("work site"), refuge=_("refuge"))
    return words


def _colours(campaign: Campaign) -> list[str]:
    # Every kingdom's name, in a fixed order, so a kingdom keeps its colour for every reader.
    return list(campaign.kingdoms.order_by("pk").values_list("name", flat=True))


def army_link(view: MapView, army: ArmyOnMap, map_url: str = "") -> str:
    """Its card (stat block) on its kingdom's page for the armies the reader commands; another
    kingdom's army links to its hex's panel on the map page (`map_url`; empty: this page)."""
    if army.own:
        return reverse("kingdom", args=[army.kingdom_id]) + f"#army-{army.id}"
    return f"{map_url}?hex={army.hex}#here"


def condition_marks(army: ArmyOnMap) -> str:
    return " ".join(_CONDITION_MARKS.get(code, code[:1].upper()) + (str(value) if value else "")
                    for code, value, _label in army.conditions)


def _marks(view: MapView, shapes: tuple[HexShape, ...], colours: dict[str, str],
           map_url: str) -> list[ArmyMark]:
    at = {shape.coord: shape for shape in shapes}
    marks = []
    for coord in sorted({a.hex for a in view.armies}):
        shape = at.get(coord)
        if shape is None:  # off the drawn box: the panel lists it
            continue
        for army, (dx, dy) in zip(view.armies_in(coord), _SPOTS, strict=False):
            marks.append(ArmyMark(army, round(shape.x + dx, 1), round(shape.y + dy, 1),
                                  colours.get(army.kingdom, KINGDOM_COLOURS[-1]),
                                  army_link(view, army, map_url), condition_marks(army)))
    return marks


def _panel(view: MapView, coord: str) -> dict | None:
    """What is in the hex: the map's geography (public), whether the reader sees it, and the
    armies the reader may see there."""
    try:
        coord = normalize_hex(coord, "hex")
    except RuleViolation:
        return None
    held = view.campaign_map.hexes.get(coord)
    words = _words()
    sides = {str(edge): _(label) for edge, label in EDGE_LABELS.items()}
    armies = view.armies_in(coord)
    return {
        "coord": coord,
        "held": held,
        "terrain": words.get(held.terrain, held.terrain) if held else "",
        "roads": [sides[str(e)] for e in Edge if held and e in held.roads],
        "rivers": [sides[str(e)] for e in Edge if held and e in held.rivers],
        "bridges": [sides[str(e)] for e in Edge if held and e in held.bridges],
        "seen": view.sees(coord),
        "armies": [{"army": a, "link": army_link(view, a), "marks": condition_marks(a)}
                   for a in armies],
    }


def map_drawing(view: MapView, campaign: Campaign, *, map_url: str = "") -> dict:
    """The context of the map's SVG (templates/pages/map_svg.html) and legend: the picture, the
    hexes the reader does not see, the armies' marks. A hex and another kingdom's army link to
    the hex's panel on the map page at `map_url` (empty: the page drawing it is the map page)."""
    drawn = picture(view.campaign_map, _colours(campaign), _words())
    return {
        "picture": drawn,
        "fogged": [shape for shape in drawn.hexes
                   if shape.held is not None and not view.sees(shape.coord)],
        "marks": _marks(view, drawn.hexes, drawn.kingdoms, map_url),
        "has_map": bool(view.campaign_map.hexes),
        "terrains": [(label, TERRAIN_COLOURS[value]) for value, label in TERRAIN_CHOICES],
        "map_url": map_url,
    }


@member_required
def campaign_map(request, campaign_id: int):
    campaign = get_object_or_404(visible_campaigns(request.user), pk=campaign_id)
    view = map_view(request.user, campaign)
    if view is None:
        raise Http404
    panel = _panel(view, request.GET["hex"]) if request.GET.get("hex") else None
    return render(request, "pages/campaign_map.html", {
        "campaign": campaign,
        "view": view,
        "panel": panel,
        "picked": panel["coord"] if panel else "",
        **map_drawing(view, campaign),
    })
