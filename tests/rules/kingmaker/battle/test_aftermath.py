"""After a battle scene (seed 003_750bd81a16f66abf.txt, "ПОБЕДА ИЛИ ПОРАЖЕНИЕ", "ПОБЕДА", "ПОРАЖЕНИЕ",
"УЧАСТИЕ ПЕРСОНАЖЕЙ ИГРОКОВ В БИТВАХ"; reference kingdom_links: Kingdom XP, Victory, Defeat, PCs in
battles): the Warfare check after a victory, the Defense check after a defeat, the player
characters' side fight, kingdom XP, and the state every army leaves the field in.

The battle's end is set by hand and `aftermath.settle_battle` is called with scripted dice: the
kingdom skill is +5 against Control DC 15, so a natural 20 is a critical success, 10 a success, 9 a
failure and 1 a critical failure.
"""
import pytest
from battle_support import (
    A,
    D,
    army,
    battle_setup,
    cs,
    duel,
    fighter,
    kingdom_side,
    scripted,
)

from rules.degrees import Degree
from rules.kingmaker.battle import aftermath
from rules.kingmaker.battle.actions import WAR_ACTIONS
from rules.kingmaker.battle.aftermath import XP_BY_LEVEL_DIFFERENCE, xp_for
from rules.kingmaker.battle.engine import fight
from rules.kingmaker.battle.setup import PcFight, SideSetup
from rules.kingmaker.conditions import Condition, Target
from rules.kingmaker.gear import GearItem, GearKind

CS, S, F, CF = Degree.CRITICAL_SUCCESS, Degree.SUCCESS, Degree.FAILURE, Degree.CRITICAL_FAILURE
FACE = {CS: 20, S: 10, F: 9, CF: 1}


def defeat(unit):
    unit.hp = 0
    unit.lasting[Condition.DEFEATED] = 0


def victory(degree, *more_faces, pc_fight=PcFight.NONE):
    """The attackers won: army 1 lost 2 HP in the battle, army 2 came in with 3 of 4 HP and lost
    none; of the defenders army 3 is defeated and army 4 routed."""
    setup = battle_setup(
        fighter(1, A), fighter(2, A, army(hp=3)), fighter(3, D), fighter(4, D),
        attackers=kingdom_side(A, warfare=5, pc_fight=pc_fight), defenders=SideSetup(D))
    b = scripted(setup, FACE[degree], *more_faces)
    b.units[1].hp = 2
    defeat(b.units[3])
    b.rout(b.units[4])
    b.winner = A
    b.finished = True
    armies, sides = aftermath.settle_battle(b)
    assert b.dice.left == []
    return {a.key: a for a in armies}, {s.side: s for s in sides}


def loss(degree, *more_faces, pc_fight=PcFight.NONE):
    """The attackers lost: army 1 is defeated, army 2 is at 2 of 4 HP, army 3 routed unhurt."""
    setup = battle_setup(
        fighter(1, A), fighter(2, A), fighter(3, A), fighter(4, D),
        attackers=kingdom_side(A, defense=5, pc_fight=pc_fight), defenders=SideSetup(D))
    b = scripted(setup, FACE[degree], *more_faces)
    defeat(b.units[1])
    b.units[2].hp = 2
    b.rout(b.units[3])
    b.winner = D
    b.finished = True
    armies, sides = aftermath.settle_battle(b)
    assert b.dice.left == []
    return {a.key: a for a in armies}, {s.side: s for s in sides}


def hp(result):
    return result.army.hp


def conditions(result):
    return {c.condition: c.value for c in result.army.conditions}


# -- ПОБЕДА -----------------------------------------------------------------------------------------

def test_victory_check_is_a_warfare_check():
    # seed 003_750bd81a16f66abf.txt: "Персонажи игроков победили в битве! Совершите обычную проверку
    # Военного дела, чтобы узнать, что это значит для королевства."
    _armies, sides = victory(S)
    check = sides[A].check
    assert (check.modifier, check.dc, check.degree) == (5, 15, S)
    assert "Warfare" in check.roll.purpose
    assert sides[A].won and not sides[D].won
    assert sides[D].check is None  # no kingdom on that side: nothing to check


