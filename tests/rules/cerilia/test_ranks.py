"""Module "magic dice": units of models, their wounds and command group, and the order in which
hits remove them.

Seed 002_eb4cf75b750af884.txt, «Восстановление Ран и поднятие ран»: «... возвращаете к жизни
ранее убитые модели в следующем порядке: Командир, Знаменосец, Музыкант и далее рядовые модели».
Reference (reference/sector-modules.md, "Recover and raise wounds"): "units are made of models
(ruling: a card's hits are its models; a card may set wounds per model, default 1, so hits =
models × wounds), with an optional command group on the card: champion (+1 melee while alive),
standard bearer (one more morale sign while alive, at most three), musician (a routed unit may
attack again the next round). Hits remove rank and file first, then the musician, standard
bearer and champion (ruling)."
"""
from dataclasses import replace

from cerilia_support import A, D, cards, codes, only, round_of, state, unit

from rules.cerilia import ranks
from rules.cerilia.cards import CATALOG, card_violations
from rules.cerilia.combat import CHARGE, MELEE, MISSILE
from rules.cerilia.modules import Modules
from rules.cerilia.ranks import Model
from rules.cerilia.state import UnitStatus, state_data, state_from_data

SEED_FILE = "002_eb4cf75b750af884.txt"
ON = Modules(magic_dice=True)
R, M, S, C = Model.RANK_AND_FILE, Model.MUSICIAN, Model.STANDARD, Model.CHAMPION


def troop(key="a", side=A, at="B2", hits=5, wounds=1, group=(True, True, True), **changes):
    champion, standard, musician = group
    return unit(key, side, at=at, card_hits=hits, card_wounds=wounds, card_champion=champion,
                card_standard=standard, card_musician=musician, **changes)


def test_hits_remove_rank_and_file_then_musician_standard_bearer_champion():
    # Reference, ruling: "Hits remove rank and file first, then the musician, standard bearer
    # and champion".
    u = troop()
    assert ranks.loss_order(u) == [R, R, M, S, C]
    lost = []
    while u.hits:
        u, model = ranks.take_wound(u)
        lost.append(model)
    assert lost == [R, R, M, S, C]


def test_a_card_s_hits_are_its_models_each_with_its_wounds():
    # Reference: "a card's hits are its models; a card may set wounds per model, default 1, so
    # hits = models × wounds".
    assert CATALOG["infantry"].wounds == 1
    u = troop(hits=3, wounds=2, group=(False, False, False))
    assert ranks.wounds_left(u) == 6
    u, lost = ranks.take_wound(u)
    assert (u.hits, u.wounds_lost, lost) == (3, 1, None)   # wounded, no model lost
    u, lost = ranks.take_wound(u)
    assert (u.hits, u.wounds_lost, lost) == (2, 0, R)
    assert ranks.wounds_left(u) == 4


def test_a_command_group_is_among_the_card_s_models():
    # Reference: "an optional command group on the card" (ruling: among its models).
    def refused(card):
        found = card_violations(card)
        return found and [(v.code, v.field) for v in found.violations]

    # 2 hits, 3 in the group: one model for each of them is wanted.
    assert refused(replace(CATALOG["infantry"], champion=True, standard=True,
                           musician=True)) == [("card_invalid", "hits")]
    assert refused(replace(CATALOG["infantry"], wounds=0)) == [("card_invalid", "wounds")]
    assert refused(replace(CATALOG["infantry"], champion=True, wounds=2)) is None


def test_stored_cards_and_units_keep_their_shape_and_read_back():
    # The new fields are stored only when they differ from their defaults.
    plain = state(unit("a", A, at="B2"))
    data = state_data(plain)
    assert "wounds" not in data["units"][0]["card"]
    assert "wounds_lost" not in data["units"][0]
    assert "magic_dice" not in data["scenario"].get("modules", {})
    shaped = state(replace(troop(wounds=2), wounds_lost=1, standard_taken=True), modules=ON)
    assert state_from_data(state_data(shaped)) == shaped


def test_with_the_module_off_a_card_s_hits_are_just_hits():
    # Brief: with the module off nothing changes: wounds and command group do nothing.
    r = round_of(state(troop(wounds=2), unit("d", D, at="B3")))
    r.lose_hit(r.units["a"])
    assert (r.units["a"].hits, r.units["a"].wounds_lost) == (4, 0)
    assert "model_lost" not in codes(r.events)
    assert r.attack_value(r.units["a"], MELEE, r.units["d"]) == CATALOG["infantry"].melee


def test_with_one_wound_and_no_group_a_hit_plays_as_without_the_module():
    events = []
    for modules in (Modules(), ON):
        r = round_of(state(unit("a", A, at="B2"), modules=modules))
        r.lose_hit(r.units["a"])
        r.lose_hit(r.units["a"])
        # Victory points are the module's own (victory.scored), not the wounds'.
        events.append([(e.code, e.params) for e in r.events if e.code != "victory_scored"])
        assert r.units["a"].status is UnitStatus.DESTROYED
    assert events[0] == events[1]


