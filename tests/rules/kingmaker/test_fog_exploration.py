"""PCs exploring hexes with an army meet the enemy armies there (seed 003_750bd81a16f66abf.txt,
line 205); one lying in ambush only if their army's Scouting check finds it (line 25). Scouting
modifiers of ±40 make a check's outcome certain whatever the d20 shows."""
from rules.kingmaker.battle.setup import Light
from rules.kingmaker.fog import MapArmy, exploration_encounter
from rules.modifiers import Statistic


def army(key, kingdom, hex_, scouting=5, *, tactics=(), garrisoned=False):
    return MapArmy(key, kingdom, f"Army {key}", hex_, Statistic(scouting), frozenset(tactics),
                   garrisoned)


def test_pcs_travelling_with_an_army_meet_the_enemy_armies_in_their_hex():
    # 003_750bd81a16f66abf.txt: «Если во время исследования гексов персонажи игроков путешествуют
    # вместе с войском, они могут столкнуться с войском врага.»
    escort = army(1, "Brevoy", "e5")
    others = [army(10, "Pitax", "E5"), army(11, "Pitax", "E6"), army(2, "Brevoy", "E5"),
              army(12, "Drelev", "E5")]
    found = exploration_encounter(escort, others, seed=4)
    assert (found.hex, found.met, found.checks) == ("E5", (10, 12), ())


def test_an_enemy_in_ambush_is_met_only_if_the_escorts_scouting_finds_it():
    # 003_750bd81a16f66abf.txt: «СЛ Разведки войска, которое устроило в своём гексе засаду. СЛ
    # разведки равна модификатору Разведки +10.»
    hidden = [army(10, "Pitax", "E5", tactics=("ambush",)), army(11, "Pitax", "E5", garrisoned=True)]
    keen = exploration_encounter(army(1, "Brevoy", "E5", 40), hidden, seed=4)
    blind = exploration_encounter(army(1, "Brevoy", "E5", -40), hidden, seed=4)
    assert keen.met == (10, 11) and all(c.found for c in keen.checks)
    assert blind.met == () and [(c.hidden, c.found) for c in blind.checks] == [(10, False),
                                                                              (11, False)]


def test_exploring_in_the_dark_weighs_on_the_escorts_scouting():
    # 003_750bd81a16f66abf.txt: «Темнота или густой туман. ... штраф -4 к проверкам Разведки.»
    hidden = [army(10, "Pitax", "E5", tactics=("ambush",))]
    dark = exploration_encounter(army(1, "Brevoy", "E5", 9), hidden, light=Light.DARK, seed=4)
    assert dark.checks[0].modifier == 5
