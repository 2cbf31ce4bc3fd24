"""The words the sector battle pages and the back office show for the engine's codes."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, pgettext_lazy

from battles.sector.models import MORALE_SIGN_LABELS, SECTOR_SIDE_CHOICES
from rules.cerilia.aftermath import Fate
from rules.cerilia.deck import Result
from rules.cerilia.field import RESERVE
from rules.cerilia.spells import SPELL_LABELS, Spell
from rules.cerilia.state import FORTIFICATION, TERRAIN_LABELS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

PHASE_LABELS = {
    "initiative": pgettext_lazy("sector battle", "Initiative"),
    "movement": pgettext_lazy("sector battle", "Movement"),
    "magic": pgettext_lazy("sector battle", "Battle magic"),
    "missile": pgettext_lazy("sector battle", "Missile attacks"),
    "charge": pgettext_lazy("sector battle", "Charges"),
    "melee": pgettext_lazy("sector battle", "Melee"),
    "morale": pgettext_lazy("sector battle", "Morale"),
    "end": pgettext_lazy("sector battle", "End of the round"),
}
# Keyed by the engine's members, read with the codes stored in states and reports.
RESULT_LABELS: dict[str, StrOrPromise] = {
    Result.NONE: pgettext_lazy("battle card result", "no effect"),
    Result.FALL_BACK: pgettext_lazy("battle card result", "falls back"),
    Result.HIT: pgettext_lazy("battle card result", "hit"),
    Result.ROUT: pgettext_lazy("battle card result", "rout"),
    Result.DESTROYED: pgettext_lazy("battle card result", "destroyed"),
}
assert set(RESULT_LABELS) == set(Result), "every card result needs a label"
FATE_LABELS: dict[str, StrOrPromise] = {
    Fate.INTACT: pgettext_lazy("unit fate", "intact"),
    Fate.DAMAGED: pgettext_lazy("unit fate", "damaged"),
    Fate.ROUTED: pgettext_lazy("unit fate", "routed"),
    Fate.DESTROYED: pgettext_lazy("unit fate", "destroyed"),
}
assert set(FATE_LABELS) == set(Fate), "every unit fate needs a label"


def side_label(side: str | None) -> str:
    return str(dict(SECTOR_SIDE_CHOICES).get(side or "", side or "—"))


def order_names(state: dict) -> dict[str, str]:
    """Unit, character, artifact and own ambush names by key, from a state or a side's view."""
    return {**{u["key"]: u["name"] for u in state.get("units", [])},
            **{c["key"]: c["name"] for c in state.get("casters", [])},
            **{a["key"]: a["name"] for a in state.get("artifacts", [])},
            **{a["key"]: f"“{a['name']}”" for a in state.get("ambushes", [])},
            **{m["key"]: marker_label(m) for m in state.get("markers", [])},
            **_bound_names(state)}


def _bound_names(state: dict) -> dict[str, str]:
    """Module "magic dice": "<holder>.bound.<i>" → the holder's i-th bound spell's name."""
    holders = [(u["key"], u.get("card", {}).get("bound", [])) for u in state.get("units", [])]
    holders += [(c["key"], c.get("bound", [])) for c in state.get("casters", [])]
    return {f"{key}.bound.{i}": gettext(str(SPELL_LABELS.get(b["spell"], b["spell"])))
            for key, bound in holders for i, b in enumerate(bound)}


def marker_label(marker: Mapping[str, Any]) -> str:
    """An enemy marker as its side sees it: whose it is by the public name, and where."""
    if marker.get("kind") == "trap":
        return gettext("trap marker “%(name)s” (%(sector)s)") % marker
    return gettext("marker of “%(name)s” (%(sector)s)") % marker


# What each paid order is, by the head of its field (rules.cerilia.command.prices).
PAID_ORDER_LABELS = {
    "moves": pgettext_lazy("paid order", "move"),
    "targets": pgettext_lazy("paid order", "missile or ambush attack"),
    "scouts": pgettext_lazy("paid order", "scouting"),
    "markers": pgettext_lazy("paid order", "markers moved"),
    "standing": pgettext_lazy("paid order", "standing orders replaced"),
}


