"""Fight a battle scene (seed 003, "СТРУКТУРА СЦЕНЫ БИТВЫ"): initiative, rounds of up to three war
actions per army, rout checks at the end of each round, and the end of the scene.

`fight` is pure: the same setup and seed give the same outcome, event log and rolls. Stopping after
a round gives exactly the first rounds of the full fight (the GM's step by step)."""
from __future__ import annotations

from operator import attrgetter, itemgetter
from typing import Any

from mypy_extensions import mypyc_attr

from rules.degrees import Degree, degree_of_success
from rules.dice import Dice, Roll, d20_roll
from rules.errors import _
from rules.kingmaker.battle import aftermath, aiming, reactions, tactician
from rules.kingmaker.battle.members import (
    CRITICAL_SUCCESS,
    DEFEATED,
    DESTROYED,
    DISTANT,
    ENGAGED,
    FAILURE,
    FLED,
    MORALE,
    NEARBY,
    ROUT_CHECK,
    ROUTED,
    SCOUTING,
    SHAKEN,
    SUCCESS,
)
from rules.kingmaker.battle.scene import Scene
from rules.kingmaker.battle.setup import (
    ArmySnapshot,
    BattleOutcome,
    BattleSetup,
    CheckRecord,
    RoundRecord,
)
from rules.kingmaker.battle.strikes import circumstance
from rules.kingmaker.battle.units import ACTIONS_PER_TURN, Unit
from rules.sides import ATTACKER, DEFENDER


def fight(setup: BattleSetup, seed: int, *, stop_after_round: int | None = None) -> BattleOutcome:
    return Battle(setup, Dice(seed)).run(stop_after_round)


def fight_unlogged(setup: BattleSetup, seed: int) -> BattleOutcome:
    """`fight`'s outcome without its log, for the odds: the same dice in the same order and the
    same decisions, so the winner, the armies and the sides are exactly `fight`'s; its events,
    rounds and rolls are left empty."""
    return UnloggedBattle(setup, Dice(seed)).run(None)


