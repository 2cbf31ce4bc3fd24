"""Writes about sector battles: start a set-up battle, take a side's deployment or orders for the
open round (checked by the rules), and close rounds (both sides in, or the deadline passed) for a
worker to resolve (battles.sector.resolution)."""
from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from armies.models import Army
from armies.selectors import active_armies, armies_with_details
from battles import signals
from battles.enlistment import (
    army_enlistment_violations,
    check_may_set_up,
    check_runs_battles,
    enlistment_check,
)
from battles.sector import adapters
from battles.sector.models import (
    SECTOR_SIDE_LABELS,
    BattleStatus,
    SectorBattle,
    SectorCaster,
    SectorUnit,
    SideOrders,
)
from battles.sector.module_models import (
    MAX_CASTING_VALUE,
    MIN_CASTING_VALUE,
    SectorTrap,
    TrapCard,
)
from battles.sector.resolution import ROUNDS
from battles.sector.selectors import sides_commanded_in
from battles.sector.validators import bound_problem
from campaigns.permissions import check_runs_campaign
from core.permissions import SYSTEM, NotPermitted
from rules.cerilia import characters
from rules.cerilia.cards import card_violations
from rules.cerilia.modules import DEFAULT_WOUNDS
from rules.cerilia.spells import Spell
from rules.cerilia.state import School, state_data, state_from_data
from rules.errors import RuleViolation, Violation, _
from rules.sides import Side

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class RoundClosed(Exception):
    """The battle takes no orders now (not started, resolving, or over)."""


def _next_deadline(battle: SectorBattle) -> datetime.datetime:
    return timezone.now() + datetime.timedelta(hours=battle.round_hours)


@transaction.atomic
def battle_start(*, actor, battle: SectorBattle) -> SectorBattle:
    """From setup to phase 0: both sides deploy until the first deadline. Raises NotPermitted
    unless `actor` runs the campaign's battles, RuleViolation with what keeps it from starting."""
    battle = SectorBattle.objects.select_for_update().get(pk=battle.pk)
    check_runs_battles(actor, battle.campaign_id)
    problems: list[Violation] = []
    if battle.status != BattleStatus.SETUP:
        problems.append(Violation("already_started", _("The battle has already begun.")))
    for side in Side:
        if not battle.units.filter(side=side.value).exists():
            problems.append(Violation("side_without_units", _("There are no units for %(side)s."),
                                      "units", {"side": side.value}))
    for unit in battle.units.select_related("card"):
        found = card_violations(adapters.engine_card(unit.card))
        if found:
            problems += [Violation(v.code, v.message, "units", dict(v.params))
                         for v in found.violations]
    problems += characters.commander_violations(adapters.modules_of(battle),
                                                adapters.engine_units(battle),
                                                adapters.engine_characters(battle)[0])
    if problems:
        raise RuleViolation(problems)
    battle.state = state_data(adapters.initial_state(battle))
    battle.status, battle.round = BattleStatus.OPEN, 0
    battle.deadline = _next_deadline(battle)
    battle.save(update_fields=["state", "status", "round", "deadline"])
    signals.sector_round_ready.send(sender=SectorBattle, battle=battle)
    return battle


def _units_for(battle: SectorBattle, side: str, armies) -> list:
    """A unit per army, fighting as its type's card (battles.TemplateCard); returns the armies
    no card is mapped for (the GM adds them by hand)."""
    unmapped = []
    for army in armies:
        card = adapters.card_for_army(army)
        if card is None:
            unmapped.append(army)
        else:
            battle.units.create(side=side, card=card, name=army.name, army=army)
    return unmapped


@transaction.atomic
def battle_from_armies(*, actor, campaign, name: str, hex: str = "", attackers=(), defenders=(),
                       attacker_kingdom_id=None, defender_kingdom_id=None, gambit=None
                       ) -> tuple[SectorBattle, list]:
    """A sector battle being set up with a unit per army; returns it and the armies no card is
    mapped for. Raises NotPermitted unless `actor` puts armies into the campaign's battles."""
    check_may_set_up(actor, campaign.pk)
    battle = SectorBattle.objects.create(
        campaign=campaign, name=name, hex=hex, gambit=gambit,
        attacker_kingdom_id=attacker_kingdom_id, defender_kingdom_id=defender_kingdom_id)
    unmapped = _units_for(battle, Side.ATTACKER.value, attackers) \
        + _units_for(battle, Side.DEFENDER.value, defenders)
    return battle, unmapped


