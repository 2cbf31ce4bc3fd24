"""The GM's back office for sector battles (Wars of Cerilia): a battle's scenario (terrain cards,
units, characters, traps, module switches) editable while it is being set up, the actions that
start it, close its open round and reopen a failed one, and a page of every resolved round with a
replay check from its seed. The catalogs are in admin_cards, the characters' and traps' inlines
in admin_characters."""
from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import flatten_fieldsets
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from armies.adapters import render_violation
from armies.models import Army
from armies.selectors import armies_with_details
from battles.forms import check_campaign_kingdoms
from battles.sector import adapters, admin_truth, services
from battles.sector.admin_characters import CharacterInline, TrapInline
from battles.sector.admin_rounds import rounds_view
from battles.sector.admin_setup import SetupOnlyInline, forms_kept
from battles.sector.labels import FATE_LABELS, side_label
from battles.sector.models import (
    BattleStatus,
    SectorBattle,
    SectorUnit,
    TerrainCard,
)
from battles.sector.module_models import MAX_CASTING_VALUE, MIN_CASTING_VALUE, SpellCard
from battles.sector.order_form_magic import spell_label
from campaigns.admin_scope import CampaignScopedAdmin, KnownLabelsInline
from campaigns.times import local_time
from rules.cerilia.field import distance
from rules.cerilia.spells import Spell
from rules.cerilia.state import DIRECTED_TERRAIN
from rules.errors import RuleViolation

# Seed 001's and 002's scenario switches (reference/sector-modules.md: "the GM's choice per
# battle"), and module "magic dice"'s fixed pools.
MODULE_FIELDS = ["module_command", "module_ambush", "module_scouting", "module_artifacts",
                 "module_magic_dice"]
POOL_FIELDS = ["power_dice", "dispel_dice"]
SCENARIO_FIELDS = ["campaign", "name", "attacker_kingdom", "defender_kingdom",
                   "cells_per_sector", "fortification_level", "max_rounds",
                   "retreat_into_reserve", "night", "round_hours", *MODULE_FIELDS, *POOL_FIELDS]
STATE_FIELDS = ["status", "round", "deadline", "winner", "aftermath", "hidden_truth",
                "gm_tools", "seed", "locked_at", "resolving_since", "error"]
ADD_ARMIES = "_add_armies"
# What SectorBattleAdmin._run answers for a battle the service refused.
REFUSED = object()


# -- a battle's scenario ------------------------------------------------------------------


class TerrainFormSet(forms.BaseInlineFormSet):
    """One card per sector; cliffs and river may cut off the way to a neighbouring sector, the
    other terrain names no direction."""

    def clean(self):
        kept = forms_kept(self)
        shown = {f.instance.pk for f in self.forms if f.instance.pk}
        # Rows of the battle this (stale) page does not show keep their sectors.
        seen = set(TerrainCard.objects.filter(battle=self.instance).exclude(pk__in=shown)
                   .values_list("sector", flat=True)) if self.instance.pk else set()
        for form in kept:
            kind, sector = form.cleaned_data.get("kind"), form.cleaned_data.get("sector")
            toward = form.cleaned_data.get("toward") or ""
            if not kind or not sector:
                continue
            if sector in seen:
                form.add_error("sector", _("%(sector)s already has a terrain card.")
                               % {"sector": sector})
            seen.add(sector)
            if toward and kind not in DIRECTED_TERRAIN:
                form.add_error("toward", _("Only cliffs and a river cut off a direction."))
            elif toward and distance(sector, toward) != 1:
                form.add_error("toward", _("Name a sector next to %(sector)s.")
                               % {"sector": sector})
        if not any(f.errors for f in kept):
            super().clean()  # the unique checks, once the rows read well


class TerrainInline(SetupOnlyInline, admin.TabularInline):
    model = TerrainCard
    formset = TerrainFormSet
    extra = 0
    fields = ["kind", "sector", "toward"]


