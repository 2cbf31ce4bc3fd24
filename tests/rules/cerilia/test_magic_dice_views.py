"""Module "magic dice", what each side may see (reference/sector-modules.md, "What each side may
see": "its own pool and the enemy's pool size (dice pools are public on the table), the enemy's
spells as cast, never the enemy's unplayed orders, dispel plan"; seed 002_eb4cf75b750af884.txt)."""
from dataclasses import replace

from ambush_support import hiding
from cerilia_support import A, D, caster, orders, round_of, spell, state, unit

from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.modules import Modules
from rules.cerilia.orders import ArtifactUse, BoundUse, DispelRule, order_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import Spell
from rules.cerilia.state import School

ON = Modules(magic_dice=True)


def seen(faces, a, d):
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"),
              casters=[caster("wiz", A, School.WIZARD, "a")], modules=ON)
    r = round_of(s, faces=faces, orders_={A: a, D: d})
    r.cast()
    return {side: [e["code"] for e in side_view(r.state(), side, r.events)["events"]]
            for side in (A, D)}, r


def test_pools_spells_as_cast_and_dispels_as_rolled_are_public():
    a = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=2)})
    d = orders(dispel=(DispelRule("any", 2),))
    codes, _r = seen([4, 4, 3, 4, 1, 1, 2, 1, 1], a, d)
    for side in (A, D):
        assert codes[side].count("magic_pool") == 2
        assert "spell_cast" in codes[side] and "dispel_failed" in codes[side]


def test_an_order_not_played_stays_with_its_side():
    # "never the enemy's unplayed orders": a spell the pool could not pay, a bound spell of a
    # holder that is gone.
    a = orders(spells={"wiz": spell(Spell.FOG, sector="C2", dice=5)},
               bound=(BoundUse("gone", 0, 2),))
    codes, r = seen([1, 1, 1, 1], a, orders(dispel=(DispelRule("fog", 3, 4),)))
    assert "pool_short" in codes[A] and "pool_short" not in codes[D]


def test_unspent_orders_and_a_dispel_plan_are_in_no_view():
    # "never the enemy's unplayed orders, dispel plan": two worlds alike but for the
    # defender's orders that never play — a second spell the GM's pool of 4 cannot pay after
    # the first took 3 (the seed: «если в пуле есть нужное количество кубиков»), and a plan no
    # attacker spell triggers. The attacker's view, events included, is the same each round.
    from rules.cerilia.engine import resolve_round
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"),
              casters=[caster("wiz", A, School.WIZARD, "a"), caster("sage", D, School.WIZARD, "d"),
                       caster("seer", D, School.WIZARD)],
              modules=ON, max_rounds=3, power_dice=4, dispel_dice=2, casting_values={"fog": 2})
    fog = {"sage": spell(Spell.FOG, sector="C3", dice=3)}
    plain = orders(spells=fog)
    hidden = orders(spells={**fog, "seer": spell(Spell.NIGHT, dice=3)},
                    dispel=(DispelRule("wall_of_fire", 2), DispelRule("any", 2, at_least=13)))
    attacker = orders(spells={"wiz": spell(Spell.FOG, sector="C1", dice=2)})
    worlds = [s, s]
    for number in range(2):
        outs = [resolve_round(w, {A: attacker, D: d}, seed=3 + number)
                for w, d in zip(worlds, (hidden, plain), strict=True)]
        assert "pool_short" in [e.code for e in outs[0].events]
        assert side_view(outs[0].state, A, outs[0].events) == \
            side_view(outs[1].state, A, outs[1].events)
        worlds = [out.state for out in outs]


