"""The GM's campaign overview: a row per kingdom, the kingdoms whose orders are not marked ready
yet, the latest battle scenes. A player is sent on to their kingdom; anyone else gets a 404.
Dates show in the campaign's time zone."""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from battles.selectors import campaign_scenes
from campaigns.pages.presentation import member_required
from campaigns.selectors import (
    campaign_announcements,
    is_campaign_gm,
    visible_campaigns,
    visible_kingdoms,
)
from turns.selectors import campaign_overview


@member_required
def campaign_detail(request, campaign_id: int):
    campaign = get_object_or_404(visible_campaigns(request.user), pk=campaign_id)
    if not is_campaign_gm(request.user, campaign.pk):
        kingdom = visible_kingdoms(request.user).filter(campaign=campaign).first()
        if kingdom is None:
            raise Http404
        return redirect("kingdom", kingdom.pk)
    rows = campaign_overview(campaign)
    with timezone.override(campaign.timezone):
        return render(request, "pages/campaign.html", {
            "campaign": campaign,
            "rows": rows,
            "waiting": [row for row in rows if row["waiting"]],
            "scenes": campaign_scenes(request.user, campaign)[:20],
            "announcements": campaign_announcements(campaign.pk),
        })
