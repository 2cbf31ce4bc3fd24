"""The GM's back office page of a kingdom: its settlements, relations and armies, the recruiting
page, and level changes that report what they break in its armies. It is the kingdom's page, but
it acts on armies, so it lives above them (campaigns.admin has the rest of campaigns)."""
from __future__ import annotations

from django.contrib import admin, messages
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from armies.adapters import render_violation
from armies.admin_views import add_violations, form_page
from armies.forms import RecruitForm
from armies.models import Army
from armies.services import army_recruit, kingdom_set_level
from campaigns.admin import DiplomaticRelationInline, SettlementInline
from campaigns.admin_scope import CampaignScopedAdmin, CampaignScopedInline
from campaigns.models import Kingdom
from campaigns.services import turn_open
from campaigns.times import local_time
from rules.errors import RuleViolation


class ArmyInline(CampaignScopedInline, admin.TabularInline):
    model = Army
    extra = 0
    fields = ["name", "template", "hp", "hex", "status"]
    readonly_fields = ["name", "template", "hp", "hex", "status"]
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # recruit through the "Recruit an army" page, which checks the rules

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("template")


@admin.register(Kingdom)
class KingdomAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "campaign"
    list_display = ["name", "campaign", "level", "control_dc", "resource_points", "food", "unrest",
                    "recruit_link"]
    list_filter = ["campaign", "level"]
    search_fields = ["name", "campaign__name"]
    list_select_related = ["campaign"]
    readonly_fields = ["control_dc"]
    fieldsets = [
        (None, {"fields": ["campaign", "name", "level", "size", "control_dc"]}),
        (gettext_lazy("Kingdom skills"), {"fields": [tuple(Kingdom.SKILLS[i:i + 4])
                                                     for i in range(0, len(Kingdom.SKILLS), 4)]}),
        (gettext_lazy("Resources and commodities"), {"fields": [
            ("resource_points", "unrest"), Kingdom.COMMODITIES]}),
        (gettext_lazy("Ruin, fame and experience"), {"fields": [
            Kingdom.RUIN, ("fame", "infamy", "xp")]}),
    ]
    inlines = [SettlementInline, DiplomaticRelationInline, ArmyInline]
    actions = ["level_up", "level_down", "recruit_army", "open_turn"]

    @admin.display(description=gettext_lazy("Control DC"))
    def control_dc(self, kingdom: Kingdom):
        return kingdom.control_dc if kingdom.pk else "—"

    @admin.display(description=gettext_lazy("recruit"))
    def recruit_link(self, kingdom: Kingdom):
        return format_html('<a href="{}">{}</a>',
                           reverse("admin:campaigns_kingdom_recruit", args=[kingdom.pk]),
                           _("Recruit an army"))

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<path:object_id>/recruit/",
                 view(lambda request, object_id: self.recruit_view(request, object_id)),
                 name="campaigns_kingdom_recruit"),
            *super().get_urls(),
        ]

    def recruit_view(self, request, object_id):
        kingdom = self.get_object(request, object_id)
        if not self.has_change_permission(request, kingdom):
            return redirect("admin:index")
        form = RecruitForm(request.POST or None, kingdom=kingdom)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                army = army_recruit(kingdom=kingdom, template=data["template"], name=data["name"],
                                    hex=data["hex"],
                                    tactics=[data["tactic"]] if data["tactic"] else [],
                                    faction=data["faction"], efficient=data["efficient"],
                                    user=request.user)
            except RuleViolation as error:
                add_violations(form, error)
            else:
                self.message_user(request, _("%(army)s joins %(kingdom)s at level %(level)s.") % {
                    "army": army, "kingdom": kingdom, "level": kingdom.level}, messages.SUCCESS)
                return redirect("admin:armies_army_change", army.pk)
        return form_page(request, self, kingdom, form=form, title=_("Recruit an army"),
                         submit_label=_("Recruit"),
                         intro=_("The army joins at the kingdom's level (%(level)s); its "
                                 "consumption is added to the kingdom's from the next upkeep.")
                         % {"level": kingdom.level})

    def _shift_level(self, request, queryset, step: int) -> None:
        for kingdom in queryset:
            try:
                broken = kingdom_set_level(actor=request.user, kingdom=kingdom,
                                           level=kingdom.level + step)
            except RuleViolation as error:
                self.message_user(request, f"{kingdom}: {render_violation(error.violations[0])}",
                                  messages.ERROR)
                continue
            self.message_user(request, _("%(kingdom)s is now level %(level)s; its armies follow.")
                              % {"kingdom": kingdom, "level": kingdom.level + step},
                              messages.SUCCESS)
            for army, violations in broken.items():
                self.message_user(request, _("%(army)s needs attention: %(problems)s") % {
                    "army": army, "problems": " ".join(render_violation(v) for v in violations)},
                    messages.WARNING)

    @admin.action(description=gettext_lazy("Level up (armies follow)"), permissions=["change"])
    def level_up(self, request, queryset):
        self._shift_level(request, queryset, +1)

    @admin.action(description=gettext_lazy("Level down (armies follow)"), permissions=["change"])
    def level_down(self, request, queryset):
        self._shift_level(request, queryset, -1)

    @admin.action(description=gettext_lazy("Open the next kingdom turn"), permissions=["change"])
    def open_turn(self, request, queryset):
        for kingdom in queryset:
            try:
                turn = turn_open(actor=request.user, kingdom=kingdom)
            except RuleViolation as error:
                self.message_user(request, f"{kingdom}: {render_violation(error.violations[0])}",
                                  messages.ERROR)
                continue
            self.message_user(request, _("%(turn)s is open until %(deadline)s.")
                              % {"turn": turn,
                                 "deadline": local_time(turn.deadline, kingdom.campaign)},
                              messages.SUCCESS)

    @admin.action(description=gettext_lazy("Recruit an army"), permissions=["change"])
    def recruit_army(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, _("Select exactly one kingdom to recruit into."),
                              messages.ERROR)
            return None
        return redirect(reverse("admin:campaigns_kingdom_recruit", args=[queryset.get().pk]))