class UnitFormSet(forms.BaseInlineFormSet):
    """Each army once, where services.unit_check admits it for the GM at the page (`actor`, set
    by the inline); a new row is saved by services.unit_add, which checks it again."""

    actor: Any = None
    _card_choices: list | None = None

    def add_fields(self, form, index):
        super().add_fields(form, index)
        # The card catalog read once for every row's select, not once a row.
        card = form.fields.get("card")
        if isinstance(card, forms.ModelChoiceField):
            if self._card_choices is None:
                self._card_choices = list(card.choices)
            card.choices = self._card_choices

    def clean(self):
        super().clean()
        battle = self.instance
        kept = [f for f in forms_kept(self) if f.cleaned_data.get("army") is not None]
        # Each army with its kingdom and conditions, in one go for the whole formset.
        armies = armies_with_details().in_bulk([f.cleaned_data["army"].pk for f in kept])
        used: set[int] = set()
        for form in kept:
            army, side = armies[form.cleaned_data["army"].pk], form.cleaned_data.get("side")
            try:
                services.unit_check(actor=self.actor, battle=battle, army=army, side=side or "")
            except RuleViolation as error:
                for violation in error.violations:
                    form.add_error("army", render_violation(violation))
            if army.pk in used:
                form.add_error("army", _("%(army)s already stands for another unit.")
                               % {"army": army})
            used.add(army.pk)

    def save_new(self, form, commit=True):
        data = form.cleaned_data
        return services.unit_add(actor=self.actor, battle=self.instance, side=data["side"],
                                 card=data["card"], name=data["name"], army=data.get("army"))


class UnitInline(KnownLabelsInline, SetupOnlyInline, admin.TabularInline):
    model = SectorUnit
    formset = UnitFormSet
    extra = 0
    fields = ["side", "card", "name", "army"]
    autocomplete_fields = ["army"]

    def get_queryset(self, request):
        # Each row names its card and army (read-only once the battle starts): no query a row.
        return super().get_queryset(request).select_related("card", "army")

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.actor = request.user  # a class made for this request
        return formset


def casting_field(spell: str) -> str:
    return f"casting_value_{spell}"


# Module "magic dice": one number per spell of the engine, the battle's own casting value.
CASTING_FIELDS = [casting_field(spell.value) for spell in Spell]


class SectorBattleForm(forms.ModelForm):
    class Meta:
        model = SectorBattle
        fields = SCENARIO_FIELDS

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None and self.instance.status != BattleStatus.SETUP:
            return   # the scenario is read-only (casting_value_list shows the values)
        catalog = dict(SpellCard.objects.values_list("spell", "casting_value"))
        own = self.instance.casting_values or {}
        for spell in Spell:
            self.fields[casting_field(spell.value)] = forms.IntegerField(
                label=spell_label(spell.value), required=False,
                min_value=MIN_CASTING_VALUE, max_value=MAX_CASTING_VALUE,
                initial=own.get(spell.value),
                widget=forms.NumberInput(attrs={"placeholder": catalog.get(spell.value, ""),
                                                "style": "width: 5em"}))

    def casting_values(self) -> dict[str, int] | None:
        """The battle's own casting values as the page gives them; None without the fields."""
        if CASTING_FIELDS[0] not in self.fields:
            return None
        return {spell.value: value for spell in Spell
                if (value := self.cleaned_data.get(casting_field(spell.value))) is not None}

    def clean(self):
        data = super().clean()
        check_campaign_kingdoms(self, data)
        attacker, defender = data.get("attacker_kingdom"), data.get("defender_kingdom")
        if attacker is not None and attacker == defender:
            self.add_error("defender_kingdom", _("A kingdom does not fight itself."))
        values = self.casting_values()
        for violation in services.casting_values_violations(values) if values else ():
            spell = violation.field.removeprefix("casting_values.")
            field = casting_field(spell)
            self.add_error(field if field in self.fields else None, render_violation(violation))
        return data


