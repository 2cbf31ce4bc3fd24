"""The structure of a battle scene (seed 003_750bd81a16f66abf.txt, "СТРУКТУРА СЦЕНЫ БИТВЫ" to "ЭТАП 5.
ЗАВЕРШЕНИЕ СЦЕНЫ"): turns of up to three actions in initiative order, rout checks at the end of each
round, the end of the scene, and stopping after a round (the GM's step by step).
"""
import pytest
from battle_support import (
    INFANTRY,
    NOMEN,
    A,
    D,
    army,
    battle_setup,
    codes,
    cs,
    duel,
    fighter,
    scripted,
)

from rules.degrees import Degree
from rules.dice import Dice
from rules.kingmaker.battle.engine import Battle, fight
from rules.kingmaker.battle.setup import BattlePlan, Position, SideSetup, Stance
from rules.kingmaker.conditions import Condition

CS, S, F, CF = Degree.CRITICAL_SUCCESS, Degree.SUCCESS, Degree.FAILURE, Degree.CRITICAL_FAILURE


def in_order(b):
    b.order = [b.units[k] for k in sorted(b.units)]
    return b


def rout_setup(unit=None, *, pcs=False):
    """Army 1 against a level-1 (Morale DC 20) and a level-5 (Morale DC 25) infantry."""
    return battle_setup(fighter(1, A, unit or army(hp=2)), fighter(2, D),
                        fighter(3, D, army(level=5)), attackers=SideSetup(A, pcs_present=pcs))


def rout_checks(setup, *faces):
    b = in_order(scripted(setup, *faces))
    b._rout_checks()
    return b


# -- ЭТАП 3. ПРОВЕРКА ОБРАЩЕНИЯ В БЕГСТВО -----------------------------------------------------------------

@pytest.mark.parametrize(("face", "degree"), [(20, CS), (15, S), (14, F), (5, CF)])
def test_rout_check_against_the_highest_enemy_morale_dc(face, degree):
    # seed 003_750bd81a16f66abf.txt: "Войско, чьи ПЗ равны или ниже ПБ, должно совершить проверку
    # Боевого духа; СЛ равна самой высокой СЛ Боевого духа среди остающихся вражеских войск."
    b = rout_checks(rout_setup(), face)
    event = [e for e in b.events if e.code == "rout_check"]
    assert len(event) == 1 and event[0].actor == 1
    assert (event[0].check.modifier, event[0].check.dc, event[0].check.degree) == (10, 25, degree)


def test_rout_check_critical_success_makes_the_army_immune_for_the_scene():
    # seed 003_750bd81a16f66abf.txt: "При критическом успехе это войско больше не совершает проверки
    # обращения в бегство на этом этапе до конца текущей сцены битвы".
    b = rout_checks(rout_setup(), 20)
    assert b.units[1].rout_immune
    b._rout_checks()
    assert codes(b.events) == ["rout_check"] and b.dice.left == []


def test_rout_check_success_changes_nothing():
    # seed 003_750bd81a16f66abf.txt: СЛ "равна самой высокой СЛ Боевого духа" (a success: no effect).
    b = rout_checks(rout_setup(), 15)
    unit = b.units[1]
    assert not unit.rout_immune and not unit.has(Condition.SHAKEN) and not unit.routed


def test_rout_check_failure_shakes():
    # seed 003_750bd81a16f66abf.txt: "При провале потрясение войска увеличивается на 1."
    b = rout_checks(rout_setup(), 14)
    assert b.units[1].value(Condition.SHAKEN) == 1 and not b.units[1].routed


def test_rout_check_critical_failure_routs():
    # seed 003_750bd81a16f66abf.txt: "При критическом провале войско обращено в бегство ."
    b = rout_checks(rout_setup(), 5)
    assert b.units[1].routed
    assert codes(b.events) == ["rout_check", "routed"]


def test_only_armies_at_or_below_the_routing_threshold_check():
    # seed 003_750bd81a16f66abf.txt: "Войско, чьи ПЗ равны или ниже ПБ, должно совершить проверку
    # Боевого духа" (ПБ of level-1 infantry: 2 of 4).
    b = rout_checks(rout_setup(army(hp=3)))
    assert b.events == [] and b.dice.log == []


def test_defeated_enemies_do_not_set_the_dc():
    # seed 003_750bd81a16f66abf.txt: "СЛ равна самой высокой СЛ Боевого духа среди остающихся
    # вражеских войск."
    b = in_order(scripted(rout_setup(), 15))
    b.units[3].hp = 0
    b.units[3].lasting[Condition.DEFEATED] = 0
    b._rout_checks()
    assert b.events[0].check.dc == 20


