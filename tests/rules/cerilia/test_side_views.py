"""What one side may see (reference §4.4 on seed 000_9b71fb8594a033d1.txt), the aftermath of a
battle (§1.9) and storing a battle between rounds."""
import json
from dataclasses import replace

import pytest
from cerilia_support import A, D, T, caster, fortification, orders, spell, state, terrain, unit

from rules.cerilia.aftermath import Fate, battle_result
from rules.cerilia.board import Event
from rules.cerilia.engine import resolve_round
from rules.cerilia.side_views import full_view, side_view
from rules.cerilia.spells import Spell
from rules.cerilia.state import (
    Effect,
    EffectKind,
    Illusion,
    School,
    UnitStatus,
    Wall,
    state_data,
    state_from_data,
)


def text(view):
    return json.dumps(view, ensure_ascii=False)


def keys(view):
    return {u["key"] for u in view["units"]}


def test_a_side_sees_its_own_invisible_unit_the_enemy_does_not():
    # seed 000_9b71fb8594a033d1.txt: "Игрок может выбрать один Отряд, который будет спрятан в
    # секторе. На карте он будет отмечен статусом []."
    s = state(unit("a", A, at="C1"), unit("ghost", D, at="C2", hidden=True, name="Grey Ghosts"))
    own, enemy = side_view(s, D), side_view(s, A)
    assert next(u for u in own["units"] if u["key"] == "ghost")["hidden"] is True
    assert "ghost" not in text(enemy) and "Grey Ghosts" not in text(enemy)


def test_the_enemy_sees_the_illusion_not_the_truth():
    # seed 000_9b71fb8594a033d1.txt: "Сектор, на который наложено данное Заклинание приобретает форму
    # любого из выбранного Магом Типом Местности."
    s = state(unit("a", A, at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.SWAMP, "C2", magical=True)],
              illusions=[Illusion("C2", T.HILLS, D)])
    enemy = side_view(s, A)["sectors"]["C2"]["terrain"]
    assert [t["kind"] for t in enemy] == ["hills"]
    assert "swamp" not in text(side_view(s, A)) and "illusory" not in text(side_view(s, A))
    own = side_view(s, D)["sectors"]["C2"]["terrain"]
    assert sorted(t["kind"] for t in own) == ["hills", "swamp"]


def test_illusory_terrain_looks_like_real_terrain_to_the_enemy():
    s = state(unit("a", A, at="C1"), unit("d", D, at="A3"), terrain=[terrain(T.HILLS, "B2")],
              illusions=[Illusion("C2", T.HILLS, D)])
    sectors = side_view(s, A)["sectors"]
    assert sectors["B2"]["terrain"][0].keys() == sectors["C2"]["terrain"][0].keys()
    assert {k: v for k, v in sectors["C2"]["terrain"][0].items() if k != "sector"} == \
        {k: v for k, v in sectors["B2"]["terrain"][0].items() if k != "sector"}


def test_units_in_fog_are_hidden_from_an_enemy_outside_it():
    fog = Effect(EffectKind.FOG, D, 2, sector="C2")
    s = state(unit("a", A, at="C1"), unit("d", D, at="C2", name="Fogbound"), effects=[fog])
    assert "Fogbound" not in text(side_view(s, A)) and "d" not in keys(side_view(s, A))
    s = state(unit("a", A, at="C2"), unit("d", D, at="C2"), effects=[fog])
    assert "d" in keys(side_view(s, A))


def test_at_night_only_enemies_near_own_units_are_seen():
    s = state(unit("a", A, at="C1"), unit("near", D, at="C2"), unit("far", D, at="C3"),
              night=True)
    assert keys(side_view(s, A)) == {"a", "near"}
    assert keys(side_view(replace(s, night=False), A)) == {"a", "near", "far"}


