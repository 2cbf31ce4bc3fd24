"""The orders form of the sector battle page: one side's orders for the open round, its fields
built from the side's own view (the deployment in round 0, then moves, targets, spells and a
withdrawal), turned into and read back from the JSON battles.sector.services takes."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from armies.labels import render_message
from battles.sector.models import MORALE_SIGN_CHOICES, TERRAIN_KIND_CHOICES, SectorBattle
from battles.sector.order_form_magic import MagicOrdersForm, magic_field, spell_initial
from battles.sector.order_form_modules import character_roles, module_field
from rules.cerilia.field import COLUMNS, RESERVE, SECTORS, home_row, neighbours
from rules.cerilia.orders import may_aim_at_fortification
from rules.cerilia.spells import SPELL_LABELS, Spell, school_spells
from rules.cerilia.state import DIRECTED_TERRAIN, FORTIFICATION, School
from rules.errors import RuleViolation
from rules.sides import Side


def message_text(message: str, params: Mapping[str, Any]) -> str:
    """The message in the reader's language, its parameters filled in."""
    try:
        return render_message(message, params)
    except (KeyError, TypeError, ValueError):  # a translation that lost a parameter
        return message % dict(params) if params else message



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


class SectorOrdersForm(MagicOrdersForm):
    """One side's orders for the open round, its fields built from the side's own view (and,
    for seed 001's modules, its own `standing` orders and trap `supply`: adapters). `given`:
    the side's stored orders, for the fields named after its view (module "magic dice")."""

    def __init__(self, *args, battle: SectorBattle, view: Mapping[str, Any], side: Side,
                 standing: Mapping[str, Any] | None = None,
                 supply: Mapping[str, Any] | None = None,
                 given: Mapping[str, Any] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.battle, self.view, self.side = battle, view, side
        self.deployment = battle.round == 0
        self.units = _own_units(view, side)
        # The characters who cast spells (a general or hero without a school casts none).
        self.casters = [c for c in view.get("casters", [])
                        if c["side"] == side.value and c.get("school")
                        and not c.get("killed")]
        self.unit_rows: list[dict[str, Any]] = []
        self.caster_rows: list[dict[str, Any]] = []
        self.terrain_rows: list[dict[str, Any]] = []
        self._module_setup(standing)
        self._magic_setup(given)
        if self.deployment:
            self._deployment_fields()
            self._trap_fields(supply or {})
        else:
            self._round_fields()
            self.magic_initial(given)

    def _deployment_fields(self) -> None:
        line = [f"{c}{home_row(self.side)}" for c in COLUMNS]
        enemies = [(u["key"], f"{u['name']} ({_where(u)})") for u in _enemies(self.view, self.side)]
        for unit in self.units:
            name = f"place-{unit['key']}"
            self.fields[name] = forms.ChoiceField(
                label=_("deploy to"), required=False, initial=RESERVE,
                choices=[(RESERVE, gettext("reserve")), *[(s, s) for s in line]])
            row: dict[str, Any] = {"unit": unit, "names": [name]}
            self._deployment_module_fields(row, unit, enemies)
            self.unit_rows.append(row)
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
        # A standing order or a bound spell aims at enemy units, never at the walls.
        units_only = [pair for pair in enemies if pair[0] != FORTIFICATION]
        for unit in self.units:
            path, target = f"path-{unit['key']}", f"target-{unit['key']}"
            row: dict[str, Any] = {"unit": unit, "names": []}
            hiding = self.ambush_of(unit) is not None
            if not self.follows_standing(unit) and not hiding:
                # A unit in ambush moves with its markers; an independent one by its orders.
                self.fields[path] = forms.CharField(
                    label=_("path"), required=False, max_length=60,
                    help_text=gettext("The sectors it enters, e.g. “C2 C3” (%(points)s "
                                      "movement points); “reserve” for the reserve.")
                    % {"points": unit.get("card", {}).get("movement", 0)})
                row["names"].append(path)
            if not self.follows_standing(unit):
                # An ambush strikes battalions, never markers (ambush_orders: ruling).
                aims = enemies if hiding else [*enemies, *self.enemy_markers]
                self.fields[target] = forms.ChoiceField(
                    label=_("attack from ambush") if hiding else _("target"), required=False,
                    choices=_choices(aims))
                row["names"].append(target)
            self._round_module_fields(row, unit, units_only)
            if not self.holder_flees(unit["key"]):
                row["names"] += self.bound_fields(unit["key"],
                                                  unit.get("card", {}).get("bound", []),
                                                  own, units_only)
            self.unit_rows.append(row)
        artifacts = {c["key"]: names for c, names in self._character_fields(own, units_only)}
        self.character_keys = [k for k, names in artifacts.items() if names]
        for key, names in artifacts.items():
            if names:
                carried = [a for a in self.view.get("artifacts", [])
                           if a.get("carried_by") == key and a.get("uses", 0) > 0]
                names += self.artifact_dice_field(key, carried)
            if not self.holder_flees(key):
                names += self.bound_fields(key, next(
                    (c.get("bound", []) for c in self.view.get("casters", [])
                     if c["key"] == key), []), own, units_only)
        sectors = [(s, s) for s in SECTORS]
        spelled = {c["key"] for c in self.casters}
        characters = [(c["key"], c["name"]) for c in self.view.get("casters", [])
                      if c["side"] == self.side.value and not c.get("killed")]
        for character in self.view.get("casters", []):
            key = character["key"]
            if key not in artifacts or (key not in spelled and not artifacts[key]):
                continue
            if key not in spelled:
                self.caster_rows.append({"caster": character, "names": artifacts[key],
                                         "roles": character_roles(character)})
                continue
            caster = character
            school = school_spells(School(caster["school"]), self.modules)
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
                             (gettext("enemy units"), enemies),
                             # Seed 002: recover wounds of "a character only as the sole target".
                             *([(gettext("your characters"), characters)] if self.magic
                               else [])]),
                f"spell-{key}-terrain": forms.ChoiceField(label=_("terrain"), required=False,
                                                          choices=_choices(TERRAIN_KIND_CHOICES)),
                f"spell-{key}-sign": forms.ChoiceField(label=_("morale sign"), required=False,
                                                       choices=_choices(MORALE_SIGN_CHOICES)),
            }
            self.fields.update(fields)
            magic = self.spell_dice_fields(key, {s for s, _label in spells}, characters)
            self.caster_rows.append({"caster": caster,
                                     "names": [*fields, *magic, *artifacts[key]],
                                     "roles": character_roles(caster)})
        self.dispel_fields()
        self.fields["reveal_first"] = forms.CharField(
            label=_("reveal first"), required=False, max_length=60,
            help_text=_("When several hidden enemy units block one retreat: the sectors of "
                        "the “[]” marks to reveal first, e.g. “C2 D2”."))
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
            self._deployment_module_orders(orders)
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
        given = {"moves": moves, "targets": targets, "spells": spells,
                 "withdraw": bool(data.get("withdraw"))}
        self._round_module_orders(given)
        self._magic_orders(given)
        return given

    @classmethod
    def initial_from(cls, orders: Mapping[str, Any] | None,
                     standing: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The form's values from stored orders (the JSON `orders` above gives); the standing
        orders the side's independent units follow now, unless the orders replace them."""
        if not orders:
            return cls.module_initial({}, standing) if standing else {}
        initial: dict[str, Any] = cls.module_initial(orders, standing)
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
                initial.update(spell_initial(key, spell))
        initial["withdraw"] = bool(orders.get("withdraw"))
        return initial

    @staticmethod
    def field_for(path: str) -> str:
        """The form field of a violation's `field` ("moves.12" → "path-12")."""
        head, _dot, rest = path.partition(".")
        module = module_field(head, rest) if rest or head == "reveal_first" else None
        module = module or magic_field(head, rest)
        if module is not None:
            return module
        if head == "spells" and rest:
            key, _dot, part = rest.partition(".")
            part = part.partition(".")[0]   # "spells.<c>.path.1" → its path field
            return f"spell-{key}-{part}" if part and part != "spell" else f"spell-{key}"
        prefixes = {"placements": "place-", "directions": "direction-", "moves": "path-",
                    "targets": "target-"}
        if head in prefixes and rest:
            return prefixes[head] + rest
        return head

    def add_violations(self, error: RuleViolation) -> None:
        sent = self.orders() if hasattr(self, "cleaned_data") else {}
        for violation in error.violations:
            path = violation.field
            head, _dot, rest = path.partition(".")
            listed = sent.get(head) if head in ("scouts", "strike_scouts") else None
            if listed and rest.isdigit() and int(rest) < len(listed):
                # The list's i-th entry: its unit's or ambush's field.
                path = f"{head}.{listed[int(rest)]}"
            path = self.listed_path(path)
            name = self.field_for(path)
            text = message_text(violation.message, violation.params)
            self.add_error(name if name in self.fields else None, text)

    def rows(self) -> dict[str, Any]:
        def bound(rows):
            return [{**row, "fields": [self[n] for n in row["names"]]} for row in rows]
        return {"units": bound(self.unit_rows), "casters": bound(self.caster_rows),
                "terrain": bound(self.terrain_rows), "traps": bound(self.trap_rows),
                "dispel": bound(self.dispel_rows),
                "reveal_first": self["reveal_first"] if "reveal_first" in self.fields
                else None,
                "withdraw": self["withdraw"] if "withdraw" in self.fields else None}
