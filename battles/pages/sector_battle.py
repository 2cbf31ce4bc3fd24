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

from django import forms
from django.contrib import messages
from django.core.exceptions import BadRequest
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError

from armies.labels import render_message
from battles.sector.labels import (
    FATE_LABELS,
    PHASE_LABELS,
    RESULT_LABELS,
    order_lines,
    order_names,
    side_label,
)
from battles.sector.models import (
    MORALE_SIGN_CHOICES,
    TERRAIN_KIND_CHOICES,
    BattleStatus,
    SectorBattle,
)
from battles.sector.pictures import sector_field
from battles.sector.selectors import (
    SectorBattleAccess,
    SideNotFound,
    access_sector_battle,
    side_orders,
)
from battles.sector.services import RoundClosed, orders_submit
from campaigns.pages.presentation import member_required
from rules.cerilia.field import COLUMNS, RESERVE, SECTORS, Side, neighbours
from rules.cerilia.orders import may_aim_at_fortification
from rules.cerilia.spells import SCHOOL_SPELLS, SPELL_LABELS, Spell
from rules.cerilia.state import DIRECTED_TERRAIN, FORTIFICATION, School
from rules.errors import RuleViolation


def _message(message: str, params: Mapping[str, Any]) -> str:
    try:
        return render_message(message, params)
    except (KeyError, TypeError, ValueError):  # a translation that lost a parameter
        return message % dict(params) if params else message


