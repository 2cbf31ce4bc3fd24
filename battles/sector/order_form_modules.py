"""Seed 001's parts of the orders form (001_5d751c33a121b07e.txt; reference/sector-modules.md),
for each module the battle has on: in phase 0 the units hidden in ambush, the traps laid and the
independent units' 2 standing orders; each round an ambush's one order (its markers moved, or
an attack from ambush), scouts, ambushes that strike scouts, replaced standing orders, the
artifact each character uses, and which "[]" is revealed first. The fields are built from the
side's own view and offer only what the rules allow; the form only translates them to the
services' JSON (battles.sector.order_data reads it, the rules judge it)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from battles.sector.adapters import modules_of
from battles.sector.labels import marker_label
from battles.sector.models import MORALE_SIGN_CHOICES, TERRAIN_KIND_CHOICES
from rules.cerilia.ambush_orders import in_own_half
from rules.cerilia.artifact_cards import ArtifactEffect
from rules.cerilia.artifact_orders import USE_AIMS, use_aims
from rules.cerilia.concealment import MARKERS, Concealment
from rules.cerilia.field import RESERVE, SECTORS
from rules.cerilia.modules import STANDING_ORDERS, Role, StandingKind
from rules.cerilia.state import AMBUSH_TERRAIN
from rules.sides import Side

if TYPE_CHECKING:
    from battles.sector.models import SectorBattle
    from rules.sides import Side

STANDING_LABELS = {
    StandingKind.ADVANCE_TO: _("advance to (a sector)"),
    StandingKind.HOLD: _("hold"),
    StandingKind.SHOOT_NEAREST: _("shoot the nearest enemy"),
    StandingKind.SHOOT: _("shoot (an enemy unit)"),
    StandingKind.SCOUT: _("scout its forest or ravine"),
}
assert set(STANDING_LABELS) == set(StandingKind), "every standing order needs a label"
# The standing orders that name a target (reference: "`advance_to <sector>`, `shoot <unit>`").
AIMED_STANDING = (StandingKind.ADVANCE_TO, StandingKind.SHOOT)
MARKER_LABELS = (_("first marker"), _("second marker"), _("third marker"))
def blank(pairs) -> list[tuple[str, Any]]:
    return [("", "—"), *pairs]


def own_half(side_value: str) -> list[str]:
    """Reference, ruling: "its own half of the field (rows 1–2 for the attacker, 2–3 for the
    defender)"."""
    return [s for s in SECTORS if in_own_half(Side(side_value), s)]


def ambush_ground(view: Mapping[str, Any], sector: str) -> bool:
    """Whether the side sees a forest or ravine in `sector` (its own illusions aside: it knows
    what lies under them)."""
    seen = view.get("sectors", {}).get(sector, {}).get("terrain", [])
    return any(t["kind"] in AMBUSH_TERRAIN for t in seen if not t.get("illusory"))


def _path(text: str | None) -> list[str]:
    return [p.upper() for p in (text or "").replace(",", " ").split()]


def _text(value: Any) -> str:
    return " ".join(value) if isinstance(value, list | tuple) else str(value or "")