@mypyc_attr(allow_interpreted_subclasses=True)  # the tests subclass it (compiled: rules.native)
class Battle(Scene):
    """A scene fought round by round: initiative, each army's turn, rout checks, the end."""

    def __init__(self, setup: BattleSetup, dice: Dice):
        super().__init__(setup, dice)
        self.records: list[RoundRecord] = []
        self._order: list[Unit] = []
        self._order_keys: tuple[int, ...] = ()

    @property
    def order(self) -> list[Unit]:
        """The armies in initiative order (`_initiative` sets it)."""
        return self._order

    @order.setter
    def order(self, units: list[Unit]) -> None:
        self._set_order(units)

    # (The engine reads `_order` and calls `_set_order`, never the property: compiled by mypyc,
    # a property with a setter read on an instance of a subclass the tests make crashes.)
    def _set_order(self, units: list[Unit]) -> None:
        self._order = units
        self._order_keys = tuple(map(_KEY, units))  # (every round's record shows them)

    # -- rounds -----------------------------------------------------------------------------

    def run(self, stop_after_round: int | None) -> BattleOutcome:
        self._initiative()
        while not self.finished:
            self.round += 1
            self._round()
            self._end_of_round()
            # The round limit first: stopping after the last round gives the whole fight.
            if not self.finished and self.round >= self.setup.max_rounds:
                self.finished = True
                self.log("round_limit", _("Night falls: both sides withdraw."))
            if stop_after_round is not None and self.round >= stop_after_round and \
                    not self.finished:
                return self._outcome(finished=False)
        return self._outcome(finished=True)

    def _initiative(self) -> None:
        # "Каждое войско, участвующее в битве, совершает проверку Разведки, и результат проверки
        # становится его значением инициативы."
        # An army's Scouting modifier follows from its stat block and the setup alone (its side's
        # Offensive Gambit, the battlefield): found once per setup for each army and stat block
        # (the block, kept in the value, by its identity), as every run of a setup starts its
        # armies with the same.
        modifiers = self.kept.initiative_modifiers
        for unit in self._by_key:
            block = unit._block or unit.find_block()
            known = modifiers.get(unit.key)
            if known is None or known[0] is not block:
                bonus = self.setup.side(unit.side).initiative_bonus
                extra = (circumstance(bonus, "offensive gambit"),) if bonus else ()
                known = modifiers[unit.key] = (block, self.statistic_total(unit, SCOUTING, *extra))
            unit.initiative = self._roll_initiative(unit, known[1])
        # The order by initiative, then by what breaks its ties (the setup's: kept), sorted as
        # pairs rather than through a key function called for each army.
        ties = self.kept.initiative_ties
        if not ties:
            ties.update({u.key: self._initiative_ties(u) for u in self._by_key})
        # (Loops and `map` rather than list comprehensions, each a call of its own.)
        pairs = []
        for u in self._by_key:
            pairs.append(((-u.initiative, ties[u.key]), u))
        pairs.sort(key=_FIRST)
        self._set_order(list(map(_SECOND, pairs)))
        self._starting_positions()

    def _roll_initiative(self, unit: Unit, modifier: int) -> int:
        # The same army rolling the same face for initiative logs the same roll and event in every
        # run of a setup (frozen, equal in every field): both are made once, kept by the round
        # (the scene's start), the army's key (which stands for its name), its modifier and the
        # face, and logged again; the face is still drawn from the scene's dice.
        face = self.dice.d20_face()
        key = (self.round, unit.key, modifier, face)
        initiatives = self.kept.initiatives
        kept = initiatives.get(key)
        if kept is None:
            roll = d20_roll(_("Initiative (%(army)s)"), modifier, face, {"army": unit.name})
            self.log("initiative", _("%(army)s rolls %(total)s for initiative."), unit,
                     check=CheckRecord(roll, modifier, 0, SUCCESS), params={"total": roll.total})
            kept = initiatives[key] = (roll, self.events[-1])  # (few: armies × modifiers × faces)
        else:
            self.events.append(kept[1])
        self.dice.log.append(kept[0])  # (what `Dice.d20_of` logs: the roll of the face drawn)
        return kept[0].total

    def _initiative_ties(self, unit: Unit) -> tuple[bool, bool, int]:
        # Ties go to the side a kingdom plays, then to the attackers (Foundry: "breaks ties in
        # favour of player armies"); the key last, which no two armies share.
        played = self.setup.side(unit.side).kingdom is not None
        return (not played, unit.side is not ATTACKER, unit.key)

    def _starting_positions(self) -> None:
        # "В первый раунд боя войска обычно поблизости друг от друга. Войска, обученные тактике
        # Засада, могут быть сразу вовлечены в бой. Войска, обученные тактике Приветственный залп,
        # могут быть на отдалении."
        for unit in self._order:
            # The tactics first: an army without either has nothing to decide here (most).
            ambush = "ambush" in unit.tactics
            if not (ambush or "opening_salvo" in unit.tactics):
                continue
            enemies = self.enemies(unit)
            first = all(unit.initiative > e.initiative or
                        (unit.initiative == e.initiative and self._order.index(unit) <
                         self._order.index(e)) for e in enemies)
            if not first:
                continue
            wants_melee = aiming.wants_melee(self, unit)
            if ambush and wants_melee:
                target = aiming.pick(self, unit, [e for e in enemies
                                                 if e.initiative < unit.initiative
                                                 and self.can_engage(unit, e)])
                if target is not None:
                    self.engage(unit, target)
                    unit.ambush_target = target.key
                    self.log("ambush", _("%(army)s springs an ambush on %(target)s."), unit,
                             target)
            elif unit.knows("opening_salvo") and not wants_melee:
                unit.position = DISTANT
                unit.changed()
                self.log("opening_salvo", _("%(army)s opens the battle from a distance."), unit)
        if self.setup.water:
            for unit in self._order:
                if unit.knows("swamp_charge") and aiming.wants_melee(self, unit):
                    target = aiming.pick(self, unit, [e for e in self.enemies(unit)
                                                     if self.can_engage(unit, e)])
                    if target is not None:
                        self.engage(unit, target)
                        unit.first_turn_bonus_target = target.key
                        self.log("swamp_charge", _("%(army)s charges %(target)s out of the "
                                                   "swamp."), unit, target)

    def _round(self) -> None:
        for unit in self._order:
            if self.finished:
                return
            self._turn(unit)
            if self.may_end:  # (else nobody left the field or routed: the scene goes on)
                self._check_end()

    def _turn(self, unit: Unit) -> None:
        if self.timed and (unit.key, "start") in self.timed:
            self._expire(unit, "start")
        unit.guard_all = False
        unit.guard_against.clear()
        unit.reaction_used = False
        unit.cannot_disengage = False
        unit.attack_targets = []
        unit.assault_bonus_except = None
        # (`Unit.fled`, `destroyed`, `knows`, `defeated` and `routed` read inline: every turn asks.)
        if unit._position is FLED or DESTROYED in unit._lasting:
            return
        if "regeneration" in unit.tactics:
            # Regeneration: "Regains 1 HP at the start of its turn".
            if unit.hp < unit.max_hp:
                self.heal(unit, 1)
                self.log("regeneration", _("%(army)s regenerates 1 HP."), unit)
        if unit.hp == 0 or DEFEATED in unit._lasting:
            return
        unit.actions = ACTIONS_PER_TURN
        if ROUTED in (unit._settled_now or unit._settled())[0]:
            tactician.routed_turn(self, unit)
        else:
            tactician.take_turn(self, unit)
        if self.timed and (unit.key, "end") in self.timed:
            self._expire(unit, "end")

    def _expire(self, owner: Unit, at: str) -> None:
        timed: set[tuple[int, str]] = set()  # the moments at which what is left expires
        for unit in self._by_key:
            if unit._temporary:
                kept = []
                for temp in unit._temporary:
                    if temp.owner != owner.key or temp.at != at:
                        kept.append(temp)
                        timed.add((temp.owner, temp.at))
                    elif temp.skip:
                        temp.skip -= 1  # lasts until the end of a later turn ("your next turn")
                        kept.append(temp)
                        timed.add((temp.owner, temp.at))
                if len(kept) != len(unit._temporary):
                    unit.temporary = kept  # (through its setter: its settled conditions dropped)
                    unit.changed()
            if unit.no_reactions_until is not None:
                if at == "start" and unit.no_reactions_until == owner.key:
                    unit.no_reactions_until = None
                else:
                    timed.add((unit.no_reactions_until, "start"))
        self.timed = timed

    def _end_of_round(self) -> None:
        if not self.finished:
            self._rout_checks()
            if self.may_end:  # (else nobody left the field or routed: the scene goes on)
                self._check_end()
        # An army shows the same few pictures in round after round and run after run of a setup
        # (its side and row are the setup's): each is made once, found by all that it shows, its
        # conditions by the number of their combination (`Unit._settled`, never reused), which
        # names its position too, and the armies it is engaged with, in order, at the key's end.
        # (Found here, not through a call per army.)
        snapshots = self.kept.snapshots
        pictures = []
        for unit in self._by_key:
            keys = unit._engaged
            number = (unit._settled_now or unit._settled())[2]
            key = (unit.key, unit.hp, number, *sorted(keys)) if keys else \
                (unit.key, unit.hp, number)
            pictures.append(snapshots.get(key) or self._snapshot(unit, key))
        self.records.append(RoundRecord(self.round, self._order_keys, tuple(pictures),
                                        self.fortification_hp))

    def _rout_checks(self) -> None:
        # "Войско, чьи ПЗ равны или ниже ПБ, должно совершить проверку Боевого духа; СЛ равна
        # самой высокой СЛ Боевого духа среди остающихся вражеских войск."
        for unit in self._order:
            threshold = unit.routing_threshold
            # Above its threshold first: most armies are, most rounds. (`Unit.on_field` and
            # `routed`, read inline.)
            if threshold is None or unit.hp > threshold or unit.rout_immune or \
                    unit._position is FLED or unit.hp == 0 or DEFEATED in unit._lasting or \
                    ROUTED in (unit._settled_now or unit._settled())[0]:
                continue
            enemies = self.enemies(unit)
            if not enemies:
                continue
            dc = max(map(self._morale_dc, enemies))
            record = self.check(unit, ROUT_CHECK, dc, _("Rout check"))
            if record.degree is CRITICAL_SUCCESS:
                unit.rout_immune = True  # "больше не совершает проверки обращения в бегство"
                self.log("rout_check", _("%(army)s stands firm for the rest of the battle."), unit,
                         check=record)
            elif record.degree is SUCCESS:
                self.log("rout_check", _("%(army)s holds."), unit, check=record)
            elif record.degree is FAILURE:
                self.log("rout_check", _("%(army)s wavers: shaken +1."), unit, check=record)
                self.gain(unit, SHAKEN)
            else:
                self.log("rout_check", _("%(army)s breaks."), unit, check=record)
                self.rout(unit)
            if record.degree >= SUCCESS:
                reactions.false_retreat(self, unit)

    def _morale_dc(self, unit: Unit) -> int:
        return self.dc(unit, MORALE)

    def _check_end(self) -> None:
        # "Когда все войска с одной стороны конфликта разгромлены или обращены в бегство, сцена
        # битвы заканчивается."
        self.may_end = False
        attackers_out = _all_out(self._of_side[ATTACKER])
        defenders_out = _all_out(self._of_side[DEFENDER])
        if not (attackers_out or defenders_out):
            return
        self.finished = True
        if attackers_out and defenders_out:
            self.winner = None
        else:
            self.winner = DEFENDER if attackers_out else ATTACKER

    def _snapshot(self, unit: Unit, key: tuple[int, ...]) -> ArmySnapshot:
        """The picture of `unit` at the end of a round, first seen: kept by `key` (`_end_of_round`)."""
        side = unit.side
        position = unit._position
        column = _COLUMNS[position]
        if side is not ATTACKER and column >= 0:
            column = 9 - column
        # Its row: its place in its side's list (found here, as the picture is made: most fights
        # make none, and a table of rows made for every fight was 1 % of one).
        row = self._of_side[side].index(unit)
        return self.kept.snapshots.keep(key, ArmySnapshot(
            unit.key, side, position, tuple(sorted(unit._engaged)), unit.hp, unit._settled()[1],
            (column, row)))

    def _outcome(self, *, finished: bool) -> BattleOutcome:
        armies, sides = aftermath.settle_battle(self) if finished else ((), ())
        return BattleOutcome(
            seed=self.dice.seed, finished=finished, winner=self.winner if finished else None,
            rounds=tuple(self.records), events=tuple(self.events), armies=armies, sides=sides,
            fortification_hp=self.fortification_hp, rolls=tuple(self.dice.log))