def test_victory_critical_success():
    # seed 003_750bd81a16f66abf.txt: "Критический успех: вы понесли минимальные потери. Восстановите
    # 1 ПЗ каждому получившему урон войску. В начале следующего хода королевства получите 1 бонусную
    # славу или бесславие и уменьшите беспорядки на 1."
    armies, sides = victory(CS)
    assert (hp(armies[1]), hp(armies[2])) == (3, 4)
    assert (sides[A].fame, sides[A].unrest) == (1, -1)


def test_victory_success():
    # seed 003_750bd81a16f66abf.txt: "Успех: вы не понесли больших потерь. Восстановите 1 ПЗ каждому
    # получившему урон войску."
    armies, sides = victory(S)
    assert (hp(armies[1]), hp(armies[2])) == (3, 4)
    assert (sides[A].fame, sides[A].unrest) == (0, 0)


def test_victory_failure():
    # seed 003_750bd81a16f66abf.txt: "Провал: это была тяжёлая битва, но ваши войска хорошо себя
    # проявили."
    armies, sides = victory(F)
    assert (hp(armies[1]), hp(armies[2])) == (2, 3)
    assert (sides[A].fame, sides[A].unrest) == (0, 0)
    assert conditions(armies[1]) == conditions(armies[2]) == {}


def test_victory_critical_failure():
    # seed 003_750bd81a16f66abf.txt: "Критический провал: несмотря на победу, вы понесли большие
    # потери. Каждое войско, которое получило урон в ходе битвы, повышает измотанность или
    # потрясение на 1 (по выбору игроков)."
    armies, _sides = victory(CF)
    assert (hp(armies[1]), hp(armies[2])) == (2, 3)
    assert conditions(armies[1]) == {Condition.WEARY: 1}
    assert conditions(armies[2]) == {}  # it took no damage in this battle


# -- ПОРАЖЕНИЕ --------------------------------------------------------------------------------------

def test_defeat_check_is_a_defense_check():
    # seed 003_750bd81a16f66abf.txt: "Персонажи игроков проиграли битву! Совершите обычную проверку
    # Обороны, чтобы узнать, что это значит для королевства."
    _armies, sides = loss(F)
    check = sides[A].check
    assert (check.modifier, check.dc, check.degree) == (5, 15, F)
    assert "Defense" in check.roll.purpose
    assert not sides[A].won and sides[D].won


def test_defeat_critical_success():
    # seed 003_750bd81a16f66abf.txt: "Критический успех: многие выжили в прошедшей битве. Все
    # разгромленные войска восстанавливаются до 1 ПЗ, одно получившее урон войско на ваш выбор
    # восстанавливает 1 ПЗ."
    armies, sides = loss(CS)
    assert hp(armies[1]) >= 1
    assert Condition.DEFEATED not in conditions(armies[1])
    assert hp(armies[1]) + hp(armies[2]) == 1 + 2 + 1  # revived to 1, and one more HP for one army
    assert armies[1].defeated  # it was defeated in the battle all the same
    assert sides[A].unrest == 0


def test_armies_revived_after_a_defeat_still_earn_the_enemy_xp():
    # seed 003_750bd81a16f66abf.txt: "Ваше королевство в любом случае получает опыт — каждое
    # разгромленное вами войско приносит столько же опыта" — even if the loser's Defense critical
    # success then brings it back: "Все разгромленные войска восстанавливаются до 1 ПЗ".
    setup = battle_setup(fighter(1, A), fighter(2, A), fighter(3, D),
                         attackers=kingdom_side(A, defense=5), defenders=kingdom_side(D))
    b = scripted(setup, FACE[CS], FACE[S])
    defeat(b.units[1])
    defeat(b.units[2])
    b.winner = D
    armies, sides = aftermath.settle_battle(b)
    results = {s.side: s for s in sides}
    assert results[A].check.degree is CS and results[D].won
    assert [a.army.hp for a in armies[:2]] == [2, 1]  # both back to 1 HP, one of them +1 more
    assert results[D].xp == 2 * xp_for(1, 1)


