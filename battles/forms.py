"""What the battle forms share: the back office's campaign check, and a battle plan's fields,
offering what the rules allow the army (its stance, whom it aims at, when it retreats, the
tactical war actions it knows, its potions) to the orders page's plan form and the back office's
participant rows alike, so that neither shows the plan as JSON."""
from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from armies.adapters import army_state
from armies.choices import WAR_ACTION_LABELS
from rules.kingmaker.battle import setup as engine
from rules.kingmaker.battle.plans import ACTIVE_TACTICAL_ACTIONS, tactical_actions


def check_campaign_kingdoms(form, data) -> None:
    """Each side's kingdom, when there is one, belongs to the battle's campaign."""
    campaign = data.get("campaign")
    for name in ("attacker_kingdom", "defender_kingdom"):
        kingdom = data.get(name)
        if kingdom is not None and campaign is not None and kingdom.campaign_id != campaign.pk:
            form.add_error(name, _("This kingdom belongs to another campaign."))


STANCES = [(engine.Stance.ADVANCE.value, _("advance and strike")),
           (engine.Stance.HOLD.value, _("hold and shoot")),
           (engine.Stance.GUARD.value, _("guard (hold the fortification)"))]
TARGETINGS = [(engine.Targeting.WEAKEST.value, _("the weakest enemy")),
              (engine.Targeting.STRONGEST.value, _("the strongest enemy")),
              (engine.Targeting.ARMY.value, _("the army named below"))]
PLAN_NAMES = ("stance", "targeting", "target_army", "retreat_below", "tactical_action",
              "use_potions")


class PlanFields(forms.Form):
    """The plan's fields, for a form (or a model form) to inherit; `offer` sets their choices."""

    stance = forms.ChoiceField(label=_("stance"), choices=STANCES)
    targeting = forms.ChoiceField(label=_("targeting"), choices=TARGETINGS)
    target_army = forms.TypedChoiceField(label=_("target army"), coerce=int, required=False,
                                         empty_value=None)
    retreat_below = forms.IntegerField(label=_("retreat at or below HP"), required=False,
                                       min_value=0)
    tactical_action = forms.ChoiceField(label=_("tactical war action"), required=False)
    use_potions = forms.BooleanField(label=_("drink healing potions"), required=False)


def offer(form: forms.BaseForm, *, enemies: list[tuple[int, str]], army=None) -> None:
    """Set the choices: the enemies it may aim at, and the active tactical war actions its
    tactics give (all of them for an army not chosen yet: the rules check the plan)."""
    cast(forms.ChoiceField, form.fields["target_army"]).choices = [("", "—"), *enemies]
    actions = [a for a in tactical_actions(army_state(army)) if a in ACTIVE_TACTICAL_ACTIONS] \
        if army is not None else sorted(ACTIVE_TACTICAL_ACTIONS)
    cast(forms.ChoiceField, form.fields["tactical_action"]).choices = [("", "—")] + [
        (a, WAR_ACTION_LABELS.get(a, a)) for a in actions]


def plan_of(cleaned_data: dict[str, Any]) -> dict[str, Any]:
    """The plan as the API and the services take it."""
    plan = {name: cleaned_data.get(name) for name in PLAN_NAMES}
    plan["tactical_action"] = plan["tactical_action"] or None
    plan["use_potions"] = bool(plan["use_potions"])
    return plan