class ModuleOrdersForm(forms.Form):
    """The fields and JSON of seed 001's modules: the base of SectorOrdersForm, which sets the
    battle, the side's view and its units before `_module_setup`."""

    battle: SectorBattle
    view: Mapping[str, Any]
    side: Side
    units: list[Mapping[str, Any]]

    def _module_setup(self, standing: Mapping[str, Any] | None) -> None:
        self.modules = modules_of(self.battle)
        self.standing = {k: list(v) for k, v in (standing or {}).items()}
        self.trap_rows: list[dict[str, Any]] = []
        self.character_keys: list[str] = []
        self.own_ambushes = [a for a in self.view.get("ambushes", [])
                             if a.get("kind") == Concealment.AMBUSH and not a.get("over")]
        self.enemy_markers = [(m["key"], marker_label(m)) for m in self.view.get("markers", [])]

    # -- who may do what ------------------------------------------------------------------

    def independent(self, unit: Mapping[str, Any]) -> bool:
        """Module "command": an independent warrior ("Самостоятельный", a card tag)."""
        return self.modules.command and "independent" in unit.get("card", {}).get("tags", [])

    def follows_standing(self, unit: Mapping[str, Any]) -> bool:
        """An independent unit with its standing orders takes no other order (replacing one
        is the way to change them)."""
        return self.independent(unit) and bool(self.standing.get(unit["key"]))

    def ambush_of(self, unit: Mapping[str, Any]) -> Mapping[str, Any] | None:
        if not self.modules.ambush or not unit.get("ambush"):
            return None
        return next((a for a in self.own_ambushes if a["key"] == unit["ambush"]), None)

    # -- phase 0 --------------------------------------------------------------------------

    def _standing_fields(self, unit: Mapping[str, Any], enemies,
                         *, deploying: bool) -> list[str]:
        """Seed: "Перед игрой игрок определяет 2 приказа"; later "затратить 2 КН (ЗС) за
        каждый заменяемый приказ"."""
        kinds = blank((k.value, STANDING_LABELS[k]) for k in StandingKind)
        aims = [("", "—"), (gettext("sectors"), [(s, s) for s in SECTORS]),
                (gettext("enemy units"), enemies)]
        names = []
        for i in range(STANDING_ORDERS):
            kind, target = f"standing-{unit['key']}-{i}-kind", f"standing-{unit['key']}-{i}-target"
            self.fields[kind] = forms.ChoiceField(
                label=gettext("standing order %(number)s") % {"number": i + 1},
                required=False, choices=kinds,
                help_text=gettext("Required: an independent unit follows 2 standing orders.")
                if deploying and i == 0 else
                gettext("Replacing a standing order costs 2 points.") if i == 0 else "")
            if deploying:
                self.fields[kind].widget.attrs["required"] = True
            self.fields[target] = forms.ChoiceField(label=_("its sector or target"),
                                                    required=False, choices=aims)
            names += [kind, target]
        return names

    def _deployment_module_fields(self, row: dict[str, Any],
                                  unit: Mapping[str, Any], enemies) -> None:
        key = unit["key"]
        if self.independent(unit):
            row["names"] += self._standing_fields(unit, enemies, deploying=True)
        elif self.modules.ambush:
            ground = [s for s in own_half(self.side.value) if ambush_ground(self.view, s)]
            if ground:
                self.fields[f"ambush-{key}"] = forms.ChoiceField(
                    label=_("hide in ambush in"), required=False,
                    choices=blank((s, s) for s in ground),
                    help_text=gettext("A forest or ravine of your half of the field; the unit "
                                      "is then not deployed."))
                self.fields[f"ambush-{key}-name"] = forms.CharField(
                    label=_("its markers' public name"), required=False, max_length=60)
                row["names"] += [f"ambush-{key}", f"ambush-{key}-name"]

    def _trap_fields(self, supply: Mapping[str, Any]) -> None:
        """Seed: "кладет три маркера засады, один из которых реальный"."""
        half = blank((s, s) for s in own_half(self.side.value))
        for trap in supply.get("traps", []) if self.modules.ambush else ():
            key = trap["key"]
            names = [f"trap-{key}-name", *(f"trap-{key}-sector-{i}" for i in range(MARKERS)),
                     f"trap-{key}-real"]
            self.fields[names[0]] = forms.CharField(label=_("public name"), required=False,
                                                    max_length=60)
            for i in range(MARKERS):
                self.fields[names[1 + i]] = forms.ChoiceField(label=MARKER_LABELS[i],
                                                              required=False, choices=half)
            self.fields[names[-1]] = forms.ChoiceField(
                label=_("the real one"), required=False,
                choices=[(str(i), MARKER_LABELS[i]) for i in range(MARKERS)])
            self.trap_rows.append({"trap": trap, "names": names})

    # -- rounds ---------------------------------------------------------------------------

    def _round_module_fields(self, row: dict[str, Any],
                             unit: Mapping[str, Any], enemies) -> None:
        key, ambush = unit["key"], self.ambush_of(unit)
        if ambush is not None:
            row["ambush"] = ambush
            row["names"] += self._marker_fields(unit, ambush)
            if self.modules.scouting:
                name = f"strike-{ambush['key']}"
                self.fields[name] = forms.BooleanField(
                    label=_("strike scouts who miss it"), required=False)
                row["names"].append(name)
        if self.independent(unit) and self.standing.get(key):
            row["names"] += self._standing_fields(unit, enemies, deploying=False)
        elif self.modules.scouting and ambush is None and unit["position"] != RESERVE \
                and ambush_ground(self.view, unit["position"]):
            self.fields[f"scout-{key}"] = forms.BooleanField(
                label=_("scout this forest or ravine"), required=False,
                help_text=gettext("It neither moves nor shoots this round."))
            row["names"].append(f"scout-{key}")

    def _marker_fields(self, unit: Mapping[str, Any],
                       ambush: Mapping[str, Any]) -> list[str]:
        """Seed: "один приказ находящемуся в засаде батальону": its markers move at half speed
        (the first time three are laid, one true), or it attacks (its target field)."""
        key, markers = ambush["key"], sorted(ambush.get("markers", []), key=lambda m: m["key"])
        points = (unit.get("card", {}).get("movement", 0) + 1) // 2
        names = []
        starts = [m["sector"] for m in markers] or [ambush["sector"]] * MARKERS
        for i, start in enumerate(starts):
            name = f"marker-{key}-{i}"
            truth = gettext(" (true)") if markers and markers[i].get("true") else ""
            self.fields[name] = forms.CharField(
                label=gettext("path of the %(marker)s from %(sector)s%(truth)s")
                % {"marker": MARKER_LABELS[i], "sector": start, "truth": truth},
                required=False, max_length=30,
                help_text=gettext("e.g. “B2 C2”: at half speed, %(points)s sectors.")
                % {"points": points} if i == 0 else "")
            names.append(name)
        if not markers:
            self.fields[f"marker-{key}-true"] = forms.ChoiceField(
                label=_("lay its 3 markers; the true one is the"), required=False,
                choices=blank((str(i), MARKER_LABELS[i]) for i in range(MARKERS)))
            names.append(f"marker-{key}-true")
        return names

    def _character_fields(self, own, enemies) -> list[tuple[Mapping[str, Any], list[str]]]:
        """Module "artifacts": each living character may use one artifact it carries that has
        uses left, aimed when it is a bound spell or a banner."""
        rows: list[tuple[Mapping[str, Any], list[str]]] = []
        for character in self.view.get("casters", []):
            if character["side"] != self.side.value or character.get("killed"):
                continue
            carried = [a for a in self.view.get("artifacts", [])
                       if a.get("carried_by") == character["key"] and a.get("uses", 0) > 0]
            if not self.modules.artifacts or not carried:
                rows.append((character, []))
                continue
            key = character["key"]
            self.fields[f"artifact-{key}"] = forms.ChoiceField(
                label=_("artifact to use"), required=False, choices=blank(
                    (a["key"], gettext("%(name)s (%(uses)s uses left)") % a) for a in carried))
            names = [f"artifact-{key}"]
            aims = {aim for a in carried for aim in use_aims(ArtifactEffect(a["effect"]))}
            sectors = [(s, s) for s in SECTORS]
            choices = {
                "target": [("", "—"), (gettext("sectors"), sectors),
                           (gettext("your units"), own), (gettext("enemy units"), enemies)],
                "toward": blank(sectors), "terrain": blank(TERRAIN_KIND_CHOICES),
                "sign": blank(MORALE_SIGN_CHOICES)}
            labels = {"target": _("its bound spell's sector or unit"),
                      "toward": _("toward"), "terrain": _("terrain"), "sign": _("morale sign")}
            for aim in USE_AIMS:
                if aim in aims:
                    self.fields[f"artifact-{key}-{aim}"] = forms.ChoiceField(
                        label=labels[aim], required=False, choices=choices[aim])
                    names.append(f"artifact-{key}-{aim}")
            rows.append((character, names))
        return rows

    # -- to and from the services' JSON ---------------------------------------------------

    def _standing_given(self, key: str) -> list[dict[str, Any]]:
        data, given = self.cleaned_data, []
        for i in range(STANDING_ORDERS):
            kind = data.get(f"standing-{key}-{i}-kind")
            if kind:
                order = {"kind": kind}
                if kind in AIMED_STANDING and data.get(f"standing-{key}-{i}-target"):
                    order["target"] = data[f"standing-{key}-{i}-target"]
                given.append(order)
        return given

    def _deployment_module_orders(self, orders: dict[str, Any]) -> None:
        data = self.cleaned_data
        standing, ambushes, traps = {}, {}, {}
        for unit in self.units:
            key = unit["key"]
            if f"standing-{key}-0-kind" in self.fields and self._standing_given(key):
                standing[key] = self._standing_given(key)
            if data.get(f"ambush-{key}"):
                ambushes[key] = {"sector": data[f"ambush-{key}"],
                                 "name": data.get(f"ambush-{key}-name", "")}
                orders["placements"].pop(key, None)   # "not also deployed on the field"
        for row in self.trap_rows:
            key = row["trap"]["key"]
            sectors = [data[f"trap-{key}-sector-{i}"] for i in range(MARKERS)
                       if data.get(f"trap-{key}-sector-{i}")]
            if data.get(f"trap-{key}-name") or sectors:
                traps[key] = {"name": data.get(f"trap-{key}-name", ""), "sectors": sectors,
                              "real": int(data.get(f"trap-{key}-real") or 0)}
        orders.update({k: v for k, v in (("standing", standing), ("ambushes", ambushes),
                                         ("traps", traps)) if v})

    def _round_module_orders(self, orders: dict[str, Any]) -> None:
        data = self.cleaned_data
        parts: dict[str, Any] = {"standing": {}, "markers": {}, "scouts": [], "artifacts": {},
                                 "strike_scouts": []}
        for unit in self.units:
            key = unit["key"]
            if f"standing-{key}-0-kind" in self.fields:
                given = self._standing_given(key)
                current = [{"kind": o["kind"], **({"target": o["target"]}
                                                  if o.get("target") else {})}
                           for o in self.standing.get(key, [])]
                if given and given != current:   # only a replaced order is an order (it costs)
                    parts["standing"][key] = given
            if data.get(f"scout-{key}"):
                parts["scouts"].append(key)
        for ambush in self.own_ambushes:
            key = ambush["key"]
            paths = [_path(data.get(f"marker-{key}-{i}")) for i in range(MARKERS)
                     if f"marker-{key}-{i}" in self.fields]
            laying = bool(data.get(f"marker-{key}-true"))
            if any(paths) or laying:
                move: dict[str, Any] = {"paths": paths}
                if laying:
                    move["true"] = int(data[f"marker-{key}-true"])
                parts["markers"][key] = move
            if data.get(f"strike-{key}"):
                parts["strike_scouts"].append(key)
        for key in self.character_keys:
            if data.get(f"artifact-{key}"):
                use = {"artifact": data[f"artifact-{key}"]}
                use.update({aim: data[f"artifact-{key}-{aim}"]
                            for aim in USE_AIMS
                            if data.get(f"artifact-{key}-{aim}")})
                parts["artifacts"][key] = use
        first = _path(data.get("reveal_first"))
        if first:
            parts["reveal_first"] = first
        orders.update({k: v for k, v in parts.items() if v})

    @staticmethod
    def module_initial(orders: Mapping[str, Any], standing: Mapping[str, Any] | None
                       ) -> dict[str, Any]:
        """The module fields' values from stored orders (else the current standing orders)."""
        initial: dict[str, Any] = {}
        given = {**(standing or {}), **(orders.get("standing") or {})}
        for key, pair in given.items():
            for i, order in enumerate(pair if isinstance(pair, list) else []):
                if isinstance(order, Mapping):
                    initial[f"standing-{key}-{i}-kind"] = order.get("kind") or ""
                    initial[f"standing-{key}-{i}-target"] = order.get("target") or ""
        for key, plan in (orders.get("ambushes") or {}).items():
            if isinstance(plan, Mapping):
                initial[f"ambush-{key}"] = plan.get("sector", "")
                initial[f"ambush-{key}-name"] = plan.get("name", "")
        for key, plan in (orders.get("traps") or {}).items():
            if isinstance(plan, Mapping):
                initial[f"trap-{key}-name"] = plan.get("name", "")
                for i, sector in enumerate(plan.get("sectors") or []):
                    initial[f"trap-{key}-sector-{i}"] = sector
                initial[f"trap-{key}-real"] = str(plan.get("real") or 0)
        for key, move in (orders.get("markers") or {}).items():
            if isinstance(move, Mapping):
                for i, path in enumerate(move.get("paths") or []):
                    initial[f"marker-{key}-{i}"] = _text(path)
                if "true" in move:
                    initial[f"marker-{key}-true"] = str(move["true"])
        for key in orders.get("scouts") or []:
            initial[f"scout-{key}"] = True
        for key in orders.get("strike_scouts") or []:
            initial[f"strike-{key}"] = True
        for key, use in (orders.get("artifacts") or {}).items():
            if isinstance(use, Mapping):
                initial[f"artifact-{key}"] = use.get("artifact", "")
                for aim in USE_AIMS:
                    if use.get(aim):
                        initial[f"artifact-{key}-{aim}"] = use[aim]
        if orders.get("reveal_first"):
            initial["reveal_first"] = _text(orders["reveal_first"])
        return initial


