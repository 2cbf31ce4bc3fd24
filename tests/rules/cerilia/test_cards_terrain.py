"""Every terrain card of seed 000_9b71fb8594a033d1.txt ("Карточки Местности"): fortification,
cliffs, river, forest, swamp, hills — placement, movement and combat."""
from cerilia_support import (
    A,
    D,
    T,
    cards,
    codes,
    fortification,
    orders,
    round_of,
    state,
    terrain,
    unit,
)

from rules.cerilia.cards import Tag
from rules.cerilia.combat import CHARGE, MELEE, MISSILE
from rules.cerilia.deck import Result
from rules.cerilia.engine import deploy
from rules.cerilia.orders import Deployment, deployment_violations, order_violations
from rules.cerilia.state import FORTIFICATION, Effect, EffectKind, Scenario, Wall, new_battle


def moved(s, key, *path, initiative=A):
    r = round_of(s, orders_={s.unit(key).side: orders(moves={key: path})}, initiative=initiative)
    r.move()
    return r


def charged(s, key, *path, faces=()):
    r = moved(s, key, *path)
    r.dice.__init__(*faces)
    r.charge()
    return r


# -- fortification -------------------------------------------------------------------------------

def fort_battle(*units, level=3):
    return new_battle(Scenario(fortification_level=level), units)


def test_fortification_placed_by_the_defender_on_its_own_line():
    # seed 000_9b71fb8594a033d1.txt: "Защищающий Игрок может установить Карточку Укрепления в один из
    # своих дружественных секторов: A3 B3 C3 D3 E3."
    s = fort_battle(unit("a", A), unit("d", D))
    assert deployment_violations(s, D, Deployment(fortification="B3")) == []
    wrong = deployment_violations(s, D, Deployment(fortification="B2"))
    assert [(v.code, v.field) for v in wrong] == [("fortification_own_line", "fortification")]
    by_attacker = deployment_violations(s, A, Deployment(fortification="B3"))
    assert [v.code for v in by_attacker] == ["no_fortification"]
    without = deployment_violations(fort_battle(unit("d", D), level=0), D,
                                    Deployment(fortification="B3"))
    assert [v.code for v in without] == ["no_fortification"]
    placed = deploy(s, {D: Deployment(fortification="B3")})
    assert [(t.kind, t.sector, t.level, t.hits) for t in placed.terrain] == [
        (T.FORTIFICATION, "B3", 3, 1)]


def test_fortification_attackers_mounted_units_cannot_enter():
    # seed 000_9b71fb8594a033d1.txt: "Ездовые Отряды Атакующего Игрока не могут войти в сектор с
    # Укреплением".
    s = state(unit("k", A, "knights", at="C2"), unit("d", D, at="A3"),
              terrain=[fortification("C3")])
    r = moved(s, "k", "C3")
    assert r.units["k"].position == "C2" and "stopped" in codes(r.events)


def test_fortification_defenders_mounted_units_enter_freely():
    # seed 000_9b71fb8594a033d1.txt: "(для Ездовых Отрядов Защищающего Игрока нет ограничений)".
    s = state(unit("k", D, "knights", at="C2"), unit("a", A, at="A1"),
              terrain=[fortification("C3")])
    assert moved(s, "k", "C3").units["k"].position == "C3"


def test_fortification_no_attacking_charge_into_it():
    # seed 000_9b71fb8594a033d1.txt: "Отряды Атакующего с навыком Кавалерийской Атаки (включая
    # не-ездовые Отряды с данной способностью) не могут поражать Кавалерийской Атакой в данный сектор,
    # пока Укрепление действует и не разрушено".
    s = state(unit("c", A, at="C2", card_charge=5), unit("d", D, at="C3"),
              terrain=[fortification("C3")])
    r = charged(s, "c", "C3")
    assert "no_charge" in codes(r.events) and r.dice.log == []


