"""Seed 001's artifacts (001_5d751c33a121b07e.txt, "Артефакт": "Перечень доступных артефактов
приведен в книге армии"): the cards of the GM's catalog, the army book, as a battle stores
them. A character carries them (Caster.carries holds their keys); the module's rules are in
artifacts.py."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rules.errors import _


class ArtifactEffect(StrEnum):
    """Reference, ruling: an artifact's effect is one of these."""

    BOUND_SPELL = "bound_spell"      # cast as the spell (a bound spell with module magic dice)
    ATTACK_BONUS = "attack_bonus"    # +1 to the attacks of the bearer's unit for the round
    MORALE_SIGN = "morale_sign"      # one more morale sign for the round
    REDRAW = "redraw"                # redraw one battle card of an attack by or against it
    REVEAL = "reveal"                # the ambush markers and traps of the bearer's sector
    RECOVER = "recover"              # recover 1 wound of the bearer's unit or the bearer


ARTIFACT_EFFECT_LABELS = {
    ArtifactEffect.BOUND_SPELL: _("bound spell"),
    ArtifactEffect.ATTACK_BONUS: _("+1 to the unit's attacks for the round"),
    ArtifactEffect.MORALE_SIGN: _("one more morale sign for the round"),
    ArtifactEffect.REDRAW: _("redraw one battle card"),
    ArtifactEffect.REVEAL: _("reveal the ambush markers and traps in the sector"),
    ArtifactEffect.RECOVER: _("recover 1 wound"),
}


@dataclass(frozen=True)
class Artifact:
    """One artifact in a battle: its card's effect, and how many uses it has left (reference:
    "once per battle unless its card says otherwise")."""

    key: str
    name: str
    effect: ArtifactEffect
    uses: int = 1
    spell: str | None = None     # a bound spell's spell
    power: str | None = None     # a bound spell's power level, "5/9" (module magic dice)
    data_omit_default: ClassVar[tuple[str, ...]] = ("spell", "power")


@dataclass(frozen=True)
class ArtifactCard:
    """An entry of the army book: what a character may be given to carry."""

    code: str
    name: str
    effect: ArtifactEffect
    uses: int = 1
    spell: str | None = None
    power: str | None = None


# Reference: "The shipped catalog holds a handful of examples built from these effects, marked
# as examples."
EXAMPLES: tuple[ArtifactCard, ...] = (
    ArtifactCard("banner_of_valour", _("Banner of valour"), ArtifactEffect.MORALE_SIGN),
    ArtifactCard("war_horn", _("War horn"), ArtifactEffect.ATTACK_BONUS),
    ArtifactCard("dice_of_fortune", _("Dice of fortune"), ArtifactEffect.REDRAW),
    ArtifactCard("eye_of_the_hawk", _("Eye of the hawk"), ArtifactEffect.REVEAL),
    ArtifactCard("healing_draught", _("Healing draught"), ArtifactEffect.RECOVER, uses=2),
    ArtifactCard("staff_of_fog", _("Staff of fog"), ArtifactEffect.BOUND_SPELL, spell="fog",
                 power="3/6"),
)