def test_hold_the_line_lowers_the_threshold_and_helps_the_check():
    # reference tactics Hold the Line: "+1 status to Morale checks against routing; Rout Threshold
    # becomes 1/4 of max HP (round up)".
    assert rout_checks(rout_setup(army(hp=2, tactics=("hold_the_line",)))).events == []
    b = rout_checks(rout_setup(army(hp=1, tactics=("hold_the_line",))), 14)
    assert b.events[0].check.modifier == 11
    assert b.events[0].check.degree is S


def test_player_characters_help_the_rout_check():
    # seed 003_750bd81a16f66abf.txt: "войско получает бонус состояния +1 ко всем проверкам Боевого
    # духа."
    b = rout_checks(rout_setup(pcs=True), 14)
    assert b.events[0].check.modifier == 11


def test_brave_armies_never_check():
    # reference tactics Brave: "Has no Rout Threshold". seed 003_750bd81a16f66abf.txt: "войско,
    # состоящее из существ с невосприимчивостью к ужасу, и вовсе не имеет ПБ."
    b = rout_checks(rout_setup(army(NOMEN, tactics=NOMEN.tactics, hp=1)))
    assert b.units[1].routing_threshold is None
    assert b.events == [] and b.dice.log == []


def test_routed_armies_make_no_rout_check():
    # seed 003_750bd81a16f66abf.txt: "При критическом провале войско обращено в бегство" — it
    # already is.
    b = rout_checks(rout_setup(army(hp=1, conditions=(cs(Condition.ROUTED),))))
    assert b.events == []


def test_rout_checks_come_at_the_end_of_the_round():
    # seed 003_750bd81a16f66abf.txt: "В конце каждого раунда, после того как все войска совершили
    # свои действия, есть шанс того, что кто-то обратится в бегство."
    after_check = {"rout_check", "routed", "false_retreat", "accustomed_to_panic", "round_limit"}
    seen = 0
    for seed in range(30):
        setup = battle_setup(fighter(1, A), fighter(2, A), fighter(3, D), fighter(4, D))
        outcome = fight(setup, seed)
        for number in range(1, len(outcome.rounds) + 1):
            events = [e.code for e in outcome.events if e.round == number]
            if "rout_check" in events:
                seen += 1
                assert set(events[events.index("rout_check"):]) <= after_check
    assert seen > 10


# -- ЭТАП 2. ХОДЫ -----------------------------------------------------------------------------------------

def test_armies_act_in_initiative_order():
    # seed 003_750bd81a16f66abf.txt: "Каждое войско ... совершает проверку Разведки, и результат
    # проверки становится его значением инициативы."
    for seed in range(10):
        outcome = fight(battle_setup(fighter(1, A), fighter(2, A, army(level=3)), fighter(3, D)),
                        seed)
        initiative = {e.actor: e.params["total"] for e in outcome.events if e.code == "initiative"}
        order = outcome.rounds[0].initiative
        assert [initiative[k] for k in order] == sorted(initiative.values(), reverse=True)
        first = next(e for e in outcome.events if e.round == 1 and e.actor is not None)
        assert first.actor == order[0]


def test_no_army_takes_more_than_three_actions_a_turn():
    # seed 003_750bd81a16f66abf.txt: "Каждое войско может предпринять в свой ход до трёх действий,
    # выбранных из общих боевых действий или иных боевых действий, доступных этому войску."
    left = []

    class Counted(Battle):  # (no stand-in for a function: the engine may be compiled)
        def _turn(self, unit):
            super()._turn(unit)
            left.append(unit.actions)  # each turn starts with three

    plans = [BattlePlan(), BattlePlan(stance=Stance.HOLD), BattlePlan(stance=Stance.GUARD),
             BattlePlan(retreat_below=2)]
    for seed in range(40):
        plan = plans[seed % len(plans)]
        setup = battle_setup(fighter(1, A, army(level=3, tactics=("focused_devotion",)),
                                     BattlePlan(tactical_action="taunt")),
                             fighter(2, A, army(gear=()), plan), fighter(3, D), fighter(4, D, plan=plan))
        Counted(setup, Dice(seed)).run(None)
    assert left and min(left) == 0  # never below: no turn spends a fourth action


# -- ЭТАП 5. ЗАВЕРШЕНИЕ СЦЕНЫ -----------------------------------------------------------------------------

def test_the_scene_ends_when_one_side_is_all_defeated_or_routed():
    # seed 003_750bd81a16f66abf.txt: "Когда все войска с одной стороны конфликта разгромлены или
    # обращены в бегство, сцена битвы заканчивается."
    b = scripted(battle_setup(fighter(1, A), fighter(2, D), fighter(3, D)))
    b._check_end()
    assert not b.finished
    b.units[2].hp = 0
    b.units[2].lasting[Condition.DEFEATED] = 0
    b._check_end()
    assert not b.finished
    b.units[3].lasting[Condition.ROUTED] = 0
    b._check_end()
    assert b.finished and b.winner is A


