"""The fate of a character whose unit is destroyed (reference/sector-modules.md, ruling: "when a
character's unit is destroyed, the character rolls d6: 1–2 it is killed, 3–6 it escapes to its
side's reserve. A killed character casts, commands and carries nothing more.")."""
from cerilia_support import A, D, caster, codes, orders, round_of, spell, state, unit

from rules.cerilia.modules import Modules, Role
from rules.cerilia.orders import order_violations
from rules.cerilia.spells import Spell
from rules.cerilia.state import School

ON = Modules(command=True)


def _lost(face, modules=ON):
    s = state(unit("a", A, at="B1"), unit("d", D, at="B3"),
              casters=[caster("m", A, School.WIZARD, unit_key="a")], modules=modules)
    r = round_of(s, faces=[face] if modules.any_on else [])
    r.destroy(r.units["a"], "gone")
    return r


def test_a_roll_of_1_or_2_kills_the_character():
    r = _lost(2)
    assert r.casters["m"].killed and r.casters["m"].unit is None
    assert codes(r.events) == ["destroyed", "character_killed"]


def test_a_roll_of_3_to_6_sends_it_to_the_reserve():
    r = _lost(3)
    assert not r.casters["m"].killed and r.casters["m"].unit is None
    assert "character_escapes" in codes(r.events)


def test_without_modules_a_caster_rolls_nothing_and_stays_as_today():
    # "A battle with every module off plays exactly as today": no fate die is rolled.
    r = _lost(0, modules=Modules())
    assert r.casters["m"] == caster("m", A, School.WIZARD, unit_key="a")
    assert codes(r.events) == ["destroyed"]


def test_a_killed_character_casts_nothing_more():
    r = _lost(1)
    s = r.state()
    refused = order_violations(s, A, orders(spells={"m": spell(Spell.FOG, sector="B2")}))
    assert [v.code for v in refused] == ["spell_unknown"]
    assert s.casters[0].killed and not s.casters[0].is_a(Role.WIZARD)