def _events_by_phase(events: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        groups.setdefault(event.get("phase", ""), []).append({
            "code": event.get("code", ""),
            "text": _message(event["message"], event.get("params") or {}),
            "card": event.get("card"),
            "result": event.get("result"),
            "result_label": str(RESULT_LABELS.get(event.get("result", ""), event.get("result") or "")),
        })
    order = [*PHASE_LABELS, *(p for p in groups if p not in PHASE_LABELS)]
    return [{"phase": phase, "label": str(PHASE_LABELS.get(phase, phase)), "events": groups[phase]}
            for phase in order if phase in groups]


# -- the orders form ------------------------------------------------------------------------

def _own_units(view: Mapping[str, Any], side: Side) -> list[Mapping[str, Any]]:
    return [u for u in view.get("units", []) if u["side"] == side.value
            and u["status"] != "destroyed"]


def _enemies(view: Mapping[str, Any], side: Side) -> list[Mapping[str, Any]]:
    """The enemy units the side's view shows (the view holds no others)."""
    return [u for u in view.get("units", []) if u["side"] != side.value
            and u["status"] != "destroyed"]


def _where(unit: Mapping[str, Any]) -> str:
    return gettext("reserve") if unit["position"] == RESERVE else unit["position"]


def _choices(pairs, *, blank: bool = True) -> list[tuple[str, str]]:
    pairs = list(pairs)
    return [("", "—"), *pairs] if blank else pairs


class SectorOrdersForm(forms.Form):
    """One side's orders for the open round, its fields built from the side's own view."""

    def __init__(self, *args, battle: SectorBattle, view: Mapping[str, Any], side: Side,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.battle, self.view, self.side = battle, view, side
        self.deployment = battle.round == 0
        self.units = _own_units(view, side)
        self.casters = [c for c in view.get("casters", []) if c["side"] == side.value]
        self.unit_rows: list[dict[str, Any]] = []
        self.caster_rows: list[dict[str, Any]] = []
        self.terrain_rows: list[dict[str, Any]] = []
        if self.deployment:
            self._deployment_fields()
        else:
            self._round_fields()

    def _deployment_fields(self) -> None:
        line = [f"{c}{self.side.home_row}" for c in COLUMNS]
        for unit in self.units:
            name = f"place-{unit['key']}"
            self.fields[name] = forms.ChoiceField(
                label=unit["name"], required=False, initial=RESERVE,
                choices=[(RESERVE, gettext("reserve")), *[(s, s) for s in line]])
            self.unit_rows.append({"unit": unit, "names": [name]})
        if self.side is Side.DEFENDER and self.battle.fortification_level:
            self.fields["fortification"] = forms.ChoiceField(
                label=_("fortification"), required=False,
                choices=_choices((s, s) for s in line),
                help_text=gettext("Level %(level)s: the sector of your line it stands in.")
                % {"level": self.battle.fortification_level})
            self.terrain_rows.append({"names": ["fortification"]})
        if self.side is Side.DEFENDER:
            for sector, data in self.view.get("sectors", {}).items():
                for terrain in data.get("terrain", []):
                    if terrain["kind"] in DIRECTED_TERRAIN and not terrain.get("toward"):
                        name = f"direction-{sector}"
                        label = str(dict(TERRAIN_KIND_CHOICES).get(terrain["kind"],
                                                                   terrain["kind"]))
                        self.fields[name] = forms.ChoiceField(
                            label=gettext("%(terrain)s in %(sector)s cuts off the way to")
                            % {"terrain": label, "sector": sector}, required=False,
                            choices=_choices((s, s) for s in neighbours(sector)))
                        self.terrain_rows.append({"names": [name]})

    def _round_fields(self) -> None:
        enemies = [(u["key"], f"{u['name']} ({_where(u)})") for u in _enemies(self.view, self.side)]
        for sector, seen in self.view.get("sectors", {}).items():
            if may_aim_at_fortification(self.side, (t["kind"] for t in seen["terrain"])):
                enemies.append((FORTIFICATION, f"{gettext('the fortification')} ({sector})"))
        own = [(u["key"], f"{u['name']} ({_where(u)})") for u in self.units]
        for unit in self.units:
            path, target = f"path-{unit['key']}", f"target-{unit['key']}"
            self.fields[path] = forms.CharField(
                label=_("path"), required=False, max_length=60,
                help_text=gettext("The sectors it enters, e.g. “C2 C3” (%(points)s movement "
                                  "points); “reserve” for the reserve.")
                % {"points": unit.get("card", {}).get("movement", 0)})
            self.fields[target] = forms.ChoiceField(label=_("target"), required=False,
                                                    choices=_choices(enemies))
            self.unit_rows.append({"unit": unit, "names": [path, target]})
        sectors = [(s, s) for s in SECTORS]
        for caster in self.casters:
            key = caster["key"]
            school = SCHOOL_SPELLS[School(caster["school"])]
            known = caster.get("spells") or school
            spells = sorted(((s, gettext(SPELL_LABELS[Spell(s)])) for s in known if s in school),
                            key=lambda pair: pair[1])
            fields = {
                f"spell-{key}": forms.ChoiceField(label=_("spell"), required=False,
                                                  choices=_choices(spells)),
                f"spell-{key}-sector": forms.ChoiceField(label=_("sector"), required=False,
                                                         choices=_choices(sectors)),
                f"spell-{key}-toward": forms.ChoiceField(label=_("toward"), required=False,
                                                         choices=_choices(sectors)),
                f"spell-{key}-unit": forms.ChoiceField(
                    label=_("unit"), required=False,
                    choices=[("", "—"), (gettext("your units"), own),
                             (gettext("enemy units"), enemies)]),
                f"spell-{key}-terrain": forms.ChoiceField(label=_("terrain"), required=False,
                                                          choices=_choices(TERRAIN_KIND_CHOICES)),
                f"spell-{key}-sign": forms.ChoiceField(label=_("morale sign"), required=False,
                                                       choices=_choices(MORALE_SIGN_CHOICES)),
            }
            self.fields.update(fields)
            self.caster_rows.append({"caster": caster, "names": list(fields)})
        self.fields["withdraw"] = forms.BooleanField(
            label=_("withdraw from the battle"), required=False,
            help_text=_("Your side leaves the field at the end of the round."))

    # -- to and from the services' JSON ------------------------------------------------------

    def orders(self) -> dict[str, Any]:
        data = self.cleaned_data
        if self.deployment:
            orders: dict[str, Any] = {"placements": {
                u["key"]: data.get(f"place-{u['key']}") or RESERVE for u in self.units}}
            if data.get("fortification"):
                orders["fortification"] = data["fortification"]
            directions = {name.removeprefix("direction-"): value for name, value in data.items()
                          if name.startswith("direction-") and value}
            if directions:
                orders["directions"] = directions
            return orders
        moves, targets, spells = {}, {}, {}
        for unit in self.units:
            path = (data.get(f"path-{unit['key']}") or "").replace(",", " ").split()
            if path:
                moves[unit["key"]] = [p.lower() if p.lower() == RESERVE else p.upper()
                                      for p in path]
            if data.get(f"target-{unit['key']}"):
                targets[unit["key"]] = data[f"target-{unit['key']}"]
        for caster in self.casters:
            key = caster["key"]
            if data.get(f"spell-{key}"):
                spell = {"spell": data[f"spell-{key}"]}
                for part in ("sector", "toward", "unit", "terrain", "sign"):
                    if data.get(f"spell-{key}-{part}"):
                        spell[part] = data[f"spell-{key}-{part}"]
                spells[key] = spell
        return {"moves": moves, "targets": targets, "spells": spells,
                "withdraw": bool(data.get("withdraw"))}

    @staticmethod
    def initial_from(orders: Mapping[str, Any] | None) -> dict[str, Any]:
        """The form's values from stored orders (the JSON `orders` above gives)."""
        if not orders:
            return {}
        initial: dict[str, Any] = {}
        for key, value in (orders.get("placements") or {}).items():
            initial[f"place-{key}"] = value
        if orders.get("fortification"):
            initial["fortification"] = orders["fortification"]
        for sector, value in (orders.get("directions") or {}).items():
            initial[f"direction-{sector}"] = value
        for key, path in (orders.get("moves") or {}).items():
            initial[f"path-{key}"] = " ".join(path) if isinstance(path, list | tuple) else path
        for key, target in (orders.get("targets") or {}).items():
            initial[f"target-{key}"] = target
        for key, spell in (orders.get("spells") or {}).items():
            if isinstance(spell, Mapping):
                initial[f"spell-{key}"] = spell.get("spell", "")
                for part in ("sector", "toward", "unit", "terrain", "sign"):
                    if spell.get(part):
                        initial[f"spell-{key}-{part}"] = spell[part]
        initial["withdraw"] = bool(orders.get("withdraw"))
        return initial

    @staticmethod
    def field_for(path: str) -> str:
        """The form field of a violation's `field` ("moves.12" → "path-12")."""
        head, _dot, rest = path.partition(".")
        if head == "spells" and rest:
            key, _dot, part = rest.partition(".")
            return f"spell-{key}-{part}" if part and part != "spell" else f"spell-{key}"
        prefixes = {"placements": "place-", "directions": "direction-", "moves": "path-",
                    "targets": "target-"}
        if head in prefixes and rest:
            return prefixes[head] + rest
        return head

    def add_violations(self, error: RuleViolation) -> None:
        for violation in error.violations:
            name = self.field_for(violation.field)
            text = _message(violation.message, violation.params)
            self.add_error(name if name in self.fields else None, text)

    def rows(self) -> dict[str, list[dict[str, Any]]]:
        def bound(rows):
            return [{**row, "fields": [self[n] for n in row["names"]]} for row in rows]
        return {"units": bound(self.unit_rows), "casters": bound(self.caster_rows),
                "terrain": bound(self.terrain_rows),
                "withdraw": self["withdraw"] if "withdraw" in self.fields else None}


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
    form = SectorOrdersForm(request.POST, battle=battle, view=access.view, side=side)
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


def _orders_context(access: SectorBattleAccess, form: SectorOrdersForm | None) -> dict[str, Any]:
    """The side's stored orders and, while the battle takes orders, the form (else filled in)."""
    battle, side, stored = access.battle, access.side, None
    if side is not None and battle.state:
        stored = side_orders(battle, side)
        if form is None and battle.takes_orders:
            form = SectorOrdersForm(initial=SectorOrdersForm.initial_from(
                stored.orders if stored else None), battle=battle, view=access.view, side=side)
    return {"form": form, "rows": form.rows() if form is not None else None, "stored": stored,
            "stored_lines": order_lines(battle.round, stored.orders, order_names(access.view))
            if stored else []}


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