def unit_army_violations(*, battle: SectorBattle, army: Army, side: str) -> list[Violation]:
    """Why `army` may not stand for a unit on `side`: the same rules as a battle scene's
    participants (battles.enlistment), for the GM's units and the sides' armies alike."""
    return army_enlistment_violations(battle=battle, army=army, side=side)


def unit_check(*, actor, battle: SectorBattle, army: Army | None, side: str) -> None:
    """Refuse a unit for `actor`: NotPermitted unless they set up the campaign's battles (its
    GM), else RuleViolation with what the rules refuse of its army (a unit without one, e.g.
    elven archers the GM adds, answers to no army rule). unit_add checks here; the GM's inline
    shows its errors before saving."""
    if army is None:
        check_may_set_up(actor, battle.campaign_id)
    else:
        enlistment_check(actor=actor, battle=battle, army=army, side=side)


@transaction.atomic
def unit_add(*, actor, battle: SectorBattle, side: str, card, name: str,
             army: Army | None = None) -> SectorUnit:
    """Add a unit to a battle being set up (the GM's inline), standing for `army` if given;
    raises NotPermitted or RuleViolation as unit_check does."""
    if battle.status != BattleStatus.SETUP:
        raise RuleViolation.single("already_started", _("The battle has already begun."))
    if army is not None:
        army = armies_with_details().get(pk=army.pk)
    unit_check(actor=actor, battle=battle, army=army, side=side)
    return battle.units.create(side=side, card=card, name=name, army=army)


def setup_check(*, actor, battle: SectorBattle) -> None:
    """`actor` edits the battle's scenario: its campaign's GM (or the project), and only while
    the battle is being set up, as for its units."""
    check_runs_campaign(actor, battle.campaign_id, "battle_setup_gm_only",
                        _("Only the game master sets up the campaign's battles."))
    if battle.status != BattleStatus.SETUP:
        raise RuleViolation.single("already_started", _("The battle has already begun."))


def casting_values_violations(values: object) -> list[Violation]:
    """What the rules refuse of a battle's own casting values (issue 14: "the GM edits casting
    values"; per battle, so a campaign's GM changes no other campaign's): a value for a spell
    of the engine, from MIN_CASTING_VALUE to MAX_CASTING_VALUE, by field
    ("casting_values.<spell>")."""
    if not isinstance(values, dict):
        return [Violation("casting_values_not_a_mapping", _("Casting values by spell."),
                          "casting_values")]
    known = {spell.value for spell in Spell}
    found = []
    for spell, value in values.items():
        where = f"casting_values.{spell}"
        if spell not in known:
            found.append(Violation("spell_unknown", _("%(spell)s is not a spell."), where,
                                   {"spell": str(spell)}))
        elif (not isinstance(value, int) or isinstance(value, bool)
              or not MIN_CASTING_VALUE <= value <= MAX_CASTING_VALUE):
            found.append(Violation("casting_value_range", _(
                "A casting value is %(least)s to %(most)s."), where,
                {"least": MIN_CASTING_VALUE, "most": MAX_CASTING_VALUE}))
    return found


@transaction.atomic
def battle_casting_values_set(*, actor, battle: SectorBattle, values: dict[str, int]
                              ) -> SectorBattle:
    """The battle's own casting values (spell → value; the spells left out take the
    catalog's), while it is being set up. Raises NotPermitted unless `actor` runs its
    campaign, RuleViolation once it has begun or for values casting_values_violations
    refuses."""
    battle = SectorBattle.objects.select_for_update().get(pk=battle.pk)
    setup_check(actor=actor, battle=battle)
    found = casting_values_violations(values)
    if found:
        raise RuleViolation(found)
    battle.casting_values = dict(sorted(values.items()))
    battle.save(update_fields=["casting_values"])
    return battle


