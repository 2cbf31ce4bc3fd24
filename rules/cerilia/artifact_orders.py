"""Module "artifacts" (seed 001_5d751c33a121b07e.txt, "Артефакт": «Персонажи и герои могут
иметь при себе магический артефакт, применение которого окажет некоторый эффект на ход
битвы»): the order a side gives when a character uses an artifact, and what the rules object to
in it, by field ("artifacts.<character>"). orders.py calls `use_violations`; what a use does in
the round is in artifacts.py (which may import the round, this module may not: orders.py
imports it)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.cards import SIGNS
from rules.cerilia.field import RESERVE
from rules.cerilia.spells import Spell, unbindable
from rules.cerilia.state import SIGN_EFFECTS, BattleState, Caster, Effect, TerrainKind, Unit
from rules.errors import Violation, _
from rules.sides import Side


@dataclass(frozen=True)
class ArtifactUse:
    """A character uses an artifact it carries. Only a bound spell is aimed: `target` is its
    spell's sector or unit (as the spell is aimed), `toward` a wall's direction, `terrain` what
    an illusion shows; `sign` the morale sign a banner (or a bound blessing) adds, by default
    the first of SIGNS the unit lacks."""

    artifact: str
    target: str | None = None
    toward: str | None = None
    terrain: TerrainKind | None = None
    sign: str | None = None
    dice: int = 2   # module "magic dice": a bound spell's dice, 2 or 3 (ruling: 2 unless said)
    data_omit_default: ClassVar[tuple[str, ...]] = ("target", "toward", "terrain", "sign",
                                                    "dice")


# Ruling: the effects that act on the bearer's unit; a bearer standing with none (in its
# side's reserve) may use only a bound spell (cast from the reserve as a caster there casts)
# and recovery (its own wounds).
BEARER_UNIT_EFFECTS = frozenset({ArtifactEffect.ATTACK_BONUS, ArtifactEffect.MORALE_SIGN,
                          ArtifactEffect.REDRAW})
# Ruling: two characters of one unit cannot both give it the +1 (it does not stack) or both
# stand ready to redraw in one round.
ONCE_PER_UNIT = frozenset({ArtifactEffect.ATTACK_BONUS, ArtifactEffect.REDRAW})
# The fields of a use each effect reads; any other given is refused.
USE_AIMS = ("target", "toward", "terrain", "sign")
_TAKES = {ArtifactEffect.BOUND_SPELL: frozenset(USE_AIMS),
          ArtifactEffect.MORALE_SIGN: frozenset({"sign"})}


def use_aims(effect: ArtifactEffect) -> tuple[str, ...]:
    """What a use of an artifact of `effect` names besides the artifact and its dice (in
    USE_AIMS's order): a bound spell its spell's aim, a banner the morale sign; the rest
    nothing."""
    taken = _TAKES.get(effect, frozenset())
    return tuple(aim for aim in USE_AIMS if aim in taken)

# orders.py checks a bound spell's aim as the spell's own order: (state, side, bearer, use,
# spell, field) → violations.
AimCheck = Callable[[BattleState, Side, Caster, ArtifactUse, Spell, str], list[Violation]]


def bearer_unit(units: Iterable[Unit], character: Caster) -> Unit | None:
    """The unit the character stands with, if it still stands (else it is in the reserve)."""
    unit = next((u for u in units if u.key == character.unit), None)
    return unit if unit is not None and unit.alive else None


def bound_spell(artifact: Artifact) -> Spell | None:
    """A bound spell's spell, if the army book's card names one the engine knows."""
    try:
        return Spell(artifact.spell) if artifact.spell else None
    except ValueError:
        return None


def unit_signs(unit: Unit, effects: Iterable[Effect]) -> set[str]:
    """The morale signs a unit bears now: its card's and those blessings and banners add."""
    return set(unit.card.morale) | {e.sign for e in effects if e.kind in SIGN_EFFECTS
                                    and e.unit == unit.key and e.sign}


def sign_to_add(has: set[str], wanted: str | None) -> str | None:
    """Ruling: the sign the order names if the unit lacks it, else the first of SIGNS it lacks
    (None: it bears all three), as a blessing chooses ("помимо тех ... которые уже
    присутствуют")."""
    missing = [s for s in SIGNS if s not in has]
    return wanted if wanted in missing else (missing[0] if missing else None)


def recovers(unit: Unit | None, character: Caster) -> str | None:
    """Reference: "recover 1 wound of the bearer's unit or the bearer". Ruling: the unit, if it
    has lost hits (up to its card's); else the bearer, up to the wounds it started the battle
    with; None if neither is hurt."""
    if unit is not None and unit.hits < unit.card.hits:
        return "unit"
    if character.wounds < character.start_wounds:
        return "bearer"
    return None


def _use_violations(state: BattleState, side: Side, key: str, use: ArtifactUse,
                    aim: AimCheck) -> list[Violation]:
    where = f"artifacts.{key}"
    character = next((c for c in state.casters if c.key == key and c.side is side), None)
    if character is None:
        return [Violation("character_unknown", _("Not one of your characters."), where)]
    names = {"character": character.name}
    if character.killed:
        # Reference: "A killed character casts, commands and carries nothing more."
        return [Violation("character_killed", _("%(character)s has fallen and carries nothing "
                          "more."), where, names)]
    artifact = next((a for a in state.artifacts if a.key == use.artifact), None)
    if artifact is None or use.artifact not in character.carries:
        return [Violation("artifact_not_carried", _("%(character)s does not carry this "
                          "artifact."), where, names)]
    names["artifact"] = artifact.name
    if artifact.uses <= 0:
        # Reference: "once per battle unless its card says otherwise".
        return [Violation("artifact_spent", _("%(artifact)s has no uses left."), where, names)]
    taken = _TAKES.get(artifact.effect, frozenset())
    found = [Violation("artifact_takes_no_aim", _("%(artifact)s takes no %(aim)s."),
                       f"{where}.{name}", {**names, "aim": name})
             for name in USE_AIMS if getattr(use, name) is not None and name not in taken]
    unit = bearer_unit(state.units, character)
    if artifact.effect in BEARER_UNIT_EFFECTS and unit is None:
        found.append(Violation("artifact_needs_unit", _("%(artifact)s works on the bearer's "
                               "unit; %(character)s stands with none."), where, names))
    elif artifact.effect is ArtifactEffect.MORALE_SIGN and unit is not None:
        if use.sign is not None and use.sign not in SIGNS:
            found.append(Violation("sign_unknown", _("Not a morale sign."), f"{where}.sign"))
        elif sign_to_add(unit_signs(unit, state.effects), use.sign) is None:
            found.append(Violation("signs_full", _("%(unit)s already bears every morale "
                                   "sign."), where, {**names, "unit": unit.name}))
    elif artifact.effect is ArtifactEffect.REVEAL and (unit is None or unit.position == RESERVE):
        # It shows what lies in the bearer's sector; the reserve holds no markers.
        found.append(Violation("artifact_needs_sector", _("%(artifact)s shows the bearer's "
                               "sector; %(character)s stands in the reserve."), where, names))
    elif artifact.effect is ArtifactEffect.REVEAL and unit is not None and unit.ambush is not None:
        # Ruling: what the glance finds leaves the field in its owner's sight, which would tell
        # the owner where the hidden bearer stands (reference: a side never sees "trap truth or
        # marker truth"); a bearer hiding in ambush does not use it.
        found.append(Violation("artifact_bearer_hidden", _("%(artifact)s would give away where "
                               "%(character)s hides in ambush."), where, names))
    elif artifact.effect is ArtifactEffect.RECOVER and recovers(unit, character) is None:
        found.append(Violation("nothing_to_recover", _("Neither %(character)s nor its unit "
                               "has a wound to recover."), where, names))
    elif artifact.effect is ArtifactEffect.BOUND_SPELL:
        spell = bound_spell(artifact)
        refused = unbindable(spell) if spell is not None else None
        if spell is None:
            found.append(Violation("artifact_spell_unknown", _("%(artifact)s holds no spell "
                                   "the battle knows."), where, names))
        elif refused is not None:
            found.append(Violation("bound_unbindable", refused, where))
        else:
            found += aim(state, side, character, use, spell, where)
    return found


def _twice(state: BattleState, side: Side, uses: Mapping[str, ArtifactUse]) -> list[Violation]:
    """Ruling: ONCE_PER_UNIT effects, a second one on one unit in a round is refused; and one
    artifact is used by one character at a time (should the army book hand it to two)."""
    seen: set[tuple[str, ArtifactEffect]] = set()
    found = []
    artifacts = {a.key: a for a in state.artifacts}
    used: set[str] = set()
    for key, use in uses.items():
        if use.artifact in used:
            found.append(Violation("artifact_used_twice", _("Another character already uses "
                                   "this artifact this round."), f"artifacts.{key}"))
        used.add(use.artifact)
        character = next((c for c in state.casters if c.key == key and c.side is side), None)
        artifact = artifacts.get(use.artifact)
        if character is None or artifact is None or artifact.effect not in ONCE_PER_UNIT \
                or character.unit is None:
            continue
        if (character.unit, artifact.effect) in seen:
            found.append(Violation("artifact_effect_twice", _("Another character of this unit "
                                   "already uses such an artifact this round."),
                                   f"artifacts.{key}"))
        seen.add((character.unit, artifact.effect))
    return found


def use_violations(state: BattleState, side: Side, uses: Mapping[str, ArtifactUse],
                   aim: AimCheck) -> list[Violation]:
    """Each character's use of an artifact this round. One artifact per character per round
    (ruling): the orders hold one use per character. With the module off, none is taken."""
    if not state.scenario.modules.artifacts:
        return [Violation("no_artifacts_module", _("This battle has no artifacts."),
                          f"artifacts.{key}") for key in uses]
    return [*(v for key, use in uses.items()
              for v in _use_violations(state, side, key, use, aim)),
            *_twice(state, side, uses)]
