"""Fog of war: what a kingdom sees at the end of a turn, and the Scouting checks that find armies in
ambush (seed 003_750bd81a16f66abf.txt; our rulings in docs/rules-notes.md, "Fog of war").

Scouting modifiers of ±40 make a check's outcome certain whatever the d20 shows (a natural 1 or 20
moves it one degree only), so these tests name no die face.
"""

from hypothesis import given, settings
from hypothesis import strategies as st
from turn_support import INFANTRY

from rules.degrees import Degree, degree_of_success
from rules.kingmaker.army import ArmyState, stat_block
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.campaign_map import CampaignMap, MapHex, Terrain, hex_name, neighbours
from rules.kingmaker.fog import (
    MapArmy,
    check_dice,
    fog_of_war,
    kingdom_fog,
    map_army,
    scouting_check,
    seen_hexes,
)
from rules.kingmaker.templates import find_template
from rules.modifiers import Statistic

SEES = 40    # finds any army in ambush, even on a natural 1
BLIND = -40  # finds none, even on a natural 20


def army(key, kingdom, hex_, scouting=5, *, tactics=(), garrisoned=False):
    return MapArmy(key, kingdom, f"Army {key}", hex_, Statistic(scouting), frozenset(tactics),
                   garrisoned)


WILD = CampaignMap.of(MapHex(hex_name(c, r)) for c in range(10) for r in range(10))


def brevoy_map(*claimed, settlement=""):
    hexes = {h.coord: h for h in WILD.hexes.values()}
    for coord in claimed:
        hexes[coord] = MapHex(coord, claimed_by="Brevoy", settlement=settlement)
    return CampaignMap.of(hexes.values())


# --- What a kingdom sees ------------------------------------------------------------------------

def test_a_kingdom_sees_its_territory_its_armies_and_its_settlements_with_their_neighbours():
    # Our ruling (README, "Fog of war"); issue 15: "a kingdom sees its territory and hexes next to
    # its armies and settlements".
    the_map = brevoy_map("B2")
    the_map = CampaignMap.of([*the_map.hexes.values(),
                              MapHex("H8", settlement="Restov", claimed_by="Brevoy")])
    seen = seen_hexes("Brevoy", the_map, [army(1, "Brevoy", "E5"), army(2, "Pitax", "A9")])
    expected = ({"B2", "E5", "H8"} | set(neighbours("E5").values())
                | set(neighbours("H8").values()))
    assert seen == expected


def test_another_kingdoms_settlement_shows_nothing_around_it():
    the_map = CampaignMap.of([MapHex("E5", settlement="Pitax", claimed_by="Pitax")])
    assert seen_hexes("Brevoy", the_map, []) == frozenset()
    assert seen_hexes("Pitax", the_map, []) == {"E5", *neighbours("E5").values()}


def test_enemy_armies_in_seen_hexes_are_seen_and_others_are_not():
    # Issue 15: "enemy armies there are seen unless they are in ambush".
    near, far = army(10, "Pitax", "E6"), army(11, "Pitax", "H2")
    view, checks = kingdom_fog("Brevoy", WILD, [army(1, "Brevoy", "E5"), near, far], seed=3)
    assert [(a.key, a.hex, a.kingdom, a.found_by) for a in view.armies] == [
        (10, "E6", "Pitax", None)]
    assert checks == ()


# --- Armies in ambush ----------------------------------------------------------------------------

def test_an_army_with_the_ambush_tactic_or_a_garrison_is_hidden_from_an_army_that_fails():
    # 003_750bd81a16f66abf.txt: «СЛ Разведки войска, которое устроило в своём гексе засаду. СЛ
    # разведки равна модификатору Разведки +10.» — our ruling: the Ambush tactic or a garrison.
    ambusher = army(10, "Pitax", "E6", tactics=("ambush",))
    garrison = army(11, "Pitax", "E5", garrisoned=True)
    view, checks = kingdom_fog("Brevoy", WILD, [army(1, "Brevoy", "E5", BLIND), ambusher,
                                                garrison], seed=3)
    assert view.armies == ()
    assert view.sees("E6") and view.sees("E5")
    assert [(c.scout, c.hidden, c.found) for c in checks] == [(1, 10, False), (1, 11, False)]


def test_an_army_in_ambush_is_found_by_a_scouting_check_against_its_scouting_dc():
    # 003_750bd81a16f66abf.txt: «СЛ разведки равна модификатору Разведки +10.»
    ambusher = army(10, "Pitax", "E6", 7, tactics=("ambush",))
    view, checks = kingdom_fog("Brevoy", WILD, [army(1, "Brevoy", "E5", SEES), ambusher], seed=3)
    (check,) = checks
    assert (check.scout, check.hidden, check.hex, check.dc) == (1, 10, "E6", 17)
    assert check.roll.total == check.roll.natural + SEES == check.roll.natural + check.modifier
    assert check.degree == degree_of_success(check.roll.total, 17, check.roll.natural)
    assert check.found
    assert [(a.key, a.found_by) for a in view.armies] == [(10, check)]
    assert view.ambushes_found == view.armies


