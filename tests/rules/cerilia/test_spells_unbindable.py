"""Module "magic dice", which spells may be bound (seed 002_eb4cf75b750af884.txt, XI.6.A; ruling
in docs/rules-notes.md "Bound spells"): a bound spell's order names only its dice and, «если
применимо, ... цель заклинания»; a magical move needs a path and a summons places a unit, so
neither can be bound — not on a unit card, a character or an artifact."""
from dataclasses import replace

from cerilia_support import A, D, codes, orders, round_of, state, unit

from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.bound_spell_cards import BoundSpell
from rules.cerilia.modules import Modules, Role
from rules.cerilia.orders import ArtifactUse, BoundUse, order_violations
from rules.cerilia.spells import MAGICAL_MOVES, Spell, unbindable
from rules.cerilia.state import Caster, School

SEED_FILE = "002_eb4cf75b750af884.txt"
ON = Modules(magic_dice=True, artifacts=True)
HASTE = BoundSpell("haste", "4/7")


def test_a_magical_move_and_a_summons_cannot_be_bound_every_other_spell_can():
    # Seed XI.6.A: «Также, если применимо, он выбирает цель заклинания» — a target, no path
    # (XI.7.A: «Магическое перемещение всегда имеет лимит дальности») and no unit to place.
    refused = {s for s in Spell if unbindable(s) is not None}
    assert refused == set(MAGICAL_MOVES) | {Spell.SUMMON_LEGION}
    assert "path" in unbindable(Spell.HASTE) and "places a unit" in unbindable(
        Spell.SUMMON_LEGION)


def _haste_holders():
    wizard = Caster("w", A, "Wizard", School.WIZARD, "a", bound=(HASTE,))
    return state(unit("a", A, at="C1", card_bound=(HASTE,)), unit("d", D, at="C3"),
                 casters=[wizard], modules=ON)


def test_a_units_or_characters_bound_haste_is_refused_at_its_index():
    # Seed XI.6.A: «Активный игрок объявляет, какая из его моделей использует связанное
    # заклинание и какое»; the order has no path to give a magical move.
    s = _haste_holders()
    for holder in ("a", "w"):
        found = order_violations(s, A, orders(bound=(BoundUse(holder, 0, 2, unit="a"),)))
        assert [(v.code, v.field) for v in found] == [("bound_unbindable", "bound.0.index")]


def test_an_artifacts_bound_summons_is_refused():
    # Reference: an artifact's bound spell is "cast as a bound spell with its power level".
    horn = Artifact("horn", "Horn of the dead", ArtifactEffect.BOUND_SPELL,
                    spell="summon_legion_of_the_dead")
    hero = Caster("h", A, "Hero", None, "a", roles=frozenset({Role.HERO}), carries=("horn",))
    s = replace(state(unit("a", A, at="C1"), unit("d", D, at="C3"), casters=[hero],
                      modules=ON), artifacts=(horn,))
    found = order_violations(s, A, orders(artifacts={"h": ArtifactUse("horn", target="C1")}))
    assert [(v.code, v.field) for v in found] == [("bound_unbindable", "artifacts.h")]


def test_a_stored_bound_haste_spends_no_dice_and_moves_nothing():
    # Seed XI.6.A: «Активный игрок удаляет нужное количество кубиков из пула»; a spell that
    # cannot be bound is not used, so nothing is removed (a card stored before the ruling).
    s = _haste_holders()
    r = round_of(s, faces=[3, 3, 1, 1], orders_={A: orders(bound=(
        BoundUse("a", 0, 2, unit="a"), BoundUse("w", 0, 3, unit="a"))), D: orders()})
    r.cast()
    assert "bound_cast" not in codes(r.events) and r.units["a"].position == "C1"
    discarded = next(e for e in r.events if e.code == "pool_discarded")
    assert discarded.params["power"] == 6
