"""Battle plans on the orders page: each queued scene's armies of the kingdom, with a form per army
that the rules check (errors next to their fields)."""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from armies.adapters import army_state, render_violation
from armies.selectors import armies_with_details
from battles.forms import PlanFields, offer, plan_of
from battles.models import BattleParticipant, SceneStatus
from battles.selectors import visible_participants
from battles.services import SceneLocked, participant_set_plan
from campaigns.pages.presentation import member_required
from campaigns.selectors import visible_kingdoms
from rules.errors import RuleViolation


class PlanForm(PlanFields):
    def __init__(self, *args, participant: BattleParticipant, **kwargs):
        super().__init__(*args, **kwargs)
        # The scene's participants, as prefetched (scene_armies_prefetch) on the orders page.
        offer(self, enemies=[(each.army_id, each.army.name)
                             for each in participant.scene.participants.all()
                             if each.side != participant.side], army=participant.army)

    def plan(self) -> dict[str, Any]:
        return plan_of(self.cleaned_data)


def queued_plans(user, kingdom) -> list[dict[str, Any]]:
    """The kingdom's armies in scenes still taking plans, each with its plan form."""
    participants = list(visible_participants(user).filter(
        army__kingdom=kingdom, scene__status=SceneStatus.QUEUED, scene__locked_at__isnull=True,
    ).select_related("scene", "army").prefetch_related(scene_armies_prefetch()))
    armies = armies_with_details().in_bulk({each.army_id for each in participants})
    rows = []
    for participant in participants:
        participant.army = armies[participant.army_id]
        rows.append({"participant": participant,
                     "form": PlanForm(initial=_initial(participant), participant=participant)})
    return rows


def scene_armies_prefetch() -> Prefetch:
    """A participant's scene's participants with their armies: the enemies a plan may target,
    read from memory for each of the kingdom's armies."""
    return Prefetch("scene__participants",
                    queryset=BattleParticipant.objects.select_related("army"))


def _initial(participant: BattleParticipant) -> dict[str, Any]:
    from battles.adapters import plan_data, plan_from

    return plan_data(plan_from(participant.plan, army_state(participant.army)))


@member_required
def battle_plan(request, kingdom_id: int, participant_id: int):
    """GET shows one army's plan form; POST saves it, or shows the rules' errors by the fields."""
    kingdom = get_object_or_404(visible_kingdoms(request.user), pk=kingdom_id)
    participant = get_object_or_404(
        visible_participants(request.user).select_related("scene", "army").prefetch_related(
            scene_armies_prefetch()),
        pk=participant_id, army__kingdom=kingdom)
    participant.army = armies_with_details().get(pk=participant.army_id)
    if request.method == "POST":
        form = PlanForm(request.POST, participant=participant)
        if form.is_valid():
            try:
                participant_set_plan(actor=request.user, participant=participant,
                                     plan=form.plan())
            except RuleViolation as error:
                for violation in error.violations:
                    field = violation.field if violation.field in form.fields else None
                    form.add_error(field, render_violation(violation))
            except SceneLocked:
                messages.error(request, gettext("This battle no longer takes plans."))
                return redirect("orders", kingdom.pk)
            else:
                messages.success(request, gettext("The battle plan is saved."))
                return redirect("orders", kingdom.pk)
    elif request.method == "GET":
        form = PlanForm(initial=_initial(participant), participant=participant)
    else:
        raise Http404
    return render(request, "pages/battle_plan.html",
                  {"kingdom": kingdom, "campaign": kingdom.campaign, "participant": participant,
                   "form": form})