def test_fortification_defense_is_its_level_or_plus_one_whichever_is_higher():
    # seed 000_9b71fb8594a033d1.txt: "Показатель Защиты каждого находящегося в секторе с Укреплением
    # дружественного Отряда заменяется на Уровень Укрепления ..., либо изменяется на +1, в
    # зависимости от того, что будет для данного Отряда выше."
    s = state(unit("a", A, at="C3"), unit("weak", D, at="C3", card_defense=1),
              unit("strong", D, at="C3", card_defense=4), terrain=[fortification("C3", 3)],
              cells_per_sector=2)
    r = round_of(s)
    assert r.defense_value(r.units["weak"], r.units["a"]) == 3
    assert r.defense_value(r.units["strong"], r.units["a"]) == 5


def test_fortification_enemy_artillery_ignores_the_defense_bonus():
    # seed 000_9b71fb8594a033d1.txt: "Артиллерия Противника игнорирует данные бонусы к Защите."
    s = state(unit("art", A, "artillerists", at="C1"), unit("d", D, at="C3", card_defense=1),
              terrain=[fortification("C3", 3)])
    r = round_of(s)
    assert r.defense_value(r.units["d"], r.units["art"]) == 1


def test_fortification_attackers_get_no_defense_bonus_there():
    s = state(unit("a", A, at="C3"), unit("d", D, at="C3"), terrain=[fortification("C3", 3)])
    r = round_of(s)
    assert r.defense_value(r.units["a"], r.units["d"]) == 2


def test_fortification_friendly_units_ignore_f():
    # seed 000_9b71fb8594a033d1.txt: "Дружественные Отряды игнорируют результаты F (Отступление) и R
    # (Разгром) и остаются в секторе с Укреплением".
    r = round_of(state(unit("d", D, at="C3"), terrain=[fortification("C3")]))
    r.apply(r.units["d"], Result.FALL_BACK)
    assert (r.units["d"].position, r.units["d"].hits) == ("C3", 2)


def test_fortification_friendly_units_stay_on_r_but_take_one_hit():
    # seed 000_9b71fb8594a033d1.txt: "но все равно получают 1 Повреждение при результате R".
    r = round_of(state(unit("d", D, at="C3"), terrain=[fortification("C3")]))
    r.apply(r.units["d"], Result.ROUT)
    u = r.units["d"]
    assert (u.position, u.hits, u.status.value) == ("C3", 1, "ready")


def test_empty_fortification_fights_as_one_irregular_unit():
    # seed 000_9b71fb8594a033d1.txt: "В случае отсутствия в секторе дружественных Отрядов, оборона
    # Укрепления считается за 1 Отряд Иррегулярных Войск. Это значит, что Укрепление будет наносить
    # Урон, и иметь параметры Защиты в согласии с Карточкой Иррегулярных Войск".
    s = state(unit("a", A, at="C3"), unit("d", D, at="A3"), terrain=[fortification("C3")])
    # The fortification (melee 1) against infantry (defense 2): column −1, card 6 is H. The infantry
    # (melee 2) against the irregulars' defense 1: column +1, card 1 is nothing.
    r = round_of(s, faces=cards(6, 1))
    r.melee()
    attacks = [e for e in r.events if e.code == "attack"]
    assert [e.params["column"] for e in attacks] == [-1, 1]
    assert r.units["a"].hits == 1 and r.fortification("C3") is not None


def test_empty_fortification_is_removed_when_destroyed():
    # seed 000_9b71fb8594a033d1.txt: "В случае Уничтожения Укрепления, данная Карточка будет снята с
    # Поля Боя."
    s = state(unit("a", A, at="C3"), unit("d", D, at="A3"), terrain=[fortification("C3")])
    r = round_of(s, faces=cards(1, 8))   # the infantry's card 8 at +1: R
    r.melee()
    assert r.fortification("C3") is None and "fortification_destroyed" in codes(r.events)


def test_empty_fortification_falls_even_if_its_own_blow_pushed_the_attacker_back():
    # The exchange is simultaneous: the fortification's F (card 5 at −1) and the attacker's R (card
    # 8 at +1) both stand, so the card comes off even though the attacker fell back to C2.
    s = state(unit("a", A, at="C3"), unit("d", D, at="A3"), terrain=[fortification("C3")])
    r = round_of(s, faces=cards(5, 8))
    r.melee()
    assert r.units["a"].position == "C2"
    assert r.fortification("C3") is None


