"""The GM's back office for kingdom turns, their orders and reports."""
from __future__ import annotations

import datetime

from django import forms
from django.contrib import admin, messages
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from armies.activity_services import activity_withdraw
from armies.adapters import render_violation
from armies.models import ArmyActivity
from armies.order_text import params_texts
from armies.report_text import with_text
from campaigns.admin_scope import CampaignScopedAdmin, CampaignScopedInline
from campaigns.models import KingdomTurn
from campaigns.services import (
    TurnLocked,
    deadline_violations,
    turn_choose_ruin,
    turn_extend,
    turn_open,
    turn_set_light,
)
from rules.errors import RuleViolation
from rules.kingmaker.battle.setup import Light
from turns.admin_orders import order_admin_form
from turns.models import SupersededTurnReport, TurnReport
from turns.services import turn_reopen, turn_report_narrate, turns_resolve_now
from turns.undo import turns_undo, undone_message


class ActivityInline(CampaignScopedInline, admin.TabularInline):
    model = ArmyActivity
    extra = 0
    fields = readonly_fields = ("position", "kind", "army", "second", "params", "status",
                                "submitted_by")
    show_change_link = True
    can_delete = False

    def get_queryset(self, request):
        # The read-only army and submitter are shown per row: one query, not two a row.
        return super().get_queryset(request).select_related("army", "submitted_by")

    def has_add_permission(self, request, obj=None):
        return False  # orders go through the activity page, which checks the rules