@pytest.mark.parametrize("ghost_cell", [0, 1, 2])
def test_cells_never_show_where_an_invisible_unit_stands(ghost_cell):
    # seed 000_9b71fb8594a033d1.txt: "Игрок может выбрать один Отряд, который будет спрятан в
    # секторе." A world with the hidden unit and one where it never was look the same to the enemy.
    seen = [c for c in range(3) if c != ghost_cell]
    hiding = state(unit("a", A, at="C1"), unit("ghost", D, at="C2", hidden=True, cell=ghost_cell),
                   unit("d1", D, at="C2", cell=seen[0]), unit("d2", D, at="C2", cell=seen[1]),
                   cells_per_sector=3)
    never = state(unit("a", A, at="C1"), unit("d1", D, at="C2"), unit("d2", D, at="C2"),
                  cells_per_sector=3)
    # Only its "[]" mark tells them apart ("На карте он будет отмечен статусом []"), whatever
    # its cell.
    seen_view, never_view = side_view(hiding, A), side_view(never, A)
    assert seen_view.pop("hidden_marks") == {"C2": 1} and never_view.pop("hidden_marks") == {}
    assert seen_view == never_view
    own = {u["key"]: u["cell"] for u in side_view(hiding, D)["units"] if u["side"] == D.value}
    assert own == {"ghost": ghost_cell, "d1": seen[0], "d2": seen[1]}


def test_at_night_an_enemy_reserve_is_seen_only_from_beside_it():
    # seed 000_9b71fb8594a033d1.txt: "Ночь: Окутывает Поле Битвы ночной тьмой"; the reserve stands
    # beside its side's line, one step from each of its sectors, and night hides what is farther.
    far = state(unit("a", A, at="C2"), unit("waiting", D), night=True)
    assert keys(side_view(far, A)) == {"a"}
    assert keys(side_view(replace(far, night=False), A)) == {"a", "waiting"}
    beside = state(unit("a", A, at="C3"), unit("waiting", D), night=True)
    assert keys(side_view(beside, A)) == {"a", "waiting"}


def test_the_view_holds_no_deck_order_and_no_enemy_casters():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"),
              casters=[caster("w", A, name="Merlin"), caster("p", D, School.PRIEST, name="Tuck")],
              deck=(2, 7, 9))
    view = side_view(s, A)
    assert view["deck_left"] == 3 and "deck" not in view
    assert "Tuck" not in text(view) and "Merlin" in text(view)


def test_events_a_side_did_not_witness_are_left_out():
    events = [Event(1, "magic", "invisible", "secret", {"unit": "Grey Ghosts"}, frozenset({D})),
              Event(1, "end", "battle_over", "over")]
    assert [e["code"] for e in side_view(state(), A, events)["events"]] == ["battle_over"]
    assert [e["code"] for e in side_view(state(), D, events)["events"]] == ["invisible",
                                                                         "battle_over"]


def test_a_side_never_learns_who_else_witnessed_an_event():
    # seed 000_9b71fb8594a033d1.txt (Массовая Невидимость): "Игрок может выбрать один Отряд,
    # который будет спрятан в секторе." An invisible enemy beside C2 sees the move into it; the
    # mover must not learn from the event that someone there saw it.
    seen_by_both = Event(2, "movement", "moves", "%(unit)s moves to %(sector)s.",
                         {"unit": "Knights", "sector": "C2"}, frozenset({A, D}))
    seen_by_one = replace(seen_by_both, visible_to=frozenset({A}))
    s = state(unit("a", A, at="C2"), unit("ghost", D, at="C3", hidden=True))
    assert side_view(s, A, [seen_by_both]) == side_view(s, A, [seen_by_one])
    assert side_view(s, A, [seen_by_both])["events"][0]["visible_to"] == ["attacker"]
    assert side_view(s, D, [seen_by_both])["events"][0]["visible_to"] == ["defender"]


def test_a_secret_spell_stays_with_its_caster():
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3", name="Grey Ghosts"),
              casters=[caster("w", D, unit_key="d")])
    out = resolve_round(s, {D: orders(spells={"w": spell(Spell.MASS_INVISIBILITY, unit="d")})},
                        seed=2)
    enemy = side_view(out.state, A, out.events)
    assert "Grey Ghosts" not in text(enemy)
    assert any(e["code"] == "invisible" for e in side_view(out.state, D, out.events)["events"])