def test_empty_fortification_can_be_shot_at():
    # seed 000_9b71fb8594a033d1.txt: "Противник может разрушить Укрепление. Укрепление получает
    # Урон только в том случае, если в секторе с Укреплением нет дружественных Отрядов. В случае
    # отсутствия в секторе дружественных Отрядов, оборона Укрепления считается за 1 Отряд
    # Иррегулярных Войск." Archers (missile 2) against the irregulars' defense 1: column +1, card 9
    # is D.
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="A3"),
              terrain=[fortification("C3")])
    r = round_of(s, faces=cards(9))
    r.shoot()
    (attack,) = [e for e in r.events if e.code == "attack"]
    assert (attack.params["unit"], attack.params["attack"], attack.params["column"]) == (
        "arc", "missile", 1)
    assert r.fortification("C3") is None and "fortification_destroyed" in codes(r.events)


def test_missiles_at_the_fortification_on_orders_and_never_at_a_held_one():
    # seed 000_9b71fb8594a033d1.txt: "Укрепление получает Урон только в том случае, если в секторе с
    # Укреплением нет дружественных Отрядов."
    aim = orders(targets={"arc": FORTIFICATION})
    empty = state(unit("arc", A, "archers", at="C2"), unit("near", D, at="B2"),
                  terrain=[fortification("C3")])
    assert order_violations(empty, A, aim) == []
    assert [v.code for v in order_violations(empty, D, orders(targets={"near": FORTIFICATION}))] \
        == ["target_unknown"]
    r = round_of(empty, faces=cards(1), orders_={A: aim})
    r.shoot()
    assert [e.params["target"] for e in r.events if e.code == "attack"] == ["the fortification"]
    held = state(unit("arc", A, "archers", at="C2"), unit("d", D, at="C3"),
                 terrain=[fortification("C3")])
    r = round_of(held, faces=cards(1), orders_={A: aim})
    r.shoot()
    assert [e.params["target"] for e in r.events if e.code == "attack"] == ["d"]


def test_fortification_takes_damage_only_without_friendly_units():
    # seed 000_9b71fb8594a033d1.txt: "Укрепление получает Урон только в том случае, если в секторе с
    # Укреплением нет дружественных Отрядов."
    s = state(unit("a", A, at="C3"), unit("d", D, at="C3"), terrain=[fortification("C3")])
    r = round_of(s, faces=cards(9, 1))
    r.melee()
    targets = {e.params["target"] for e in r.events if e.code == "attack"}
    assert targets == {"d", "a"} and r.fortification("C3") is not None


def test_an_attacker_in_an_empty_fortification_is_engaged():
    s = state(unit("a", A, at="C3"), unit("d", D, at="A3"), terrain=[fortification("C3")])
    r = moved(s, "a", "C2")
    assert r.units["a"].position == "C3"


# -- cliffs --------------------------------------------------------------------------------------

def test_cliffs_direction_blocks_movement():
    # seed 000_9b71fb8594a033d1.txt: "Скалы запрещают перемещение между сектором, в котором
    # расположена Карточка Скалы, и сектором, в сторону которого направлен данный Тип Местности."
    s = state(unit("a", A, at="C1"), unit("d", D, at="A3"), terrain=[terrain(T.CLIFFS, "C2", "C1")])
    r = moved(s, "a", "C2")
    assert r.units["a"].position == "C1" and r.events[-1].params["reason"] == "cliffs"
    s = state(unit("a", A, at="B2"), unit("d", D, at="A3"), terrain=[terrain(T.CLIFFS, "C2", "C1")])
    assert moved(s, "a", "C2").units["a"].position == "C2"   # from another side it is open


def test_cliffs_direction_is_required_and_set_at_deployment():
    # seed 000_9b71fb8594a033d1.txt: "Защитнику также необходимо указать одно направление, между
    # какими секторами Скалы ограничивают передвижение."
    s = new_battle(Scenario(terrain=(terrain(T.CLIFFS, "C2"),)), [unit("d", D)])
    missing = deployment_violations(s, D, Deployment())
    assert [(v.code, v.field) for v in missing] == [("direction_required", "directions.C2")]
    far = deployment_violations(s, D, Deployment(directions={"C2": "E2"}))
    assert [v.code for v in far] == ["direction_neighbour"]
    assert deploy(s, {D: Deployment(directions={"C2": "C3"})}).terrain[0].toward == "C3"


