"""Module "ambush" in the round: markers laid and moved, attacks from ambush and the attacked
side's d6, the enemy turning markers over (seed 001_5d751c33a121b07e.txt, "Засада";
reference/sector-modules.md, module "ambush").

Seed lines checked here:
  «В свой черед игрок объявляет выполнение приказа засадным батальоном.»
  «Если это приказ «Движение», то в лес (овраг) выкладываются три маркера (два ложных и один
   истинный) засадного батальона. ... Эти маркеры перемещаются с половинной СК. Однажды
   выставленные маркеры засадного батальона с поля не убираются.»
  «Если это приказ «Стрелковая атака» или «Рукопашная атака» и в атакованном батальоне остались
   выжившие (кроме раненных), то атакованный игрок бросает К6: 1-2 — ничего не происходит, 3-4 —
   убирается один ложный маркер засады; 5-6 — маркеры засадного батальона убираются и он
   выставляется на поле вместо них.»
  «Противник имеет право атаковать один из выставленных маркеров засадного батальона. При этом
   маркер вскрывается: если вскрыт ложный маркер, то он убирается с поля и атака считается
   неудачной (урон=0); если истинный, то с поля убираются все маркеры засадного батальона и он
   сам выставляется на поле.»
"""
from ambush_support import A, D, T, ambush_key, battle, hiding, terrain, unit
from cerilia_support import cards, codes, only, orders, round_of

from rules.cerilia.concealment import MarkerMove
from rules.cerilia.engine import resolve_round
from rules.cerilia.state import state_data, state_from_data
from rules.cerilia.visibility import visible
from rules.sides import Side

EVERYONE = frozenset(Side)
KEY = ambush_key(D)
M1, M2, M3 = (f"{KEY}-{i}" for i in (1, 2, 3))


def _field(code="infantry", markers=None, true=0, *more, hide="B2", **changes):
    s = battle(unit("w", D, code, **changes), unit("e", A, at="B1"), *more,
               terrain_=(terrain(T.FOREST, "B2"),))
    return hiding(s, "w", hide, markers=markers, true=true)


def _markers(r):
    return [(m.key, m.sector, m.true) for m in r.ambushes[KEY].markers]


def test_the_first_move_lays_three_markers_and_the_true_one_carries_the_unit():
    # 001_5d751c33a121b07e.txt: «Если это приказ «Движение», то в лес (овраг) выкладываются три
    # маркера (два ложных и один истинный) ... Эти маркеры перемещаются с половинной СК.»
    s = _field("light_cavalry")   # 3 movement points: markers move 2
    move = MarkerMove((("B3", "C3", "D3"), ("A2",), ()), true=0)
    r = round_of(s, orders_={D: orders(markers={KEY: move})})
    r.move()
    assert _markers(r) == [(M1, "C3", True), (M2, "A2", False), (M3, "B2", False)]
    w = r.units["w"]
    assert (w.position, w.cell, w.ambush) == ("C3", -1, KEY) and not r.sees(A, w)
    laid = only(r.events, "markers_laid")
    assert laid.visible_to == EVERYONE and laid.params == {"ambush": "Wolves", "sector": "B2"}
    assert all(e.visible_to == EVERYONE for e in r.events)
    assert "w" not in str([e.params for e in r.events])


def test_an_ambush_moves_only_by_its_markers_and_never_fires_unbidden():
    # 001_5d751c33a121b07e.txt: «один приказ находящемуся в засаде батальону» — its Move is the
    # markers'; an archer in ambush does not shoot at the nearest enemy on its own.
    s = _field("archers")
    r = round_of(s, orders_={D: orders(moves={"w": ("B3",)})})
    r.move()
    r.shoot()
    assert r.units["w"].position == "B2" and r.events == [] and r.deck == s.deck


def test_markers_once_laid_stay_on_the_field():
    # 001_5d751c33a121b07e.txt: «Однажды выставленные маркеры засадного батальона с поля не
    # убираются.»
    s = _field(markers=("B2", "C2", "A2"))
    for seed in range(3):
        s = resolve_round(s, {D: orders(markers={KEY: MarkerMove(((), ("C3",), ()))})},
                          seed=seed).state
        assert len(s.ambushes[0].markers) == 3 and s.unit("w").ambush == KEY


