"""The sector battle page: the battle's status and deadline, the battlefield after each resolved
round and now (an inline SVG with a round slider), each round's events by phase, and the orders
form of the user's side while the battle takes orders (the deployment in round 0, then moves,
targets, spells and a withdrawal), submitted through battles.sector.services.

Reads go through battles.sector.selectors.access_sector_battle: the GM of the campaign sees the
truth and may look through either side's eyes (`?side=`), and gives either side's orders; a
player of a side's kingdom sees that side's view only (rules.cerilia.side_views.side_view) —
never the whole truth — and gives its orders; anyone else gets a 404. Times show in the
campaign's time zone."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django.contrib import messages
from django.core.exceptions import BadRequest
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError

from battles.sector import adapters
from battles.sector.forms import SectorOrdersForm, message_text
from battles.sector.labels import (
    FATE_LABELS,
    PHASE_LABELS,
    RESULT_LABELS,
    bill_lines,
    order_lines,
    order_names,
    side_label,
)
from battles.sector.models import BattleStatus, SectorBattle
from battles.sector.pictures import sector_field
from battles.sector.selectors import (
    SectorBattleAccess,
    SideNotFound,
    access_sector_battle,
    side_orders,
)
from battles.sector.services import RoundClosed, orders_submit
from campaigns.pages.presentation import member_required
from rules.cerilia.modules import Role
from rules.cerilia.state import BattleState, state_from_data
from rules.errors import RuleViolation
from rules.sides import Side


def _events_by_phase(events: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        groups.setdefault(event.get("phase", ""), []).append({
            "code": event.get("code", ""),
            # A message may open with a side's words ("the defender dispels …").
            "text": capfirst(message_text(event["message"], event.get("params") or {})),
            "card": event.get("card"),
            "result": event.get("result"),
            "result_label": str(RESULT_LABELS.get(event.get("result", ""), event.get("result") or "")),
        })
    order = [*PHASE_LABELS, *(p for p in groups if p not in PHASE_LABELS)]
    return [{"phase": phase, "label": str(PHASE_LABELS.get(phase, phase)), "events": groups[phase]}
            for phase in order if phase in groups]


# -- the orders form ------------------------------------------------------------------------
# -- the page -------------------------------------------------------------------------------

def _access(request, battle_id: int) -> SectorBattleAccess:
    """The battle as the user may read it, as the side the request names. Orders for a side the
    user does not play are a 404 (a side that is none a 400); a page asked for such a side shows
    the user's own (the GM: the truth)."""
    access = access_sector_battle(request.user, battle_id)
    asked = (request.POST if request.method == "POST" else request.GET).get("side") or None
    try:
        return access.as_side(asked)
    except SideNotFound:
        if request.method == "POST":
            raise
    except ValidationError as error:
        if request.method == "POST":
            raise BadRequest(cast(dict, error.detail)["side"][0]) from None
    return access


def _page_url(battle: SectorBattle, side: Side | None, is_gm: bool) -> str:
    url = reverse("sector-battle", args=[battle.pk])
    return f"{url}?side={side.value}" if side is not None and is_gm else url


def _aftermath(battle: SectorBattle, view: Mapping[str, Any], side: Side | None
               ) -> list[dict[str, Any]]:
    """The units' fates: all of them for the GM, the side's own for a player."""
    names = {u["key"]: u["name"] for u in view.get("units", [])}
    rows = []
    for unit in (battle.result or {}).get("units", []):
        if side is not None and unit.get("side") != side.value:
            continue
        rows.append({"name": names.get(unit["key"], unit["key"]),
                     "side_label": side_label(unit["side"]),
                     "fate": str(FATE_LABELS.get(unit.get("fate"), unit.get("fate"))),
                     "hits_lost": unit.get("hits_lost", 0)})
    return rows


def _submit(request, access: SectorBattleAccess) -> SectorOrdersForm | HttpResponseRedirect:
    """The posted orders saved or refused (back to the page), or the form with what is wrong."""
    battle, side = access.battle, access.side
    back = _page_url(battle, side, access.is_gm)
    if side is None or not battle.takes_orders or not battle.state:
        messages.error(request, gettext("This battle takes no orders now."))
        return redirect(back)
    form = SectorOrdersForm(request.POST, battle=battle, view=access.view, side=side,
                            **_own_records(state_from_data(battle.state), side))
    if not form.is_valid():
        return form
    try:
        orders_submit(battle=battle, side=side.value, user=request.user, data=form.orders())
    except RuleViolation as error:
        form.add_violations(error)
        return form
    except RoundClosed:
        messages.error(request, gettext("This battle takes no orders now."))
        return redirect(back)
    messages.success(request, gettext("The orders are saved."))
    return redirect(back)


