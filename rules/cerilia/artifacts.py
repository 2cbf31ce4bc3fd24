"""Module "artifacts" in the round (seed 001_5d751c33a121b07e.txt, "Артефакт": «Персонажи и
герои могут иметь при себе магический артефакт, применение которого окажет некоторый эффект на
ход битвы. Перечень доступных артефактов приведен в книге армии.»; reference/sector-modules.md,
module "artifacts"). Mixed into engine.Round; the orders and their checks are in
artifact_orders.py.

When each use takes effect (ruling): at the start of the round, after initiative, in the
"artifacts" phase, the side with the initiative first and each side's characters in the
battle's order of characters; a bound spell in the magic phase, after its side's casters'
spells; a redraw at the first battle card that goes against the bearer's unit. A use is spent
(its card's uses, "once per battle unless its card says otherwise") when it takes effect: a
revealing glance and a bound spell even if they find or change nothing, a redraw only when it
redraws, a recovery or a banner only when it has something to do. Using an artifact costs no
command or will points (ruling: the seed prices the battalions' orders, and a character's use
of what it carries is no order to a battalion).

Who learns of a use: the bearer's side, and the enemy if it sees the bearer's unit (a bearer
in the reserve with no unit: its side only); what a use changes on the field is told as the
field shows it (a revealed ambush and a removed marker to both sides)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules.cerilia import magic
from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.artifact_orders import (
    ArtifactUse,
    bearer_unit,
    bound_spell,
    recovers,
    sign_to_add,
    unit_signs,
)
from rules.cerilia.bound_spell_cards import DEFAULT_POWER
from rules.cerilia.combat import Combat
from rules.cerilia.concealment import Concealment
from rules.cerilia.deck import Result
from rules.cerilia.field import is_sector
from rules.cerilia.magic_dice import MagicPhase
from rules.cerilia.orders import RoundOrders, bound_spell_order
from rules.cerilia.spells import unbindable
from rules.cerilia.state import BattleState, Caster, Effect, EffectKind, Unit
from rules.errors import _
from rules.sides import Side

Use = tuple[Caster, ArtifactUse, Artifact]


class Artifacts(Combat):

    def __init__(self, state: BattleState, orders: Mapping[Side, RoundOrders], seed: int):
        super().__init__(state, orders, seed)
        # The bearer's unit → (the bearer, its artifact) standing ready to redraw this round.
        self.redraws: dict[str, tuple[str, str]] = {}

    # -- the uses -------------------------------------------------------------------------

    def artifact_uses(self, side: Side) -> list[Use]:
        """The side's uses that still hold, in the battle's order of characters: its own
        living character, carrying the artifact, with a use left (orders.order_violations
        refused the rest at submission; a character may have fallen since)."""
        given = self.orders[side].artifacts
        found = []
        for character in self.casters.values():
            use = given.get(character.key)
            artifact = self.artifacts.get(use.artifact) if use is not None else None
            if use is None or artifact is None or character.side is not side \
                    or character.killed or artifact.key not in character.carries \
                    or artifact.uses <= 0:
                continue
            found.append((character, use, artifact))
        return found

    def use_artifacts(self) -> None:
        """The "artifacts" phase, at the start of the round (ruling): every use but a bound
        spell's, which waits for the magic phase."""
        if not self.start.scenario.modules.artifacts:
            return
        self.phase = "artifacts"
        for side in self.sides_in_order():
            for character, use, artifact in self.artifact_uses(side):
                artifact = self.artifacts[artifact.key]   # as an earlier use this round left it
                if artifact.effect is not ArtifactEffect.BOUND_SPELL and artifact.uses > 0:
                    _EFFECTS[artifact.effect](self, character, use, artifact)

    def cast_bound_spells(self, side: Side, phase: MagicPhase | None = None) -> None:
        """Reference: a bound spell, "without that module (magic dice), cast as the spell":
        cast as its bearer would cast it, whatever the bearer's school or spells (the spell is
        the artifact's), besides any spell the bearer casts itself (seed 002: a bound spell
        "does not stop the same spell from being cast normally")."""
        if not self.start.scenario.modules.artifacts:
            return
        for character, use, artifact in self.artifact_uses(side):
            artifact = self.artifacts[artifact.key]   # as an earlier use this round left it
            spell = bound_spell(artifact)
            if artifact.effect is not ArtifactEffect.BOUND_SPELL or spell is None \
                    or unbindable(spell) is not None or artifact.uses <= 0:
                continue
            if phase is not None:
                # Module "magic dice": a bound spell with the artifact's power level, on the
                # dice its use says; the artifact is spent only if the pool had them.
                bearer = replace(character, key=artifact.key)
                if phase.bound(bearer, bound_spell_order(use, spell), artifact.power
                               or DEFAULT_POWER, use.dice):
                    self.spend(artifact)
                continue
            self.spend(artifact)
            self.tell_use(character, _("%(character)s calls on %(artifact)s."), artifact)
            # Cast in the bearer's place, keyed by the artifact: what it creates (a summoned
            # Legion's key) is the artifact's, so it cannot clash with the bearer's own spell.
            magic.cast(self, replace(character, key=artifact.key), bound_spell_order(use, spell))

    def spend(self, artifact: Artifact) -> None:
        self.artifacts[artifact.key] = replace(artifact, uses=artifact.uses - 1)

    def bearer_unit(self, character: Caster) -> Unit | None:
        return bearer_unit(self.units.values(), character)

    def tell_use(self, character: Caster, message: str, artifact: Artifact,
                 code: str = "artifact_used", **params: Any) -> None:
        """To the bearer's side, and to the enemy if it sees the bearer's unit."""
        unit = self.bearer_unit(character)
        to = frozenset({character.side})
        if unit is not None:
            to |= frozenset(s for s in Side if self.sees(s, unit))
        self.say(code, message, to=to, character=character.name, artifact=artifact.name,
                 **params)

    # -- the effects ----------------------------------------------------------------------

    def artifact_attack(self, character: Caster, use: ArtifactUse, artifact: Artifact) -> None:
        """Reference: "+1 to the attacks of the bearer's unit for the round" (every attack:
        missile, charge, melee; not stacked with a second one, which the orders refuse)."""
        unit = self.bearer_unit(character)
        if unit is None:
            return
        self.spend(artifact)
        self.effects.append(Effect(EffectKind.ARTIFACT_ATTACK, character.side, 1,
                                   unit=unit.key))
        self.tell_use(character, _("%(character)s uses %(artifact)s: %(unit)s attacks at +1 "
                      "this round."), artifact, unit=unit.name)

    def artifact_sign(self, character: Caster, use: ArtifactUse, artifact: Artifact) -> None:
        """Reference: "one more morale sign for the round"; which one: artifact_orders.
        sign_to_add."""
        unit = self.bearer_unit(character)
        sign = sign_to_add(unit_signs(unit, self.effects), use.sign) if unit else None
        if unit is None or sign is None:
            return
        self.spend(artifact)
        self.effects.append(Effect(EffectKind.ARTIFACT_SIGN, character.side, 1,
                                   unit=unit.key, sign=sign))
        self.tell_use(character, _("%(character)s raises %(artifact)s: %(unit)s bears "
                      "%(sign)s this round."), artifact, unit=unit.name, sign=sign)

    def artifact_redraw(self, character: Caster, use: ArtifactUse, artifact: Artifact
                        ) -> None:
        """Reference: "redraw one battle card of an attack by or against the bearer's unit";
        ruling: which one, see `second_card`; spent only when it redraws."""
        unit = self.bearer_unit(character)
        if unit is None:
            return
        self.redraws[unit.key] = (character.key, artifact.key)
        self.tell_use(character, _("%(character)s readies %(artifact)s for %(unit)s."),
                      artifact, code="artifact_ready", unit=unit.name)

    def second_card(self, attacker: Unit | None, target: Unit, difference: int, outcome: Result,
                    source: str = "") -> Result:
        """Ruling: a redraw serves the first attack of the round, in the order the round
        resolves them, whose card goes against the bearer's unit: one by the unit that does
        nothing ("-"), or one against it that does anything. The new card is drawn from the
        deck (the first stays drawn) and stands, better or worse; a card is redrawn once. A
        trap's card (no `attacker`, `source` the trap's name) is one against its unit."""
        if not self.redraws:
            return outcome   # no redraw stands ready this round: every attack but a few
        # A trap names no unit: its name stands for the attacker's in the messages.
        names: dict[str, Any] = {} if attacker is not None \
            else {"unit": source, "target": target.name}
        for unit, against in ((attacker, outcome is Result.NONE),
                              (target, outcome is not Result.NONE)):
            ready = self.redraws.get(unit.key) if unit is not None else None
            if unit is None or ready is None or not against:
                continue
            character, artifact = self.casters[ready[0]], self.artifacts[ready[1]]
            del self.redraws[unit.key]
            if character.killed or character.unit != unit.key or artifact.uses <= 0:
                continue
            self.spend(artifact)
            card, outcome = self.battle_card(difference, _("Redrawn battle card: %(unit)s "
                                             "attacks %(target)s"),
                                             unit=attacker.name if attacker is not None
                                             else source, target=target.name)
            self.say("artifact_redraw", _("%(character)s's %(artifact)s redraws the card of "
                     "%(unit)s against %(target)s: card %(card_no)s, %(result)s."), attacker,
                     target, card=card, outcome=outcome, character=character.name,
                     artifact=artifact.name, card_no=card, result=outcome.value, **names)
            return outcome
        return outcome

    def artifact_reveal(self, character: Caster, use: ArtifactUse, artifact: Artifact) -> None:
        """Reference: "reveal the ambush markers and traps of the bearer's sector". Ruling: of
        each enemy ambush or trap with a marker there, a true marker there reveals it whole as
        attacking it would (the ambush stands revealed where the marker lay, all its markers
        off the field; a trap is disarmed, spent, its markers off the field); else each decoy
        there is removed, and the bearer's side learns it was a decoy. An ambush that laid no
        markers is not found (that is scouting's work). The use is spent even if the sector
        holds nothing, so its uses left tell nothing."""
        unit = self.bearer_unit(character)
        here = unit.position if unit is not None else None
        if here is None or not is_sector(here) or unit is None or unit.ambush is not None:
            return   # a bearer hiding in ambush would give itself away (artifact_orders)
        self.spend(artifact)
        self.tell_use(character, _("%(character)s looks through %(artifact)s at %(sector)s."),
                      artifact, sector=here)
        found = False
        for ambush in self.live_ambushes():
            there = [m for m in ambush.markers if m.sector == here]
            if ambush.side is character.side or not there:
                continue
            found = True
            if any(m.true for m in there) and ambush.kind is Concealment.AMBUSH:
                self.reveal_ambush(ambush, _("%(unit)s is revealed in %(sector)s."))
            elif any(m.true for m in there):
                self.close(ambush)
                self.say("trap_disarmed", _("The trap %(trap)s in %(sector)s is found and "
                         "disarmed."), to=frozenset(Side), trap=ambush.name, sector=here)
            else:
                for marker in there:
                    ambush = self.drop_marker(ambush, marker.key)
                    self.say("marker_removed", _("A marker of %(ambush)s in %(sector)s is "
                             "removed."), to=frozenset(Side), ambush=ambush.name,
                             marker=marker.key, sector=here)
                    self.say("decoy_found", _("%(artifact)s shows the marker of %(ambush)s "
                             "in %(sector)s was a decoy."), to=frozenset({character.side}),
                             artifact=artifact.name, ambush=ambush.name, marker=marker.key,
                             sector=here)
        if not found:
            self.say("artifact_finds_nothing", _("%(artifact)s shows no enemy marker in "
                     "%(sector)s."), to=frozenset({character.side}), artifact=artifact.name,
                     sector=here)

    def artifact_recover(self, character: Caster, use: ArtifactUse, artifact: Artifact
                         ) -> None:
        """Reference: "recover 1 wound of the bearer's unit or the bearer"; which: artifact_
        orders.recovers."""
        unit = self.bearer_unit(character)
        which = recovers(unit, character)
        if which is None:
            return
        self.spend(artifact)
        if which == "unit" and unit is not None:
            unit = replace(unit, hits=unit.hits + 1)
            self.units[unit.key] = unit
            self.tell_use(character, _("%(character)s uses %(artifact)s: %(unit)s recovers a "
                          "hit (%(hits)s)."), artifact, code="artifact_recover",
                          unit=unit.name, hits=unit.hits)
            return
        character = replace(character, wounds=character.wounds + 1)
        self.casters[character.key] = character
        self.tell_use(character, _("%(character)s uses %(artifact)s and recovers a wound "
                      "(%(wounds)s)."), artifact, code="artifact_recover",
                      wounds=character.wounds)


_EFFECTS: dict[ArtifactEffect, Callable[[Artifacts, Caster, ArtifactUse, Artifact], None]] = {
    ArtifactEffect.ATTACK_BONUS: Artifacts.artifact_attack,
    ArtifactEffect.MORALE_SIGN: Artifacts.artifact_sign,
    ArtifactEffect.REDRAW: Artifacts.artifact_redraw,
    ArtifactEffect.REVEAL: Artifacts.artifact_reveal,
    ArtifactEffect.RECOVER: Artifacts.artifact_recover,
}