def test_defeat_success():
    # seed 003_750bd81a16f66abf.txt: "Успех: одно получившее урон войско на ваш выбор смогло
    # ускользнуть от полного разгрома. Оно восстанавливает 1 ПЗ. Беспорядки повышаются на 1."
    armies, sides = loss(S)
    assert (hp(armies[1]), hp(armies[2]), hp(armies[3])) == (0, 3, 4)
    assert armies[1].defeated
    assert sides[A].unrest == 1


def test_defeat_failure():
    # seed 003_750bd81a16f66abf.txt: "Провал: вы проиграли битву. Беспорядки повышаются на 1."
    armies, sides = loss(F)
    assert (hp(armies[1]), hp(armies[2])) == (0, 2)
    assert sides[A].unrest == 1


def test_defeat_critical_failure():
    # seed 003_750bd81a16f66abf.txt: "Критический провал: боевой дух ваших войск подорван. Каждое
    # войско, участвовавшее в битве, повышает измотанность или потрясение на 2 (по выбору игроков).
    # Беспорядки повышаются на 1d4."
    armies, sides = loss(CF, 3)
    for key in (1, 2, 3):
        assert conditions(armies[key]).get(Condition.WEARY) == 2
    assert sides[A].unrest == 3
    assert sides[A].check.degree is CF


# -- Персонажи игроков ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("rolled", "fight_result", "degree"), [
    (F, PcFight.WON, S), (S, PcFight.WON, CS), (CS, PcFight.WON, CS),
    (S, PcFight.LOST, F), (CF, PcFight.LOST, CF), (S, PcFight.NONE, S),
])
def test_the_player_characters_fight_shifts_the_result_one_degree(rolled, fight_result, degree):
    # seed 003_750bd81a16f66abf.txt: "Если персонажи игроков победили в бою, результат битвы
    # улучшается на одну ступень, а если проиграли или враг сумел сбежать — ухудшается на одну
    # ступень."
    armies, sides = victory(rolled, pc_fight=fight_result)
    assert sides[A].check.degree is degree
    healed = degree >= S
    assert hp(armies[1]) == (3 if healed else 2)


def test_player_characters_in_the_army_help_every_morale_check():
    # seed 003_750bd81a16f66abf.txt: "желание основателя королевства драться вместе со своими людьми
    # может вдохновить солдат, так что войско получает бонус состояния +1 ко всем проверкам Боевого
    # духа."
    b = scripted(duel(attackers=SideSetup(A, pcs_present=True)))
    ours, theirs = b.units[1], b.units[2]
    for target in (Target.MORALE, Target.RALLY, Target.ROUT_CHECK):
        assert b.statistic(ours, target).total == 11
        assert b.statistic(theirs, target).total == 10


def test_player_characters_help_checks_not_the_dc_enemies_roll_against():
    # seed 003_750bd81a16f66abf.txt: "войско получает бонус состояния +1 ко всем проверкам Боевого
    # духа" (to its checks; an enemy's Taunt still rolls against Morale DC 20).
    taunter = army(level=3, tactics=("focused_devotion",))
    b = scripted(duel(taunter, defenders=SideSetup(D, pcs_present=True)), 10)
    b.units[1].actions = 3
    WAR_ACTIONS["taunt"](b, b.units[1], b.units[2])
    assert b.events[-1].check.dc == 20


# -- Опыт королевства --------------------------------------------------------------------------------

def test_kingdom_xp_table():
    # reference kingdom_links Kingdom XP: "party level -4:10, -3:15, -2:20, -1:30, 0:40, +1:60,
    # +2:80, +3:120, +4:160".
    assert XP_BY_LEVEL_DIFFERENCE == {-4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120,
                                      4: 160}
    assert [xp_for(level, 5) for level in range(1, 10)] == [10, 15, 20, 30, 40, 60, 80, 120, 160]
    assert xp_for(1, 6) == 0
    assert xp_for(12, 5) == 160


