"""Writes about armies (their turn orders: armies.activity_services). Each service validates
through `rules/` and applies in one transaction."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from armies import history
from armies.acting import acts_for_user
from armies.adapters import (
    army_state,
    gear_item,
    template_fields,
    template_state,
)
from armies.choices import ArmyStatus
from armies.foundry import ActorSheet, actor_json, differences, read_actor
from armies.models import Army, ArmyCondition, ArmyGear, ArmyTactic, ArmyTemplate
from armies.orders import kingdom_state
from armies.selectors import active_armies, army_violations, state_violations
from campaigns.models import Kingdom
from campaigns.permissions import check_runs_campaign, require_actor
from rules.errors import RuleViolation, Violation, _, raise_if_any
from rules.kingmaker import conditions as rules_conditions
from rules.kingmaker.army import hp_violations, stat_block
from rules.kingmaker.gear import (
    GearItem,
    GearKind,
    OutfitQuote,
    gear_violations,
    quote_outfit,
    resolve_weapons,
    transfer_violations,
)
from rules.kingmaker.hexes import canonical_hex, hex_violations
from rules.kingmaker.levels import check_level
from rules.kingmaker.recruitment import RecruitmentOrder, recruit
from rules.kingmaker.tactics import tactic_violations, validate_tactics
from rules.kingmaker.templates import ALL_TEMPLATES, REGULAR_TEMPLATES


def templates_install_catalog(template_model=ArmyTemplate) -> int:
    """Create or update the regular and special armies of the rules catalog; returns how many.
    Takes the model so a data migration can pass its historical one."""
    for template in ALL_TEMPLATES.values():
        template_model.objects.update_or_create(name=template.name,
                                                defaults=template_fields(template))
    return len(ALL_TEMPLATES)


def _check_gm(user, campaign_id: int | None) -> None:
    """The army's own edits are the GM's, or the project's (SYSTEM: a turn's resolution applying
    an activity, the demo, commands); no user at all is refused, not taken for the project."""
    if campaign_id is None:
        # An army not yet in a kingdom: its form refuses the missing kingdom itself.
        require_actor(user)
        return
    check_runs_campaign(user, campaign_id, "army_gm_only", _("Only the game master edits armies."))


def _lock_kingdom(kingdom):
    return type(kingdom).objects.select_for_update().get(pk=kingdom.pk)


def _lock_army(army: Army, *, active: bool = False) -> Army:
    """Lock the army's row; with `active`, refuse an army that was disbanded or destroyed."""
    army = Army.objects.select_for_update().select_related("kingdom", "template").get(pk=army.pk)
    if active and army.status != ArmyStatus.ACTIVE:
        raise RuleViolation.single("not_active", _("%(army)s is not an active army."),
                                   army=army.name)
    return army


def _store_gear(army: Army, items: Sequence[GearItem], prices: dict[tuple, int | None]) -> None:
    # One row at a time, not bulk: simple-history records only per-object saves and deletes.
    for gear in army.gear.all():
        gear.delete()
    for i in items:
        ArmyGear.objects.create(army=army, kind=i.kind.value, tier=i.tier.value if i.tier else "",
                                weapon=i.weapon.value if i.weapon else "", doses=i.doses,
                                price_paid_rp=prices.get(i.slot()))


def _store_conditions(army: Army, conditions: Sequence[rules_conditions.ConditionState]) -> None:
    stored = {c.condition: c for c in army.conditions.all()}
    wanted = {c.condition.value: c.value for c in conditions}
    for code, row in stored.items():
        if code not in wanted:
            row.delete()
        elif row.value != wanted[code]:
            row.value = wanted[code]
            row.save(update_fields=["value"])
    for code, value in wanted.items():
        if code not in stored:
            ArmyCondition.objects.create(army=army, condition=code, value=value)


@acts_for_user
@transaction.atomic
def army_recruit(*, kingdom, template: ArmyTemplate, name: str, hex: str,
                 tactics: Sequence[str] = (), faction=None, efficient: bool = False,
                 user) -> Army:
    """Recruit an army into the kingdom (seed 003, the seven steps); raises RuleViolation."""
    _check_gm(user, kingdom.campaign_id)
    kingdom = _lock_kingdom(kingdom)
    order = RecruitmentOrder(template=template_state(template), name=name, hex=hex,
                             tactics=tuple(tactics), faction=faction.name if faction else None,
                             efficient=efficient)
    if faction is not None and not faction.special_armies.filter(pk=template.pk).exists():
        raise RuleViolation.single("faction_does_not_offer",
                                   _("%(faction)s does not offer %(army)s."), "faction",
                                   faction=faction.name, army=template.name)
    recruitment = recruit(kingdom_state(kingdom), order)
    new = recruitment.army
    army = Army(kingdom=kingdom, template=template, faction=faction, name=new.name, hex=new.hex,
                hp=stat_block(new).max_hp)
    army.save_without_historical_record()  # its first history row comes with its tactics
    for position, code in enumerate(new.tactics):
        ArmyTactic.objects.create(army=army, tactic=code, position=position)
    _store_conditions(army, new.conditions)
    history.record(army, history_type="+")
    return army


