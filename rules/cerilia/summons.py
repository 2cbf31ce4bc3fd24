"""Module "magic dice", summoned units by seed 002's general rules (002_eb4cf75b750af884.txt,
"Призванные подразделения"; reference: "placed in the spell's target sector (a sector-targeted
spell: "Земля") or, for other summons, in a sector within its reach; the sector needs a free
friendly cell, no enemy unit and no terrain the unit could not enter; if it cannot be placed
whole it is not placed at all. It fights for its creator, goes nowhere after the battle and
gives no victory points"). Without the module, magic._summon keeps seed 000's own rule."""
from __future__ import annotations

from rules.cerilia.board import Board
from rules.cerilia.cards import Tag, UnitCard
from rules.cerilia.field import is_sector
from rules.cerilia.state import Caster, Unit
from rules.cerilia.visibility import in_reach
from rules.errors import _
from rules.sides import Side


def refusal(r: Board, caster: Caster, card: UnitCard, sector: str) -> str | None:
    """Why a unit of `card` cannot be summoned whole into `sector`, or None.

    Seed: "Все модели во вновь призванном подразделении должны быть размещены в пределах
    дальности Способности"; "Если типом заклинания ... является Земля, то как минимум одна
    модель ... на той точке стола, которая является целью заклинания"; "не ближе, чем в 1
    дюйме от других подразделений или непроходимого ландшафта"."""
    if not is_sector(sector) or not in_reach(r.state(), caster, sector):
        return _("too far from the caster")
    if r.free_cell(sector, caster.side) is None:
        return _("no free cell in the friendly front line")
    # Ruling: the enemy units that stop it are those the caster's side sees there; one hidden
    # from it (invisible, in ambush) does not, or the refusal would give it away.
    if r.at(sector, caster.side.other):
        return _("the enemy stands there")
    # Ruling: the one sector a unit may not enter is the fortification for a mounted unit of
    # the attacker (seed 000: "Ездовые Отряды Атакующего Игрока не могут войти в сектор с
    # Укреплением"); cliffs and rivers cut ways between sectors, not the sectors.
    if caster.side is Side.ATTACKER and card.has(Tag.MOUNTED) \
            and r.fortification(sector) is not None:
        return _("mounted units cannot enter the fortification")
    return None


def summon(r: Board, caster: Caster, card: UnitCard, key: str, sector: str, label: str
           ) -> Unit | None:
    """Place a summoned unit of `card` whole into `sector` for the caster's side, or nothing
    ("Если подразделение целиком не может быть размешено ... не может быть размещено вообще").
    It is `summoned`: aftermath.battle_result leaves it out, victory.tally gives nothing for
    it ("Призванные подразделения не приносят победных очков при уничтожении")."""
    reason = refusal(r, caster, card, sector)
    if reason is not None:
        r.fizzle(caster, label, reason)
        return None
    base, n = key, 1
    while key in r.units:   # ruling: two summons of one caster in a round (a bound spell too)
        n += 1
        key = f"{base}-{n}"
    unit = Unit(key, caster.side, card, str(card.name), card.hits, summoned=True)
    r.units[key] = unit
    # "действует на поле боя на стороне своего создателя, в соответствии с общими правилами".
    unit = r.put(unit, sector)
    r.say("summoned", _("%(caster)s summons %(unit)s into %(sector)s."), unit,
          caster=caster.name, sector=sector)
    return unit