@admin.register(SectorBattle)
class SectorBattleAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "campaign"
    form = SectorBattleForm
    list_display = ["name", "campaign", "status", "round", "deadline", "attacker_kingdom",
                    "defender_kingdom", "winner", "created_at"]
    list_filter = ["status", "campaign"]
    list_select_related = ["campaign", "attacker_kingdom", "defender_kingdom"]
    search_fields = ["name", "attacker_kingdom__name", "defender_kingdom__name"]
    inlines = [TerrainInline, UnitInline, CharacterInline, TrapInline]
    actions = ["add_armies", "start_battle", "resolve_now", "reopen_failed"]

    def get_fieldsets(self, request, obj=None):
        return [
            (None, {"fields": ["campaign", "name", ("attacker_kingdom", "defender_kingdom")]}),
            (gettext_lazy("Battlefield"), {"fields": [
                "cells_per_sector", "fortification_level", "max_rounds",
                "retreat_into_reserve", "night", "round_hours"]}),
            (gettext_lazy("Modules"), {"fields": [*MODULE_FIELDS, tuple(POOL_FIELDS)],
                                       "description": gettext_lazy(
                "Seed 001's and 002's rules this battle plays; a battle with every module off "
                "plays as seed 000 alone.")}),
            (gettext_lazy("Casting values"), {"fields": self._casting_rows(obj),
                                              "classes": ["collapse"],
                                              "description": gettext_lazy(
                "Module magic dice: this battle's own casting values, fixed as it starts. "
                "Blank: the spell catalog's (shown greyed).")}),
            (gettext_lazy("The battle"), {"fields": STATE_FIELDS}),
        ]

    def _casting_rows(self, obj) -> list:
        if obj is not None and obj.status != BattleStatus.SETUP:
            return ["casting_value_list"]
        return [tuple(CASTING_FIELDS[i:i + 4]) for i in range(0, len(CASTING_FIELDS), 4)]

    def get_form(self, request, obj=None, change=False, **kwargs):
        # The casting values' fields are the form's own (one per spell), not the model's.
        fields = kwargs.get("fields") or flatten_fieldsets(self.get_fieldsets(request, obj))
        kwargs["fields"] = [name for name in fields if name not in CASTING_FIELDS]
        return super().get_form(request, obj, change, **kwargs)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        values = form.casting_values()
        if values is not None and values != (obj.casting_values or {}):
            # Through the service, which checks the GM and that the battle is being set up.
            obj.casting_values = services.battle_casting_values_set(
                actor=request.user, battle=obj, values=values).casting_values

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.status != BattleStatus.SETUP:
            return [*SCENARIO_FIELDS, *STATE_FIELDS, "casting_value_list"]
        return STATE_FIELDS

    @admin.display(description=gettext_lazy("casting values"))
    def casting_value_list(self, battle: SectorBattle) -> str:
        own = battle.casting_values or {}
        return ", ".join(f"{spell_label(spell)} {value}" for spell, value in own.items()) \
            or _("the spell catalog's")

    # -- read-only displays ---------------------------------------------------------------

    @admin.display(description=gettext_lazy("aftermath"))
    def aftermath(self, battle: SectorBattle):
        result = battle.result or {}
        if not result:
            return "—"
        units = adapters.units_by_key(battle)
        armies = dict(Army.objects.filter(pk__in=[u.get("army") for u in result["units"]
                                                  if u.get("army")])
                      .values_list("pk", "name"))
        rows = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                                "<td>{}</td></tr>", (
            (units[u["key"]].name if u["key"] in units else u["key"],
             side_label(u["side"]), armies.get(u["army"], "—") if u.get("army") else "—",
             FATE_LABELS.get(u["fate"], u["fate"]), u["hits_lost"])
            for u in result["units"]))
        return format_html(
            "<p>{}: <strong>{}</strong></p><table><thead><tr><th>{}</th><th>{}</th><th>{}</th>"
            "<th>{}</th><th>{}</th></tr></thead><tbody>{}</tbody></table>",
            _("Field held by"), side_label(result.get("field_holder")), _("unit"), _("side"),
            _("army"), _("fate"), _("hits lost"), rows)

    @admin.display(description=gettext_lazy("under the markers"))
    def hidden_truth(self, battle: SectorBattle):
        return admin_truth.hidden_truth(battle)

    @admin.display(description=gettext_lazy("GM tools"))
    def gm_tools(self, battle: SectorBattle):
        if not battle.pk:
            return _("Save the battle first.")
        parts = []
        if battle.status == BattleStatus.SETUP:
            parts.append(format_html('<input type="submit" name="{}" value="{}">', ADD_ARMIES,
                                     _("Save and add the sides' armies")))
        parts.append(format_html('<a class="button" href="{}">{}</a>',
                                 reverse("admin:battles_sectorbattle_rounds", args=[battle.pk]),
                                 _("Resolved rounds and replays")))
        return format_html_join(" · ", "{}", ((p,) for p in parts))

    # -- the add-armies button ------------------------------------------------------------

    def response_change(self, request, obj):
        if ADD_ARMIES in request.POST and obj.status == BattleStatus.SETUP:
            self._add_armies(request, obj)
            return redirect(reverse("admin:battles_sectorbattle_change", args=[obj.pk]))
        return super().response_change(request, obj)

    def _add_armies(self, request, battle) -> None:
        found = self._run(request, battle, services.battle_add_side_armies)
        if found is not REFUSED:
            self._report_added(request, battle, *found)

    def _run(self, request, battle, service):
        """The service's answer for the GM on one battle, or REFUSED once the GM is told why."""
        try:
            return service(actor=request.user, battle=battle)
        except RuleViolation as error:
            for violation in error.violations:
                self.message_user(request, f"{battle}: {render_violation(violation)}",
                                  messages.ERROR)
            return REFUSED

    def _report_added(self, request, battle, made, without_card, no_kingdom) -> None:
        self.message_user(request, _("%(battle)s: %(count)s unit(s) added from the sides' "
                                     "armies.") % {"battle": battle, "count": len(made)},
                          messages.SUCCESS if made else messages.INFO)
        if without_card:
            self.message_user(request, _(
                "%(battle)s: no unit card for the army type of %(armies)s; give the type a "
                "card under \"Cards of army types\" or add the unit by hand.")
                % {"battle": battle, "armies": ", ".join(
                    f"{a.name} ({a.template.name})" for a in without_card)}, messages.WARNING)
        for side in no_kingdom:
            self.message_user(request, _("%(battle)s: the %(side)s has no kingdom; the GM adds "
                                         "its units by hand.")
                              % {"battle": battle, "side": side}, messages.INFO)

    # -- actions --------------------------------------------------------------------------

    @admin.action(description=gettext_lazy("Add the sides' armies"), permissions=["change"])
    def add_armies(self, request, queryset):
        for battle in queryset.select_related("attacker_kingdom", "defender_kingdom"):
            if battle.status != BattleStatus.SETUP:
                self.message_user(request, _("%(battle)s has already begun: its units are "
                                             "fixed.") % {"battle": battle}, messages.ERROR)
                continue
            self._add_armies(request, battle)

    @admin.action(description=gettext_lazy("Start the battle"), permissions=["change"])
    def start_battle(self, request, queryset):
        for battle in queryset:
            started = self._run(request, battle, services.battle_start)
            if started is not REFUSED:
                self.message_user(request, _("%(battle)s has begun: both sides deploy (phase 0) "
                                             "until %(deadline)s.")
                                  % {"battle": battle,
                                     "deadline": local_time(started.deadline, battle.campaign)},
                                  messages.SUCCESS)

    @admin.action(description=gettext_lazy("Resolve the open round now"), permissions=["change"])
    def resolve_now(self, request, queryset):
        for battle in queryset:
            closed = self._run(request, battle, services.round_close_now)
            if closed is REFUSED:
                continue
            if closed:
                self.message_user(request, _("%(battle)s: round %(round)s is closed and sent for "
                                             "resolution; units without orders hold.")
                                  % {"battle": battle, "round": battle.round}, messages.SUCCESS)
            else:
                self.message_user(request, _("%(battle)s takes no orders now (%(status)s): there "
                                             "is no open round to resolve.")
                                  % {"battle": battle, "status": battle.get_status_display()},
                                  messages.WARNING)

    @admin.action(description=gettext_lazy("Reopen failed battles"), permissions=["change"])
    def reopen_failed(self, request, queryset):
        for battle in queryset:
            reopened = self._run(request, battle, services.round_reopen)
            if reopened is REFUSED:
                continue
            if reopened:
                self.message_user(request, _("%(battle)s: round %(round)s goes back to the queue "
                                             "with the same seed.")
                                  % {"battle": battle, "round": battle.round}, messages.SUCCESS)
            else:
                self.message_user(request, _("%(battle)s has not failed (%(status)s): nothing to "
                                             "reopen.")
                                  % {"battle": battle, "status": battle.get_status_display()},
                                  messages.WARNING)

    # -- the rounds page ------------------------------------------------------------------

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<path:object_id>/rounds/",
                 view(lambda request, object_id: rounds_view(self, request, object_id)),
                 name="battles_sectorbattle_rounds"),
            *super().get_urls(),
        ]