def test_a_side_all_routed_at_once_loses():
    # seed 003_750bd81a16f66abf.txt: "Если все войска с одной стороны битвы одновременно обращены в
    # бегство, сцена битвы автоматически завершится победой другой стороны."
    b = scripted(battle_setup(fighter(1, A), fighter(2, A), fighter(3, D)))
    for key in (1, 2):
        b.units[key].lasting[Condition.ROUTED] = 0
    b._check_end()
    assert b.finished and b.winner is D


def test_a_fought_scene_ends_with_the_losers_all_out():
    # seed 003_750bd81a16f66abf.txt: "Битва длится до тех пор, пока все войска с одной стороны не
    # разгромлены (ПЗ снизились до 0) или не обращены в бегство."
    for seed in range(20):
        outcome = fight(battle_setup(fighter(1, A), fighter(2, A), fighter(3, D), fighter(4, D)),
                        seed)
        assert outcome.finished
        if outcome.winner is None:
            assert "round_limit" in codes(outcome.events)
            continue
        losers = [a for a in outcome.armies if a.side is outcome.winner.other]
        assert all(a.defeated or a.routed or a.fled for a in losers)
        last = outcome.rounds[-1]
        assert any(s.hp > 0 and Condition.ROUTED not in {c.condition for c in s.conditions}
                   for s in last.armies if s.side is outcome.winner)


def test_the_round_limit_ends_a_stalemate_without_a_winner():
    # seed 003_750bd81a16f66abf.txt: "Сцена битвы разворачивается на протяжении нескольких раундов,
    # в течение каждого из которых проходит час битвы." (Neither side can reach the other here.)
    setup = battle_setup(fighter(1, A, plan=BattlePlan(stance=Stance.GUARD)),
                         fighter(2, D, plan=BattlePlan(stance=Stance.GUARD)), max_rounds=4)
    outcome = fight(setup, 1)
    assert outcome.finished and outcome.winner is None
    assert len(outcome.rounds) == 4
    assert outcome.events[-1].code == "round_limit"


def test_round_records_follow_each_round():
    # seed 003_750bd81a16f66abf.txt: "После проверки обращения в бегство раунд заканчивается, и
    # начинается следующий."
    outcome = fight(duel(), 4)
    assert [r.number for r in outcome.rounds] == list(range(1, len(outcome.rounds) + 1))
    assert max(e.round for e in outcome.events) == len(outcome.rounds)
    for record in outcome.rounds:
        assert {a.key for a in record.armies} == {1, 2}


# -- stop_after_round and determinism ----------------------------------------------------------------------

def test_stopping_after_a_round_gives_the_first_rounds_of_the_full_fight():
    # seed 003_750bd81a16f66abf.txt: "Сцена битвы разворачивается на протяжении нескольких раундов"
    # — the GM can look at it round by round, and the rounds are those of the whole fight.
    setup = battle_setup(fighter(1, A), fighter(2, A, army(level=2)), fighter(3, D, army(level=2)),
                         fighter(4, D))
    for seed in range(10):
        full = fight(setup, seed)
        for stop in range(1, len(full.rounds)):
            part = fight(setup, seed, stop_after_round=stop)
            assert not part.finished and part.winner is None
            assert part.rounds == full.rounds[:stop]
            assert part.events == full.events[:len(part.events)]
            assert part.rolls == full.rolls[:len(part.rolls)]
            assert part.armies == () and part.sides == ()
        assert fight(setup, seed, stop_after_round=len(full.rounds)) == full


def test_the_same_seed_gives_the_same_battle():
    # seed 003_750bd81a16f66abf.txt: "Сцена битвы разворачивается на протяжении нескольких раундов"
    # — the engine is pure: the same setup and seed replay the same scene.
    setup = duel(army(level=2), army(INFANTRY, 2, gear=()))
    assert fight(setup, 11) == fight(setup, 11)
    assert any(fight(setup, s).events != fight(setup, 0).events for s in range(1, 5))


def test_a_routed_army_retreats_off_the_field_in_a_fight():
    # seed 003_750bd81a16f66abf.txt: "Обращено в бегство : ... В свой ход войско должно совершить
    # боевое действие Отступление."
    guard = BattlePlan(stance=Stance.GUARD)
    setup = battle_setup(fighter(1, A, army(conditions=(cs(Condition.ROUTED),))),
                         fighter(2, A, plan=guard), fighter(3, D, plan=guard), max_rounds=3)
    outcome = fight(setup, 2)
    mine = [e.code for e in outcome.events if e.actor == 1 and e.code != "initiative"]
    assert mine == ["retreat", "retreat"]
    assert outcome.rounds[0].armies[0].position is Position.DISTANT
    assert outcome.rounds[1].armies[0].position is Position.FLED
