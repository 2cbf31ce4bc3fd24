"""The orders page's form fields for an activity's parameters, derived from the activity's
definition (rules.kingmaker.activities): one field per parameter, offering the choices the rules
allow the chosen army now, worded like the orders list (armies.order_text). Only what a definition
cannot say as data is written here: the gear as one priced choice, and the recruit form."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from armies.adapters import gear_item_from, template_state
from armies.labels import gear_label, tactic_label
from armies.models import ArmyTemplate
from armies.order_text import WORDS
from campaigns.models import Faction
from rules.kingmaker import activities as act
from rules.kingmaker.gear import MAX_POTION_DOSES, GearItem, GearKind, Tier, WeaponKind
from rules.kingmaker.tactics import learnable_tactics

K = act.ActivityKind
Fields = dict[str, forms.Field]
# A path as typed on the orders page: its longest list of hexes, spaced.
PATH_TEXT_LENGTH = 600


def choice_field(label: Any, choices, required: bool = True) -> forms.ChoiceField:
    choices = list(choices)
    if not required:
        choices = [("", "—"), *choices]
    return forms.ChoiceField(label=label, choices=choices, required=required)


def allowed(current: act.Situation, order: act.Order, field: str) -> bool:
    """Whether the rules find nothing wrong with this order's `field`."""
    return not any(v.field == field for v in act.order_violations(current, order))


def gear_value(item: GearItem) -> str:
    """The gear choice's value: the item's kind, tier, weapon and doses."""
    return ":".join([item.kind.value, item.tier.value if item.tier else "",
                     item.weapon.value if item.weapon else "", str(item.doses or 0)])


def _gear_candidates() -> Iterator[GearItem]:
    for kind in GearKind:
        if kind in (GearKind.MAGIC_ARMOR, GearKind.MAGIC_WEAPONS):
            weapons = (None,) if kind is GearKind.MAGIC_ARMOR else tuple(WeaponKind)
            for tier in Tier:
                for weapon in weapons:
                    yield gear_item_from(kind=kind, tier=tier, weapon=weapon, doses=0)
        elif kind is GearKind.HEALING_POTIONS:
            for doses in range(1, MAX_POTION_DOSES + 1):
                yield gear_item_from(kind=kind, tier=None, weapon=None, doses=doses)
        else:
            for weapon in WeaponKind:
                yield gear_item_from(kind=kind, tier=None, weapon=weapon, doses=0)


def _gear_field(field: act.ParamField, current: act.Situation, army: act.TurnArmy
                ) -> forms.Field:
    """The items this army may be fitted with, priced; the choice folds tier, weapon and doses."""
    gear = []
    for item in _gear_candidates():
        order = act.Order(0, K.OUTFIT_ARMY, act.OutfitArmy(item), army.key)
        if allowed(current, order, "gear") and allowed(current, order, "doses"):
            cost = act.outfit_quote(army, item).cost_rp
            gear.append((gear_value(item), f"{gear_label(item.label())} ({cost} RP)"))
    return choice_field(_(field.label), gear)


def recruit_fields(current: act.Situation, kingdom) -> Fields:
    """Regular armies, and the special armies of the factions the kingdom deals with (the choice
    "template:faction"); a first tactic from those any offered army could learn."""
    hexes = sorted(current.kingdom.settlement_hexes)
    offers: list[tuple[ArmyTemplate, Faction | None]] = [
        (template, None) for template in ArmyTemplate.objects.filter(special=False)]
    for partner in Faction.objects.filter(campaign_id=kingdom.campaign_id,
                                          name__in=current.kingdom.factions_with_relations):
        offers += [(template, partner) for template in partner.special_armies.all()]
    templates: list[tuple[str, str]] = []
    tactics: dict[str, str] = {}
    for template, faction in sorted(offers, key=lambda o: (o[1] is not None, o[0].name)):
        state = template_state(template)
        order = act.Order(0, K.RECRUIT_ARMY, act.RecruitArmy(
            state, "x", hexes[0] if hexes else "A1", (), faction.name if faction else None))
        if not (allowed(current, order, "template") and allowed(current, order, "faction")):
            continue
        if faction is None:
            templates.append((str(template.pk), template.name))
            tactics.update((t.code, tactic_label(t.code))
                           for t in learnable_tactics(state, current.kingdom.level, ()))
        else:
            templates.append((f"{template.pk}:{faction.pk}", gettext("%(army)s (from %(faction)s)")
                              % {"army": template.name, "faction": faction.name}))
    return {
        "template": choice_field(_("army type"), templates),
        "tactic": forms.ChoiceField(
            label=_("first tactic"), required=False,
            choices=[("", "—"), *sorted(tactics.items(), key=lambda item: str(item[1]))],
            help_text=_("Cavalry and siege engines start with their own tactic, special armies "
                        "with theirs; other armies need one.")),
        "name": forms.CharField(label=_("name"), max_length=120),
        "hex": choice_field(_("hex"), [(h, h) for h in hexes]),
    }