def character_violations(*, battle: SectorBattle, side: str, school: str, roles, spells,
                         unit: SectorUnit | None, command: int | None, will: int | None,
                         wounds: int, bound=()) -> list[Violation]:
    """What the rules refuse of a character for `battle` (rules.cerilia.characters), where it
    stands (a unit of the battle and of its side) and its bound spells (module "magic dice")."""
    found = characters.character_violations(
        school=School(school) if school else None, roles=roles, spells=spells,
        command=command, will=will, wounds=wounds, modules=adapters.modules_of(battle))
    if unit is not None and unit.battle_id != battle.pk:
        found.append(Violation("unit_of_other_battle", _("Choose a unit of this battle."),
                               "unit"))
    elif unit is not None and unit.side != side:
        found.append(Violation("unit_of_other_side", _("A caster stands with a unit of its "
                               "own side."), "unit"))
    problem = bound_problem(list(bound))
    if problem is not None:
        # Module "magic dice" (seed 002, XI.6.A): «Заклинание с силой 5/9».
        found.append(Violation("bound_invalid", _("Bound spells: %(problem)s"), "bound",
                               {"problem": problem}))
    return found


def character_check(*, actor, battle: SectorBattle, full_wounds: int | None = None,
                    **fields) -> None:
    """Refuse a character for `actor`: NotPermitted unless they run the battle's campaign,
    RuleViolation when the battle has begun or the rules refuse it (character_violations), or
    its wounds exceed its full wounds (blank: its wounds)."""
    setup_check(actor=actor, battle=battle)
    found = character_violations(battle=battle, **fields)
    if full_wounds is not None and fields.get("wounds", DEFAULT_WOUNDS) > full_wounds:
        # Seed 002: wounds are never «выше его стартового показателя».
        found.append(Violation("wounds_above_full", _("At most its full wounds (%(full)s)."),
                               "wounds", {"full": full_wounds}))
    if found:
        raise RuleViolation(found)


@transaction.atomic
def character_save(*, actor, battle: SectorBattle, character: SectorCaster | None = None,
                   name: str, side: str, school: str = "", roles=(), spells=(),
                   unit: SectorUnit | None = None, command: int | None = None,
                   will: int | None = None, wounds: int = DEFAULT_WOUNDS, carries=(),
                   bound=(), full_wounds: int | None = None) -> SectorCaster:
    """Add a character to a battle being set up, or change one (`character`), with the
    artifacts it carries; raises NotPermitted or RuleViolation as character_check does."""
    battle = SectorBattle.objects.select_for_update().get(pk=battle.pk)
    fields = {"side": side, "school": school or "", "roles": sorted(set(roles)),
              "spells": sorted(set(spells)),
              "unit": unit, "command": command, "will": will, "wounds": wounds,
              "bound": list(bound)}
    character_check(actor=actor, battle=battle, full_wounds=full_wounds, **fields)
    if character is None:
        character = SectorCaster(battle=battle)
    elif character.battle_id != battle.pk:
        raise RuleViolation.single("character_of_other_battle",
                                   _("Not a character of this battle."))
    character.name, character.full_wounds = name, full_wounds
    for attribute, value in fields.items():
        setattr(character, attribute, value)
    character.save()
    character.carries.set(carries)
    return character


@transaction.atomic
def character_remove(*, actor, character: SectorCaster) -> None:
    """Take a character out of a battle being set up; raises as setup_check does."""
    battle = SectorBattle.objects.select_for_update().get(pk=character.battle_id)
    setup_check(actor=actor, battle=battle)
    character.delete()


@transaction.atomic
def trap_add(*, actor, battle: SectorBattle, side: str, card: TrapCard) -> SectorTrap:
    """Give a side of a battle being set up a trap to lay in phase 0 (module "ambush"; seed
    001: "Подобные вышеизложенным правила распространяются и на ловушки"). Raises
    NotPermitted unless `actor` runs the campaign, RuleViolation once the battle has begun."""
    battle = SectorBattle.objects.select_for_update().get(pk=battle.pk)
    setup_check(actor=actor, battle=battle)
    if side not in {s.value for s in Side}:
        raise RuleViolation.single("side_unknown", _("Not a side of the battle."), "side")
    return SectorTrap.objects.create(battle=battle, side=side, card=card)


