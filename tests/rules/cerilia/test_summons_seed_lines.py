"""Seed 002's «Призванные подразделения», the line test_summons.py left without a check of what
follows the summons: the summoned unit acts by the general rules for its creator's side."""
from cerilia_support import A, D, caster, orders, round_of, spell, state, unit

from rules.cerilia.modules import Modules
from rules.cerilia.orders import order_violations
from rules.cerilia.spells import Spell
from rules.cerilia.state import School

SEED_FILE = "002_eb4cf75b750af884.txt"


def test_a_summoned_unit_takes_its_creators_orders_by_the_general_rules():
    # 002_eb4cf75b750af884.txt: «Будучи призванным, подразделение действует на поле боя на
    # стороне своего создателя, в соответствии с общими правилами.» The next round its side
    # moves it as any unit of its own (one sector: the Legion's movement); the enemy cannot.
    s = state(unit("g", A, at="C1"), unit("d", D, at="E3"),
              casters=[caster("w", A, School.WIZARD, "g")], modules=Modules(magic_dice=True))
    order = spell(Spell.SUMMON_LEGION, sector="C2", dice=5)
    r = round_of(s, orders_={A: orders(spells={"w": order})})
    r.phase = "magic"
    r.take_effect(r.casters["w"], order)
    after = r.state()
    legion = next(u for u in after.units if u.summoned)
    assert order_violations(after, A, orders(moves={legion.key: ("B2",)})) == []
    assert [(v.code, v.field) for v in order_violations(after, A, orders(
        moves={legion.key: ("B2", "A2")}))] == [("too_far", f"moves.{legion.key}")]
    assert [(v.code, v.field) for v in order_violations(after, D, orders(
        moves={legion.key: ("B2",)}))] == [("unit_unknown", f"moves.{legion.key}")]
