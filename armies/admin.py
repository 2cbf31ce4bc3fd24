"""The GM's back office for armies: stat blocks beside the fields, rules-checked inlines."""
from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from simple_history.admin import SimpleHistoryAdmin

from armies import (
    admin_foundry,
    admin_kingdoms,  # noqa: F401  (registers the kingdom's page)
    history,
)
from armies.adapters import army_state, render_violation, template_state
from armies.admin_views import transfer_gear_view
from armies.forms import ArmyConditionFormSet, ArmyForm, ArmyGearFormSet, ArmyTacticFormSet
from armies.labels import modifier_text
from armies.models import Army, ArmyCondition, ArmyGear, ArmyTactic, ArmyTemplate
from armies.selectors import state_violations
from armies.services import army_disband, army_restore, army_save
from campaigns.admin_scope import CampaignScopedAdmin, CampaignScopedInline, CatalogAdmin
from campaigns.bounded_json import ADMIN_JSON_FIELDS
from rules.data import to_data
from rules.errors import RuleViolation
from rules.kingmaker.army import stat_block
from rules.kingmaker.conditions import Target

_SITUATIONAL = {
    Target.MANEUVER_ACTION: gettext_lazy("maneuver actions"),
    Target.RALLY: gettext_lazy("Rally"),
    Target.ROUT_CHECK: gettext_lazy("rout checks"),
    Target.ARMY_ACTIVITY: gettext_lazy("army activities"),
    Target.DEPLOY: gettext_lazy("Deploy Army"),
    Target.ATTACKS_AGAINST: gettext_lazy("attacks against it"),
    Target.RANGED_AGAINST: gettext_lazy("ranged attacks against it"),
}


def render_stat_block(army: Army, **children) -> str:
    """The computed stat block, or what keeps it from being computed; `children` (tactics, gear,
    conditions) replace what the army has now (a version of its history)."""
    state = army_state(army, **children)
    try:
        block = stat_block(state)
    except RuleViolation as error:
        return format_html('<ul class="errorlist">{}</ul>', format_html_join(
            "", "<li>{}</li>", ((render_violation(v),) for v in error.violations)))
    strikes = [{"label": _("Melee") if kind.value == "melee" else _("Ranged"), "name": s.name,
                "attack": s.attack.total} for kind, s in block.strikes.items()]
    situational = [
        {"label": label, "modifiers": ", ".join(modifier_text(to_data(m))
                                                 for m in block.statistic(target).applied)}
        for target, label in _SITUATIONAL.items() if block.statistic(target).applied
    ]
    return render_to_string("admin/armies/statblock.html", {
        "block": block, "strikes": strikes, "situational": situational,
        "army_type": army.template.get_army_type_display(),
        "violations": [render_violation(v) for v in state_violations(state)],
    })


class _ArmyChildInline(CampaignScopedInline, admin.TabularInline):
    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.actor = request.user  # a class made for this request
        return formset


class ArmyTacticInline(_ArmyChildInline):
    model = ArmyTactic
    formset = ArmyTacticFormSet
    extra = 0
    fields = ["tactic", "position"]


class ArmyGearInline(_ArmyChildInline):
    model = ArmyGear
    formset = ArmyGearFormSet
    extra = 0
    fields = ["kind", "tier", "weapon", "doses", "price_paid_rp"]


class ArmyConditionInline(_ArmyChildInline):
    model = ArmyCondition
    formset = ArmyConditionFormSet
    extra = 0
    fields = ["condition", "value"]


