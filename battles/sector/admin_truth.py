"""The GM's look under the markers in the back office (seed 001_5d751c33a121b07e.txt: "На
верхней стороне – пометка игрока, что это за батальон, а на нижней - истинный это маркер или
ложный"): every side's ambushes and traps with which marker is true, the standing orders of
independent warriors and each character's points left. Read-only: the GM sees the truth, the
players' pages never show it."""
from __future__ import annotations

from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from battles.sector.labels import side_label
from battles.sector.models import SectorBattle
from rules.cerilia.state import BattleState, state_from_data


def _names(state: BattleState) -> dict[str, str]:
    return {**{u.key: u.name for u in state.units}, **{c.key: c.name for c in state.casters}}


def _ambush_rows(state: BattleState) -> list[tuple[Any, ...]]:
    names = _names(state)
    rows = []
    for ambush in state.ambushes:
        kind = _("ambush") if ambush.kind == "ambush" else _("trap")
        who = names.get(ambush.unit or "", "—") if ambush.unit else (ambush.card or "—")
        if ambush.over:
            where = _("revealed") if ambush.kind == "ambush" else _("spent")
        elif not ambush.markers:
            where = _("hidden in %(sector)s, no markers yet") % {"sector": ambush.sector}
        else:
            where = ", ".join(f"{m.sector}{' ✓' if m.true else ''}" for m in ambush.markers)
        rows.append((side_label(ambush.side), kind, ambush.name, who, where))
    return rows


def hidden_truth(battle: SectorBattle) -> str:
    if not battle.state:
        return "—"
    state = state_from_data(battle.state)
    names = _names(state)
    parts = []
    if state.ambushes:
        parts.append(format_html(
            "<table><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>"
            "</thead><tbody>{}</tbody></table>",
            _("side"), _("kind"), _("public name"), _("unit or card"),
            _("markers (✓ true)"),
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                             "</tr>", _ambush_rows(state))))
    standing = [(names.get(key, key), "; ".join(
        " ".join(filter(None, (o.kind.value, names.get(o.target or "", o.target))))
        for o in given)) for key, given in state.standing.items()]
    if standing:
        parts.append(format_html("<p>{}</p><ul>{}</ul>", _("Standing orders:"),
                                 format_html_join("", "<li>{}: {}</li>", standing)))
    characters = [(c.name, side_label(c.side), c.wounds, c.command, c.will,
                   _("killed") if c.killed else "") for c in state.casters]
    if characters:
        parts.append(format_html(
            "<p>{}</p><ul>{}</ul>", _("Characters (wounds, command points, will points):"),
            format_html_join("", "<li>{} ({}): {}, {}, {} {}</li>", characters)))
    return format_html_join("", "{}", ((p,) for p in parts)) if parts else "—"