_FIRST = itemgetter(0)
_SECOND = itemgetter(1)
_KEY = attrgetter("key")
# The column of the battlefield picture an attacking army stands in (a defender's is mirrored).
_COLUMNS = {DISTANT: 0, NEARBY: 2, ENGAGED: 4, FLED: -1}


def _all_out(units: list[Unit]) -> bool:
    """Seed 003: the scene ends when a side is all "разгромлены ... или обращены в бегство"
    (fled, at 0 HP, defeated or routed); asked after every turn, so `Unit.on_field` and `routed`
    are read inline."""
    for unit in units:
        if unit._position is not FLED and unit.hp != 0 and DEFEATED not in unit._lasting and \
                ROUTED not in (unit._settled_now or unit._settled())[0]:
            return False
    return True


# Only the degree of a check in an unlogged fight is ever read (its log is not kept): one shared
# record per degree.
_NO_ROLL = Roll("", "1d20", (0,), 0, 0)
_GRADED = {degree: CheckRecord(_NO_ROLL, 0, 0, degree) for degree in Degree}


class UnloggedBattle(Battle):
    """A battle fought for its outcome alone (`fight_unlogged`): no events, no round records, and
    checks graded straight from the die's face, which is drawn exactly as `Dice.d20` draws it."""

    def log(self, code: str, message: str, actor: Unit | None = None, target: Unit | None = None,
            check: CheckRecord | None = None, damage: int = 0,
            params: dict[str, Any] | None = None) -> None:
        return None

    def roll_total(self, unit: Unit, modifier: int, dc: int, purpose: str) -> CheckRecord:
        face = self.dice.d20_face()
        return _GRADED[degree_of_success(face + modifier, dc, face)]

    def _roll_initiative(self, unit: Unit, modifier: int) -> int:
        return self.dice.d20_face() + modifier

    def _end_of_round(self) -> None:
        if not self.finished:
            self._rout_checks()
            if self.may_end:
                self._check_end()

    def _outcome(self, *, finished: bool) -> BattleOutcome:
        armies, sides = aftermath.settle_battle(self)
        return BattleOutcome(seed=self.dice.seed, finished=True, winner=self.winner, rounds=(),
                             events=(), armies=armies, sides=sides,
                             fortification_hp=self.fortification_hp)