def test_a_river_stops_every_marker_alike():
    # Ruling (001_5d751c33a121b07e.txt, «Эти маркеры перемещаются»): markers move as their
    # battalion would, all three alike, so how one moves never tells the true one.
    s = battle(unit("w", D), unit("e", A, at="E1"),
               terrain_=(terrain(T.FOREST, "B2"), terrain(T.RIVER, "B2", "B3")))
    s = hiding(s, "w", "B2")
    r = round_of(s, orders_={D: orders(markers={KEY: MarkerMove((("B3",), ("B3",), ("C2",)),
                                                                   true=1)})})
    r.move()
    assert _markers(r) == [(M1, "B2", False), (M2, "B2", True), (M3, "C2", False)]
    assert codes(r.events).count("marker_stopped") == 2


def test_a_missile_attack_from_ambush_keeps_it_hidden_on_1_2():
    # 001_5d751c33a121b07e.txt: «в атакованном батальоне остались выжившие ... атакованный игрок
    # бросает К6: 1-2 — ничего не происходит».
    s = _field("archers", ("B2", "C2", "D2"))
    r = round_of(s, [*cards(5), 1], {D: orders(targets={"w": "e"})})
    r.shoot()
    assert r.units["e"].hits == 1 and r.units["w"].ambush == KEY and not r.sees(A, r.units["w"])
    assert only(r.events, "ambush_attacks").visible_to == EVERYONE
    assert only(r.events, "attack").visible_to == {D}   # the enemy never sees the unit
    assert only(r.events, "ambush_unfound").params["roll"] == 1
    assert len(r.ambushes[KEY].markers) == 3


def test_on_3_4_one_decoy_chosen_at_random_leaves_the_field():
    # 001_5d751c33a121b07e.txt: «3-4 — убирается один ложный маркер засады»; reference: "the
    # server picks it at random".
    s = _field("archers", ("B2", "C2", "D2"))
    r = round_of(s, [*cards(5), 3, 2], {D: orders(targets={"w": "e"})})
    r.shoot()
    assert _markers(r) == [(M1, "B2", True), (M2, "C2", False)]
    removed = only(r.events, "decoy_removed")
    assert removed.visible_to == EVERYONE and removed.params["marker"] == M3
    assert r.dice.log[-1].expression == "1d2" and "decoy" in r.dice.log[-1].purpose


def test_on_5_6_the_ambush_stands_revealed_where_its_true_marker_was():
    # 001_5d751c33a121b07e.txt: «5-6 — маркеры засадного батальона убираются и он выставляется на
    # поле вместо них».
    s = _field("archers", ("C2", "B2", "D2"), 1)
    r = round_of(s, [*cards(5), 6], {D: orders(targets={"w": "e"})})
    r.shoot()
    w = r.units["w"]
    assert (w.position, w.cell, w.ambush) == ("B2", 0, None) and r.sees(A, w)
    assert r.ambushes[KEY].markers == () and r.ambushes[KEY].over
    assert only(r.events, "ambush_revealed").visible_to == EVERYONE


def test_a_destroyed_target_rolls_nothing():
    # Reference: "«кроме раненных»: ruling — a unit destroyed by the attack rolls nothing"
    # (001_5d751c33a121b07e.txt).
    s = _field("archers", ("B2", "C2", "D2"), card_missile=3)
    r = round_of(s, cards(9), {D: orders(targets={"w": "e"})})   # +1, card 9: destroyed
    r.shoot()
    assert not r.units["e"].alive and r.dice.left == []
    assert "ambush_unfound" not in codes(r.events) and r.units["w"].ambush == KEY


def test_an_ambush_without_markers_loses_no_decoy_and_is_revealed_where_it_hides():
    # Rulings (001_5d751c33a121b07e.txt, «3-4 — убирается один ложный маркер»): 3–4 with no
    # decoy on the field does nothing; 5–6 before any marker is laid reveals it where it hides.
    s = _field("archers")
    r = round_of(s, [*cards(5), 4], {D: orders(targets={"w": "e"})})
    r.shoot()
    assert r.units["w"].ambush == KEY and only(r.events, "ambush_unfound").params["roll"] == 4
    r = round_of(s, [*cards(5), 5], {D: orders(targets={"w": "e"})})
    r.shoot()
    assert r.units["w"].position == "B2" and r.units["w"].ambush is None


