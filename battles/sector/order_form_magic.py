"""Seed 002's module "magic dice" on the orders form (002_eb4cf75b750af884.txt;
reference/sector-modules.md "Module \"magic dice\""): each caster's spell gets its power dice
(1–5) and Haste its path, cell and a character who joins; each bound spell the side's units and
characters carry gets "use on 2 or 3 dice" with its aim, an artifact's bound spell its dice; the
side gets a dispel plan of a few rules. Like order_form_modules.py, the fields offer what the
rules allow and the form only translates them to the services' JSON (the keys are the engine's
field names: rules.cerilia.orders.SpellOrder, magic_dice_orders.BoundUse and DispelRule,
artifact_orders.ArtifactUse); the rules judge it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from battles.sector.models import MORALE_SIGN_CHOICES, TERRAIN_KIND_CHOICES
from battles.sector.order_form_modules import ModuleOrdersForm, blank
from rules.cerilia.bound_spell_cards import BOUND_DICE
from rules.cerilia.field import SECTORS
from rules.cerilia.magic_dice_orders import ANY, MAX_POOL, MAX_POWER_DICE, MIN_POWER_DICE
from rules.cerilia.modules import Modules, modules_from_data
from rules.cerilia.spells import MAGICAL_MOVES, SPELL_LABELS, Spell, spell_aims

# Ruling (the page's): a dispel plan of three rules covers "this spell first, then any"; the
# REST API takes as many as the side likes.
DISPEL_ROWS = 3
# A bound spell's aim, by its spell (as orders.py checks a spell order's).
AIM_PARTS = ("sector", "toward", "unit", "terrain", "sign")


def battle_modules(battle_state: Mapping[str, Any] | None) -> Modules:
    """The modules the battle's engine state plays (the scenario the engine reads)."""
    scenario = (battle_state or {}).get("scenario") or {}
    return modules_from_data(scenario.get("modules"))