def bill_lines(bill: Mapping[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """Module "command": the bill of a side's orders (adapters.orders_bill) as sentences: each
    order's price, the total, and the points spent and left."""
    prices = []
    for where, price in bill.get("prices", {}).items():
        head, _dot, key = where.partition(".")
        prices.append(gettext("%(unit)s, %(order)s: %(price)s points")
                      % {"unit": names.get(key, key),
                         "order": PAID_ORDER_LABELS.get(head, head), "price": price})
    spent = [gettext("your general spends %(spent)s command points, %(left)s left this "
                     "round") % {"spent": bill.get("command", 0),
                                 "left": bill.get("command_left", 0)}]
    spent += [gettext("%(hero)s spends %(spent)s will points, %(left)s left for the "
                      "battle") % {"hero": names.get(hero, hero), "spent": bill["will"].get(
                          hero, 0), "left": left}
              for hero, left in bill.get("will_left", {}).items()]
    return {"prices": prices, "total": bill.get("total", 0), "spent": spent,
            "unpaid": [gettext("No one can pay for: %(order)s.") % {"order": where}
                       for where in bill.get("unpaid", [])]}


def order_lines(number: int, data: dict, names: dict[str, str]) -> list[str]:
    """One side's orders as sentences (round 0: its deployment)."""
    data = data or {}

    def name(key):
        if key == FORTIFICATION:
            return gettext("the fortification")
        return names.get(str(key), str(key))

    def where(position):
        return gettext("its reserve") if position == RESERVE else position

    lines = []
    if number == 0:
        for key, position in (data.get("placements") or {}).items():
            lines.append(gettext("%(unit)s deploys in %(where)s.")
                         % {"unit": name(key), "where": where(position)})
        if data.get("fortification"):
            lines.append(gettext("The fortification stands in %(sector)s.")
                         % {"sector": data["fortification"]})
        for sector, toward in (data.get("directions") or {}).items():
            lines.append(gettext("The terrain in %(sector)s cuts off the way to %(toward)s.")
                         % {"sector": sector, "toward": toward})
        lines += _module_lines(data, name)
        return lines or [gettext("Everyone waits in the reserve.")]
    for key, steps in (data.get("moves") or {}).items():
        if steps:
            lines.append(gettext("%(unit)s moves: %(path)s.")
                         % {"unit": name(key), "path": " → ".join(where(s) for s in steps)})
    for key, target in (data.get("targets") or {}).items():
        lines.append(gettext("%(unit)s attacks %(target)s.")
                     % {"unit": name(key), "target": name(target)})
    for key, spell in (data.get("spells") or {}).items():
        if not spell:
            continue
        label = SPELL_LABELS.get(spell.get("spell"), spell.get("spell"))
        aims = [str(v) for v in (spell.get("sector"), spell.get("toward") and
                                 f"→ {spell['toward']}",
                                 spell.get("unit") and name(spell["unit"]),
                                 spell.get("terrain") and gettext(TERRAIN_LABELS.get(
                                     spell["terrain"], spell["terrain"])),
                                 spell.get("sign") and MORALE_SIGN_LABELS.get(
                                     spell["sign"], spell["sign"])) if v]
        if isinstance(spell.get("path"), list) and spell["path"]:   # a magical move
            aims.append(" → ".join(where(s) for s in spell["path"]))
        if spell.get("dice"):
            aims.append(gettext("%(dice)s power dice") % {"dice": spell["dice"]})
        lines.append(gettext("%(caster)s casts %(spell)s%(aim)s.")
                     % {"caster": name(key), "spell": gettext(str(label)),
                        "aim": f" ({', '.join(aims)})" if aims else ""})
    lines += _module_lines(data, name)
    lines += _magic_lines(data, name)
    if data.get("withdraw"):
        lines.append(gettext("The side withdraws from the field."))
    return lines or [gettext("Every unit holds.")]


def _items(data: dict, key: str) -> list[tuple[str, dict]]:
    """The entries of one part of the orders that read as objects (the rest are skipped: a
    summary never fails on what the rules refused)."""
    part = data.get(key)
    return [(k, v) for k, v in part.items() if isinstance(v, dict)] \
        if isinstance(part, dict) else []


def _module_lines(data: dict, name) -> list[str]:
    """Seed 001's parts of the orders as sentences: standing orders, ambushes and traps laid,
    markers moved, scouts, artifacts used."""
    lines = []
    standing = data.get("standing")
    for key, given in (standing.items() if isinstance(standing, dict) else ()):
        orders = [" ".join(str(o.get(k) or "") for k in ("kind", "target")).strip()
                  for o in given if isinstance(o, dict)] if isinstance(given, list) else []
        lines.append(gettext("%(unit)s's standing orders: %(orders)s.")
                     % {"unit": name(key), "orders": "; ".join(orders) or "—"})
    for key, plan in _items(data, "ambushes"):
        lines.append(gettext("%(unit)s hides in ambush in %(sector)s as “%(name)s”.")
                     % {"unit": name(key), "sector": plan.get("sector"),
                        "name": plan.get("name")})
    for _key, plan in _items(data, "traps"):
        lines.append(gettext("The trap “%(name)s” is laid in %(sectors)s.")
                     % {"name": plan.get("name"),
                        "sectors": ", ".join(map(str, plan.get("sectors") or []))})
    for key, _move in _items(data, "markers"):
        lines.append(gettext("The markers of %(ambush)s move.") % {"ambush": name(key)})
    scouts = data.get("scouts")
    for key in (scouts if isinstance(scouts, list) else []):
        lines.append(gettext("%(unit)s scouts its sector.") % {"unit": name(key)})
    for key, use in _items(data, "artifacts"):
        lines.append(gettext("%(character)s uses %(artifact)s.")
                     % {"character": name(key), "artifact": name(use.get("artifact"))})
    strike = data.get("strike_scouts")
    for key in (strike if isinstance(strike, list) else []):
        lines.append(gettext("%(ambush)s strikes enemy scouts who miss it.")
                     % {"ambush": name(key)})
    first = data.get("reveal_first")
    if isinstance(first, list) and first:
        lines.append(gettext("Hidden units blocking a retreat are revealed first in: "
                             "%(sectors)s.") % {"sectors": ", ".join(map(str, first))})
    return lines


def _magic_lines(data: dict, name) -> list[str]:
    """Module "magic dice": the bound spells used and the dispel plan as sentences."""
    lines = []
    bound = data.get("bound")
    for use in (bound if isinstance(bound, list) else []):
        if isinstance(use, dict):
            aims = [str(name(use[k]) if k == "unit" else use[k])
                    for k in ("sector", "toward", "unit", "terrain", "sign") if use.get(k)]
            lines.append(gettext("%(holder)s uses its bound spell %(spell)s on %(dice)s "
                                 "dice%(aim)s.")
                         % {"holder": name(use.get("holder")),
                            "spell": name(f"{use.get('holder')}.bound.{use.get('index', 0)}"),
                            "dice": use.get("dice"),
                            "aim": f" ({', '.join(aims)})" if aims else ""})
    dispel = data.get("dispel")
    rules = []
    for rule in (dispel if isinstance(dispel, list) else []):
        if isinstance(rule, dict):
            spell = str(rule.get("spell"))
            text = gettext("%(spell)s with at most %(dice)s dice") % {
                "spell": gettext("any spell") if spell == "any" else
                gettext(str(SPELL_LABELS.get(Spell(spell), spell) if spell in set(Spell)
                            else spell)), "dice": rule.get("dice")}
            if rule.get("at_least"):
                text += gettext(" when it must beat %(least)s or more") % {
                    "least": rule["at_least"]}
            rules.append(text)
    if rules:
        lines.append(gettext("Dispel plan: %(rules)s.") % {"rules": "; ".join(
            f"{i}. {text}" for i, text in enumerate(rules, 1))})
    return lines