@admin.register(Army)
class ArmyAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "kingdom__campaign"
    form = ArmyForm
    list_display = ["name", "kingdom", "template", "level", "hp", "hex", "status"]
    list_filter = ["status", "template__army_type", "template__special", "kingdom__campaign",
                   "kingdom"]
    search_fields = ["name", "kingdom__name", "template__name", "hex"]
    list_select_related = ["kingdom", "template"]
    autocomplete_fields = ["kingdom", "template", "faction"]
    readonly_fields = ["level", "stat_block"]
    fieldsets = [
        (gettext_lazy("Stat block"), {"fields": ["level", "stat_block"],
                                      "classes": ["muster-statblock-panel"]}),
        (None, {"fields": ["kingdom", "template", "faction", "name", "hex", "hp", "status"],
                "classes": ["muster-army-fields"]}),
    ]
    inlines = [ArmyTacticInline, ArmyGearInline, ArmyConditionInline]
    actions = ["disband_selected", "transfer_gear", "export_to_foundry"]

    class Media:
        css = {"all": ["armies/admin.css"]}

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        history.refresh_latest(form.instance)

    def set_history_delta_changes(self, request, historical_records, **kwargs):
        """Beside the fields, the Changes column lists tactics, gear and conditions that changed."""
        super().set_history_delta_changes(request, historical_records, **kwargs)
        records = list(historical_records)
        for newer, older in zip(records, records[1:], strict=False):
            if newer.children is None or older.children is None:
                continue
            before, after = (history.described(r.children, r.instance) for r in (older, newer))
            newer.history_delta_changes = [
                *getattr(newer, "history_delta_changes", []),
                *({"field": label, "old": before[label], "new": after[label]}
                  for label in after if after[label] != before[label])]

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        """Revert through the army_restore service: the version's tactics, gear and conditions
        come back with its fields, and what the rules forbid is a message, not a save."""
        if request.method != "POST":
            return super().history_form_view(request, object_id, version_id, extra_context)
        self._history_subject_or_404(request, object_id)
        if not str(version_id).isdigit():
            raise Http404
        army = get_object_or_404(self.get_queryset(request), pk=object_id)
        version = get_object_or_404(Army.history.model, id=army.pk, history_id=version_id)
        if not self.has_change_permission(request, army) or self.revert_disabled(request, army):
            raise PermissionDenied
        old = version.instance
        old._state.adding = False  # the army itself: its own name is no duplicate
        form = self.get_form(request, old)(request.POST, instance=old)
        if not form.is_valid():
            return self._refused(request, [message for errors in form.errors.values()
                                           for message in errors])
        try:
            army = army_restore(army=army, version=version, fields=form.cleaned_data,
                                user=request.user)
        except RuleViolation as error:
            return self._refused(request, [render_violation(v) for v in error.violations])
        when = formats.localize(timezone.localtime(version.history_date))
        self.log_change(request, army, _("Reverted to the version of %(date)s.") % {"date": when})
        self.message_user(request, _("%(army)s was reverted to the version of %(date)s.")
                          % {"army": army, "date": when}, messages.SUCCESS)
        return redirect(reverse("admin:armies_army_change", args=[army.pk]))

    def _refused(self, request, reasons: list[str]):
        for reason in reasons:
            self.message_user(request, reason, messages.ERROR)
        return redirect(request.path)

    @admin.display(description=gettext_lazy("level"))
    def level(self, army: Army):
        return army.level if army.kingdom_id else "—"

    @admin.display(description=gettext_lazy("stat block"))
    def stat_block(self, army: Army):
        if not army.pk:
            return _("Saved armies show their stat block here.")
        version = getattr(army, "_history", None)  # simple-history's mark of a past version
        if version is not None and version.children is not None:
            return render_stat_block(army, **history.state_children(version.children, army))
        return render_stat_block(army)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        form.actor = request.user  # a class made for this request
        return form

    def save_model(self, request, obj, form, change):
        army_save(army=obj, user=request.user)

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("foundry-import/",
                 view(lambda request: admin_foundry.import_view(self, request)),
                 name="armies_army_foundry_import"),
            path("<path:object_id>/transfer-gear/",
                 view(lambda request, object_id: transfer_gear_view(self, request, object_id)),
                 name="armies_army_transfer_gear"),
            *super().get_urls(),
        ]

    @admin.action(description=gettext_lazy("Disband selected armies (their gear is lost)"),
                  permissions=["change"])
    def disband_selected(self, request, queryset):
        disbanded = 0
        for army in queryset:
            try:
                army_disband(army=army, user=request.user)
                disbanded += 1
            except RuleViolation as error:
                self.message_user(request, f"{army}: {error.violations[0].render(_)}",
                                  messages.WARNING)
        if disbanded:
            self.message_user(request, ngettext("%(count)d army disbanded.",
                                                "%(count)d armies disbanded.", disbanded)
                              % {"count": disbanded}, messages.SUCCESS)

    @admin.action(description=gettext_lazy("Export to Foundry VTT"), permissions=["view"])
    def export_to_foundry(self, request, queryset):
        return admin_foundry.export_armies(self, request, queryset)

    @admin.action(description=gettext_lazy("Transfer gear to another army"),
                  permissions=["change"])
    def transfer_gear(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, _("Select exactly one army to transfer gear from."),
                              messages.ERROR)
            return None
        return redirect(reverse("admin:armies_army_transfer_gear", args=[queryset.get().pk]))


@admin.register(ArmyTemplate)
class ArmyTemplateAdmin(CatalogAdmin, SimpleHistoryAdmin):
    formfield_overrides = ADMIN_JSON_FIELDS
    list_display = ["name", "army_type", "level", "special", "recruitment_dc", "consumption"]
    list_filter = ["special", "army_type", "rarity"]
    search_fields = ["name", "description"]
    readonly_fields = ["adjustments"]
    fieldsets = [
        (None, {"fields": ["name", "army_type", "level", "special", "rarity", "alignment",
                           "description"]}),
        (gettext_lazy("Stat block at minimum level"), {"fields": [
            "scouting", "recruitment_dc", "consumption", "ac", "maneuver", "morale", "high_save",
            "hp", "routing_threshold", "melee_name", "melee_attack", "ranged_name",
            "ranged_attack", "tactics", "free_tactics", "adjustments"]}),
    ]

    @admin.display(description=gettext_lazy("adjustments above minimum level"))
    def adjustments(self, template: ArmyTemplate):
        if not template.pk:
            return "—"
        try:
            values = template_state(template).adjustments()
        except RuleViolation as error:
            return error.violations[0].render(_)
        return ", ".join(f"{key} {value:+d}" for key, value in values.items())
