"""The players' and the GM's pages: the campaign home, the campaign overview, the kingdom
dashboard and turn reports. Reads go through the selectors (a player sees only their kingdom, the
GM the whole campaign, anyone else a 404); dates show in the campaign's time zone."""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from armies.order_text import params_text
from armies.selectors import active_armies, visible_armies
from battles.selectors import campaign_scenes, kingdom_scenes
from campaigns.models import Campaign, Membership, Role
from campaigns.pages import army_card, kingdom_sheet, member_required, turn_report_view
from campaigns.reports import with_text
from campaigns.selectors import (
    campaign_overview,
    current_turn,
    is_campaign_gm,
    kingdom_players,
    kingdom_reports,
    queued_order_count,
    user_memberships,
    visible_campaigns,
    visible_kingdoms,
    visible_reports,
)


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
        })


@member_required
def kingdom_dashboard(request, kingdom_id: int):
    kingdom = get_object_or_404(visible_kingdoms(request.user), pk=kingdom_id)
    campaign = kingdom.campaign
    turn = current_turn(kingdom)
    with timezone.override(campaign.timezone):
        return render(request, "pages/kingdom.html", {
            "campaign": campaign,
            "kingdom": kingdom,
            "is_gm": is_campaign_gm(request.user, campaign.pk),
            "sheet": kingdom_sheet(kingdom),
            "turn": turn,
            "orders": queued_order_count(turn),
            "players": kingdom_players(kingdom),
            "armies": [army_card(army) for army in active_armies(kingdom)],
            "reports": kingdom_reports(kingdom)[:10],
            "scenes": kingdom_scenes(request.user, kingdom)[:10],
            "now": timezone.now(),
        })


@member_required
def turn_report(request, kingdom_id: int, number: int):
    report = get_object_or_404(
        visible_reports(request.user).select_related("turn__kingdom__campaign"),
        turn__kingdom_id=kingdom_id, turn__number=number)
    kingdom = report.turn.kingdom
    names = dict(visible_armies(request.user).filter(kingdom=kingdom).values_list("pk", "name"))
    with timezone.override(kingdom.campaign.timezone):
        return render(request, "pages/turn_report.html", {
            "campaign": kingdom.campaign,
            "kingdom": kingdom,
            "turn": report.turn,
            "report": turn_report_view(with_text(report.outcome), names, orders={
                a.pk: params_text(a.params) for a in report.turn.activities.all()}),
            "created_at": report.created_at,
        })
