"""The GM's battle pages: replay a fought scene from its seed, step through a scene round by round
(then finish and apply it through the resolution service), and weigh its odds."""
from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.admin import ModelAdmin
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from armies.adapters import render_violation
from armies.report_text import with_text
from battles.adapters import scene_setup, setup_from_inputs
from battles.models import SIDE_CHOICES, BattleScene, SceneStatus
from battles.odds import scene_odds
from battles.reports import as_old_as, first_difference, report_data, with_names
from battles.services import scene_resolve_now, scene_seed
from rules.errors import RuleViolation
from rules.kingmaker.battle.engine import fight

ADMIN_MAX_RUNS = 20000
MAX_SEED = 2**62 - 1


def _scene(model_admin: ModelAdmin, request, object_id) -> BattleScene | None:
    scene = model_admin.get_object(request, object_id)
    if not model_admin.has_change_permission(request, scene):
        return None
    return scene


def _page(request, model_admin: ModelAdmin, scene: BattleScene, template: str, title: str,
          **context) -> TemplateResponse:
    opts = model_admin.model._meta
    return TemplateResponse(request, template, {
        **model_admin.admin_site.each_context(request),
        "opts": opts,
        "title": title,
        "subject": scene,
        "scene": scene,
        "back_url": reverse("admin:battles_battlescene_change", args=[scene.pk]),
        **context,
    })


def _readable(outcome, setup) -> dict:
    """A report as the templates show it (the same data the report stores)."""
    return with_names(with_text(json.loads(json.dumps(report_data(outcome, setup)))))


def replay_view(model_admin: ModelAdmin, request, object_id):
    """Fight the stored inputs again with the stored seed: the log must come out identical."""
    scene = _scene(model_admin, request, object_id)
    if scene is None:
        return redirect("admin:index")
    report = getattr(scene, "report", None)
    if report is None:
        messages.warning(request, _("%(scene)s has not been fought yet.") % {"scene": scene})
        return redirect("admin:battles_battlescene_change", scene.pk)
    setup = setup_from_inputs(report.inputs)
    replayed = json.loads(json.dumps(report_data(fight(setup, report.outcome["seed"]), setup)))
    difference = first_difference(report.outcome, as_old_as(replayed, report.outcome))
    return _page(request, model_admin, scene, "admin/battles/replay.html",
                 _("Replay from seed"), seed=report.outcome["seed"], difference=difference,
                 counts={"rounds": len(replayed["rounds"]), "rolls": len(replayed["rolls"]),
                         "events": sum(len(r["events"]) for r in replayed["rounds"])})


def step_view(model_admin: ModelAdmin, request, object_id):
    """Rounds 1..k of the scene as the resolution will fight it (same setup, same seed); POST
    finishes it and applies it through the resolution service."""
    scene = _scene(model_admin, request, object_id)
    if scene is None:
        return redirect("admin:index")
    report = getattr(scene, "report", None)
    if request.method == "POST":
        if scene.status not in (SceneStatus.QUEUED,):
            messages.error(request, _("%(scene)s is %(status)s: there is nothing to apply.")
                           % {"scene": scene, "status": scene.get_status_display()})
            return redirect("admin:battles_battlescene_change", scene.pk)
        try:
            result = scene_resolve_now(actor=request.user, scene=scene)
        except RuleViolation as error:
            messages.error(request, render_violation(error.violations[0]))
            return redirect("admin:battles_battlescene_change", scene.pk)
        scene.refresh_from_db()
        if result == "resolved":
            messages.success(request, _("%(scene)s is fought and applied.") % {"scene": scene})
            return redirect("admin:battles_battlereport_change", scene.report.pk)
        messages.error(request, _("%(scene)s was not applied (%(result)s). %(error)s")
                       % {"scene": scene, "result": result, "error": scene.error})
        return redirect("admin:battles_battlescene_change", scene.pk)
    try:
        shown = max(1, int(request.GET.get("round", 1)))
    except ValueError:
        shown = 1
    if report is not None:  # fought: step through what it was fought from
        setup, seed = setup_from_inputs(report.inputs), report.outcome["seed"]
    else:
        try:
            seed = scene_seed(actor=request.user, scene=scene)
        except RuleViolation as error:
            messages.error(request, render_violation(error.violations[0]))
            return redirect("admin:battles_battlescene_change", scene.pk)
        setup = scene_setup(scene)
    outcome = fight(setup, seed, stop_after_round=shown)
    can_apply = report is None and scene.status == SceneStatus.QUEUED
    return _page(request, model_admin, scene, "admin/battles/step.html",
                 _("Resolve one round at a time"), report=_readable(outcome, setup), seed=seed,
                 shown=len(outcome.rounds), finished=outcome.finished,
                 next_round=len(outcome.rounds) + 1, can_apply=can_apply)


class OddsForm(forms.Form):
    runs = forms.IntegerField(label=gettext_lazy("runs"), min_value=1, max_value=ADMIN_MAX_RUNS,
                              initial=500, help_text=gettext_lazy("How many times to fight it."))
    seed = forms.IntegerField(label=gettext_lazy("seed"), min_value=0, max_value=MAX_SEED,
                              required=False,
                              help_text=gettext_lazy("The same seed gives the same odds; blank: "
                                                     "a random one."))


def odds_view(model_admin: ModelAdmin, request, object_id):
    """The scene fought many times as it stands (every side's plans), counted."""
    scene = _scene(model_admin, request, object_id)
    if scene is None:
        return redirect("admin:index")
    form = OddsForm(request.GET if "runs" in request.GET else None)
    table = None
    if form.is_valid():
        setup = scene_setup(scene)
        odds = scene_odds(setup, runs=form.cleaned_data["runs"], seed=form.cleaned_data["seed"])
        labels = dict(SIDE_CHOICES)
        names = {c.key: (c.army.name, labels[c.side]) for c in setup.combatants}
        table = {
            "runs": odds.runs, "seed": odds.seed,
            "sides": [{"side": labels[side], "win": o.win * 100,
                       "routed": o.routed * 100, "defeated": o.defeated * 100}
                      for side, o in odds.sides.items()],
            "armies": [{"name": names[key][0], "side": names[key][1], "hp_lost": lost}
                       for key, lost in odds.armies.items()],
        }
    return _page(request, model_admin, scene, "admin/battles/odds.html", _("Odds"), form=form,
                 table=table)
