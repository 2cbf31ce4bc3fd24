"""Reads about armies."""
from __future__ import annotations

from django.db.models import QuerySet

from armies.adapters import army_state
from armies.choices import ArmyStatus
from armies.foundry import actor_json
from armies.models import Army, ArmyActivity
from campaigns.selectors import visible_to
from core.compiled import CompiledRead
from core.related_rows import with_related_rows
from rules.errors import RuleViolation, Violation
from rules.kingmaker.army import ArmyState, StatBlock, stat_block
from rules.kingmaker.conditions import condition_violations
from rules.kingmaker.gear import gear_violations
from rules.kingmaker.tactics import tactic_violations


def armies_with_details(*, with_kingdom: bool = True) -> QuerySet[Army]:
    """Armies with what their stat blocks read, in one query (their tactics, gear and conditions
    as JSON, cached as prefetch_related would); `with_kingdom`: their kingdom joined too."""
    joined = ("kingdom", "template", "faction") if with_kingdom else ("template", "faction")
    return with_related_rows(Army.objects.select_related(*joined), "tactics", "gear", "conditions")


def active_armies(kingdom, *, with_kingdom: bool = True) -> QuerySet[Army]:
    return armies_with_details(with_kingdom=with_kingdom).filter(kingdom=kingdom,
                                                                 status=ArmyStatus.ACTIVE)


# The caller has the kingdom: it is not read again for each army.
_ACTIVE_ARMIES = CompiledRead(lambda kingdom: active_armies(kingdom, with_kingdom=False),
                              kingdom=int)


def active_army_rows(kingdom) -> list[Army]:
    """active_armies as a list, each army knowing `kingdom` as its own, through SQL compiled
    once (core.compiled): every order submission and kingdom turn reads them."""
    armies = _ACTIVE_ARMIES.fetch(kingdom=kingdom.pk)
    for army in armies:
        Army.kingdom.field.set_cached_value(army, kingdom)
    return armies


def army_stat_block(army: Army) -> StatBlock:
    return stat_block(army_state(army))


def army_foundry_actor(army: Army) -> dict:
    """The army as a Foundry VTT PF2e army actor (armies.foundry), its id in the flags."""
    return actor_json(army_state(army), flags={"army": army.pk})


def army_violations(army: Army) -> list[Violation]:
    """What the stored army breaks under the rules now (e.g. after the GM lowers its level)."""
    return state_violations(army_state(army))


def state_violations(state: ArmyState) -> list[Violation]:
    try:
        state.template.check_level(state.level)
    except RuleViolation as error:
        return list(error.violations)
    return [
        *tactic_violations(state.template, state.level, state.tactics),
        *gear_violations(state.template, state.level, state.gear),
        *condition_violations(state.conditions, state.hp),
    ]


def visible_armies(user) -> QuerySet[Army]:
    """The armies of the kingdoms `user` may see (campaigns.selectors.visible_kingdoms)."""
    return visible_to(user, armies_with_details(), "kingdom__")


def visible_activities(user) -> QuerySet[ArmyActivity]:
    """The orders of the kingdoms `user` may see, whoever submitted them."""
    return visible_to(user, ArmyActivity.objects.select_related("turn", "army", "submitted_by"),
                      "turn__kingdom__")