def test_a_wound_that_fells_no_model_still_tests_morale():
    # Ruling: every hit taken counts for the morale test, as without the module.
    r = round_of(state(troop(wounds=2), modules=ON))
    r.lose_hit(r.units["a"])
    assert "a" in r.hit and r.units["a"].hits == 5


def test_losing_a_command_model_is_told():
    r = round_of(state(troop(hits=3), modules=ON))
    r.lose_hit(r.units["a"])
    assert only(r.events, "model_lost").params["model"] == "musician"


def test_the_champion_gives_plus_one_melee_while_alive():
    # Reference: "champion (+1 melee while alive)"; ruling: melee only, not charge or missile.
    s = state(troop(hits=2, group=(True, False, False)), unit("d", D, at="B3"), modules=ON)
    r = round_of(s)
    a, d = r.units["a"], r.units["d"]
    assert r.attack_value(a, MELEE, d) == a.card.melee + 1
    assert r.attack_value(a, MISSILE, d) == 0
    r.lose_hit(a)
    assert r.attack_value(r.units["a"], MELEE, d) == a.card.melee + 1   # rank and file fell
    r.lose_hit(r.units["a"])
    assert r.units["a"].status is UnitStatus.DESTROYED


def test_the_standard_bearer_adds_a_morale_sign_while_alive():
    # Reference: "standard bearer (one more morale sign while alive, at most three)"; ruling:
    # the last sign the card lacks. Infantry bears sun and moon: the standard adds star.
    s = state(troop(hits=3, group=(False, True, False)), modules=ON)
    r = round_of(s, faces=[3])
    r.hit.add("a")
    r.morale()   # d3 = 3 draws star
    assert "morale_holds" in codes(r.events)
    assert ranks.standard_signs(troop(group=(False, True, False), card_morale={"sun"})) \
        == {"star"}
    # At most three: a card bearing every sign gains nothing.
    assert ranks.standard_signs(troop(card_morale={"sun", "moon", "star"})) == set()
    # Without the module the standard does nothing: star breaks infantry.
    r = round_of(state(troop(hits=3, group=(False, True, False))), faces=[3])
    r.hit.add("a")
    r.morale()
    assert "morale_breaks" in codes(r.events)


def test_a_fallen_standard_bearer_adds_no_sign():
    # Reference: "while alive": with one model left of rank and file, standard and champion,
    # the champion stands alone.
    u = replace(troop(hits=3, group=(True, True, False)), hits=1)
    assert ranks.models_left(u) == [C]
    assert ranks.standard_signs(u) == set()


def test_a_musician_lets_a_routed_unit_attack_the_next_round():
    # Reference: "musician (a routed unit may attack again the next round)"; today a routed
    # unit may not attack the round it routs and the next.
    routed = dict(status=UnitStatus.ROUTED)
    with_musician = troop(hits=3, group=(False, False, True), routed_in=1, **routed)
    without = troop("b", hits=3, group=(False, False, False), routed_in=1, **routed)
    r = round_of(replace(state(with_musician, without, modules=ON), round=1))   # round 2 plays
    assert r.can_attack(r.units["a"]) and not r.can_attack(r.units["b"])
    r = round_of(replace(state(replace(with_musician, routed_in=2), modules=ON), round=1))
    assert not r.can_attack(r.units["a"])   # not the round it routs
    r = round_of(replace(state(with_musician), round=1))
    assert not r.can_attack(r.units["a"])   # module off


def test_an_enemy_melee_attack_felling_the_standard_bearer_takes_the_standard():
    # Reference, ruling: "a standard taken by the enemy (its bearer destroyed by an enemy
    # melee attack)". Infantry against infantry, column 0: card 8 is H.
    target = replace(troop("d", D, at="B3", hits=3, group=(True, True, False)), hits=2)
    s = state(unit("a", A, at="B3"), target, modules=ON)
    r = round_of(s, faces=cards(8))
    r.strike(r.units["a"], r.units["d"])
    d = r.units["d"]
    assert d.hits == 1 and d.standard_taken
    assert "standard_taken" in codes(r.events)
    assert ranks.models_left(d) == [C]
    assert r.blow is None


def test_a_standard_bearer_falling_otherwise_keeps_the_standard():
    for blow in (None, MISSILE):
        r = round_of(state(replace(troop(hits=3, group=(True, True, False)), hits=2),
                           modules=ON))
        r.blow = blow
        r.lose_hit(r.units["a"])
        assert not r.units["a"].standard_taken
    r = round_of(state(replace(troop(hits=3, group=(True, True, False)), hits=2), modules=ON))
    r.blow = CHARGE   # ruling: a charge is a melee attack
    r.lose_hit(r.units["a"])
    assert r.units["a"].standard_taken