def test_the_destruction_of_a_unit_the_enemy_cannot_see_is_not_told_to_it():
    # A unit routed by a wall of fire in the night, far from every enemy: its end stays unseen.
    s = state(unit("a", A, at="A1"), unit("d", D, at="E2", name="Night Riders"),
              casters=[caster("w", A)], night=True)
    out = resolve_round(s, {A: orders(spells={"w": spell(Spell.WALL_OF_FIRE, sector="E2",
                                                         toward="E3")})}, seed=4)
    assert not out.state.unit("d").alive
    assert "Night Riders" not in text(side_view(out.state, A, out.events))
    assert "Night Riders" in text(side_view(out.state, D, out.events))


def test_terrain_changes_under_an_illusion_stay_with_the_illusions_side():
    s = state(unit("a", A, at="A1"), unit("d", D, at="A3"),
              terrain=[terrain(T.SWAMP, "C2", magical=True)],
              illusions=[Illusion("C2", T.FOREST, D)], casters=[caster("w", A)])
    out = resolve_round(s, {A: orders(spells={"w": spell(Spell.TRANSMUTE_WATER_TO_DUST,
                                                         sector="C2")})}, seed=1)
    assert out.state.terrain == ()
    assert "swamp" not in text(side_view(out.state, A, out.events))


def test_full_view_shows_everything():
    s = state(unit("ghost", D, at="C2", hidden=True), illusions=[Illusion("C2", T.HILLS, D)])
    view = full_view(s)
    assert "ghost" in text(view) and view["illusions"][0]["kind"] == "hills"


# -- the aftermath -------------------------------------------------------------------------------

def test_aftermath_fates_and_the_field_holder():
    # reference §1.9: "The engine should output {unitId: destroyed|damaged(n)|routed|intact} plus
    # fieldHolder"; summoned units give nothing (seed 000: "Призвать Легион Мертвых").
    s = state(unit("ok", A, at="C1", army=7), unit("hurt", A, at="C1", hits=1),
              unit("ran", A, at="C2", status=UnitStatus.ROUTED, hits=1),
              unit("gone", D, at="C3", status=UnitStatus.DESTROYED, hits=0),
              unit("legion", D, "legion_of_the_dead", at="C3", summoned=True),
              cells_per_sector=2)
    s = replace(s, finished=True, winner=A)
    result = battle_result(s)
    assert result.field_holder is A
    assert [(f.key, f.fate, f.hits_lost) for f in result.units] == [
        ("ok", Fate.INTACT, 0), ("hurt", Fate.DAMAGED, 1), ("ran", Fate.ROUTED, 1),
        ("gone", Fate.DESTROYED, 2)]
    assert result.units[0].army == 7


# -- storing a battle ----------------------------------------------------------------------------

def test_state_round_trips_through_json():
    s = state(unit("a", A, "knights", at="C2", status=UnitStatus.ROUTED, routed_in=1, hits=1),
              unit("d", D, at="C3", hidden=True), unit("l", D, "legion_of_the_dead",
                                                       at="C2", summoned=True),
              terrain=[fortification("C3"), terrain(T.CLIFFS, "B2", "B1"),
                       terrain(T.SWAMP, "D2", magical=True)],
              casters=[caster("w", A), replace(caster("p", D, School.PRIEST, "d"),
                                               spells=frozenset({Spell.BLESS}))],
              effects=[Effect(EffectKind.WALL, A, 2, sector="C2", toward="C3", wall=Wall.FIRE),
                       Effect(EffectKind.BLESS, D, 1, unit="d", sign="moon"),
                       Effect(EffectKind.FOG, A, 3, sector="A2")],
              illusions=[Illusion("E2", T.FOREST, D), Illusion("A2", T.RIVER, A, "A1")],
              held={"B2": A}, night=True,
              deck=(1, 5, 9), max_rounds=7, cells_per_sector=2, fortification_level=3)
    s = replace(s, finished=True, winner=D)
    data = json.loads(json.dumps(state_data(s)))
    assert state_from_data(data) == s


