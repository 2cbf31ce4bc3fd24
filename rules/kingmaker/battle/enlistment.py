"""Who may fight in a battle scene: an army of the side's kingdom, where the battle is, still able
to fight. The same rules whoever puts the army there (the GM, or an Offensive Gambit)."""
from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.conditions import Condition, Conditions
from rules.kingmaker.hexes import hex_distance

# Our ruling: the army an Offensive Gambit targets may have stepped into a neighbouring hex before
# the battle ("The war encounter happens right after the Kingdom turn ends"); it is still fought.
GAMBIT_TARGET_REACH = 1


@mypyc_attr(native_class=False)  # pickled (mypyc/mypyc#1213)
@dataclass(frozen=True)
class Enlistment:
    """An army put on one side of a battle scene. Kingdoms are their ids; a side's kingdom is
    None when that side is no kingdom's (monsters)."""

    army: str
    kingdom: int
    hex: str
    active: bool  # neither disbanded nor destroyed
    conditions: Conditions
    side_kingdom: int | None
    other_kingdom: int | None
    scene_hex: str | None  # None: a battle the GM set up off the map, wherever its armies stand
    gambit_target: bool = False
    garrisoned: bool = False  # marked as fighting from its garrison
    # Whether the side holds the scene's fortification; None: the scene has none.
    holds_fortification: bool | None = None


def enlistment_violations(e: Enlistment) -> list[Violation]:
    found: list[Violation] = []
    if (e.kingdom != e.side_kingdom) if e.side_kingdom is not None else \
            (e.kingdom == e.other_kingdom):
        found.append(Violation("participant_side", _("%(army)s fights on its own kingdom's side."),
                               "side", {"army": e.army}))
    found += _place_violations(e)
    if not e.active:
        found.append(Violation("not_active", _("%(army)s is not an active army."), "army",
                               {"army": e.army}))
    # Seed 003, Разгромлено: "Разгромленное войско не может совершать боевые действия."
    elif any(c.condition is Condition.DEFEATED for c in e.conditions):
        found.append(Violation("participant_defeated",
                               _("%(army)s is defeated and cannot fight."), "army",
                               {"army": e.army}))
    found += _garrison_violations(e)
    return found


def _place_violations(e: Enlistment) -> list[Violation]:
    if e.scene_hex is None:
        return []
    reach = GAMBIT_TARGET_REACH if e.gambit_target else 0
    try:
        distance = hex_distance(e.hex, e.scene_hex)
    except RuleViolation:
        distance = None  # an army (or a scene) off the map is in no battle's hex
    if distance is not None and distance <= reach:
        return []
    return [Violation(
        "participant_elsewhere",
        _("%(army)s is in %(hex)s, not next to the battle in %(scene_hex)s.") if reach else
        _("%(army)s is in %(hex)s, not in the battle's hex %(scene_hex)s."),
        "army", {"army": e.army, "hex": e.hex, "scene_hex": e.scene_hex})]


def _garrison_violations(e: Enlistment) -> list[Violation]:
    # Seed 003: "Когда гарнизон создан, войско защищено, пока не использует боевое действие с
    # дескриптором «манёвр»": the walls are its own site, or the fortification its side holds.
    if not e.garrisoned:
        return []
    if e.holds_fortification is False:
        return [Violation("garrison_side", _(
            "Only the side holding the scene's fortification garrisons it."), "garrisoned")]
    if e.holds_fortification is None and not any(c.condition is Condition.FORTIFIED
                                                 for c in e.conditions):
        return [Violation("garrison_not_fortified", _(
            "%(army)s is not fortified in a garrison: without the scene's fortification only a "
            "garrison fights from its walls."), "garrisoned", {"army": e.army})]
    return []
