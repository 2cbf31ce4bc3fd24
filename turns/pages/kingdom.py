"""The kingdom dashboard: its sheet, current turn and queued orders, players, armies' cards,
latest reports and battle scenes. Reads go through the selectors (a player sees only their
kingdom, the GM the whole campaign, anyone else a 404); dates show in the campaign's time zone."""
from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from armies.selectors import active_armies
from battles.selectors import kingdom_scenes
from campaigns.pages.presentation import member_required
from campaigns.selectors import (
    campaign_announcements,
    current_turn,
    is_campaign_gm,
    kingdom_players,
    visible_kingdoms,
)
from turns.pages.presentation import army_card, kingdom_sheet
from turns.selectors import kingdom_reports, queued_order_count


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
            "announcements": campaign_announcements(campaign.pk),
            "armies": [army_card(army) for army in active_armies(kingdom)],
            "reports": kingdom_reports(kingdom)[:10],
            "scenes": kingdom_scenes(request.user, kingdom)[:10],
            "now": timezone.now(),
        })