def test_illusory_hills_look_held_like_real_ones():
    s = state(unit("a", A, at="A1"), unit("d", D, at="C2"), casters=[caster("w", D)])
    out = resolve_round(s, {D: orders(spells={"w": spell(Spell.ILLUSORY_TERRAIN, sector="C2",
                                                         terrain=T.HILLS)})}, seed=1)
    assert side_view(out.state, A)["sectors"]["C2"] == {
        "terrain": [{"kind": "hills", "sector": "C2", "toward": None, "level": 0, "hits": 0,
                     "magical": False, "bonus": 1}],
        "held_by": "defender"}
    assert out.state.held == {"C2": D}


def test_illusory_cliffs_show_a_direction():
    from rules.cerilia.orders import order_violations
    s = state(unit("a", A, at="A1"), unit("d", D, at="E3"), casters=[caster("w", D)])
    bad = orders(spells={"w": spell(Spell.ILLUSORY_TERRAIN, sector="C2", terrain=T.CLIFFS)})
    assert [(v.code, v.field) for v in order_violations(s, D, bad)] == [
        ("direction_neighbour", "spells.w.toward")]
    good = orders(spells={"w": spell(Spell.ILLUSORY_TERRAIN, sector="C2", terrain=T.CLIFFS,
                                     toward="C1")})
    assert order_violations(s, D, good) == []
    out = resolve_round(s, {D: good}, seed=1)
    assert side_view(out.state, A)["sectors"]["C2"]["terrain"][0]["toward"] == "C1"


def _events_seen(out, side):
    return [e["code"] for e in side_view(out.state, side, out.events)["events"]]


def test_an_invisible_defender_in_a_fortification_gives_nothing_away():
    # seed 000_9b71fb8594a033d1.txt: "Данный Отряд нельзя будет атаковать никаким способом Атаки"
    # and "В случае отсутствия в секторе дружественных Отрядов, оборона Укрепления считается за 1
    # Отряд Иррегулярных Войск": with its defender out of sight the fortification fights on its
    # own, exactly as if the sector were empty, and the attacker is engaged either way.
    from rules.cerilia.orders import order_violations
    attacker, elsewhere = unit("a", A, at="C3"), unit("d", D, at="E3")
    hidden = state(attacker, elsewhere, unit("ghost", D, at="C3", hidden=True),
                   terrain=[fortification()])
    empty = state(attacker, elsewhere, terrain=[fortification()])
    moving = orders(moves={"a": ("C2",)})
    assert [v.code for v in order_violations(hidden, A, moving)] == ["engaged_holds"]
    assert [v.code for v in order_violations(empty, A, moving)] == ["engaged_holds"]
    seen_hidden = _events_seen(resolve_round(hidden, {}, seed=3), A)
    seen_empty = _events_seen(resolve_round(empty, {}, seed=3), A)
    assert seen_hidden == seen_empty and "attack" in seen_hidden


def test_an_invisible_holder_lets_the_hills_go_so_the_enemy_cannot_tell_it_is_there():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды, которые первыми заняли Холмы прежде Отрядов
    # Противника"; a hold kept by an unseen unit would show the attacker that someone is there.
    hills = terrain(T.HILLS, "C2")
    walk = {A: orders(moves={"a": ("C2",)})}
    lurking = state(unit("a", A, at="C1"), unit("ghost", D, at="C2", hidden=True),
                    terrain=[hills], held={"C2": D})
    bare = state(unit("a", A, at="C1"), terrain=[hills])
    for start in (lurking, bare):
        out = resolve_round(start, walk, seed=1)
        assert side_view(out.state, A)["sectors"]["C2"]["held_by"] == "attacker"


def test_how_long_the_enemys_spell_lasts_stays_secret():
    # seed 000_9b71fb8594a033d1.txt, Туман: "Длительность: 1d3 Раунда" — the roll is the caster's.
    fog = Effect(EffectKind.FOG, D, 2, sector="C2")
    s = state(unit("a", A, at="C1"), unit("d", D, at="C3"), effects=[fog])
    assert "rounds_left" not in side_view(s, A)["effects"][0]
    assert side_view(s, D)["effects"][0]["rounds_left"] == 2
