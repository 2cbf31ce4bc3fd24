"""Module "magic dice", what each side learns of the victory points (reference/sector-modules.md,
"Victory points (ruling; seed 002: "не приносят победных очков")" and "What each side may see":
never the enemy's hidden units; seed 002_eb4cf75b750af884.txt: «Призванные подразделения не
приносят победных очков при уничтожении»). Ruling: a destruction's points are told with it to
the sides that saw it; the whole tally to both at the battle's end."""
from cerilia_support import A, D, caster, orders, spell, state, unit

from rules.cerilia.engine import resolve_round
from rules.cerilia.modules import Modules
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import Spell

SEED_FILE = "002_eb4cf75b750af884.txt"
ROUNDS = 4


def _world(riders_at):
    # The Night Riders stand far from every attacker at night: the attacker never sees them.
    # A wall of fire in E2 routs them there (seed 000: «первый стоящий в порядке ячеек сектора
    # Отряд Противника автоматически получает результат R»), and the wall blocks their
    # retreat; in E3 it finds no one. The pool is the GM's: 12 power dice, no dispel.
    return state(unit("a", A, at="A1"), unit("d", D, at=riders_at, name="Night Riders"),
                 unit("g", D, at="A3"), casters=[caster("w", A)], night=True,
                 max_rounds=ROUNDS, modules=Modules(magic_dice=True), power_dice=12,
                 dispel_dice=0)


def _play(s, seed):
    wall = {A: orders(spells={"w": spell(Spell.WALL_OF_FIRE, sector="E2", toward="E3",
                                         dice=5)})}
    outs = []
    while not s.finished:
        out = resolve_round(s, {} if outs else wall, seed=seed + len(outs))
        outs.append(out)
        s = out.state
    return outs


def _worlds():
    for seed in range(60):
        gone, alive = _play(_world("E2"), seed), _play(_world("E3"), seed)
        if not gone[0].state.unit("d").alive and alive[0].state.unit("d").alive:
            return gone, alive
    raise AssertionError("no seed cast the wall and destroyed the riders")


def test_the_enemy_learns_no_points_from_a_destruction_it_did_not_see():
    gone, alive = _worlds()
    assert gone[0].state.victory_points[A] == 2   # the truth: the riders' starting hits
    assert len(gone) == len(alive) >= 2
    for out_gone, out_alive in zip(gone[:-1], alive[:-1], strict=True):
        assert not out_gone.state.finished
        assert side_view(out_gone.state, A, out_gone.events) == \
            side_view(out_alive.state, A, out_alive.events)
    # Their own side saw them fall and what it gave the attacker.
    own = side_view(gone[0].state, D, gone[0].events)
    assert own["victory_points"] == {"attacker": 2, "defender": 0}
    scored = [e for e in own["events"] if e["code"] == "victory_scored"]
    assert [e["params"]["points"] for e in scored] == [2]


def test_the_whole_tally_is_told_to_both_at_the_end():
    gone, _alive = _worlds()
    last = gone[-1]
    assert last.state.finished
    for side in (A, D):
        view = side_view(last.state, side, last.events)
        assert view["victory_points"] == {"attacker": 2, "defender": 0}
        decided = [e for e in view["events"] if e["code"] == "victory_decides"]
        assert decided and decided[0]["params"]["attacker"] == 2
