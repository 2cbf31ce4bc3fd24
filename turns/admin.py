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
from rest_framework.exceptions import ValidationError
from simple_history.admin import SimpleHistoryAdmin

from armies.activity_params import validated_params
from armies.activity_services import activity_change, activity_submit, activity_withdraw
from armies.adapters import render_violation
from armies.models import ArmyActivity
from armies.report_text import with_text
from campaigns.admin_scope import CampaignScopedAdmin, CampaignScopedInline
from campaigns.bounded_json import ADMIN_JSON_FIELDS
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
from turns.models import TurnReport
from turns.services import turn_reopen, turn_report_narrate, turns_resolve_now


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
    actions = ["resolve_now", "extend_one_day", "reopen_failed"]

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

    @admin.display(description=gettext_lazy("report"))
    def report(self, report: TurnReport):
        return render_to_string("admin/campaigns/turn_report.html",
                                {"report": with_text(report.outcome)})


class ArmyActivityForm(forms.ModelForm):
    class Meta:
        model = ArmyActivity
        fields = ["turn", "army", "kind", "second", "position", "params"]

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        if self.instance.pk:
            for name in ("turn", "army", "kind"):
                self.fields[name].disabled = True

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        kind = data["kind"] if not self.instance.pk else self.instance.kind
        try:
            data["params"] = validated_params(kind, data["params"] or {})
        except ValidationError as error:
            detail = error.detail if isinstance(error.detail, dict) else {"": error.detail}
            for name, messages_ in detail.items():
                for message in messages_:
                    self.add_error("params", f"{name}: {message}" if name else str(message))
            return data
        try:
            if self.instance.pk:
                self.instance = activity_change(activity=self.instance, user=self.user,
                                                params=data["params"],
                                                second=data["second"], position=data["position"])
            else:
                self.instance, _created = activity_submit(
                    turn=data["turn"], user=self.user, kind=data["kind"], army=data["army"],
                    params=data["params"] or {}, second=data["second"])
        except RuleViolation as error:
            for violation in error.violations:
                field = violation.field if violation.field in self.fields else "params"
                self.add_error(field, render_violation(violation))
        except TurnLocked as error:
            self.add_error("turn", _("Turn %(number)s is %(status)s: it takes no more orders.")
                           % {"number": error.turn.number,
                              "status": error.turn.get_status_display()})
        return data


@admin.register(ArmyActivity)
class ArmyActivityAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "turn__kingdom__campaign"
    formfield_overrides = ADMIN_JSON_FIELDS
    form = ArmyActivityForm
    list_display = ["__str__", "turn", "army", "kind", "second", "status", "submitted_by"]
    list_filter = ["status", "kind", "turn__kingdom__campaign", "turn__kingdom"]
    list_select_related = ["turn__kingdom", "army", "submitted_by"]
    readonly_fields = ["status", "submitted_by", "idempotency_key", "result"]
    actions = ["withdraw"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)

        class WithUser(form):
            def __init__(self, *args, **inner):
                super().__init__(*args, user=request.user, **inner)

        return WithUser

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
