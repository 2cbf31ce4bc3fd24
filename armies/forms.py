"""Admin forms and inline formsets that check armies against the rules before saving."""
from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from armies.adapters import gear_item_from, render_located, validation_error
from armies.choices import TACTIC_CHOICES, ArmyStatus
from armies.foundry import load_actor
from armies.models import Army, ArmyTemplate
from armies.services import army_check_edit, army_lists_violations, army_validate
from campaigns.models import Faction, Kingdom
from rules.errors import RuleViolation, raise_if_any
from rules.kingmaker.conditions import Condition as RuleCondition
from rules.kingmaker.conditions import ConditionState


class ArmyForm(forms.ModelForm):
    """The GM's edit of an army's own fields, refused where `army_validate` refuses them for
    `actor` (the admin sets it per request)."""

    actor: Any = None

    class Meta:
        model = Army
        fields = ["kingdom", "template", "faction", "name", "hex", "hp", "status"]

    def _post_clean(self):
        super()._post_clean()
        try:
            army_validate(army=self.instance, user=self.actor)
        except RuleViolation as error:
            self.add_error(None, validation_error(error))


class _ArmyRulesFormSet(forms.BaseInlineFormSet):
    """Checks the army's whole list (what survives the edit) against one rule of the engine, and
    that `actor` (the admin sets it per request) may edit the army at all (army_check_edit)."""

    actor: Any = None

    def kept_forms(self):
        return [f for f in self.forms
                if f.cleaned_data and not f.cleaned_data.get("DELETE")]

    def army_ready(self) -> bool:
        army: Army = self.instance
        return bool(army.template_id and army.kingdom_id and army.hp is not None)

    def clean(self):
        super().clean()
        if self.has_changed():
            try:
                army_check_edit(army=self.instance, user=self.actor)
            except RuleViolation as error:
                raise validation_error(error, by_field=False) from None
        if any(self.errors) or not self.army_ready():
            return
        try:
            self.check_rules(self.instance)
        except RuleViolation as error:
            raise validation_error(error, by_field=False) from None

    def check_rules(self, army: Army) -> None:
        raise_if_any(army_lists_violations(army, **self.lists()))

    def lists(self) -> dict[str, Any]:
        raise NotImplementedError


class ArmyTacticFormSet(_ArmyRulesFormSet):
    def lists(self) -> dict[str, Any]:
        ordered = sorted(self.kept_forms(), key=lambda f: f.cleaned_data.get("position") or 0)
        return {"tactics": [f.cleaned_data["tactic"] for f in ordered]}


class ArmyGearFormSet(_ArmyRulesFormSet):
    def lists(self) -> dict[str, Any]:
        return {"gear": [gear_item_from(kind=f.cleaned_data["kind"],
                                        tier=f.cleaned_data.get("tier"),
                                        weapon=f.cleaned_data.get("weapon"),
                                        doses=f.cleaned_data.get("doses") or 0)
                         for f in self.kept_forms()]}


class ArmyConditionFormSet(_ArmyRulesFormSet):
    def lists(self) -> dict[str, Any]:
        return {"conditions": [ConditionState(RuleCondition(f.cleaned_data["condition"]),
                                              f.cleaned_data.get("value") or 0)
                               for f in self.kept_forms()]}


class RecruitForm(forms.Form):
    """The GM recruits an army into a kingdom (the Recruit Army activity's effect)."""

    template = forms.ModelChoiceField(queryset=ArmyTemplate.objects.none(),
                                      label=_("army type or special army"))
    name = forms.CharField(label=_("name"), max_length=120)
    hex = forms.CharField(label=_("hex"), max_length=20,
                          help_text=_("A settlement's hex for a regular army; where it was met "
                                      "for a special army."))
    tactic = forms.ChoiceField(label=_("first tactic"), required=False,
                               help_text=_("Regular armies only; cavalry and siege engines take "
                                           "their required tactic first."))
    faction = forms.ModelChoiceField(queryset=Faction.objects.none(), required=False,
                                     label=_("faction"), help_text=_("Special armies only."))
    efficient = forms.BooleanField(label=_("critical success (starts efficient)"), required=False)

    def __init__(self, *args, kingdom: Kingdom, **kwargs):
        super().__init__(*args, **kwargs)
        # The fields declared above, narrowed for the checker.
        cast(forms.ModelChoiceField, self.fields["template"]).queryset = \
            ArmyTemplate.objects.filter(recruitment_dc__isnull=False)
        cast(forms.ModelChoiceField, self.fields["faction"]).queryset = \
            Faction.objects.filter(campaign=kingdom.campaign_id)
        cast(forms.ChoiceField, self.fields["tactic"]).choices = [("", "—"), *TACTIC_CHOICES]
        settlements = list(kingdom.settlements.all())
        if settlements and not self.is_bound:
            self.initial.setdefault("hex", settlements[0].hex)


class FoundryImportForm(forms.Form):
    """The GM brings in a Foundry VTT army actor: a new army of the kingdom, or onto one of its
    armies. `kingdoms` and `armies` are the ones the GM runs (the admin's scope)."""

    file = forms.FileField(label=_("Foundry VTT army file (JSON)"))
    kingdom = forms.ModelChoiceField(queryset=Kingdom.objects.none(), label=_("kingdom"))
    army = forms.ModelChoiceField(
        queryset=Army.objects.none(), required=False, label=_("onto the army"),
        help_text=_("Blank: a new army. Else this army of the kingdom takes the file's tactics, "
                    "gear, conditions, HP and name."))
    hex = forms.CharField(label=_("hex"), max_length=20, required=False,
                          help_text=_("Blank: the hex the file names (a Muster export), else the "
                                      "army's own."))

    def __init__(self, *args, kingdoms, armies, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["kingdom"]).queryset = kingdoms
        cast(forms.ModelChoiceField, self.fields["army"]).queryset = \
            armies.filter(status=ArmyStatus.ACTIVE)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        try:
            return load_actor(upload.read())
        except RuleViolation as error:
            raise forms.ValidationError([render_located(v) for v in error.violations]) from None