def test_only_armies_in_or_next_to_the_ambush_hex_look_for_it():
    # Issue 15: an ambush is found by «a Scouting check ... when it ends its turn adjacent»; E7 is
    # Brevoy's (claimed) yet no army of Brevoy stands next to it.
    ambusher = army(10, "Pitax", "E7", tactics=("ambush",))
    view, checks = kingdom_fog("Brevoy", brevoy_map("E7"),
                               [army(1, "Brevoy", "E4", SEES), ambusher], seed=3)
    assert view.sees("E7") and view.armies == () and checks == ()


def test_each_army_next_to_the_ambush_looks_in_turn_until_one_finds_it():
    ambusher = army(10, "Pitax", "E6", tactics=("ambush",))
    scouts = [army(3, "Brevoy", "E6", SEES), army(1, "Brevoy", "E5", BLIND),
              army(2, "Brevoy", "E7", SEES)]
    view, checks = kingdom_fog("Brevoy", WILD, [*scouts, ambusher], seed=3)
    assert [(c.scout, c.found) for c in checks] == [(1, False), (2, True)]
    assert view.armies[0].found_by == checks[1]


def test_darkness_costs_4_on_scouting_and_darkvision_ignores_it():
    # 003_750bd81a16f66abf.txt: «Темнота или густой туман. ... все войска получают ситуативный
    # штраф -4 к проверкам Разведки. Войска с ночным зрением игнорируют такие эффекты темноты.»
    hidden = army(10, "Pitax", "E6", tactics=("ambush",))
    plain, dark_eyed = army(1, "Brevoy", "E5", 6), army(2, "Brevoy", "E5", 6, tactics=("darkvision",))
    low_light = army(3, "Brevoy", "E5", 6, tactics=("low_light_vision",))
    assert scouting_check(plain, hidden, light=Light.DARK, seed=1).modifier == 2
    assert scouting_check(low_light, hidden, light=Light.DARK, seed=1).modifier == 2
    assert scouting_check(dark_eyed, hidden, light=Light.DARK, seed=1).modifier == 6
    assert scouting_check(plain, hidden, light=Light.BRIGHT, seed=1).modifier == 6


def test_dim_light_costs_2_on_scouting_and_low_light_or_darkvision_ignore_it():
    # 003_750bd81a16f66abf.txt: «Тусклый свет, лёгкий туман или дождь. ... ситуативный штраф -2 к
    # проверкам Разведки. ... Войска с сумеречным зрением или ночным зрением игнорируют такие
    # эффекты тусклого света.»
    hidden = army(10, "Pitax", "E6", tactics=("ambush",))
    modifiers = [scouting_check(army(1, "Brevoy", "E5", 6, tactics=tactics), hidden,
                                light=Light.DIM, seed=1).modifier
                 for tactics in ((), ("low_light_vision",), ("darkvision",))]
    assert modifiers == [4, 6, 6]


def test_the_night_the_gm_set_for_the_turn_weighs_on_every_check():
    # 003_750bd81a16f66abf.txt: «Темнота или густой туман. ... штраф -4 к проверкам Разведки»;
    # the GM sets each turn's light (bright by default).
    armies = [army(1, "Brevoy", "E5", 9), army(10, "Pitax", "E6", tactics=("ambush",))]
    dark = fog_of_war(WILD, armies, ["Brevoy"], light=Light.DARK, seed=5).checks[0]
    bright = fog_of_war(WILD, armies, ["Brevoy"], seed=5).checks[0]
    assert (dark.modifier, [m.source for m in dark.modifiers]) == (5, ["darkness"])
    assert (bright.modifier, bright.modifiers) == (9, ())
    assert dark.roll.natural == bright.roll.natural  # the same die, only the light differs


def test_swamp_dwellers_scout_better_from_a_swamp_hex():
    # Reference, Swamp Dwellers: "+2 circumstance to Scouting in swamp or water hexes".
    swamp = CampaignMap.of([*WILD.hexes.values(), MapHex("E5", Terrain.SWAMP)])
    lizards = army(1, "Brevoy", "E5", 5, tactics=("swamp_dwellers",))
    ambusher = army(10, "Pitax", "E6", tactics=("ambush",))
    assert kingdom_fog("Brevoy", swamp, [lizards, ambusher], seed=2)[1][0].modifier == 7
    assert kingdom_fog("Brevoy", WILD, [lizards, ambusher], seed=2)[1][0].modifier == 5