def _field(access: SectorBattleAccess, rounds: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The battlefield after each resolved round and now, the reader's own line at the bottom."""
    pictures: list[tuple[str, Mapping[str, Any]]] = [
        (gettext("After the deployment") if r["number"] == 0 else
         gettext("After round %(number)s") % {"number": r["number"]}, r)
        for r in rounds]
    if access.view:
        pictures.append((gettext("Now (round %(number)s)") % {"number": access.battle.round},
                         access.view))
    bottom = access.side.value if access.side is not None else Side.ATTACKER.value
    return sector_field(pictures, bottom=bottom) if pictures else None


def _own_records(current: BattleState, side: Side) -> dict[str, Any]:
    """What the side's orders may name besides its view (seed 001's modules): the standing
    orders its independent units follow and its trap supply; never the other side's."""
    return {"standing": adapters.side_standing(current, side),
            "supply": adapters.side_supply(current, side)}


def _points(view: Mapping[str, Any], side: Side) -> dict[str, Any] | None:
    """Module "command": the general's КН a round and each hero's ЗС left (its own view's)."""
    own = [c for c in view.get("casters", []) if c["side"] == side.value and not c.get("killed")]
    return {"command": sum(c.get("command", 0) for c in own if Role.GENERAL in c.get("roles", [])),
            "generals": [c["name"] for c in own if Role.GENERAL in c.get("roles", [])],
            "heroes": [{"name": c["name"], "will": c.get("will", 0)} for c in own
                       if Role.HERO in c.get("roles", [])]}


def _orders_context(access: SectorBattleAccess, form: SectorOrdersForm | None) -> dict[str, Any]:
    """The side's stored orders and, while the battle takes orders, the form (else filled in);
    under module command the side's points and the bill of its stored orders."""
    battle, side, stored, bill = access.battle, access.side, None, None
    names = order_names(access.view)
    if side is not None and battle.state:
        stored = side_orders(battle, side)
        current = state_from_data(battle.state)
        own = _own_records(current, side)
        if form is None and battle.takes_orders:
            form = SectorOrdersForm(initial=SectorOrdersForm.initial_from(
                stored.orders if stored else None, own["standing"]), battle=battle,
                view=access.view, side=side, given=stored.orders if stored else None, **own)
        if stored is not None:
            # The same bill the API gives (adapters.orders_bill): none in phase 0 or without
            # module command.
            bill = adapters.orders_bill(current, battle.round, side, stored.orders)
    command = adapters.modules_of(battle).command and side is not None and bool(access.view)
    return {"form": form, "rows": form.rows() if form is not None else None, "stored": stored,
            "stored_lines": order_lines(battle.round, stored.orders, names) if stored else [],
            "points": _points(access.view, side) if command and side is not None else None,
            "bill": bill_lines(bill, names) if bill is not None else None}


def _context(access: SectorBattleAccess, form: SectorOrdersForm | None) -> dict[str, Any]:
    battle, side, is_gm, now_view = access.battle, access.side, access.is_gm, access.view
    orders = _orders_context(access, form)
    rounds = access.rounds if battle.state else []
    finished, is_open = battle.status == BattleStatus.FINISHED, battle.status == BattleStatus.OPEN
    return {
        "campaign": battle.campaign, "battle": battle, "is_gm": is_gm, "side": side,
        "side_label": side_label(side.value) if side is not None else "",
        "sides": [{"value": s.value, "label": side_label(s.value)} for s in access.sides],
        "field": _field(access, rounds),
        "rounds": [{"number": r["number"],
                    "initiative": side_label(r["initiative"]) if r.get("initiative") else "",
                    "phases": _events_by_phase(r.get("events", []))}
                   for r in rounds if r["number"] > 0],
        **orders,
        "aftermath": _aftermath(battle, now_view, side) if finished else [],
        "winner_label": side_label(battle.winner) if battle.winner else "",
        "deck_left": now_view.get("deck_left", len(now_view.get("deck", []) or [])),
        # The GM sees which sides are in for the open round; a player only their own.
        "submitted_sides": [side_label(s) for s in battle.orders.filter(
            round=battle.round).order_by("side").values_list("side", flat=True)]
        if is_gm and is_open else [],
        "now": timezone.now(),
    }


@member_required
def sector_battle(request, battle_id: int):
    if request.method not in ("GET", "HEAD", "POST"):
        raise Http404
    access = _access(request, battle_id)
    form = None
    if request.method == "POST":
        submitted = _submit(request, access)
        if not isinstance(submitted, SectorOrdersForm):
            return submitted
        form = submitted
    context = _context(access, form)
    with timezone.override(access.battle.campaign.timezone):
        return render(request, "pages/sector_battle.html", context)