def army_check_edit(*, army: Army, user) -> None:
    """Refuse `user` any edit of the stored army (its fields, or the tactics, gear and conditions
    the admin's inlines save); raises NotPermitted unless they run its campaign. A new army has
    only the kingdom it is given to check (army_validate)."""
    require_actor(user)
    stored = Army.objects.filter(pk=army.pk).values_list("kingdom__campaign_id", flat=True)
    for campaign_id in stored if army.pk is not None else ():
        _check_gm(user, campaign_id)


def army_lists_violations(army: Army, *, tactics: Sequence[str] | None = None,
                          gear: Sequence[GearItem] | None = None,
                          conditions: Sequence[rules_conditions.ConditionState] | None = None
                          ) -> list[Violation]:
    """What the rules refuse in the whole lists the GM gives an army (the admin's inlines): the
    tactics it may know (and the HP they leave), the gear it may carry, its conditions."""
    template = template_state(army.template)
    if tactics is not None:
        return (tactic_violations(template, army.kingdom.level, list(tactics))
                or hp_violations(army_state(army, tactics=list(tactics), gear=(), conditions=(),
                                            hp=army.hp)))
    if gear is not None:
        return gear_violations(template, army.kingdom.level, list(gear))
    if conditions is not None:
        return rules_conditions.condition_violations(list(conditions), army.hp)
    return []


def army_validate(*, army: Army, user) -> None:
    """Refuse the army's own fields where the rules do (its hex must be a map hex), and write
    the hex in its one spelling; raises RuleViolation naming the field, NotPermitted unless
    `user` runs the army's campaign. The admin's form calls it to show the error; `army_save`
    calls it again so no write skips it."""
    # The stored army's campaign too: a GM of another campaign moves no army into theirs.
    army_check_edit(army=army, user=user)
    _check_gm(user, army.kingdom.campaign_id if army.kingdom_id else None)
    raise_if_any(hex_violations(army.hex))
    army.hex = canonical_hex(army.hex)


@acts_for_user
@transaction.atomic
def army_save(*, army: Army, user) -> Army:
    """Save the GM's edit of an army's own fields (kingdom, type, name, hex, HP, status)."""
    army_validate(army=army, user=user)
    army.save()
    return army


@acts_for_user
@transaction.atomic
def army_learn_tactic(*, army: Army, tactic: str, user) -> ArmyTactic:
    """Add a tactic the army may learn (the GM's edit; Train Army's effect)."""
    army = _lock_army(army, active=True)
    _check_gm(user, army.kingdom.campaign_id)
    state = army_state(army)
    validate_tactics(state.template, state.level, (*state.tactics, tactic))
    learned = ArmyTactic.objects.create(army=army, tactic=tactic, position=len(state.tactics))
    history.record(army)
    return learned


@acts_for_user
@transaction.atomic
def gear_fit(*, army: Army, item: GearItem, price_paid_rp: int | None = None,
             user) -> OutfitQuote:
    """Fit gear to the army, replacing gear of the same kind; returns the quote (price, credit
    for the replaced gear, RP due). `price_paid_rp` records what was spent (0 for captured gear);
    charging the kingdom belongs to the Outfit Army activity."""
    army = _lock_army(army, active=True)
    _check_gm(user, army.kingdom.campaign_id)
    state = army_state(army)
    item = resolve_weapons(state.template, [*state.gear, item])[-1]
    stored = {gear_item(g).slot(): g for g in army.gear.all()}
    current = stored.get(item.slot())
    old_paid = current is None or current.price_paid_rp is None or current.price_paid_rp > 0
    quote = quote_outfit(state.template, state.level, state.gear, item, old_paid_with_rp=old_paid)
    prices = {slot: g.price_paid_rp for slot, g in stored.items()}
    spent = quote.cost_rp if price_paid_rp is None else price_paid_rp
    if current is not None and item.kind is GearKind.HEALING_POTIONS:
        spent += current.price_paid_rp or 0
    prices[quote.item.slot()] = spent
    _store_gear(army, quote.gear_after, prices)
    history.record(army)
    return quote