def test_cliffs_no_charge_at_units_there():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды, находящиеся в секторе со Скалами не могут быть
    # атакованы Кавалерийской Атакой".
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.CLIFFS, "C2", "B2")])
    r = charged(s, "k", "C2")
    assert "no_charge" in codes(r.events)


def test_cliffs_no_missile_at_units_there():
    # seed 000_9b71fb8594a033d1.txt: "а также обстреляны с помощью Дистанционной Атаки".
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.CLIFFS, "C2", "B2")])
    r = round_of(s)
    r.shoot()
    assert r.dice.log == [] and "attack" not in codes(r.events)


def test_cliffs_first_occupier_gets_plus_one_melee_and_defense():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды, которые первыми заняли Скалы прежде Отрядов
    # Противника, получают бонус +1 к их Показателям Ближнего Боя и Защиты."
    s = state(unit("a", A, at="C2"), unit("d", D, "archers", at="C2"),
              terrain=[terrain(T.CLIFFS, "C2", "B2")], held={"C2": D})
    r = round_of(s)
    d, a = r.units["d"], r.units["a"]
    assert r.attack_value(d, MELEE, a) == 2 and r.defense_value(d, a) == 2
    assert r.attack_value(d, MISSILE, a) == 2   # missile not raised by the cliffs
    assert r.attack_value(a, MELEE, d) == 2 and r.defense_value(a, d) == 2


def test_cliffs_the_first_to_enter_holds_them():
    s = state(unit("a", A, at="C1"), unit("d", D, at="A3"), terrain=[terrain(T.CLIFFS, "C2", "B2")])
    r = moved(s, "a", "C2")
    assert r.held == {"C2": A}


def test_holding_is_lost_when_the_holders_leave():
    s = state(unit("a", A, at="C1"), unit("d", D, at="A3"), terrain=[terrain(T.HILLS, "C1")],
              held={"C1": A})
    r = moved(s, "a", "C2")
    r.end_round()
    assert r.held == {}


# -- river ---------------------------------------------------------------------------------------

def test_river_direction_blocks_movement():
    # seed 000_9b71fb8594a033d1.txt: "Река запрещает перемещение между сектором, в котором
    # расположена Карточка Реки, и сектором, в сторону которого направлен данный Тип Местности."
    s = state(unit("a", A, at="C1"), unit("d", D, at="A3"), terrain=[terrain(T.RIVER, "C2", "C1")])
    assert moved(s, "a", "C2").units["a"].position == "C1"


def test_free_movement_crosses_a_river_but_not_a_wall():
    # seed 000_9b71fb8594a033d1.txt: "В отличии от естественных Местностей, Отряды с бонусом к
    # беспрепятственному перемещению по разным Типам Местности не могут свободно перемещаться через
    # подобные магические барьеры."
    s = state(unit("e", A, "elven_archers", at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.RIVER, "C2", "C1")])
    assert moved(s, "e", "C2").units["e"].position == "C2"
    wall = Effect(EffectKind.WALL, D, 2, sector="C2", toward="C1", wall=Wall.ICE)
    s = state(unit("e", A, "elven_archers", at="C1"), unit("d", D, at="A3"), effects=[wall])
    assert moved(s, "e", "C2").units["e"].position == "C1"


def test_only_a_directed_terrain_card_cuts_the_way():
    # Directions belong to cliffs and rivers only: a forest sharing the sector is no barrier.
    s = new_battle(Scenario(terrain=(terrain(T.RIVER, "C2"), terrain(T.FOREST, "C2"))),
                   [unit("a", A), unit("d", D)])
    s = deploy(s, {D: Deployment(directions={"C2": "C3"})})
    assert {t.kind: t.toward for t in s.terrain} == {T.RIVER: "C3", T.FOREST: None}
    s = state(unit("a", A, at="B2"), unit("d", D, at="A3"),
              terrain=[terrain(T.RIVER, "C2", "C3"), terrain(T.FOREST, "C2", "B2")])
    assert moved(s, "a", "C2").units["a"].position == "C2"


# -- forest --------------------------------------------------------------------------------------

