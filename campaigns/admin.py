"""The GM's back office for campaigns, members and factions. The kingdom's page recruits armies and
lists them, so it sits with them: armies.admin_kingdoms."""
from __future__ import annotations

from django.contrib import admin, messages
from django.db import models
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from campaigns import invitation_admin, signals  # noqa: F401 (registers its admin)
from campaigns.admin_scope import CampaignScopedAdmin, CampaignScopedInline
from campaigns.admin_users import MemberUserField
from campaigns.invitations import membership_remove
from campaigns.map_admin import map_export_view, map_view
from campaigns.models import (
    Announcement,
    Campaign,
    DiplomaticRelation,
    Faction,
    Kingdom,
    Membership,
    PlayerPreferences,
    Role,
    Settlement,
)
from campaigns.services import announcement_edit, announcement_post
from rules.errors import RuleViolation


class KingdomInline(CampaignScopedInline, admin.TabularInline):
    model = Kingdom
    extra = 0
    fields = ["name", "level", "size", "resource_points", "food", "unrest"]
    show_change_link = True


class MembershipInline(MemberUserField, CampaignScopedInline, admin.TabularInline):
    model = Membership
    extra = 0
    fields = ["user", "role", "kingdom"]
    autocomplete_fields = ["user"]
    can_delete = False  # Memberships' delete goes through membership_remove (a GM stays)


@admin.register(Campaign)
class CampaignAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "pk"
    list_display = ["name", "ruleset", "timezone", "nightly_resolution_time", "map_link"]
    list_filter = ["ruleset"]
    search_fields = ["name"]
    readonly_fields = ["map_link"]
    inlines = [KingdomInline, MembershipInline]
    # A webhook typed without its scheme is an https one (the only kind it takes).
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    @admin.display(description=gettext_lazy("map"))
    def map_link(self, campaign: Campaign):
        if not campaign.pk:
            return _("Save the campaign first.")
        return format_html('<a class="button" href="{}">{}</a>',
                           reverse("admin:campaigns_campaign_map", args=[campaign.pk]),
                           _("Paint the map"))

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<path:object_id>/map/",
                 view(lambda request, object_id: map_view(self, request, object_id)),
                 name="campaigns_campaign_map"),
            path("<path:object_id>/map/export/<str:format_name>/",
                 view(lambda request, object_id, format_name:
                      map_export_view(self, request, object_id, format_name)),
                 name="campaigns_campaign_map_export"),
            *super().get_urls(),
        ]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if "chat_webhook_url" in form.changed_data and obj.chat_webhook_url:
            # The notifications app posts a greeting there, so the GM sees the address works.
            signals.chat_webhook_set.send(sender=Campaign, campaign=obj)
            self.message_user(request, _(
                "A greeting is on its way to the chat webhook: Chat posts tell whether it "
                "arrived."), messages.INFO)

    # The operator opens campaigns and names their GMs; closing one erases it for good.
    def has_add_permission(self, request):
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser


class SettlementInline(CampaignScopedInline, admin.TabularInline):
    model = Settlement
    extra = 0


class DiplomaticRelationInline(CampaignScopedInline, admin.TabularInline):
    model = DiplomaticRelation
    extra = 0


@admin.register(Membership)
class MembershipAdmin(MemberUserField, CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "campaign"
    list_display = ["user", "campaign", "role", "kingdom"]
    list_filter = ["role", "campaign"]
    search_fields = ["user__username", "campaign__name", "kingdom__name"]
    autocomplete_fields = ["user"]

    def has_delete_permission(self, request, obj=None):
        # The last GM's membership offers no delete (membership_remove would refuse it).
        return super().has_delete_permission(request, obj) and not (
            obj is not None and obj.role == Role.GM and not obj.other_game_masters().exists())

    def delete_model(self, request, obj):
        membership_remove(actor=request.user, membership=obj)

    def delete_queryset(self, request, queryset):
        for membership in queryset:
            try:
                membership_remove(actor=request.user, membership=membership)
            except RuleViolation as error:
                self.message_user(request, f"{membership}: {error.violations[0].render(_)}",
                                  messages.ERROR)


@admin.register(Settlement)
class SettlementAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "kingdom__campaign"
    list_display = ["name", "kingdom", "hex"]
    list_filter = ["kingdom__campaign", "kingdom"]
    search_fields = ["name", "hex", "kingdom__name"]


@admin.register(Faction)
class FactionAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "campaign"
    list_display = ["name", "campaign"]
    list_filter = ["campaign"]
    search_fields = ["name"]
    filter_horizontal = ["special_armies"]


@admin.register(DiplomaticRelation)
class DiplomaticRelationAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    campaign_path = "kingdom__campaign"
    list_display = ["kingdom", "faction", "established_on"]
    list_filter = ["faction__campaign", "faction"]
    search_fields = ["kingdom__name", "faction__name"]




@admin.register(PlayerPreferences)
class PlayerPreferencesAdmin(admin.ModelAdmin):
    list_display = ["user", "email_notifications", "language"]
    list_filter = ["email_notifications", "language"]
    search_fields = ["user__username", "user__email"]
    autocomplete_fields = ["user"]


@admin.register(Announcement)
class AnnouncementAdmin(CampaignScopedAdmin, SimpleHistoryAdmin):
    """The GM's announcements: posted, every player of the campaign reads it on their dashboard
    and gets it by mail (and the campaign's chat is told)."""

    campaign_path = "campaign"
    list_display = ["title", "campaign", "created_at", "author"]
    list_filter = ["campaign"]
    search_fields = ["title", "body"]
    fields = ["campaign", "title", "body"]

    def get_readonly_fields(self, request, obj=None):
        return ["campaign"] if obj is not None else []

    def save_model(self, request, obj, form, change):
        if change:
            announcement_edit(actor=request.user, announcement=obj, title=obj.title,
                              body=obj.body)
            return
        obj.pk = announcement_post(actor=request.user, campaign=obj.campaign, title=obj.title,
                                   body=obj.body).pk