@acts_for_user
@transaction.atomic
def gear_transfer(*, gear: ArmyGear, target: Army, user) -> ArmyGear:
    """Seed 003, ПЕРЕДАЧА СНАРЯЖЕНИЯ: pass gear to an army of the same kingdom in the same hex
    whose level is high enough; no activity is spent."""
    gear = ArmyGear.objects.select_for_update().select_related("army__kingdom").get(pk=gear.pk)
    _check_gm(user, gear.army.kingdom.campaign_id)
    target = _lock_army(target)
    if target.pk == gear.army_id:
        raise RuleViolation.single("transfer_same_army", _("The gear is already this army's."),
                                   "target")
    if target.kingdom_id != gear.army.kingdom_id or target.status != ArmyStatus.ACTIVE:
        raise RuleViolation.single("transfer_other_kingdom",
                                   _("Gear passes only to an active army of the same kingdom."),
                                   "target")
    receiver = army_state(target)
    violations = transfer_violations(item=gear_item(gear), giver_hex=gear.army.hex,
                                     receiver_template=receiver.template,
                                     receiver_level=receiver.level, receiver_hex=target.hex,
                                     receiver_gear=receiver.gear)
    if violations:
        raise RuleViolation(violations)
    slot = gear_item(gear).slot()
    for replaced in [g for g in target.gear.all() if gear_item(g).slot() == slot]:
        replaced.delete()
    giver = gear.army
    gear.army = target
    gear.save(update_fields=["army"])
    history.record(giver)
    history.record(target)
    return gear


@acts_for_user
@transaction.atomic
def army_disband(*, army: Army, gear_to: Army | None = None, user) -> Army:
    """Disband the army; its gear passes to `gear_to` (same rules as a transfer) or is lost."""
    army = _lock_army(army, active=True)
    _check_gm(user, army.kingdom.campaign_id)
    if gear_to is not None:
        for gear in army.gear.all():
            gear_transfer(gear=gear, target=gear_to, user=user)
    for gear in army.gear.all():
        gear.delete()
    army.status = ArmyStatus.DISBANDED
    army.save_without_historical_record(update_fields=["status"])  # one row, after the gear
    history.record(army)
    return army


@acts_for_user
@transaction.atomic
def army_gain_condition(*, army: Army, condition: str, value: int = 1, user) -> Army:
    """The army gains a condition (a valued one rises by `value`), with what it replaces."""
    army = _lock_army(army, active=True)
    _check_gm(user, army.kingdom.campaign_id)
    state = army_state(army)
    _store_conditions(army, rules_conditions.gain(state.conditions,
                                                  rules_conditions.Condition(condition), value))
    history.record(army)
    return army


RESTORED_FIELDS = ("kingdom", "template", "faction", "name", "hex", "hp", "status")


@acts_for_user
@transaction.atomic
def army_restore(*, army: Army, version, fields: dict, user) -> Army:
    """Revert the army to `version` of its history: its `fields` (as the GM left them on the
    revert form) with the version's tactics, gear and conditions, checked by the rules as a
    whole; raises RuleViolation and changes nothing if they would break them."""
    army = _lock_army(army)
    _check_gm(user, army.kingdom.campaign_id)
    for name in RESTORED_FIELDS:
        if name in fields:
            setattr(army, name, fields[name])
    army_validate(army=army, user=user)
    # Versions from before snapshots were kept restore the fields only.
    children = history.rows_from(version.children, army) if version.children is not None else None
    state = army_state(army) if children is None else army_state(
        army, **history.state_children(version.children, army))
    raise_if_any(state_violations(state))
    raise_if_any(hp_violations(state))
    army.save_without_historical_record()
    if children is not None:
        for model, rows in children.items():
            for row in model._default_manager.filter(army=army):
                row.delete()
            for row in rows:
                row.save()
    history.record(army, reason="revert")
    return army


@transaction.atomic
def kingdom_set_level(*, actor, kingdom: Kingdom, level: int) -> dict:
    """Set the kingdom's level; its armies follow (seed 003, "ПОВЫШЕНИЕ УРОВНЯ ВОЙСКА").

    Returns, per army, what it now breaks (e.g. gear above a lowered level) for the GM to mend.
    Raises NotPermitted unless `actor` runs the campaign (SYSTEM: the project's own call).
    """
    kingdom = Kingdom.objects.select_for_update().get(pk=kingdom.pk)
    check_runs_campaign(actor, kingdom.campaign_id, "kingdom_gm_only",
                        _("Only the game master changes a kingdom's level."))
    check_level(level, "level")
    kingdom.level = level
    kingdom.save(update_fields=["level"])
    broken: dict = {}
    for army in active_armies(kingdom):
        violations: list[Violation] = army_violations(army)
        if violations:
            broken[army] = violations
    return broken


