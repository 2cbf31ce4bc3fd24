"""Seed 001's markers on the battlefield picture: each ambush's and trap's markers as small
tokens along the foot of their sector, with the public name on top. A side's own markers show
which is true (its own secret); the enemy's only as markers. The GM's truth shows every side's
markers with their truth. Like pictures.py, it reads nothing but the view it is given."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from battles.sector.labels import side_label

TOKEN_W = 14
GLYPHS = {"ambush": "◆", "trap": "▲"}


def _own(view: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
    """Markers with their truth: a side's own (its view's `ambushes`), or every side's in the
    GM's view (the state's `ambushes`)."""
    for ambush in view.get("ambushes", []):
        if ambush.get("over"):
            continue
        for marker in ambush.get("markers", []):
            yield {"key": marker["key"], "kind": ambush["kind"], "name": ambush["name"],
                   "sector": marker["sector"], "side": ambush["side"],
                   "true": bool(marker.get("true")), "known": True}


def _enemy(view: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
    enemy = "defender" if view.get("side") == "attacker" else "attacker"
    for marker in view.get("markers", []):
        yield {**marker, "side": enemy, "true": False, "known": False}


def _title(marker: Mapping[str, Any]) -> str:
    kind = _("ambush") if marker["kind"] == "ambush" else _("trap")
    text = _("%(kind)s marker of “%(name)s” (%(side)s)") % {
        "kind": kind, "name": marker["name"], "side": side_label(marker["side"])}
    if marker["known"]:
        text += " — " + (_("true") if marker["true"] else _("decoy"))
    return text


def marker_tokens(view: Mapping[str, Any], box_of) -> list[dict[str, Any]]:
    """The tokens to draw: `box_of(sector)` gives the sector's (x, y, w, h)."""
    placed: dict[str, int] = {}
    tokens = []
    for marker in sorted([*_own(view), *_enemy(view)], key=lambda m: (m["sector"], m["key"])):
        x, y, w, h = box_of(marker["sector"])
        index = placed.get(marker["sector"], 0)
        placed[marker["sector"]] = index + 1
        tokens.append({**marker, "glyph": GLYPHS.get(marker["kind"], "◆"),
                       "x": x + w - 8 - (index + 1) * TOKEN_W, "y": y + h - 5,
                       "title": _title(marker)})
    return tokens
