"""Module "scouting" in the round (seed 001_5d751c33a121b07e.txt, from "Батальон находящийся в
лесу или в овраге серединой своей первой шеренги ..." to "2 провала - окружен ..."; reference/
sector-modules.md, module "scouting"). Ruling: the scouting comes right after the movement phase
(the scouts search the forest they held all round: scouting_orders refuses a scout that
moves), before battle magic, so what it reveals can be shot at and fought this round. Its events
belong to the movement phase.

Hidden information: the scout's side learns only the tier it earned. An ambush that lets the
scouts pass tells only its owner; the scout's side reads the same "finds nothing" whether or not
anything hid there, and the ambush's dice go to the round's roll log, which only the GM reads.
The scout rolls before any ambush, so its own die is the same either way; the dice after an
ambush's roll come from the round's secret seed, so their shift tells a side nothing."""
from __future__ import annotations

from rules.cerilia.combat import Combat
from rules.cerilia.concealment import Ambush, Concealment
from rules.cerilia.field import coordinates, home_row, sector_on_field
from rules.cerilia.scouting_orders import may_scout
from rules.cerilia.state import Unit
from rules.errors import _
from rules.sides import Side

# Seed: "тот, кого разведывают бросает 3 К6"; with markers laid: "разведываемый бросает 2 К6".
HIDING_DICE, MARKED_DICE = 3, 2
SPOTTED, DETECTED, SURROUNDED = 1, 2, 3

_TIER_MESSAGES = {
    # "1 провал - замечен, засадный батальон ставится в зону расстановки"
    SPOTTED: _("%(unit)s scouts %(sector)s and spots the ambush %(ambush)s: it is placed in "
               "its deployment zone."),
    # "2 провала - обнаружен, засадный батальон ставится на поле не далее 5 шагов от разведчика"
    DETECTED: _("%(unit)s scouts %(sector)s and detects the ambush %(ambush)s: it is placed "
                "beside the scouts."),
    # "3 провала - окружен, разведчик ставит засадный батальон не далее 5 шагов от себя и имеет
    # право без приказа атаковать его"
    SURROUNDED: _("%(unit)s scouts %(sector)s and surrounds the ambush %(ambush)s, and "
                  "attacks it."),
}


def scout_all(board: Combat) -> None:
    """Each side's scouts in initiative order, each in the order given, once a round."""
    if not board.start.scenario.modules.scouting:
        return
    started = {u.key: u.position for u in board.start.units}
    for side in board.sides_in_order():
        for key in dict.fromkeys(board.orders[side].scouts):
            unit = board.units.get(key)
            # The orders reach the engine as submitted (scouting_orders reports the same):
            # only its own unit, still where it stood, in a forest or ravine.
            if unit is None or unit.side is not side or key in board.scouted \
                    or started.get(key) != unit.position or not may_scout(board.state(), unit):
                continue
            board.scouted.add(key)
            scout(board, unit)


def scout(board: Combat, unit: Unit) -> None:
    sector = unit.position
    if unit.hidden:
        # Mass invisibility lasts "Пока Отряд не будет раскрыт или не совершит любое Действие".
        unit = board.reveal(unit, _("%(unit)s scouts and is seen."))
    roll = board.dice.roll("1d6", purpose=_("Scouting: %(unit)s in %(sector)s"),
                           unit=unit.name, sector=sector).total
    board.say("scouting", _("%(unit)s scouts %(sector)s (%(roll)s)."), unit, sector=sector,
              roll=roll)
    found = expose_decoys(board, unit, sector)
    enemy = unit.side.other
    for ambush in board.live_ambushes(Concealment.AMBUSH):
        hiding = board.ambush_unit(ambush)
        if ambush.side is not enemy or hiding is None or not hiding.hides_in(ambush):
            continue
        true = ambush.true_marker
        if not ambush.markers and hiding.position == sector:
            found |= face(board, unit, ambush, roll, HIDING_DICE)
        elif true is not None and true.sector == sector:
            found |= face(board, unit, ambush, roll, MARKED_DICE)
        unit = board.units[unit.key]
        if not unit.alive or unit.position != sector:
            break   # ruling: scouts struck down or driven off search no further
    if not found:
        # The same words whatever hid there and whatever it rolled: the scout's side only.
        board.say("scouting_nothing", _("%(unit)s finds nothing in %(sector)s."), unit,
                  to=frozenset({unit.side}), sector=sector)