def spell_label(spell: str) -> str:
    return gettext(SPELL_LABELS[Spell(spell)]) if spell in set(Spell) else spell


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class MagicOrdersForm(ModuleOrdersForm):
    """The fields and JSON of module "magic dice": the base of SectorOrdersForm (after
    `_module_setup`, `_magic_setup` reads the battle's engine state)."""

    def _magic_setup(self) -> None:
        self.magic_modules = battle_modules(self.battle.state)
        self.magic = self.magic_modules.magic_dice
        # Each bound spell the side may use: (holder key, its index on the holder, spell, power).
        self.bound_slots: list[tuple[str, int, str, str]] = []
        self.dispel_rows: list[dict[str, Any]] = []

    # -- fields ---------------------------------------------------------------------------

    def spell_dice_fields(self, key: str, known: set[str], characters) -> list[str]:
        """Reference ruling: "the order names the spell and 1–5 power dice"; Haste (XI.7.A):
        "cell changes and characters joining or leaving allowed"."""
        if not self.magic:
            return []
        self.fields[f"spell-{key}-dice"] = forms.IntegerField(
            label=_("power dice"), required=False, min_value=MIN_POWER_DICE,
            max_value=MAX_POWER_DICE,
            help_text=gettext("Required with a spell: %(least)s to %(most)s dice of your pool.")
            % {"least": MIN_POWER_DICE, "most": MAX_POWER_DICE})
        names = [f"spell-{key}-dice"]
        if known & set(MAGICAL_MOVES):
            self.fields[f"spell-{key}-path"] = forms.CharField(
                label=_("magical move: the sectors it enters"), required=False, max_length=30,
                help_text=gettext("Haste: e.g. “C2 C3”, at most %(points)s sectors.")
                % {"points": max(MAGICAL_MOVES.values())})
            self.fields[f"spell-{key}-cell"] = forms.IntegerField(
                label=_("magical move: the cell it takes"), required=False, min_value=0)
            self.fields[f"spell-{key}-joins"] = forms.ChoiceField(
                label=_("magical move: the character who joins it"), required=False,
                choices=blank(characters))
            names += [f"spell-{key}-path", f"spell-{key}-cell", f"spell-{key}-joins"]
        return names

    def bound_fields(self, holder: str, bound: list[Mapping[str, Any]], own, enemies
                     ) -> list[str]:
        """XI.6.A: «на каком количестве кубиков активируется заклинание - на 2 или на 3. Также,
        если применимо, он выбирает цель заклинания»."""
        if not self.magic:
            return []
        names: list[str] = []
        sectors = [(s, s) for s in SECTORS]
        choices = {"sector": blank(sectors), "toward": blank(sectors),
                   "unit": [("", "—"), (gettext("your units"), own),
                            (gettext("enemy units"), enemies)],
                   "terrain": blank(TERRAIN_KIND_CHOICES), "sign": blank(MORALE_SIGN_CHOICES)}
        labels = {"sector": _("its sector"), "toward": _("toward"), "unit": _("its unit"),
                  "terrain": _("terrain"), "sign": _("morale sign")}
        for index, spell in enumerate(bound):
            slot = len(self.bound_slots)
            self.bound_slots.append((holder, index, spell["spell"], spell.get("power", "")))
            name = f"bound-{slot}-dice"
            self.fields[name] = forms.ChoiceField(
                label=gettext("bound spell %(spell)s (%(power)s): use on")
                % {"spell": spell_label(spell["spell"]), "power": spell.get("power", "")},
                required=False,
                choices=blank((str(d), gettext("%(dice)s dice") % {"dice": d})
                              for d in BOUND_DICE),
                help_text=gettext("Always cast; the enemy dispels it on its power level."))
            names.append(name)
            for aim in spell_aims(spell["spell"]):
                self.fields[f"bound-{slot}-{aim}"] = forms.ChoiceField(
                    label=labels[aim], required=False, choices=choices[aim])
                names.append(f"bound-{slot}-{aim}")
        return names

    def artifact_dice_field(self, key: str, carried: list[Mapping[str, Any]]) -> list[str]:
        """An artifact's bound spell is used on 2 or 3 dice too."""
        if not self.magic or not any(a.get("spell") for a in carried):
            return []
        self.fields[f"artifact-{key}-dice"] = forms.ChoiceField(
            label=_("its bound spell on"), required=False,
            choices=blank((str(d), gettext("%(dice)s dice") % {"dice": d}) for d in BOUND_DICE))
        return [f"artifact-{key}-dice"]

    def dispel_fields(self) -> None:
        """Reference: "a spell or "any", the most dice to spend, optionally only when the
        casting total is at least N", rules in priority order."""
        if not self.magic:
            return
        spells = sorted(((s.value, gettext(SPELL_LABELS[s])) for s in Spell),
                        key=lambda pair: pair[1])
        for i in range(DISPEL_ROWS):
            names = [f"dispel-{i}-spell", f"dispel-{i}-dice", f"dispel-{i}-at_least"]
            self.fields[names[0]] = forms.ChoiceField(
                label=gettext("rule %(number)s: dispel") % {"number": i + 1}, required=False,
                choices=[("", "—"), (ANY, gettext("any spell")), *spells])
            self.fields[names[1]] = forms.IntegerField(
                label=_("with at most (dice)"), required=False, min_value=1, max_value=MAX_POOL)
            self.fields[names[2]] = forms.IntegerField(
                label=_("when it must beat at least"), required=False, min_value=0)
            self.dispel_rows.append({"number": i + 1, "names": names})

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not getattr(self, "magic", False):
            return data
        for name in [n for n in self.fields if n.startswith("spell-") and n.endswith("-dice")]:
            if data.get(name.removesuffix("-dice")) and data.get(name) is None:
                self.add_error(name, gettext("Choose the power dice."))
        for row in self.dispel_rows:
            spell, dice, least = row["names"]
            if data.get(spell) and data.get(dice) is None:
                self.add_error(dice, gettext("How many dice at most?"))
            elif not data.get(spell) and (data.get(dice) or data.get(least)):
                self.add_error(spell, gettext("Choose a spell or “any spell”."))
        return data

    # -- to and from the services' JSON ---------------------------------------------------

    def _magic_orders(self, orders: dict[str, Any]) -> None:
        if not self.magic:
            return
        data = self.cleaned_data
        for key, spell in orders.get("spells", {}).items():
            if data.get(f"spell-{key}-dice") is not None:
                spell["dice"] = data[f"spell-{key}-dice"]
            path = (data.get(f"spell-{key}-path") or "").replace(",", " ").split()
            if path:
                spell["path"] = [p.lower() if p.lower() == "reserve" else p.upper()
                                 for p in path]
            if data.get(f"spell-{key}-cell") is not None:
                spell["cell"] = data[f"spell-{key}-cell"]
            if data.get(f"spell-{key}-joins"):
                spell["joins"] = data[f"spell-{key}-joins"]
        bound, self.bound_sent, self.dispel_sent = [], [], []
        for slot, (holder, index, _spell, _power) in enumerate(self.bound_slots):
            if data.get(f"bound-{slot}-dice"):
                use: dict[str, Any] = {"holder": holder, "index": index,
                                       "dice": int(data[f"bound-{slot}-dice"])}
                use.update({aim: data[f"bound-{slot}-{aim}"] for aim in AIM_PARTS
                            if data.get(f"bound-{slot}-{aim}")})
                bound.append(use)
                self.bound_sent.append(slot)
        dispel = []
        for i in range(len(self.dispel_rows)):
            if data.get(f"dispel-{i}-spell"):
                rule: dict[str, Any] = {"spell": data[f"dispel-{i}-spell"],
                                        "dice": data.get(f"dispel-{i}-dice") or 1}
                if data.get(f"dispel-{i}-at_least"):
                    rule["at_least"] = data[f"dispel-{i}-at_least"]
                dispel.append(rule)
                self.dispel_sent.append(i)
        for key, use in orders.get("artifacts", {}).items():
            if data.get(f"artifact-{key}-dice"):
                use["dice"] = int(data[f"artifact-{key}-dice"])
        orders.update({k: v for k, v in (("bound", bound), ("dispel", dispel)) if v})

    def listed_path(self, path: str) -> str:
        """The i-th entry of the sent "bound" or "dispel" list as its slot's or row's number
        ("bound.0.unit" → "bound.<slot>.unit"; field_for names the field)."""
        head, _dot, rest = path.partition(".")
        sent = {"bound": getattr(self, "bound_sent", []),
                "dispel": getattr(self, "dispel_sent", [])}.get(head)
        index, _dot, tail = rest.partition(".")
        if sent is None or not index.isdigit() or int(index) >= len(sent):
            return path
        return f"{head}.{sent[int(index)]}" + (f".{tail}" if tail else "")

    def magic_initial(self, orders: Mapping[str, Any] | None) -> None:
        """Fill the bound spells' and dispel plan's fields from stored orders (their field
        names depend on the side's view, so the bound form does it, not `initial_from`)."""
        if not self.magic or not orders:
            return
        slots = {(holder, index): slot
                 for slot, (holder, index, _s, _p) in enumerate(self.bound_slots)}
        for use in orders.get("bound") or []:
            if not isinstance(use, Mapping):
                continue
            slot = slots.get((str(use.get("holder")), _number(use.get("index", 0)) or 0))
            if slot is not None:
                self.initial[f"bound-{slot}-dice"] = str(use.get("dice", ""))
                for aim in AIM_PARTS:
                    if use.get(aim):
                        self.initial[f"bound-{slot}-{aim}"] = use[aim]
        for i, rule in enumerate((orders.get("dispel") or [])[:DISPEL_ROWS]):
            if isinstance(rule, Mapping):
                self.initial[f"dispel-{i}-spell"] = rule.get("spell", "")
                self.initial[f"dispel-{i}-dice"] = _number(rule.get("dice"))
                self.initial[f"dispel-{i}-at_least"] = _number(rule.get("at_least"))


def spell_initial(key: str, spell: Mapping[str, Any]) -> dict[str, Any]:
    """A spell order's magic dice parts as form values."""
    initial: dict[str, Any] = {}
    if _number(spell.get("dice")) is not None:
        initial[f"spell-{key}-dice"] = spell["dice"]
    if isinstance(spell.get("path"), list | tuple):
        initial[f"spell-{key}-path"] = " ".join(spell["path"])
    if _number(spell.get("cell")) is not None:
        initial[f"spell-{key}-cell"] = spell["cell"]
    if spell.get("joins"):
        initial[f"spell-{key}-joins"] = spell["joins"]
    return initial


def magic_field(head: str, rest: str) -> str | None:
    """The form field of a violation path of module "magic dice" whose list index is already
    the slot's or row's (`listed_path`): "bound.2.unit" → "bound-2-unit", "dispel.1" →
    "dispel-1-dice"; None for other paths."""
    index, _dot, part = rest.partition(".")
    part = part.partition(".")[0]
    if head == "bound" and index.isdigit():
        return f"bound-{index}-{part if part in AIM_PARTS else 'dice'}"
    if head == "dispel" and index.isdigit():
        return f"dispel-{index}-{part if part in ('spell', 'at_least') else 'dice'}"
    return None