def test_forest_mounted_units_stop_on_entering():
    # seed 000_9b71fb8594a033d1.txt: "Ездовые Отряды (кроме тех, у кого есть способность к свободному
    # перемещению по всем Типам Местности) должны совершить остановку когда они заходят в сектор с
    # данным Типом Местности".
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.FOREST, "C2")])
    r = moved(s, "k", "C2", "C3")
    assert r.units["k"].position == "C2" and "terrain_stop" in codes(r.events)


def test_forest_free_movement_and_foot_do_not_stop():
    s = state(unit("e", A, "elven_cavalry", at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.FOREST, "C2")])
    assert moved(s, "e", "C2", "C3").units["e"].position == "C3"
    s = state(unit("i", A, card_movement=2, at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.FOREST, "C2")])
    assert moved(s, "i", "C2", "C3").units["i"].position == "C3"


def test_forest_units_leave_it_freely():
    # seed 000_9b71fb8594a033d1.txt: "Отряды могут выйти из сектора без ограничений."
    s = state(unit("k", A, "knights", at="C2"), unit("d", D, at="A3"),
              terrain=[terrain(T.FOREST, "C2")])
    assert moved(s, "k", "B2", "A2").units["k"].position == "A2"


def test_forest_no_charge_into_it():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды, находящиеся в секторе с Лесом не могут быть
    # атакованы Кавалерийской Атакой."
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.FOREST, "C2")])
    r = charged(s, "k", "C2")
    assert "no_charge" in codes(r.events)


def test_forest_missiles_into_it_from_outside_take_minus_two():
    # seed 000_9b71fb8594a033d1.txt: "Все Дистанционные Атаки, которые направлены в данный сектор
    # получают -2 к их параметру Дистанционной Атаки."
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.FOREST, "C2")])
    r = round_of(s)
    assert r.attack_value(r.units["arc"], MISSILE, r.units["d"]) == 0


def test_forest_no_penalty_inside_or_from_a_forest():
    # seed 000_9b71fb8594a033d1.txt: "Если же Дистанционная Атака совершается в пределах/внутри
    # данного сектора, либо из сектора с Лесом ..., то в таком случае нет ограничений".
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="C2"),
              unit("in", A, "archers", at="C2"),
              terrain=[terrain(T.FOREST, "C2"), terrain(T.FOREST, "C1")])
    r = round_of(s)
    assert r.attack_value(r.units["arc"], MISSILE, r.units["d"]) == 2
    assert r.attack_value(r.units["in"], MISSILE, r.units["d"]) == 2


def test_forest_defenders_elves_get_plus_one_melee_and_missile():
    # seed 000_9b71fb8594a033d1.txt: "Все дружественные Эльфийские Отряды (то есть Эльфийские Отряды
    # со стороны Защищающего) получают бонус +1 к их показателям Ближнего Боя и Дистанционной Атаки,
    # если они находятся в секторе с Лесом."
    s = state(unit("de", D, "elven_cavalry", at="C2"), unit("ae", A, "elven_cavalry", at="C2"),
              terrain=[terrain(T.FOREST, "C2")])
    r = round_of(s)
    de, ae = r.units["de"], r.units["ae"]
    assert r.attack_value(de, MELEE, ae) == 3 and r.attack_value(de, MISSILE, ae) == 3
    assert r.attack_value(de, CHARGE, ae) == 3   # charge unchanged (3)
    assert r.attack_value(ae, MELEE, de) == 2 and r.attack_value(ae, MISSILE, de) == 2


# -- swamp ---------------------------------------------------------------------------------------

def test_swamp_every_unit_stops_on_entering():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды (кроме тех, у кого есть способность к свободному
    # перемещению по всем Типам Местности) должны совершить остановку когда они заходят в сектор с
    # Болотами".
    s = state(unit("i", A, card_movement=2, at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.SWAMP, "C2")])
    assert moved(s, "i", "C2", "C3").units["i"].position == "C2"
    s = state(unit("sc", A, "scouts", at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.SWAMP, "C2")])
    assert moved(s, "sc", "C2", "C3").units["sc"].position == "C3"


def test_swamp_no_charge():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды, находящиеся в секторе с Болотами не могут быть
    # атакованы Кавалерийской Атакой."
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.SWAMP, "C2")])
    assert "no_charge" in codes(charged(s, "k", "C2").events)


