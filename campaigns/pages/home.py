"""The campaign home: straight to where the user starts in their one campaign, or the list of
the campaigns they may see (a player starts on their kingdom, the GM on the campaign overview)."""
from __future__ import annotations

from django.shortcuts import redirect, render
from django.urls import reverse

from campaigns.models import Campaign, Membership, Role
from campaigns.pages.presentation import member_required
from campaigns.selectors import user_memberships, visible_campaigns


def _landing(campaign: Campaign, membership: Membership | None) -> str:
    """Where a member of the campaign starts: a player on their kingdom, the GM on the overview."""
    if membership is not None and membership.role == Role.PLAYER and membership.kingdom_id:
        return reverse("kingdom", args=[membership.kingdom_id])
    return reverse("campaign", args=[campaign.pk])


def _entries(user) -> list[dict]:
    memberships = {m.campaign_id: m for m in user_memberships(user)}
    return [{"campaign": campaign, "membership": memberships.get(campaign.pk),
             "url": _landing(campaign, memberships.get(campaign.pk))}
            for campaign in visible_campaigns(user).order_by("name")]


@member_required
def home(request):
    """One campaign: straight to where the user starts in it; several: the list."""
    entries = _entries(request.user)
    if len(entries) == 1:
        return redirect(entries[0]["url"])
    return render(request, "pages/home.html", {"entries": entries})


@member_required
def campaign_list(request):
    return render(request, "pages/home.html", {"entries": _entries(request.user)})