# A parameter the generic rule cannot offer, by name: the gear, one choice of priced items.
CUSTOM_FIELDS: Mapping[str, Callable[[act.ParamField, act.Situation, act.TurnArmy],
                                     forms.Field]] = {"gear": _gear_field}
# Activities whose form is not one field per parameter: Recruit Army folds the faction into the
# army type and takes one first tactic.
CUSTOM_FORMS: Mapping[act.ActivityKind, Callable[[act.Situation, Any], Fields]] = {
    K.RECRUIT_ARMY: recruit_fields}


def _word(field: act.ParamField, value: str, text: str) -> Any:
    if field.words == "tactic":
        return tactic_label(value)
    return WORDS.get(field.words, {}).get(value, text)


def form_field(field: act.ParamField, current: act.Situation, army: act.TurnArmy | None
               ) -> forms.Field:
    """The form field for one parameter: a flag, a count, a text, or a choice of what the rules
    allow (the definition's `options`) or of every code it takes."""
    label = _(field.label)
    if field.type is act.FieldType.BOOLEAN:
        return forms.BooleanField(label=label, required=False)
    if field.type is act.FieldType.INTEGER:
        return forms.IntegerField(label=label, min_value=field.min_value,
                                  max_value=field.max_value, initial=field.default)
    if field.type is act.FieldType.HEX_PATH:
        return forms.CharField(label=label, required=False, max_length=PATH_TEXT_LENGTH,
                               help_text=_("The hexes to step through from the army's own, "
                                           "e.g. D5 E5 (the destination last); blank: the "
                                           "cheapest way."))
    if field.type in (act.FieldType.TEXT, act.FieldType.HEX) and field.options is None:
        return forms.CharField(label=label, max_length=field.max_length)
    pairs = field.options(current, army) if field.options is not None \
        else [(str(code), str(code)) for code in field.choices]
    return choice_field(label, [(value, _word(field, value, text)) for value, text in pairs],
                        required=not field.nullable)


def activity_form_fields(kind: act.ActivityKind, current: act.Situation,
                         army: act.TurnArmy | None, kingdom, gm: bool) -> Fields:
    """The form fields for `kind`'s params, offering what the rules allow this army and what
    the user may order (a GM-only parameter such as captured gear: the GM only)."""
    custom = CUSTOM_FORMS.get(kind)
    if custom is not None:
        return custom(current, kingdom)
    definition = act.ACTIVITIES[kind]
    if army is None and not definition.leadership:
        return {}  # without an army only the leadership activities are offered
    fields: Fields = {}
    for field in definition.fields:
        if not field.on_form or (field.gm_only and not gm):
            continue
        build = CUSTOM_FIELDS.get(field.name)
        fields[field.name] = build(field, current, army) if build is not None and army is not None \
            else form_field(field, current, army)
    return fields


def form_params(kind: act.ActivityKind, data: dict[str, Any]) -> dict[str, Any]:
    """The form's values in the API's shape: an id chosen as text is a number again, a choice
    left empty is None."""
    for field in act.ACTIVITIES[kind].fields:
        if field.name not in data:
            continue
        value = data[field.name]
        if field.type is act.FieldType.ID:
            data[field.name] = int(value) if value else None
        elif field.type is act.FieldType.CHOICE and field.nullable:
            data[field.name] = value or None
        elif field.type is act.FieldType.HEX_PATH:
            data[field.name] = path_hexes(value)
    return data


def path_hexes(text: str | None) -> list[str]:
    """A path as typed ("C4 D5 E5", "C4, D5") as the API's list of hexes."""
    return [part for part in re.split(r"[\s,;]+", text or "") if part]


def path_text(hexes) -> str:
    """A stored path as the orders page's text."""
    return " ".join(hexes or ())
