"""The orders page: a kingdom's queued army activities for its open turn, and a form to submit,
change or withdraw them. The form offers only what the rules allow for the chosen army (the
rules engine is asked about each choice), previews the check's modifier, DC and odds
(rules.kingmaker.preview), and shows the engine's objections next to their fields. On a campaign
with a map, a Deploy Army's form sits beside the map the kingdom sees (the map page's SVG), where
muster.js picks the path hex by hex; the previewed route is drawn on it."""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from armies.activity_fields import (
    path_hexes,
)
from armies.activity_services import (
    activity_change,
    activity_submit,
    activity_withdraw,
    gm_only_params,
)
from armies.adapters import render_violation
from armies.choices import ACTIVITY_KIND_CHOICES, ActivityStatus
from armies.models import ArmyActivity
from armies.order_text import SKILLS, params_texts
from armies.orders import queued_activities, situation
from battles.pages.battle_plan import queued_plans
from campaigns.pages.presentation import DEGREES, member_required
from campaigns.selectors import current_turn, is_campaign_gm, visible_kingdoms
from campaigns.services import TurnLocked
from rules.errors import RuleViolation
from rules.kingmaker import activities as act
from rules.kingmaker.hexes import canonical_hex
from rules.kingmaker.preview import DeployPreview
from turns.map_views import map_view
from turns.order_form import K, OrderForm, order_initial, order_params
from turns.pages.campaign_map import map_drawing
from turns.selectors import order_preview


def _kingdom_for(request, kingdom_id: int):
    kingdom = get_object_or_404(visible_kingdoms(request.user).select_related("campaign"),
                                pk=kingdom_id)
    return kingdom


def _preview_rows(preview) -> dict[str, Any]:
    return {
        "skill": SKILLS.get(preview.skill, preview.skill),
        "modifier": preview.modifier,
        "modifiers": preview.modifiers,
        "dc": preview.dc,
        "dc_parts": preview.dc_parts,
        "chances": [(DEGREES[d.name.lower()], round(p * 100)) for d, p in
                    sorted(preview.chances.items(), reverse=True)],
    }


def _deploy_rows(preview: DeployPreview) -> dict[str, Any]:
    """A Deploy Army's route on the campaign map as the orders page words it: the hexes stepped
    through, those counted more than once and why, the counted distance against the reach, and
    what the border and the road do to the check."""
    found = preview.route
    return {
        "start": found.start if found else "",
        "path": " ".join(found.path) if found and found.path else (found.destination
                                                                   if found else ""),
        "chosen": found.chosen if found else False,
        "counted_twice": [{"hex": step.hex, "counts": step.counts,
                           "reasons": ", ".join(gettext(r) for r in step.reasons)}
                          for step in preview.counted_twice],
        "distance": preview.distance,
        "reach": preview.reach,
        "border": gettext(act.BORDER_DC_LABELS[found.border])
        if found and found.border in act.BORDER_DC_LABELS else "",
        "road": bool(found and found.road),
    }


def _order_rows(activities: list[ArmyActivity], names: dict[int, str]) -> list[dict[str, Any]]:
    labels = dict(ACTIVITY_KIND_CHOICES)
    return [{"activity": activity, "kind": labels.get(activity.kind, activity.kind),
             "army": names.get(activity.army_id, "—") if activity.army_id else
             gettext("leadership"), "params": params}
            for activity, params in zip(activities, params_texts([a.params for a in activities]),
                                        strict=True)]


@member_required
def orders(request, kingdom_id: int):
    kingdom = _kingdom_for(request, kingdom_id)
    campaign = kingdom.campaign
    turn = current_turn(kingdom)
    context: dict[str, Any] = {"campaign": campaign, "kingdom": kingdom, "turn": turn,
                               "is_gm": is_campaign_gm(request.user, campaign.pk),
                               "now": timezone.now(), "plans": queued_plans(request.user, kingdom)}
    if turn is not None and turn.accepts_orders:
        current = situation(turn, with_foreign=True)
        form, editing = _order_form(request, turn, kingdom, current, gm=context["is_gm"])
        context.update({"form": form, "editing": editing, "preview": None})
        if request.method == "POST" and form.kind is not None and form.is_valid():
            done = _post(request, form, context, current)
            if done is not None:
                return done
        names = {a.key: a.state.name for a in current.armies.values()}
        context["orders"] = _order_rows(list(queued_activities(turn)), names)
        if form.kind is K.DEPLOY_ARMY and form.army is not None \
                and current.campaign_map is not None and "path" in form.fields:
            context.update(_path_picker(request, form, context))
    else:
        context["locked"] = turn is not None
    with timezone.override(campaign.timezone):
        return render(request, "pages/orders.html", context)