def test_a_bound_spell_of_a_unit_the_enemy_cannot_see_does_not_name_it():
    # Ruling: "spells as cast" are public, but an invisible holder is not named to the enemy.
    from rules.cerilia.bound_spell_cards import BoundSpell
    hidden = unit("a", A, at="C1", hidden=True, card_bound=(BoundSpell("fog", "5/9"),))
    s = state(hidden, unit("d", D, at="C3"), modules=ON)
    r = round_of(s, faces=[3, 3, 2, 1, 1],
                 orders_={A: orders(bound=(BoundUse("a", 0, 2, sector="C2"),))})
    r.cast()
    told = {side: [e["params"] for e in side_view(r.state(), side, r.events)["events"]
                   if e["code"] == "bound_cast"] for side in (A, D)}
    assert told[A][0]["caster"] == "a" and "caster" not in told[D][0]
    assert told[D][0]["spell"] == "Fog" and told[D][0]["dice"] == 2
    # What the spell does names the side, not the unit.
    fog = [e for e in side_view(r.state(), D, r.events)["events"] if e["code"] == "fog"]
    assert fog[0]["params"]["caster"] == "attacker"


def _bound_told_to_the_enemy(beside_ambush, given):
    """What the defender reads of the attacker's character "gen" using a bound spell, the
    character standing with a unit in an ambush not yet marked, or in its reserve."""
    staff = Artifact("staff", "Staff of fog", ArtifactEffect.BOUND_SPELL, spell="fog",
                     power="3/6")
    gen = replace(caster("gen", A, unit_key="a" if beside_ambush else None, name="Gen"),
                  carries=("staff",), bound=(BoundSpell("fog", "5/9"),))
    s = state(unit("a", A, at="B1"), unit("d", D, at="C3"), casters=[gen],
              modules=Modules(ambush=True, artifacts=True, magic_dice=True))
    s = replace(hiding(s, "a", sector="B1"), artifacts=(staff,))
    r = round_of(s, faces=[3, 3, 2, 1, 1], orders_={A: given})
    r.cast()
    return [e for e in side_view(r.state(), D, r.events)["events"]
            if e["code"] in ("bound_cast", "fog")]


def test_a_character_beside_an_unmarked_ambush_is_named_as_anywhere_else():
    # 001_5d751c33a121b07e.txt: «Перед началом игры игроки указывают, какие батальоны будут
    # находиться в засаде»; reference: "The enemy sees nothing of an ambush that has not moved",
    # and of magic dice "the enemy's spells as cast". A character's bound spell, its own or its
    # artifact's, names it as its other spells and the fog itself do; left unnamed only beside
    # a unit the enemy cannot see, it told the enemy that such a unit stood there.
    for given in (orders(bound=(BoundUse("gen", 0, 2, sector="C2"),)),
                  orders(artifacts={"gen": ArtifactUse("staff", target="C2", dice=2)})):
        told = _bound_told_to_the_enemy(True, given)
        assert told == _bound_told_to_the_enemy(False, given)
        assert [e["params"]["caster"] for e in told] == ["Gen", "Gen"]


def _from_ambush(markers):
    """The attacker's unit "a" with a bound Fog, hiding in the forest of B1 (its markers laid
    at `markers`, or not yet: None), ordered to use it."""
    a = unit("a", A, at="B1", card_bound=(BoundSpell("fog", "5/9"),))
    s = state(a, unit("d", D, at="C3"),
              modules=Modules(ambush=True, magic_dice=True), power_dice=6, dispel_dice=1)
    return hiding(s, "a", sector="B1", markers=markers), orders(
        bound=(BoundUse("a", 0, 2, sector="C2"),))


def test_a_unit_in_an_unmarked_ambush_uses_no_bound_spell():
    # 001_5d751c33a121b07e.txt: «Перед началом игры игроки указывают, какие батальоны будут
    # находиться в засаде»; reference: "The enemy sees nothing of an ambush that has not moved".
    # Ruling (rules-notes "Bound spells"): a bound spell from a holder the enemy cannot name
    # would tell it a hidden unit is there, so an ambush keeps still until its markers are laid.
    s, given = _from_ambush(None)
    (refused,) = order_violations(s, A, given)
    assert (refused.code, refused.field) == ("bound_from_unmarked_ambush", "bound.0.holder")
    r = round_of(s, faces=[6, 6, 1, 1], orders_={A: given})
    r.cast()   # an order stored before the ruling is skipped, nothing spent
    assert "bound_cast" not in [e.code for e in r.events]
    s, given = _from_ambush(["B1", "B2", "A1"])
    assert order_violations(s, A, given) == []