def test_swamp_mounted_units_lose_melee_and_defense():
    # seed 000_9b71fb8594a033d1.txt: "Все Ездовые Отряды получают штраф к их показателям Ближнего Боя
    # и Защиты, пока они находятся в секторе с данным Типом Местности." (size unstated: −1)
    s = state(unit("k", A, "knights", at="C2"), unit("d", D, at="C2"),
              terrain=[terrain(T.SWAMP, "C2")])
    r = round_of(s)
    k, d = r.units["k"], r.units["d"]
    assert r.attack_value(k, MELEE, d) == 2 and r.defense_value(k, d) == 2
    assert r.attack_value(d, MELEE, k) == 2 and r.defense_value(d, k) == 2


# -- hills ---------------------------------------------------------------------------------------

def test_hills_every_unit_stops_on_entering():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды ... должны совершить остановку когда они заходят в
    # сектор с Холмами".
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="A3"),
              terrain=[terrain(T.HILLS, "C2")])
    assert moved(s, "k", "C2", "C3").units["k"].position == "C2"


def test_hills_no_charge():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды, находящиеся в секторе с Холмами не могут быть
    # атакованы Кавалерийской Атакой."
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="C2"),
              terrain=[terrain(T.HILLS, "C2")])
    assert "no_charge" in codes(charged(s, "k", "C2").events)


def test_hills_first_occupier_gets_plus_one_defense_and_every_attack():
    # seed 000_9b71fb8594a033d1.txt: "Все Отряды, которые первыми заняли Холмы прежде Отрядов
    # Противника получают бонус +1 к своим показателям Защиты, а также всех видов Боя (Ближний Бой,
    # Кавалерийская Атака, Дальнобойная Атака)."
    s = state(unit("e", D, "elven_cavalry", at="C2"), unit("a", A, at="C2"),
              terrain=[terrain(T.HILLS, "C2")], held={"C2": D})
    r = round_of(s)
    e, a = r.units["e"], r.units["a"]
    assert [r.attack_value(e, k, a) for k in (MELEE, CHARGE, MISSILE)] == [3, 4, 3]
    assert r.defense_value(e, a) == 3
    assert r.attack_value(a, MELEE, e) == 2 and r.defense_value(a, e) == 2


def test_hills_dwarves_ignore_the_holders_bonuses_both_ways():
    # seed 000_9b71fb8594a033d1.txt: "при атаке Дворфийских Отрядов в секторе с Холмами не
    # учитываются бонусы к Боевым параметрам у Отрядов, которые занимают Холмы; а также при Атаке со
    # стороны Дворфов не учитываются бонусы к Защите у Отрядов, которые занимают Холмы."
    s = state(unit("h", D, at="C2"), unit("dw", A, "dwarven_guards", at="C2"),
              terrain=[terrain(T.HILLS, "C2")], held={"C2": D})
    r = round_of(s)
    h, dw = r.units["h"], r.units["dw"]
    assert r.attack_value(h, MELEE, dw) == 2
    assert r.defense_value(h, dw) == 2


def test_hills_held_by_dwarves_keep_their_bonus():
    s = state(unit("dw", D, "dwarven_guards", at="C2"), unit("a", A, at="C2"),
              terrain=[terrain(T.HILLS, "C2")], held={"C2": D})
    r = round_of(s)
    assert r.attack_value(r.units["dw"], MELEE, r.units["a"]) == 4
    assert Tag.DWARVEN in r.units["dw"].card.tags


def test_cliffs_without_a_named_direction_cut_the_way_toward_the_attacker():
    # seed 000_9b71fb8594a033d1.txt: "Защитнику также необходимо указать одно направление"; a
    # defender who names none by the deadline is given the way toward the attacker's line.
    from rules.cerilia.engine import deploy
    from rules.cerilia.state import Scenario, new_battle
    start = new_battle(Scenario(terrain=(terrain(T.CLIFFS, "B2"), terrain(T.RIVER, "D1"))), [])
    placed = {t.sector: t.toward for t in deploy(start, {}).terrain}
    assert placed == {"B2": "B1", "D1": "D2"}