def test_a_melee_attack_from_ambush_goes_unanswered():
    # 001_5d751c33a121b07e.txt: «Рукопашная атака» from ambush; the battalion stays unseen, so
    # the enemy in its sector has no one to strike back at.
    s = battle(unit("w", D), unit("e", A, at="B2"), terrain_=(terrain(T.FOREST, "B2"),))
    s = hiding(s, "w", "B2")
    r = round_of(s, [*cards(5), 2], {D: orders(targets={"w": "e"})})
    r.shoot()
    r.melee()
    assert r.units["e"].hits == 1 and r.units["w"].hits == 2 and r.dice.left == []
    attack = only(r.events, "attack")
    assert attack.params["unit"] == "w" and attack.visible_to == {D}


def test_attacking_a_decoy_removes_it_and_does_nothing():
    # 001_5d751c33a121b07e.txt: «если вскрыт ложный маркер, то он убирается с поля и атака
    # считается неудачной (урон=0)».
    s = battle(unit("w", D), unit("e", A, at="C2"), terrain_=(terrain(T.FOREST, "B2"),))
    s = hiding(s, "w", "B2", markers=("B2", "C2", "D2"))
    r = round_of(s, [], {A: orders(targets={"e": M2})})
    r.melee()
    assert _markers(r) == [(M1, "B2", True), (M3, "D2", False)]
    assert only(r.events, "decoy_removed").visible_to == EVERYONE
    assert "attack" not in codes(r.events) and r.deck == s.deck


def test_attacking_the_true_marker_reveals_the_unit_and_strikes_it():
    # 001_5d751c33a121b07e.txt: «если истинный, то с поля убираются все маркеры засадного
    # батальона и он сам выставляется на поле» — and the attack is resolved against it.
    s = _field("infantry", ("B2", "C2", "D2"), 0, unit("r", A, "archers", at="A1"))
    r = round_of(s, cards(9), {A: orders(targets={"r": M1})})   # 2 - 2 (forest) - 2: H
    r.shoot()
    w = r.units["w"]
    assert (w.ambush, w.position, w.hits) == (None, "B2", 1) and r.sees(A, w)
    assert r.ambushes[KEY].markers == () and r.ambushes[KEY].over
    assert codes(r.events)[:3] == ["marker_attacked", "ambush_revealed", "attack"]


def test_a_unit_in_ambush_lends_its_side_no_eyes_at_night():
    # Ruling (001_5d751c33a121b07e.txt, «Засада»; reference: never "marker truth"): at night or
    # in fog a unit in ambush does not show its side the enemy beside it, or shots at what only
    # it could see would tell where its true marker lies.
    s = battle(unit("w", D), unit("e", A, at="B1"), unit("x", D, at="E3"), night=True)
    assert not visible(hiding(s, "w", "B2"), D, s.unit("e"))
    seen = battle(unit("w", D, at="B2"), unit("e", A, at="B1"), night=True)
    assert visible(seen, D, seen.unit("e"))


def test_an_ambush_order_is_carried_out_in_its_sides_turn():
    # 001_5d751c33a121b07e.txt: «В свой черед игрок объявляет выполнение приказа засадным
    # батальоном» — the markers move in the side's turn of the movement phase.
    s = hiding(battle(unit("w", D), unit("e", A, at="A1"), unit("x", D, at="E3")), "w", "B2")
    given = {A: orders(moves={"e": ("A2",)}), D: orders(moves={"x": ("E2",)}, markers={
        KEY: MarkerMove((("C2",), (), ()))})}
    for first, expected in ((A, ["moves", "moves", "markers_laid", "marker_moves"]),
                            (D, ["moves", "markers_laid", "marker_moves", "moves"])):
        r = round_of(s, orders_=given, initiative=first)
        r.move()
        assert codes(r.events) == expected


def test_a_stored_battle_keeps_its_ambushes():
    # 001_5d751c33a121b07e.txt: «Однажды выставленные маркеры засадного батальона с поля не
    # убираются» — they outlast the round, stored with the battle.
    s = _field(markers=("B2", "C2", "A2"), true=2)
    assert state_from_data(state_data(s)) == s