def test_map_army_takes_scouting_from_the_stat_block_and_the_ambush_tactic():
    # 003_750bd81a16f66abf.txt: «СЛ разведки равна модификатору Разведки +10.»
    scouts = find_template("Tok-Nikrat Scouts")
    state = ArmyState(template=INFANTRY, level=3, name="Guard", hex=" e5", tactics=("keen_eyed",))
    guard = map_army(1, "Brevoy", state, garrisoned=True)
    assert (guard.hex, guard.scouting.total) == ("E5", stat_block(state).scouting)
    assert guard.scouting_dc == stat_block(state).scouting_dc and guard.in_ambush
    ambusher = map_army(2, "Pitax", ArmyState(template=scouts, level=10,
                                              tactics=(*scouts.tactics, "ambush")))
    assert ambusher.in_ambush and not map_army(3, "Pitax", state).in_ambush


def test_an_army_nowhere_on_the_map_neither_sees_nor_is_seen():
    view, _ = kingdom_fog("Brevoy", WILD, [army(1, "Brevoy", ""), army(10, "Pitax", "")], seed=1)
    assert view.hexes == frozenset() and view.armies == ()


# --- The outcome ---------------------------------------------------------------------------------

def test_fog_of_war_gives_each_kingdom_its_view_and_the_gm_every_check():
    armies = [army(1, "Brevoy", "E5", BLIND), army(10, "Pitax", "E6", SEES, tactics=("ambush",))]
    outcome = fog_of_war(WILD, armies, ["Pitax", "Brevoy"], seed=9)
    assert set(outcome.views) == {"Brevoy", "Pitax"}
    assert outcome.views["Brevoy"].armies == ()
    assert [a.key for a in outcome.views["Pitax"].armies] == [1]
    assert [(c.scout, c.found) for c in outcome.checks] == [(1, False)]


def test_the_same_seed_gives_the_same_fog_and_the_checks_their_own_dice():
    armies = [army(1, "Brevoy", "E5", 8), army(2, "Brevoy", "F5", 3),
              army(10, "Pitax", "E6", 9, tactics=("ambush",)),
              army(11, "Pitax", "F6", 4, garrisoned=True)]
    first = fog_of_war(WILD, armies, ["Brevoy"], light=Light.DIM, seed=41)
    assert first == fog_of_war(WILD, list(reversed(armies)), ["Brevoy"], light=Light.DIM, seed=41)
    for check in first.checks:
        dice = check_dice(41, "fog", check.scout, check.hidden)
        assert check.roll.natural == dice.d20(purpose="again").natural


# --- Property: what a kingdom cannot see leaves no trace ----------------------------------------

COORDS = [hex_name(c, r) for c in range(8) for r in range(8)]
coords = st.sampled_from(COORDS)
tactic_sets = st.frozensets(st.sampled_from(["darkvision", "low_light_vision", "swamp_dwellers",
                                             "ambush"]), max_size=2)


@st.composite
def worlds(draw):
    hexes = [MapHex(c, draw(st.sampled_from(list(Terrain))),
                    settlement=draw(st.sampled_from(["", "", "Town"])),
                    claimed_by=draw(st.sampled_from(["", "", "Brevoy", "Pitax"])))
             for c in COORDS]
    ours = [army(k, "Brevoy", draw(coords), draw(st.integers(-5, 25)), tactics=draw(tactic_sets))
            for k in range(1, draw(st.integers(0, 3)) + 1)]

    def enemies(first, most):
        return [army(first + k, draw(st.sampled_from(["Pitax", "Drelev"])), draw(coords),
                     draw(st.integers(-5, 25)), tactics=draw(tactic_sets),
                     garrisoned=draw(st.booleans()))
                for k in range(draw(st.integers(0, most)))]

    return (CampaignMap.of(hexes), ours, enemies(100, 4), enemies(200, 6),
            draw(st.sampled_from(list(Light))), draw(st.integers(0, 2**32)))


@settings(max_examples=150, deadline=None)
@given(worlds())
def test_a_kingdoms_view_ignores_armies_in_hexes_it_cannot_see_and_ambushes_it_misses(world):
    # Issue 15: «a kingdom's map view is identical across worlds that differ only in what it
    # cannot see»; 003_750bd81a16f66abf.txt: an ambush is found only by «СЛ Разведки войска,
    # которое устроило в своём гексе засаду».
    the_map, ours, enemies, extras, light, seed = world
    seen = seen_hexes("Brevoy", the_map, ours)
    # Extras the kingdom cannot see: out of its sight, or lying in ambush in it.
    extras = [e for e in extras if e.hex not in seen or e.in_ambush]
    view, _ = kingdom_fog("Brevoy", the_map, [*ours, *enemies], light=light, seed=seed)
    crowded, _ = kingdom_fog("Brevoy", the_map, [*ours, *enemies, *extras], light=light,
                             seed=seed)
    missed = [e for e in extras if e.key not in crowded.army_keys]
    other_world, _ = kingdom_fog("Brevoy", the_map, [*ours, *missed, *enemies], light=light,
                                 seed=seed)
    assert other_world == view
    assert crowded.armies == tuple(sorted(
        (*view.armies, *(a for a in crowded.armies if a.key >= 200)), key=lambda a: a.key))
    assert all(a.found_by and a.found_by.degree >= Degree.SUCCESS
               for a in crowded.armies if a.key >= 200)