@transaction.atomic
def trap_remove(*, actor, trap: SectorTrap) -> None:
    """Take a trap back from a side of a battle being set up."""
    battle = SectorBattle.objects.select_for_update().get(pk=trap.battle_id)
    setup_check(actor=actor, battle=battle)
    trap.delete()


@transaction.atomic
def battle_add_side_armies(*, actor, battle: SectorBattle
                           ) -> tuple[list, list, list[StrOrPromise]]:
    """One unit per army of each side's kingdom that may fight there (unit_army_violations) and
    is not in the battle yet: the units made, the armies whose type has no card, the sides
    without a kingdom. Raises NotPermitted unless `actor` runs the campaign."""
    check_may_set_up(actor, battle.campaign_id)
    before = set(battle.units.values_list("pk", flat=True))
    taken = set(battle.units.exclude(army=None).values_list("army_id", flat=True))
    unmapped: list[Army] = []
    no_kingdom: list[StrOrPromise] = []
    for side in Side:
        kingdom = battle.kingdom_of(side)
        if kingdom is None:
            no_kingdom.append(SECTOR_SIDE_LABELS[side])
            continue
        armies = (active_armies(kingdom).exclude(pk__in=taken)
                  .select_related("template__sector_card__card").order_by("name", "pk"))
        unmapped += _units_for(battle, side.value, [
            army for army in armies
            if not unit_army_violations(battle=battle, army=army, side=side.value)])
    return list(battle.units.exclude(pk__in=before).order_by("pk")), unmapped, no_kingdom


@transaction.atomic
def orders_submit(*, battle: SectorBattle, side: str, user, data) -> SideOrders:
    """Store the side's orders for the open round (replacing earlier ones); when both sides are
    in, the round closes and goes to a worker. Raises NotPermitted unless `user` commands the
    side (a player of its kingdom, or the GM), RoundClosed, or RuleViolation naming the orders'
    fields the rules refuse."""
    battle = SectorBattle.objects.select_for_update().get(pk=battle.pk)
    if user is not SYSTEM and Side(side) not in sides_commanded_in(user, battle):
        raise NotPermitted.single("side_not_yours",
                                  _("You see and order only your own side of this battle."))
    if not battle.takes_orders:
        raise RoundClosed
    adapters.side_orders(state_from_data(battle.state), battle.round, Side(side), data)
    row, _created = SideOrders.objects.update_or_create(
        battle=battle, round=battle.round, side=side,
        defaults={"orders": data, "submitted_by": user})
    if battle.orders.filter(round=battle.round).count() == len(Side):
        _close(battle)
    return row


def _close(battle: SectorBattle) -> None:
    ROUNDS.lock_held(battle)


@transaction.atomic
def rounds_close_due(*, now: datetime.datetime | None = None) -> list[int]:
    """Close every open round whose deadline has passed (units without orders hold)."""
    now = now or timezone.now()
    due = list(SectorBattle.objects.select_for_update(skip_locked=True)
               .filter(status=BattleStatus.OPEN, locked_at__isnull=True, deadline__lte=now))
    for battle in due:
        _close(battle)
    return [b.pk for b in due]


def round_reopen(*, actor, battle: SectorBattle) -> bool:
    """The GM's "Reopen failed battles": the failed round goes back to the queue with its seed;
    False when the battle has not failed. Raises NotPermitted unless `actor` runs its campaign's
    battles."""
    check_runs_battles(actor, battle.campaign_id)
    return ROUNDS.reopen(battle.pk)


@transaction.atomic
def round_close_now(*, actor, battle: SectorBattle) -> bool:
    """The GM's "Resolve the round now": False when no round is open. Raises NotPermitted unless
    `actor` runs the campaign's battles."""
    battle = SectorBattle.objects.select_for_update().get(pk=battle.pk)
    check_runs_battles(actor, battle.campaign_id)
    if not battle.takes_orders:
        return False
    _close(battle)
    return True
