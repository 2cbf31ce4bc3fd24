"""The GM's invitations in the back office: what was sent, to whom, and its state, with Withdraw.
New invitations are made on the campaign's members page, which shows the new link once."""
from __future__ import annotations

from django.contrib import admin, messages
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.admin_scope import CampaignScopedAdmin
from campaigns.invitations import invitation_revoke
from campaigns.models import Invitation
from rules.errors import RuleViolation


@admin.register(Invitation)
class InvitationAdmin(CampaignScopedAdmin, admin.ModelAdmin):
    campaign_path = "campaign"
    list_display = ["kingdom", "campaign", "email", "state", "expires_at", "accepted_by"]
    list_filter = ["campaign"]
    search_fields = ["email", "kingdom__name", "accepted_by__username"]
    fields = readonly_fields = ("campaign", "kingdom", "email", "state", "created_by",
                                "created_at", "expires_at", "accepted_by", "accepted_at",
                                "revoked_at", "members_page")
    actions = ["withdraw"]

    @admin.display(description=gettext_lazy("state"))
    def state(self, invitation: Invitation):
        return invitation.status_at(timezone.now()).label

    @admin.display(description=gettext_lazy("members"))
    def members_page(self, invitation: Invitation):
        return format_html('<a href="{}">{}</a>', reverse("members", args=[invitation.campaign_id]),
                           _("Members and invitations"))

    def has_add_permission(self, request):
        return False  # the members page makes them: it shows the new link, once

    def has_delete_permission(self, request, obj=None):
        return False  # Withdraw keeps what was sent, and to whom

    @admin.action(description=gettext_lazy("Withdraw the selected invitations"))
    def withdraw(self, request, queryset):
        withdrawn = 0
        for invitation in queryset:
            try:
                invitation_revoke(actor=request.user, invitation=invitation)
                withdrawn += 1
            except RuleViolation as error:
                self.message_user(request, f"{invitation}: {error.violations[0].render(_)}",
                                  messages.WARNING)
        self.message_user(request, _("Withdrawn: %(count)d.") % {"count": withdrawn},
                          messages.SUCCESS)
