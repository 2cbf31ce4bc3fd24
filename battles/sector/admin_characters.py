"""The battle admin's inlines for seed 001's rows (reference/sector-modules.md): the characters
(wizards, priests, generals, heroes) with their points and the artifacts they carry, and the
traps each side may lay. Both save through battles.sector.services, which checks the acting
user (the campaign's GM) and that the battle is still being set up; the rows read-only after."""
from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from armies.adapters import render_violation
from battles.sector import services
from battles.sector.adapters import modules_of
from battles.sector.admin_cards import _in_order
from battles.sector.admin_setup import SetupOnlyInline
from battles.sector.models import (
    ROLE_CHOICES,
    SCHOOL_LABELS,
    SectorBattle,
    SectorCaster,
    SectorUnit,
)
from battles.sector.module_models import SectorTrap
from rules.cerilia.modules import ALL_MODULES, Modules
from rules.cerilia.spells import SPELL_LABELS, Spell, school_spells
from rules.cerilia.state import School
from rules.errors import RuleViolation

CHARACTER_FIELDS: list[str] = ["side", "name", "school", "roles", "unit", "spells", "wounds",
                                "full_wounds", "command", "will", "carries", "bound"]


def _spell_choices(modules: Modules) -> list[tuple[Any, list[tuple[str, Any]]]]:
    """Each school's spells in a battle playing `modules` (seed 002's with "magic dice")."""
    return [(SCHOOL_LABELS[school], [(spell.value, gettext_lazy(SPELL_LABELS[spell]))
                                    for spell in Spell if spell in school_spells(school, modules)])
            for school in School]


def _report(form: forms.BaseForm, error: RuleViolation) -> None:
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
        label=gettext_lazy("spells"), choices=_spell_choices(ALL_MODULES), required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("Spells of the caster's school only. None chosen: every spell "
                               "of the school."))

    class Meta:
        model = SectorCaster
        fields = CHARACTER_FIELDS
        widgets = {"carries": forms.CheckboxSelectMultiple}

    def __init__(self, *args, battle: SectorBattle | None = None, actor: Any = None,
                 **kwargs):
        """`battle`: the battle the character is for; its modules decide the spells offered
        (without one, every school's spells under any module). `actor`: the GM at the page,
        for whom services.character_check checks the row."""
        super().__init__(*args, **kwargs)
        self.battle, self.actor = battle, actor
        if battle is not None:
            spells = cast(forms.MultipleChoiceField, self.fields["spells"])
            spells.choices = _spell_choices(modules_of(battle))

    def clean(self):
        data = super().clean()
        if data.get("spells"):
            data["spells"] = _in_order(data["spells"], [spell.value for spell in Spell])
        return data

    def _post_clean(self):
        # After the model's own validators (its fields' bounds), as the service would see the
        # row: its refusals come only for a row those accept.
        super()._post_clean()
        self.check_with_service()

    def check_with_service(self) -> None:
        """The row as services.character_check refuses it, its violations at their fields
        (not checked: a row with errors already, an unchanged row, one to delete, one without
        its battle)."""
        data = self.cleaned_data
        if self.errors or self.battle is None or data.get("DELETE") or not self.has_changed():
            return
        try:
            services.character_check(actor=self.actor, battle=self.battle,
                                     **_character_fields(data))
        except RuleViolation as error:
            _report(self, error)


def _character_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A row's values as services.character_save takes them."""
    return {"side": data.get("side") or "", "school": data.get("school") or "",
            "roles": list(data.get("roles") or []), "spells": list(data.get("spells") or []),
            "unit": data.get("unit"), "command": data.get("command"),
            "will": data.get("will"), "wounds": data.get("wounds") or 0,
            "bound": data.get("bound") or [], "full_wounds": data.get("full_wounds")}


class CharacterFormSet(forms.BaseInlineFormSet):
    """Each row checked by its form for the GM at the page (`actor`, set by the inline) and
    saved by services.character_save, which checks it again."""

    actor: Any = None

    def get_form_kwargs(self, index):
        return {**super().get_form_kwargs(index), "battle": self.instance, "actor": self.actor}

    def clean(self):
        super().clean()
        if self.deleted_forms:
            try:
                services.setup_check(actor=self.actor, battle=self.instance)
            except RuleViolation as error:
                raise forms.ValidationError([render_violation(v) for v in error.violations]) \
                    from None

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