def _path_picker(request, form: OrderForm, context: dict[str, Any]) -> dict[str, Any]:
    """The map beside a Deploy Army's form: what the reader may see of it (map_view, as on the
    map page), the army's hex, and the route drawn on it: the previewed one, else the typed."""
    view = map_view(request.user, context["campaign"])
    if view is None or not view.campaign_map.hexes or form.army is None:
        return {}
    deploy = context.get("deploy")
    typed = path_hexes(form["path"].value() if form.is_bound else form.initial.get("path"))
    route = deploy["path"].split() if deploy else [canonical_hex(h) for h in typed]
    return {"picker": True, "start": canonical_hex(form.army.state.hex), "route": route,
            "doubled": [step["hex"] for step in deploy["counted_twice"]] if deploy else [],
            "picked": "",
            **map_drawing(view, context["campaign"],
                          map_url=reverse("map", args=[context["campaign"].pk]))}


def _order_form(request, turn, kingdom, current: act.Situation, *, gm: bool
                ) -> tuple[OrderForm, ArmyActivity | None]:
    """The order form, for a new order or the queued one being edited. A GET only chooses the
    army and the activity (the form re-renders for them); a POST previews or submits."""
    source = request.POST if request.method == "POST" else request.GET
    editing = None
    if source.get("activity", "").isdecimal() and source["activity"].isascii():
        editing = get_object_or_404(turn.activities, pk=source["activity"],
                                    status=ActivityStatus.QUEUED)
    army_key, kind = source.get("army", ""), source.get("kind", "")
    if editing is not None:
        army_key, kind = str(editing.army_id or ""), editing.kind
    initial = {**request.GET.dict(), "army": army_key, "kind": kind}
    if editing is not None and request.method != "POST":
        initial.update(order_initial(editing))
    data = source if request.method == "POST" else None
    return OrderForm(data, initial=initial, kingdom=kingdom, current=current, army_key=army_key,
                     kind=kind, gm=gm, locked=editing is not None), editing


def _post(request, form: OrderForm, context: dict[str, Any], current: act.Situation):
    """Previews, changes or queues the posted order through the services; answers the redirect
    after a write, or None to show the form again (with the preview or the objections)."""
    params = order_params(form)
    if params is None or form.kind is None:  # the view posts only a form with an activity
        return None
    kingdom, turn, editing = context["kingdom"], context["turn"], context["editing"]
    army = kingdom.armies.filter(pk=form.army.key).first() if form.army else None
    second = bool(form.cleaned_data.get("second"))
    try:
        if request.POST.get("action", "") == "preview":
            preview = order_preview(current, kind=form.kind, params=params,
                                    army_id=army.pk if army else None, second=second,
                                    campaign_id=kingdom.campaign_id)
            form.add_violations(preview.violations)
            context["preview"] = _preview_rows(preview.check) if preview.check else {"none": True}
            context["deploy"] = _deploy_rows(preview.deploy) if preview.deploy else None
            return None
        if editing is not None:
            if not context["is_gm"]:
                # Players have no box for the GM's parameters (captured gear, the map's
                # override): the GM's grant stays as given.
                params = {**params, **{name: editing.params[name]
                                       for name in gm_only_params(editing.kind)
                                       if editing.params.get(name)}}
            activity_change(activity=editing, user=request.user, params=params, second=second)
            messages.success(request, gettext("The order is changed."))
        else:
            activity_submit(turn=turn, user=request.user, kind=form.kind.value, army=army,
                            params=params, second=second)
            messages.success(request, gettext("The order is queued."))
        return redirect("orders", kingdom.pk)
    except RuleViolation as error:
        form.add_violations(error.violations)
    except TurnLocked:
        context["locked"] = True
    return None


@member_required
def order_withdraw(request, kingdom_id: int, activity_id: int):
    if request.method != "POST":
        raise Http404
    kingdom = _kingdom_for(request, kingdom_id)
    activity = get_object_or_404(ArmyActivity, pk=activity_id, turn__kingdom=kingdom)
    try:
        activity_withdraw(activity=activity, user=request.user)
    except TurnLocked:
        messages.error(request, gettext("The turn no longer takes orders."))
    except RuleViolation as error:
        for violation in error.violations:
            messages.error(request, render_violation(violation))
    else:
        messages.success(request, gettext("The order is withdrawn."))
    return redirect("orders", kingdom.pk)
