"""The GM's turn page: each kingdom's open or locked turn with "resolve now", and a dry run that
shows what resolving would change before the GM commits it or discards it (turns.previews)."""
from __future__ import annotations

import logging

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.models import Campaign, KingdomTurn
from campaigns.pages.presentation import DEGREES, gm_campaign_or_404, member_required
from rules.errors import RuleViolation
from turns import previews, undo
from turns.services import turns_resolve_now

log = logging.getLogger(__name__)


def _labels() -> dict[str, str]:
    return {
        "level": _("level"), "resource_points": _("RP"), "food": _("Food"),
        "unrest": _("unrest"), "fame": _("fame"), "infamy": _("infamy"), "xp": _("XP"),
        "corruption": _("corruption"), "crime": _("crime"), "decay": _("decay"),
        "strife": _("strife"),
    }


def _stored(request, campaign: Campaign) -> dict:
    return request.session.get(previews.session_key(campaign.pk)) or {}


def _back(campaign: Campaign):
    return redirect("gm-turns", campaign.pk)


def _shown(preview: dict) -> dict:
    labels, degrees = _labels(), {k: str(v) for k, v in DEGREES.items()}
    preview["kingdom"] = [{**row, "label": labels.get(row["field"], row["field"])}
                          for row in preview["kingdom"]]
    preview["activities"] = [{**row, "degree_label": degrees.get(row["degree"], row["degree"])}
                             for row in preview["activities"]]
    return preview


@member_required
def gm_turns(request, campaign_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    turns = list(previews.previewable_turns(campaign.pk))
    stored = _stored(request, campaign)
    shown, stale = [], False
    by_id = {str(turn.pk): turn for turn in turns}
    for pk, entry in stored.items():
        turn = by_id.get(pk)
        if turn is None:
            stale = True
            continue
        try:
            preview = _shown(previews.preview(turn, entry["seed"]))
        except Exception as error:  # the GM sees why; resolving it would fail the same way
            log.exception("dry run of turn %s failed", turn.pk)
            shown.append({"turn": turn, "error": f"{type(error).__name__}: {error}",
                          "stale": False})
            continue
        preview["stale"] = preview["fingerprint"] != entry["fingerprint"]
        stale = stale or preview["stale"]
        shown.append(preview)
    with timezone.override(campaign.timezone):
        return render(request, "pages/gm_turns.html", {
            "campaign": campaign,
            "turns": turns,
            "previews": shown,
            "has_preview": bool(stored),
            "stale": stale,
            "undoable": undo.last_resolved(campaign),
        })


@member_required
@require_POST
def gm_resolve_now(request, campaign_id: int, turn_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    turn = get_object_or_404(previews.previewable_turns(campaign.pk), pk=turn_id)
    ids = turns_resolve_now(actor=request.user, turns=KingdomTurn.objects.filter(pk=turn.pk))
    if ids:
        messages.success(request, _("Turn %(number)s of %(kingdom)s is being resolved.")
                         % {"number": turn.number, "kingdom": turn.kingdom.name})
    else:
        messages.warning(request, _("That turn could not be locked; try again."))
    return _back(campaign)


@member_required
@require_POST
def gm_dry_run(request, campaign_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    turns = previews.previewable_turns(campaign.pk)
    if request.POST.get("turn"):
        if not request.POST["turn"].isdigit():
            raise Http404
        turns = turns.filter(pk=int(request.POST["turn"]))
    turns = list(turns)
    if not turns:
        messages.warning(request, _("No open or locked turn to preview."))
        return _back(campaign)
    request.session[previews.session_key(campaign.pk)] = previews.dry_run(turns)
    messages.info(request, _("Dry run done: nothing has been changed yet."))
    return _back(campaign)


@member_required
@require_POST
def gm_dry_run_commit(request, campaign_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    stored = _stored(request, campaign)
    if not stored:
        messages.warning(request, _("There is no dry run to commit."))
        return _back(campaign)
    try:
        previews.commit(campaign.pk, stored, actor=request.user)
    except previews.StalePreview:
        messages.error(request, _("The orders or the kingdoms changed since the dry run; "
                                  "nothing was committed. Run a new dry run."))
        return _back(campaign)
    request.session.pop(previews.session_key(campaign.pk), None)
    messages.success(request, _("The previewed turns are being resolved with the previewed dice."))
    return _back(campaign)


@member_required
@require_POST
def gm_dry_run_discard(request, campaign_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    request.session.pop(previews.session_key(campaign.pk), None)
    messages.info(request, _("Dry run discarded."))
    return _back(campaign)


def _undone(request, campaign: Campaign, undo_them) -> HttpResponse:
    try:
        turns = undo_them()
    except RuleViolation as error:
        for violation in error.violations:
            messages.error(request, violation.render(_))
        return _back(campaign)
    messages.success(request, undo.undone_message(turns))
    return _back(campaign)


@member_required
@require_POST
def gm_undo(request, campaign_id: int, turn_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    turn = get_object_or_404(KingdomTurn.objects.select_related("kingdom__campaign"), pk=turn_id,
                             kingdom__campaign=campaign)
    return _undone(request, campaign, lambda: [undo.turn_undo(actor=request.user, turn=turn)])


@member_required
@require_POST
def gm_undo_night(request, campaign_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    return _undone(request, campaign, lambda: undo.night_undo(actor=request.user,
                                                              campaign=campaign))