def test_every_defeated_enemy_army_earns_kingdom_xp_win_or_lose():
    # seed 003_750bd81a16f66abf.txt: "Ваше королевство в любом случае получает опыт — каждое
    # разгромленное вами войско приносит столько же опыта, сколько и победа над противником того же
    # уровня в режиме сцены (но в данном случае опыт получает королевство)."
    setup = battle_setup(
        fighter(1, A), fighter(2, A, army(level=3)), fighter(3, D, army(level=2)), fighter(4, D),
        attackers=kingdom_side(A, kingdom_level=2), defenders=kingdom_side(D, kingdom_level=1))
    b = scripted(setup, 10, 10)
    defeat(b.units[1])
    defeat(b.units[2])
    defeat(b.units[3])
    b.rout(b.units[4])  # routed, not defeated: no XP
    b.winner = D
    _armies, sides = aftermath.settle_battle(b)
    results = {s.side: s for s in sides}
    assert results[A].xp == xp_for(2, 2) == 40
    assert results[D].xp == xp_for(1, 1) + xp_for(3, 1) == 40 + 80
    assert not results[A].won


def test_no_checks_without_a_winner():
    # seed 003_750bd81a16f66abf.txt: "Если все войска противника разгромлены или обращены в бегство,
    # то персонажи игроков победили в этой битве" (no side broke: neither check).
    b = scripted(battle_setup(fighter(1, A), fighter(2, D), attackers=kingdom_side(A),
                              defenders=kingdom_side(D)))
    _armies, sides = aftermath.settle_battle(b)
    assert all(s.check is None and not s.won for s in sides)
    assert b.dice.log == []


# -- Войска после битвы -----------------------------------------------------------------------------

def test_routed_ends_after_the_scene_with_shaken_plus_one():
    # seed 003_750bd81a16f66abf.txt: "Это состояние прекращается автоматически после завершения
    # сцены битвы, но в этом случае состояние потрясения войска увеличивается на 1."
    armies, _sides = victory(F)
    routed = armies[4]
    assert routed.routed
    assert conditions(routed) == {Condition.SHAKEN: 1}


def test_battle_positions_end_with_the_scene_but_defeated_stays():
    # seed 003_750bd81a16f66abf.txt: "Два из вариантов - вовлечено в бой и на отдалении — также
    # являются состояниями войска"; "Разгромлено : когда ПЗ войска уменьшаются до 0, войско
    # разгромлено."
    armies, _sides = victory(F)
    assert conditions(armies[3]) == {Condition.DEFEATED: 0}
    assert armies[3].defeated and hp(armies[3]) == 0
    assert armies[1].hp_lost == 2 and armies[2].hp_lost == 0


def test_a_destroyed_army_loses_its_gear():
    # seed 003_750bd81a16f66abf.txt: "Уничтожено : войско уничтожено полностью, его не восстановить
    # ... Всё снаряжение войска также уничтожено."
    potions = GearItem(GearKind.HEALING_POTIONS, doses=2)
    setup = battle_setup(fighter(1, A), fighter(2, D, army(gear=(potions,))))
    b = scripted(setup, 1)
    defeat(b.units[2])
    b.hurt(b.units[2], 1, b.units[1])
    b.winner = A
    armies, _sides = aftermath.settle_battle(b)
    lost = {a.key: a for a in armies}[2]
    assert lost.destroyed and lost.army.gear == ()
    assert {c.condition for c in lost.army.conditions} == {Condition.DESTROYED}


def test_a_fought_battle_reports_both_sides():
    # seed 003_750bd81a16f66abf.txt: "Если все войска противника разгромлены или обращены в бегство,
    # то персонажи игроков победили в этой битве: см. «Победа». Если все войска персонажей игроков
    # разгромлены или обращены в бегство, см. «Поражение»."
    setup = battle_setup(fighter(1, A, army(level=10)), fighter(2, D),
                         attackers=kingdom_side(A, kingdom_level=1),
                         defenders=kingdom_side(D, kingdom_level=1))
    outcome = fight(setup, 3)
    assert outcome.finished and outcome.winner is A
    sides = {s.side: s for s in outcome.sides}
    assert "Warfare" in sides[A].check.roll.purpose
    assert "Defense" in sides[D].check.roll.purpose
    assert sides[A].xp == (40 if outcome.armies[1].defeated else 0)
    assert sides[D].xp == 0 and not outcome.armies[0].defeated
    assert outcome.rolls[-1].purpose.startswith(("Victory", "Defeat", "Unrest"))
    assert [a.key for a in outcome.armies] == [1, 2]
    assert cs(Condition.ROUTED) not in outcome.armies[1].army.conditions
