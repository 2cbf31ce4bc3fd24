"""The form of an army order's fields (offering what the rules allow the army and what the user
may order), and its values in the API's shape: the orders page and the back office's *Army
activities* both edit orders with it, neither as JSON."""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError as DRFValidationError

from armies.activity_fields import activity_form_fields, form_params, gear_value, path_text
from armies.activity_params import validated_params
from armies.adapters import gear_item_from, render_violation
from armies.choices import ACTIVITY_KIND_LABELS
from armies.models import ArmyActivity
from armies.order_text import GEAR_PARTS
from rules.kingmaker import activities as act

K = act.ActivityKind


def _gear_params(value: str) -> dict[str, Any]:
    kind, tier, weapon, doses = (value.split(":") + ["", "", "", ""])[:4]
    return {"gear": kind, "tier": tier or None, "weapon": weapon or None,
            "doses": int(doses) if doses.isdecimal() and doses.isascii() else 0}


def _choice(label, choices, required=True) -> forms.ChoiceField:
    choices = list(choices)
    if not required:
        choices = [("", "—"), *choices]
    return forms.ChoiceField(label=label, choices=choices, required=required)


def _recruit_params(data: dict[str, Any]) -> dict[str, Any]:
    template, _sep, faction = data.pop("template").partition(":")
    tactic = data.pop("tactic")
    return {**data, "template": int(template), "faction": int(faction) if faction else None,
            "tactics": [tactic] if tactic else []}


def _recruit_initial(params: dict[str, Any]) -> dict[str, Any]:
    """The form's values for a stored recruit order (the inverse of `_recruit_params`)."""
    faction = params.get("faction")
    return {"template": f"{params.get('template')}:{faction}" if faction
            else str(params.get("template")), "tactic": (params.get("tactics") or [""])[0]}


class OrderForm(forms.Form):
    def __init__(self, *args, kingdom, current: act.Situation, army_key: str, kind: str,
                 gm: bool, locked: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        armies = [(str(a.key), a.state.name) for a in current.armies.values() if a.active]
        self.fields["army"] = _choice(_("army"), [("", gettext("leadership (no army)")),
                                                  *armies], required=False)
        army = current.armies.get(int(army_key)) \
            if army_key.isdecimal() and army_key.isascii() else None
        if army is None:
            kinds = [k for k in act.LEADERSHIP if k is not K.WARFARE_EXERCISES
                     or current.kingdom.warfare_exercises_unlocked]
        else:
            kinds = [k for k in K if k not in act.LEADERSHIP and act.army_may(army, k) is None]
        self.fields["kind"] = _choice(_("activity"), [(k.value, ACTIVITY_KIND_LABELS[k]) for k in K
                                                      if k in kinds])
        self.army = army
        self.kind = K(kind) if kind in {k.value for k in kinds} else None
        if self.kind is not None:
            # What the rules allow this army and what the user may order (captured gear: the GM).
            self.fields.update(activity_form_fields(self.kind, current, army, kingdom, gm))
            if army is not None:
                self.fields["second"] = forms.BooleanField(
                    label=_("second activity (efficient army)"), required=False)
        if locked:
            self.fields["army"].disabled = self.fields["kind"].disabled = True

    def params(self) -> dict[str, Any]:
        """The order's params in the API's shape (armies.orders.param_defaults)."""
        data = {k: v for k, v in self.cleaned_data.items() if k not in ("army", "kind", "second")}
        if self.kind is K.OUTFIT_ARMY:
            data.update(_gear_params(data.pop("gear")))
        if self.kind is K.RECRUIT_ARMY:
            data = _recruit_params(data)
        if self.kind is None:  # the view asks only a form with an activity chosen
            raise ValueError("no activity chosen")
        return validated_params(self.kind.value, form_params(self.kind, data))

    def add_violations(self, violations) -> None:
        for violation in violations:
            field = violation.field
            if field in GEAR_PARTS and "gear" in self.fields:
                field = "gear"
            # The recruit form folds the faction into the army choice and takes one tactic.
            field = {"faction": "template", "tactics": "tactic"}.get(field, field) \
                if self.kind is K.RECRUIT_ARMY else field
            self.add_error(field if field in self.fields else None, render_violation(violation))


def order_initial(editing: ArmyActivity) -> dict[str, Any]:
    """The form's values for a queued order."""
    initial = {**editing.params, "second": editing.second}
    if editing.params.get("path"):
        initial["path"] = path_text(editing.params["path"])
    if editing.kind == K.RECRUIT_ARMY.value:
        initial.update(_recruit_initial(editing.params))
    if editing.kind == K.OUTFIT_ARMY.value:
        initial["gear"] = gear_value(gear_item_from(
            kind=editing.params.get("gear"), tier=editing.params.get("tier"),
            weapon=editing.params.get("weapon"), doses=editing.params.get("doses") or 0))
    return initial


def order_params(form: OrderForm) -> dict[str, Any] | None:
    """The order's params, or None with the serializer's objections put on the form."""
    try:
        return form.params()
    except DRFValidationError as error:
        if not isinstance(error.detail, dict):  # a serializer's errors come by field
            raise
        for field, errors in error.detail.items():
            field = "gear" if field in GEAR_PARTS else field
            for message in errors:
                form.add_error(field if field in form.fields else None, str(message))
        return None