def module_field(head: str, rest: str) -> str | None:
    """The form field of a violation path of seed 001's parts ("markers.<ambush>.paths.1" →
    "marker-<ambush>-1"), or None."""
    key, _dot, tail = rest.partition(".")
    part, _dot, index = tail.partition(".")
    index = index.partition(".")[0]   # "paths.1.0" (a step the schema refused) → path 1
    if head == "markers":
        return f"marker-{key}-true" if part == "true" else f"marker-{key}-{index or 0}"
    if head == "scouts":
        return f"scout-{key}"
    if head == "strike_scouts":
        return f"strike-{key}"
    if head == "artifacts":
        return f"artifact-{key}-{part}" if part and part != "artifact" else f"artifact-{key}"
    if head == "standing":
        which = "kind" if not part or tail.endswith("kind") else "target"
        return f"standing-{key}-{part or 0}-{which}"
    if head == "ambushes":
        return f"ambush-{key}-name" if part == "name" else f"ambush-{key}"
    if head == "traps":
        if part == "sectors":
            return f"trap-{key}-sector-{index or 0}"
        return f"trap-{key}-real" if part == "real" else f"trap-{key}-name"
    if head == "reveal_first":
        return "reveal_first"
    return None


def character_roles(character: Mapping[str, Any]) -> list[str]:
    """A character's roles as words, with its points under module "command"."""
    roles = set(character.get("roles", []))
    if character.get("school"):
        roles.add(Role.PRIEST if character["school"] == "priest" else Role.WIZARD)
    words = {Role.GENERAL: _("general"), Role.HERO: _("hero"), Role.WIZARD: _("wizard"),
             Role.PRIEST: _("priest")}
    return [str(words[r]) for r in Role if r in roles]
