"""The battle admin's inlines for seed 001's rows (reference/sector-modules.md): the characters
(wizards, priests, generals, heroes) with their points and the artifacts they carry, and the
traps each side may lay. Both save through battles.sector.services, which checks the acting
user (the campaign's GM) and that the battle is still being set up; the rows read-only after."""
from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from armies.adapters import render_violation
from battles.sector import services
from battles.sector.admin_cards import _in_order
from battles.sector.admin_setup import SetupOnlyInline, forms_kept
from battles.sector.models import ROLE_CHOICES, SCHOOL_LABELS, SectorCaster, SectorUnit
from battles.sector.module_models import SectorTrap
from rules.cerilia.spells import SCHOOL_SPELLS, SPELL_LABELS, Spell
from rules.cerilia.state import School
from rules.errors import RuleViolation

CHARACTER_FIELDS: list[str] = ["side", "name", "school", "roles", "unit", "spells", "wounds",
                                "full_wounds", "command", "will", "carries", "bound"]


def _spell_choices():
    return [(SCHOOL_LABELS[school], [(spell.value, gettext_lazy(SPELL_LABELS[spell]))
                                    for spell in Spell if spell in SCHOOL_SPELLS[school]])
            for school in SCHOOL_SPELLS]


def _report(form: forms.Form, error: RuleViolation) -> None:
    """The service's refusal at the row's fields (the row's own errors for the rest)."""
    for violation in error.violations:
        field = violation.field if violation.field in form.fields else None
        form.add_error(field, render_violation(violation))


class CharacterForm(forms.ModelForm):
    roles = forms.MultipleChoiceField(
        label=gettext_lazy("roles"), choices=ROLE_CHOICES, required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("A general gives orders with command points, a hero with will "
                               "points; a school makes it a wizard or priest."))
    spells = forms.MultipleChoiceField(
        label=gettext_lazy("spells"), choices=_spell_choices, required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("Spells of the caster's school only. None chosen: every spell "
                               "of the school."))

    class Meta:
        model = SectorCaster
        fields = CHARACTER_FIELDS
        widgets = {"carries": forms.CheckboxSelectMultiple}

    def clean(self):
        data = super().clean()
        school, side, unit = data.get("school"), data.get("side"), data.get("unit")
        spells = data.get("spells") or []
        if school:
            known = {spell.value for spell in SCHOOL_SPELLS[School(school)]}
            wrong = [_(SPELL_LABELS[Spell(s)]) for s in spells if s not in known]
            if wrong:
                self.add_error("spells", _("Not spells of the %(school)s's school: %(spells)s.")
                               % {"school": SCHOOL_LABELS[School(school)],
                                  "spells": ", ".join(wrong)})
            data["spells"] = _in_order(spells, [spell.value for spell in Spell])
        if unit is not None:
            battle_id = self.instance.battle_id
            if battle_id and unit.battle_id != battle_id:
                self.add_error("unit", _("Choose a unit of this battle."))
            elif side and unit.side != side:
                self.add_error("unit", _("A caster stands with a unit of its own side."))
        return data


def _character_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A row's values as services.character_save takes them."""
    return {"side": data.get("side") or "", "school": data.get("school") or "",
            "roles": list(data.get("roles") or []), "spells": list(data.get("spells") or []),
            "unit": data.get("unit"), "command": data.get("command"),
            "will": data.get("will"), "wounds": data.get("wounds") or 0,
            "bound": data.get("bound") or [], "full_wounds": data.get("full_wounds")}


class CharacterFormSet(forms.BaseInlineFormSet):
    """Each row checked by services.character_check for the GM at the page (`actor`, set by
    the inline) and saved by services.character_save, which checks it again."""

    actor: Any = None

    def clean(self):
        super().clean()
        if self.deleted_forms:
            try:
                services.setup_check(actor=self.actor, battle=self.instance)
            except RuleViolation as error:
                raise forms.ValidationError([render_violation(v) for v in error.violations]) \
                    from None
        for form in forms_kept(self):
            if form.errors or not form.has_changed():
                continue
            try:
                services.character_check(actor=self.actor, battle=self.instance,
                                         **_character_fields(form.cleaned_data))
            except RuleViolation as error:
                _report(form, error)

    def _save(self, form, character):
        data = form.cleaned_data
        return services.character_save(
            actor=self.actor, battle=self.instance, character=character, name=data["name"],
            carries=list(data.get("carries") or []), **_character_fields(data))

    def save_new(self, form, commit=True):
        return self._save(form, None)

    def save_existing(self, form, obj, commit=True):
        return self._save(form, obj)

    def delete_existing(self, obj, commit=True):
        if commit:
            services.character_remove(actor=self.actor, character=obj)


class CharacterInline(SetupOnlyInline, admin.StackedInline):
    model = SectorCaster
    form = CharacterForm
    formset = CharacterFormSet
    extra = 0
    fields = list(CHARACTER_FIELDS)
    verbose_name = gettext_lazy("character")
    verbose_name_plural = gettext_lazy("characters (wizards, priests, generals, heroes)")

    def get_fields(self, request, obj=None):
        if self._open(obj):
            return self.fields
        return ["side", "name", "school", "role_names", "unit", "spell_names", "wounds",
                "full_wounds", "command", "will", "carries", "bound"]

    def get_readonly_fields(self, request, obj=None):
        return [] if self._open(obj) else self.get_fields(request, obj)

    @admin.display(description=gettext_lazy("spells"))
    def spell_names(self, caster: SectorCaster) -> str:
        if not caster.school:
            return "—"
        if not caster.spells:
            return _("every spell of the school")
        return ", ".join(_(SPELL_LABELS.get(spell, spell)) for spell in caster.spells)

    @admin.display(description=gettext_lazy("roles"))
    def role_names(self, caster: SectorCaster) -> str:
        labels = dict(ROLE_CHOICES)
        return ", ".join(str(labels.get(role, role)) for role in caster.roles) or "—"

    def get_formset(self, request, obj=None, **kwargs):
        self._battle = obj
        formset = super().get_formset(request, obj, **kwargs)
        formset.actor = request.user  # a class made for this request
        return formset

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "unit":
            battle = getattr(self, "_battle", None)
            kwargs["queryset"] = (SectorUnit.objects.filter(battle=battle) if battle is not None
                                  else SectorUnit.objects.none())
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class TrapFormSet(forms.BaseInlineFormSet):
    """The traps a side may lay (module "ambush"), added and removed through the services."""

    actor: Any = None

    def clean(self):
        super().clean()
        changed = any(f.has_changed() or f in self.deleted_forms for f in self.forms)
        if not changed:
            return
        try:
            services.setup_check(actor=self.actor, battle=self.instance)
        except RuleViolation as error:
            raise forms.ValidationError([render_violation(v) for v in error.violations]) \
                from None

    def save_new(self, form, commit=True):
        data = form.cleaned_data
        return services.trap_add(actor=self.actor, battle=self.instance, side=data["side"],
                                 card=data["card"])

    def delete_existing(self, obj, commit=True):
        if commit:
            services.trap_remove(actor=self.actor, trap=obj)


class TrapInline(SetupOnlyInline, admin.TabularInline):
    model = SectorTrap
    formset = TrapFormSet
    extra = 0
    fields = ["side", "card"]

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.actor = request.user
        return formset
