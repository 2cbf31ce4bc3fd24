"""The campaign chat's posts in the GM's back office: what was posted, what waits and why a post
failed (the webhook's answer), with "Send again" for failed and waiting posts."""
from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext, gettext_lazy, ngettext

from campaigns.admin_scope import CampaignScopedAdmin
from core.permissions import NotPermitted
from notifications import chat
from notifications.models import ChatPost


@admin.register(ChatPost)
class ChatPostAdmin(CampaignScopedAdmin, admin.ModelAdmin):
    campaign_path = "campaign"
    list_display = ["created_at", "campaign", "status", "attempts", "text", "error"]
    list_filter = ["status", "campaign"]
    fields = ("campaign", "text", "status", "attempts", "error", "created_at", "sent_at")
    readonly_fields = fields
    actions = ["queue_again"]

    # Posts are written by what they tell, never by hand.
    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description=gettext_lazy("Send the failed or waiting posts again"))
    def queue_again(self, request, queryset):
        try:
            again = chat.queue_again(actor=request.user, posts=list(queryset))
        except NotPermitted as error:
            self.message_user(request, error.violations[0].render(gettext), messages.ERROR)
            return
        if not again:
            self.message_user(request, gettext_lazy("All of them were sent already."),
                              messages.WARNING)
            return
        self.message_user(request, ngettext(
            "%(count)d post is queued again.", "%(count)d posts are queued again.", again)
            % {"count": again}, messages.SUCCESS)