def expose_decoys(board: Combat, scout: Unit, sector: str) -> bool:
    """Reference, ruling: "Decoy markers in a scouted sector are exposed and removed (the scouts
    find them empty); the scout's side learns that they were decoys". Ruling: a trap's decoys
    too; the true marker of a trap stays (the seed's scouting finds battalions)."""
    found = False
    for ambush in board.live_ambushes():
        if ambush.side is scout.side:
            continue
        for marker in [m for m in ambush.markers if not m.true and m.sector == sector]:
            ambush = board.drop_marker(ambush, marker.key)
            board.say("decoy_exposed", _("%(unit)s finds the marker %(marker)s of %(ambush)s in "
                      "%(sector)s empty: a decoy."), scout, to=frozenset(Side),
                      marker=marker.key, ambush=ambush.name, sector=sector)
            found = True
    return found


def face(board: Combat, scout: Unit, ambush: Ambush, roll: int, dice: int) -> bool:
    """One ambush against the scouts' die: "Каждый К6, на котором выпало меньше, чем у
    противника является провалом". Whether the scout's side learned of it."""
    faces = board.dice.roll(f"{dice}d6", purpose=_("Ambush %(ambush)s against the scouts of "
                            "%(unit)s"), ambush=ambush.name, unit=scout.name).faces
    failures = sum(1 for f in faces if f < roll)
    tier = failures
    if dice == MARKED_DICE and failures:
        # "1 провала - обнаружен, засадный батальон ставится на место маркеров, которые
        # убираются с поля"; "2 провала - окружен": the unmarked roll's tiers, one up.
        tier = failures + 1
    if tier == 0:
        # An ambush with markers that the scouts miss: "0 — nothing" (no strike).
        return slip_past(board, scout, ambush, may_strike=dice == HIDING_DICE)
    hiding = board.ambush_unit(ambush)
    board.say("scouting_found", _TIER_MESSAGES[tier], scout, to=frozenset(Side),
              ambush=ambush.name, sector=scout.position, failures=failures)
    sector = scout.position
    if tier == SPOTTED and hiding is not None:
        # Reference: "The deployment zone = the side's own line ... or its reserve, the owner's
        # choice". Ruling: its own line's sector in the scouted column, else its reserve (no
        # free cell there): the owner chose its ambush's ground, not this retreat.
        column, _row = coordinates(sector)
        sector = sector_on_field(column, home_row(hiding.side))
    revealed = board.reveal_ambush(ambush, _("%(unit)s stands revealed in %(sector)s."),
                                   sector)
    if tier == SURROUNDED and revealed is not None:
        scout = board.units[scout.key]
        # Ruling: the scouts attack only if the battalion stands beside them (a full sector
        # sends it toward its own line) and they may attack (not routed).
        if revealed.position == scout.position and board.can_attack(scout):
            board.strike(scout, revealed)
    return True


def slip_past(board: Combat, scout: Unit, ambush: Ambush, *, may_strike: bool) -> bool:
    """"0 провалов - засадный батальон пропустил разведку и может атаковать ее: игрок имеет
    право выставить засадный полк не далее 5 шагов от разведчика и атаковать его". Its owner
    chose in advance (RoundOrders.strike_scouts); ruling: by default it stays hidden, and it
    strikes only if a cell of its side is free in the scouts' sector."""
    hiding = board.ambush_unit(ambush)
    owner = ambush.side
    sector = scout.position
    strikes = may_strike and ambush.key in board.orders[owner].strike_scouts \
        and hiding is not None \
        and board.free_cell(sector, owner) is not None
    if not strikes or hiding is None:
        board.say("scouting_missed", _("%(ambush)s lets the scouts of %(unit)s pass unseen in "
                  "%(sector)s."), to=frozenset({owner}), ambush=ambush.name, unit=scout.name,
                  sector=sector)
        return False
    revealed = board.reveal_ambush(ambush, _("%(unit)s slips past the scouts and strikes from "
                                             "ambush in %(sector)s."), sector)
    if revealed is not None and board.can_attack(revealed):
        board.strike(revealed, board.units[scout.key])
    return True