class KingdomTurnForm(forms.ModelForm):
    class Meta:
        model = KingdomTurn
        fields = ["kingdom", "number", "deadline", "ruin_choice", "light"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A form without it (an older page, a script) keeps the turn's light.
        self.fields["light"].required = False
        if self.instance.pk:
            self.fields["kingdom"].disabled = True
            self.fields["number"].disabled = True
        else:
            # The next turn's number follows the last one; an open turn is reused.
            self.fields["number"].disabled = True
            self.fields["number"].required = False
            self.fields["deadline"].required = False
            self.fields["deadline"].help_text = _("Blank: the campaign's next nightly time.")

    def clean_light(self) -> str:
        return self.cleaned_data.get("light") or self.instance.light or Light.BRIGHT

    def clean(self):
        data = super().clean()
        if self.instance.pk and "deadline" in self.changed_data and not self.errors:
            for violation in deadline_violations(self.instance, data["deadline"]):
                self.add_error("deadline", render_violation(violation))
        return data


@admin.register(KingdomTurn)
class KingdomTurnAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "kingdom__campaign"
    form = KingdomTurnForm
    list_display = ["__str__", "kingdom", "number", "status", "deadline", "ready", "light", "resolved_at",
                    "report_link"]
    list_filter = ["status", "ready", "kingdom__campaign"]
    search_fields = ["kingdom__name"]
    list_select_related = ["kingdom", "report"]
    readonly_fields = ["status", "ready", "seed", "locked_at", "resolving_since", "resolved_at",
                       "reminded_at", "error", "report_link"]
    inlines = [ActivityInline]
    actions = ["resolve_now", "extend_one_day", "reopen_failed", "undo_resolution"]

    @admin.display(description=gettext_lazy("report"))
    def report_link(self, turn: KingdomTurn):
        report = getattr(turn, "report", None)
        if report is None:
            return "—"
        return format_html('<a href="{}">{}</a>',
                           reverse("admin:turns_turnreport_change", args=[report.pk]),
                           _("Read the report"))

    def save_model(self, request, obj, form, change):
        if change:
            turn_choose_ruin(actor=request.user, turn=obj, ruin_choice=obj.ruin_choice)
            if "light" in form.changed_data:
                turn_set_light(actor=request.user, turn=obj, light=obj.light)
            if "deadline" in form.changed_data:
                turn_extend(actor=request.user, turn=obj, deadline=form.cleaned_data["deadline"])
            return
        opened = turn_open(actor=request.user, kingdom=obj.kingdom,
                           deadline=form.cleaned_data.get("deadline"))
        if form.cleaned_data.get("light") and form.cleaned_data["light"] != opened.light:
            turn_set_light(actor=request.user, turn=opened, light=form.cleaned_data["light"])
        obj.pk = opened.pk
        obj.refresh_from_db()

    @admin.action(description=gettext_lazy("Resolve now"), permissions=["change"])
    def resolve_now(self, request, queryset):
        try:
            count = len(turns_resolve_now(actor=request.user, turns=queryset))
        except RuleViolation as error:
            self.message_user(request, render_violation(error.violations[0]), messages.ERROR)
            return
        self.message_user(request, _("%(count)s turn(s) locked and sent for resolution.")
                          % {"count": count}, messages.SUCCESS if count else messages.WARNING)

    @admin.action(description=gettext_lazy("Extend the deadline by one day"),
                  permissions=["change"])
    def extend_one_day(self, request, queryset):
        for turn in queryset:
            try:
                turn_extend(actor=request.user, turn=turn,
                            deadline=turn.deadline + datetime.timedelta(days=1))
            except RuleViolation as error:
                self.message_user(request, f"{turn}: {render_violation(error.violations[0])}",
                                  messages.ERROR)
            else:
                self.message_user(request, _("%(turn)s: the deadline moved one day.")
                                  % {"turn": turn}, messages.SUCCESS)

    @admin.action(description=gettext_lazy("Reopen failed turns"), permissions=["change"])
    def reopen_failed(self, request, queryset):
        for turn in queryset:
            try:
                turn_reopen(actor=request.user, turn=turn)
            except RuleViolation as error:
                self.message_user(request, f"{turn}: {render_violation(error.violations[0])}",
                                  messages.ERROR)
            else:
                self.message_user(request, _("%(turn)s goes back to the queue.") % {"turn": turn},
                                  messages.SUCCESS)


    @admin.action(description=gettext_lazy("Undo the resolution (all selected, or none)"),
                  permissions=["change"])
    def undo_resolution(self, request, queryset):
        try:
            turns = turns_undo(actor=request.user,
                               turns=list(queryset.select_related("kingdom__campaign")))
        except RuleViolation as error:
            for violation in error.violations:
                self.message_user(request, render_violation(violation), messages.ERROR)
            return
        self.message_user(request, undone_message(turns), messages.SUCCESS)


def _report_html(model_admin, report: TurnReport | SupersededTurnReport) -> str:
    return render_to_string("admin/campaigns/turn_report.html",
                            {"report": with_text(report.outcome)})


@admin.register(SupersededTurnReport)
class SupersededTurnReportAdmin(CampaignScopedAdmin, admin.ModelAdmin):
    """The reports of resolutions the GM undid, as they were."""

    campaign_path = "kingdom__campaign"
    list_display = ["__str__", "created_at", "undone_at", "undone_by"]
    list_filter = ["kingdom__campaign", "kingdom"]
    list_select_related = ["kingdom", "undone_by"]
    fields = readonly_fields = ("kingdom", "number", "turn", "created_at", "undone_at",
                                "undone_by", "narration", "report")

    def has_add_permission(self, request):
        return False  # an undo keeps them

    def has_delete_permission(self, request, obj=None):
        return False  # what a resolution did, kept

    report = admin.display(description=gettext_lazy("report"))(_report_html)


@admin.register(TurnReport)
class TurnReportAdmin(CampaignScopedAdmin, admin.ModelAdmin):
    campaign_path = "turn__kingdom__campaign"
    list_display = ["__str__", "created_at"]
    list_filter = ["turn__kingdom__campaign", "turn__kingdom"]
    list_select_related = ["turn__kingdom"]
    # The GM adds their narration; the rest is the resolution's.
    fields = ("turn", "created_at", "narration", "report")
    readonly_fields = ("turn", "created_at", "report")

    def has_add_permission(self, request):
        return False  # reports come from resolutions

    def save_model(self, request, obj, form, change):
        turn_report_narrate(actor=request.user, report=obj, narration=obj.narration)

    report = admin.display(description=gettext_lazy("report"))(_report_html)


@admin.register(ArmyActivity)
class ArmyActivityAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "turn__kingdom__campaign"
    list_display = ["__str__", "turn", "army", "kind", "second", "status", "submitted_by"]
    list_filter = ["status", "kind", "turn__kingdom__campaign", "turn__kingdom"]
    list_select_related = ["turn__kingdom", "army", "submitted_by"]
    readonly_fields = ["status", "submitted_by", "idempotency_key", "params_text", "result"]
    actions = ["withdraw"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        return super().get_form(request, obj, change=change,
                                form=order_admin_form(request, obj), **kwargs)

    @admin.display(description=gettext_lazy("parameters"))
    def params_text(self, activity: ArmyActivity) -> str:
        return "; ".join(params_texts([activity.params])[0]) or "—"

    def save_model(self, request, obj, form, change):
        pass  # the form's clean() already saved it through the services

    def save_related(self, request, form, formsets, change):
        pass

    @admin.action(description=gettext_lazy("Withdraw"), permissions=["change"])
    def withdraw(self, request, queryset):
        withdrawn = 0
        for activity in queryset:
            try:
                activity_withdraw(activity=activity, user=request.user)
            except RuleViolation as error:
                self.message_user(request, f"{activity}: {render_violation(error.violations[0])}",
                                  messages.ERROR)
            except TurnLocked as error:
                self.message_user(request, _("%(activity)s: turn %(number)s takes no more orders.")
                                  % {"activity": activity, "number": error.turn.number},
                                  messages.ERROR)
            else:
                withdrawn += 1
        self.message_user(request, _("%(count)s order(s) withdrawn.") % {"count": withdrawn},
                          messages.SUCCESS if withdrawn else messages.WARNING)
