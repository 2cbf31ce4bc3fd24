"""A kingdom's turn report: the activities with their orders and checks, the sheet before and
after, the armies' changes. Reads go through the selectors (a player sees only their kingdom's
reports, the GM the whole campaign's, anyone else a 404); dates show in the campaign's time
zone."""
from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from armies.order_text import params_texts
from armies.report_text import with_text
from armies.selectors import visible_armies
from campaigns.pages.presentation import member_required
from turns.pages.presentation import turn_report_view
from turns.selectors import report_outcome, visible_reports


@member_required
def turn_report(request, kingdom_id: int, number: int):
    report = get_object_or_404(
        visible_reports(request.user).select_related("turn__kingdom__campaign"),
        turn__kingdom_id=kingdom_id, turn__number=number)
    kingdom = report.turn.kingdom
    outcome = report_outcome(request.user, report)
    names = dict(visible_armies(request.user).filter(kingdom=kingdom).values_list("pk", "name"))
    # The GM reads the checks that found nothing: the hidden armies' names too.
    hidden = {c.get("hidden") for c in outcome.get("gm_scouting", [])}
    if hidden:
        names.update(visible_armies(request.user).filter(pk__in=hidden).values_list("pk", "name"))
    activities = list(report.turn.activities.all())
    with timezone.override(kingdom.campaign.timezone):
        return render(request, "pages/turn_report.html", {
            "campaign": kingdom.campaign,
            "kingdom": kingdom,
            "turn": report.turn,
            "report": turn_report_view(with_text(outcome), names, orders=dict(zip(
                [a.pk for a in activities], params_texts([a.params for a in activities]),
                strict=True))),
            "created_at": report.created_at,
            "narration": report.narration,
        })