@dataclass(frozen=True)
class FoundryImport:
    """An army written from a Foundry VTT actor, and what of the file did not map."""

    army: Army
    created: bool
    notes: tuple[Violation, ...]


def _foundry_template(sheet: ActorSheet) -> tuple[ArmyTemplate, list[Violation]]:
    """The template the actor names (Muster's own flag, its name, its name without "Basic "),
    else the regular army of its type."""
    for name in sheet.template_names:
        found = ArmyTemplate.objects.filter(name__iexact=name).first()
        if found is None:
            continue
        if found.army_type != sheet.army_type:
            raise RuleViolation.single(
                "foundry_type_differs", _("%(army)s is %(type)s in Muster; the file says %(given)s."),
                "system.traits.type", army=found.name, type=found.army_type,
                given=sheet.army_type.value)
        return found, []
    regular = ArmyTemplate.objects.get(name=REGULAR_TEMPLATES[sheet.army_type].name)
    return regular, [Violation(
        "foundry_template_by_type",
        _("No army template is named %(name)s: it comes in as a regular %(type)s army."),
        "name", {"name": sheet.name, "type": sheet.army_type.value})]


@acts_for_user
@transaction.atomic
def army_import_foundry(*, kingdom: Kingdom, data: Any, army: Army | None = None, hex: str = "",
                        user) -> FoundryImport:
    """Write a Foundry VTT army actor (armies.foundry) as a new army of the kingdom, or onto
    `army`, its tactics, gear and conditions replaced, checked by the rules as a whole at the
    kingdom's level; all or nothing. Raises RuleViolation naming the file's bad fields or the
    rule broken, NotPermitted unless `user` runs the campaign (it is the GM's, as any edit of an
    army's sheet). The notes say what did not map: items Muster has no place for, the numbers
    it derives where the file says otherwise, a level other than the kingdom's."""
    _check_gm(user, kingdom.campaign_id)
    kingdom = _lock_kingdom(kingdom)
    if army is not None:
        army = _lock_army(army, active=True)
        if army.kingdom_id != kingdom.pk:
            raise RuleViolation.single("foundry_other_kingdom",
                                       _("%(army)s is not an army of %(kingdom)s."), "army",
                                       army=army.name, kingdom=kingdom.name)
    sheet = read_actor(data)
    template, notes = _foundry_template(sheet)
    gear, gear_notes = sheet.gear(template_state(template))
    notes = [*sheet.notes, *notes, *gear_notes]
    created = army is None
    if army is None:
        army = Army(kingdom=kingdom)
    army.template, army.name, army.hp = template, sheet.name, sheet.hp
    army.hex = hex or sheet.hex or army.hex
    if not army.hex:
        raise RuleViolation.single("hex_required", _("Say in which hex the army starts."), "hex")
    army_validate(army=army, user=user)
    if active_armies(kingdom).filter(name__iexact=army.name).exclude(pk=army.pk).exists():
        raise RuleViolation.single("name_taken",
                                   _("The kingdom already has an army named %(name)s."), "name",
                                   name=army.name)
    state = army_state(army, tactics=sheet.tactics, gear=gear, conditions=sheet.conditions,
                       hp=sheet.hp)
    raise_if_any(state_violations(state))
    raise_if_any(hp_violations(state))
    prices = {} if created else {gear_item(g).slot(): g.price_paid_rp for g in army.gear.all()
                                 if gear_item(g) in resolve_weapons(state.template, gear)}
    army.save_without_historical_record()  # one history row, after its tactics, gear, conditions
    for tactic in army.tactics.all():
        tactic.delete()
    for position, code in enumerate(sheet.tactics):
        ArmyTactic.objects.create(army=army, tactic=code, position=position)
    _store_gear(army, resolve_weapons(state.template, gear), prices)
    _store_conditions(army, sheet.conditions)
    history.record(army, reason="foundry import", history_type="+" if created else "~")
    if sheet.level != kingdom.level:
        notes.append(Violation(
            "foundry_level_differs",
            _("The file's level %(given)s is not the kingdom's: the army is level %(level)s, as "
              "every army of %(kingdom)s."), "system.details.level.value",
            {"given": sheet.level, "level": kingdom.level, "kingdom": kingdom.name}))
    notes += differences(data, actor_json(state))
    return FoundryImport(army=army, created=created, notes=tuple(notes))
