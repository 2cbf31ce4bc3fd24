"""What the scout's side may learn of a scouting (reference/sector-modules.md, module "scouting":
"The scout's side learns only the tier it earned; the server never sends more"; seed
001_5d751c33a121b07e.txt: «0 провалов - засадный батальон пропустил разведку»). The strong
way: two worlds that differ only in what the scout's side cannot see give it the same view."""
from cerilia_support import A, D, T, terrain, unit
from hypothesis import given, settings
from hypothesis import strategies as st
from scouting_support import ambush, battle, scouting_round

from rules.cerilia.engine import resolve_round
from rules.cerilia.orders import RoundOrders
from rules.cerilia.side_views import side_view

SEED_FILE = "001_5d751c33a121b07e.txt"
SCOUT = {A: RoundOrders(scouts=("sc",))}


def world(*ambushing):
    """The attacker's scout in the forest of C2, the defender's `d` far off; each of
    `ambushing` (keys) a defender battalion hiding in C2 in its own ambush."""
    hidden = [unit(k, D, at="C2", ambush=f"amb-{k}", name=f"Hidden {k}") for k in ambushing]
    return battle(unit("sc", A, at="C2"), unit("d", D, at="A3"), *hidden,
                  ambushes=[ambush(f"amb-{k}", D, k, "C2", name=f"Banner {k}")
                            for k in ambushing],
                  terrain=[terrain(T.FOREST, "C2")], cells_per_sector=2)


def scout_view(r):
    return side_view(r.state(), A, r.events)


def test_over_real_seeds_a_missed_ambush_changes_nothing_the_scouts_see():
    # «0 провалов - засадный батальон пропустил разведку»: with the ambush there and without it,
    # the whole round's view of the scout's side is the same (its dice are in the roll log,
    # which no side's view holds).
    missed = 0
    for seed in range(60):
        there = resolve_round(world("h"), SCOUT, seed=seed)
        if not any(e.code == "scouting_missed" for e in there.events):
            continue
        missed += 1
        empty = resolve_round(world(), SCOUT, seed=seed)
        assert side_view(there.state, A, there.events) == side_view(empty.state, A, empty.events)
        assert any(r.expression == "3d6" for r in there.rolls)   # the GM's log holds them
        owner = side_view(there.state, D, there.events)
        assert any(e["code"] == "scouting_missed" for e in owner["events"])
    assert missed >= 5


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.data())
def test_whatever_a_missing_ambush_rolled_the_scouts_read_the_same(scout, data):
    # Each of its dice no lower than the scout's: no failure, whichever faces.
    faces = data.draw(st.lists(st.integers(scout, 6), min_size=3, max_size=3))
    there = scouting_round(world("h"), [scout, *faces], SCOUT)
    empty = scouting_round(world(), [scout], SCOUT)
    assert scout_view(there) == scout_view(empty)
    assert "Hidden h" not in str(scout_view(there)) and "Banner h" not in str(scout_view(there))


def test_the_scouts_learn_of_the_spotted_ambush_only():
    # Two ambushes: one misses the scouts, one is spotted («1 провал - замечен»). The scout's
    # side reads exactly what it reads where only the spotted one hid.
    both = scouting_round(world("h", "k"), [4, 5, 5, 6, 3, 5, 6], SCOUT)
    spotted_only = scouting_round(world("k"), [4, 3, 5, 6], SCOUT)
    assert both.units["h"].ambush == "amb-h" and both.units["k"].ambush is None
    assert scout_view(both) == scout_view(spotted_only)


def test_the_tier_is_told_not_the_dice():
    r = scouting_round(world("h"), [4, 1, 2, 6], SCOUT)
    (found,) = [e for e in scout_view(r)["events"] if e["code"] == "scouting_found"]
    assert found["params"]["failures"] == 2
    assert not any("faces" in e["params"] for e in scout_view(r)["events"])
