"""What every page shares: the sign-in they need, the GM's pages' campaign, the words for a check's
degree of success."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign
from campaigns.selectors import is_campaign_gm

# Pages need a signed-in user; settings.LOGIN_URL points at the admin's, so name ours.
member_required = login_required(login_url="login")

DEGREES = {
    "critical_success": _("critical success"),
    "success": _("success"),
    "failure": _("failure"),
    "critical_failure": _("critical failure"),
}


def gm_campaign_or_404(request, campaign_id: int) -> Campaign:
    """The campaign, if the user runs it; a 404 for anyone else (players included)."""
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    if not is_campaign_gm(request.user, campaign.pk):
        raise Http404
    return campaign
