"""Every battle spell of seed 000_9b71fb8594a033d1.txt ("Карточки ... Заклинаний"): terrain spells
and their footnotes, fog, mass invisibility, the walls, illusory terrain, night and day, the Legion
of the Dead, bless and the priests' battle spells of classes D, R and F."""
import pytest
from cerilia_support import (
    A,
    D,
    T,
    cards,
    caster,
    codes,
    fortification,
    orders,
    round_of,
    spell,
    state,
    terrain,
    unit,
)

from rules.cerilia.combat import CHARGE, MELEE, MISSILE
from rules.cerilia.deck import Result
from rules.cerilia.field import RESERVE
from rules.cerilia.spells import PRIEST_RESULTS, Spell
from rules.cerilia.state import (
    Effect,
    EffectKind,
    Illusion,
    School,
    UnitStatus,
)

P = School.PRIEST


def cast(s, side, order, faces=(), who=None, initiative=A):
    """Cast `order` by the first caster of `side` in `s`."""
    c = who or next(c for c in s.casters if c.side is side)
    r = round_of(s, faces=faces, orders_={side: orders(spells={c.key: order})},
                 initiative=initiative)
    r.cast()
    return r


def wizard(side=A, at=None):
    return caster("wiz", side, School.WIZARD, at)


def priest(side=A, at=None):
    return caster("pri", side, P, at)


def fog(sector, rounds=2):
    return Effect(EffectKind.FOG, A, rounds, sector=sector)


# -- terrain spells ------------------------------------------------------------------------------

def test_transmute_rock_to_mud_removes_cliffs_without_harm():
    # seed 000_9b71fb8594a033d1.txt: "Обратить камень в грязь: Уничтожает Скалистую Местность
    # (Убирает Карточку Местности Скалы с сектора) без повреждения Отрядам, которые находятся в
    # секторе."
    s = state(unit("d", D, at="C2"), terrain=[terrain(T.CLIFFS, "C2", "C1")], held={"C2": D},
              casters=[wizard()])
    r = cast(s, A, spell(Spell.TRANSMUTE_ROCK_TO_MUD, sector="C2"))
    assert r.terrain == [] and r.held == {} and r.units["d"].hits == 2
    assert "terrain_removed" in codes(r.events)


def test_transmute_rock_to_mud_lowers_the_fortification_by_one_per_casting_never_below_1():
    # seed 000_9b71fb8594a033d1.txt: "Если использовать данное Заклинание на сектор с Укреплением, то
    # Уровень Крепости и ее бонус к Защите Отрядов понижаются на -1 за каждое новое колдовство данного
    # Заклинания. Этим способом нельзя снизить уровень Крепости, ниже чем 1."
    levels = []
    s = state(unit("d", D, at="C3"), terrain=[fortification("C3", 3)], casters=[wizard()])
    for _ in range(3):
        r = cast(s, A, spell(Spell.TRANSMUTE_ROCK_TO_MUD, sector="C3"))
        s = r.state()
        fort = r.fortification("C3")
        levels.append((fort.level, fort.bonus))
    assert levels == [(2, 0), (1, 0), (1, 0)]
    # "и ее бонус к Защите Отрядов": an infantry unit (defense 2) behind the level-1 walls now
    # keeps its own defense instead of defense + 1.
    assert r.defense_value(r.units["d"], None) == 2


def test_transmute_rock_to_mud_on_cliffs_and_a_fortification_does_both():
    # seed 000_9b71fb8594a033d1.txt: "Уничтожает Скалистую Местность (Убирает Карточку Местности
    # Скалы с сектора) без повреждения Отрядам, которые находятся в секторе. Если использовать
    # данное Заклинание на сектор с Укреплением, то Уровень Крепости и ее бонус к Защите Отрядов
    # понижаются на -1 за каждое новое колдовство данного Заклинания."
    s = state(unit("d", D, at="C3"), terrain=[terrain(T.CLIFFS, "C3", "C2"), fortification("C3", 3)],
              held={"C3": D}, casters=[wizard()])
    r = cast(s, A, spell(Spell.TRANSMUTE_ROCK_TO_MUD, sector="C3"))
    assert [(t.kind, t.level, t.bonus) for t in r.terrain] == [(T.FORTIFICATION, 2, 0)]
    assert r.held == {} and r.units["d"].hits == 2
    assert codes(r.events) == ["fortification_weakened", "terrain_removed"]


def test_transmute_water_to_dust_dries_a_river():
    # seed 000_9b71fb8594a033d1.txt: "Обратить воду в пыль: Осушает Реку или Болото (Убирает Карточки
    # Местности Река или Болото с сектора)".
    s = state(unit("d", D, at="C2"), terrain=[terrain(T.RIVER, "C2", "C3")], casters=[wizard()])
    assert cast(s, A, spell(Spell.TRANSMUTE_WATER_TO_DUST, sector="C2")).terrain == []


def test_transmute_water_to_dust_dries_a_swamp():
    # seed 000_9b71fb8594a033d1.txt: "Осушает Реку или Болото".
    s = state(unit("d", D, at="C2"), terrain=[terrain(T.SWAMP, "C2")], casters=[wizard()])
    assert cast(s, A, spell(Spell.TRANSMUTE_WATER_TO_DUST, sector="C2")).terrain == []


def test_level_ground_removes_hills():
    # seed 000_9b71fb8594a033d1.txt: "Сравнять землю: Уничтожает Холмы (Убирает Карточку Местности
    # Холмы с сектора) без повреждения Отрядам".
    s = state(unit("d", D, at="C2"), terrain=[terrain(T.HILLS, "C2")], held={"C2": D},
              casters=[wizard()])
    r = cast(s, A, spell(Spell.LEVEL_GROUND, sector="C2"))
    assert r.terrain == [] and r.held == {} and r.units["d"].hits == 2


def test_a_terrain_spell_leaves_other_terrain_alone():
    s = state(unit("d", D, at="C2"), terrain=[terrain(T.FOREST, "C2")], casters=[wizard()])
    r = cast(s, A, spell(Spell.LEVEL_GROUND, sector="C2"))
    assert [t.kind for t in r.terrain] == [T.FOREST] and "fizzles" in codes(r.events)


@pytest.mark.parametrize("which", [Spell.TRANSMUTE_ROCK_TO_MUD, Spell.TRANSMUTE_WATER_TO_DUST,
                                   Spell.LEVEL_GROUND])
def test_terrain_spells_cannot_undo_illusory_terrain(which):
    # seed 000_9b71fb8594a033d1.txt: "*Данными Заклинаниями невозможно отменить действие Заклинания
    # Иллюзорная Местность."
    illusion = Illusion("C2", T.HILLS, D)
    s = state(unit("d", D, at="C2"), illusions=[illusion], casters=[wizard()])
    r = cast(s, A, spell(which, sector="C2"))
    assert r.illusions == [illusion]


@pytest.mark.parametrize("which", [Spell.TRANSMUTE_ROCK_TO_MUD, Spell.TRANSMUTE_WATER_TO_DUST,
                                   Spell.LEVEL_GROUND])
def test_terrain_spells_on_a_bare_sector_raise_a_swamp(which):
    # seed 000_9b71fb8594a033d1.txt: "**Если какое-либо из данных изменяющих Местность Заклинаний
    # использовать на сектор, в котором нет Типа Местности, то в секторе появится Болото."
    s = state(unit("d", D, at="C2"), casters=[wizard()])
    r = cast(s, A, spell(which, sector="C2"))
    assert [(t.kind, t.sector, t.magical) for t in r.terrain] == [(T.SWAMP, "C2", True)]


# -- fog -----------------------------------------------------------------------------------------

def test_fog_lasts_1d3_rounds():
    # seed 000_9b71fb8594a033d1.txt (Туман): "Длительность: 1d3 Раунда."
    s = state(unit("d", D, at="C2"), casters=[wizard()])
    r = cast(s, A, spell(Spell.FOG, sector="C2"), faces=[3])
    assert r.dice.log[0].expression == "1d3"
    assert [(e.kind, e.sector, e.rounds_left) for e in r.effects] == [(EffectKind.FOG, "C2", 3)]
    for left in (2, 1):
        r.end_round()
        assert [e.rounds_left for e in r.effects] == [left]
    r.end_round()
    assert r.effects == []


def test_fog_no_missiles_into_it():
    # seed 000_9b71fb8594a033d1.txt: "то в него и из него нельзя направлять Дальнобойные Атаки".
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="C2"), unit("x", A, at="C2"),
              effects=[fog("C2")])
    r = round_of(s)
    assert not r.missile_target_ok(r.units["arc"], r.units["d"])


def test_fog_no_missiles_out_of_it():
    s = state(unit("arc", A, "archers", at="C2"), unit("d", D, at="C1"), effects=[fog("C2")])
    r = round_of(s)
    assert not r.missile_target_ok(r.units["arc"], r.units["d"])


def test_fog_missiles_inside_it_are_allowed():
    # seed 000_9b71fb8594a033d1.txt: "(но внутри самого сектора Дальнобойные Атаки разрешаются)".
    s = state(unit("arc", A, "archers", at="C2"), unit("d", D, at="C2"), effects=[fog("C2")])
    r = round_of(s)
    assert r.missile_target_ok(r.units["arc"], r.units["d"])


@pytest.mark.parametrize(("fogged", "start", "path"), [
    ("C2", "C1", ("C2",)),          # into
    ("C1", "C1", ("C2",)),          # from
    ("B2", "B1", ("B2", "C2")),     # through
])
def test_fog_no_charge_into_from_or_through_it(fogged, start, path):
    # seed 000_9b71fb8594a033d1.txt: "В Туманном секторе нельзя совершать Кавалерийскую Атаку, -
    # это касается всех способов Кавалерийских Атак (из сектора, в сектор, или через сектор, покрытый
    # Туманом)."
    s = state(unit("k", A, "knights", at=start), unit("d", D, at="C2"), effects=[fog(fogged)])
    r = round_of(s, orders_={A: orders(moves={"k": path})})
    r.move()
    r.charge()
    assert r.units["k"].position == "C2" and "no_charge" in codes(r.events)


def test_without_fog_the_same_charge_goes_in():
    s = state(unit("k", A, "knights", at="B1"), unit("d", D, at="C2"))
    r = round_of(s, orders_={A: orders(moves={"k": ("B2", "C2")})}, faces=cards(1))
    r.move()
    r.charge()
    assert "no_charge" not in codes(r.events) and len(r.dice.log) == 1


# -- mass invisibility ---------------------------------------------------------------------------

def test_mass_invisibility_hides_one_chosen_unit():
    # seed 000_9b71fb8594a033d1.txt: "Игрок может выбрать один Отряд, который будет спрятан в
    # секторе."
    s = state(unit("d", D, at="C3"), unit("a", A, at="C1"), casters=[wizard(D)])
    r = cast(s, D, spell(Spell.MASS_INVISIBILITY, unit="d"))
    assert r.units["d"].hidden and r.events[-1].visible_to == frozenset({D})


def test_an_invisible_unit_cannot_be_attacked_in_melee_or_by_missiles():
    # seed 000_9b71fb8594a033d1.txt: "Данный Отряд нельзя будет атаковать никаким способом Атаки."
    s = state(unit("a", A, at="C2"), unit("arc", A, "archers", at="C1"),
              unit("h", D, at="C2", hidden=True))
    r = round_of(s)
    r.shoot()
    r.melee()
    assert r.dice.log == [] and r.units["h"].hidden


def test_an_invisible_unit_cannot_be_charged():
    s = state(unit("k", A, "knights", at="C1"), unit("h", D, at="C2", hidden=True))
    r = round_of(s, orders_={A: orders(moves={"k": ("C2", "C3")})})
    r.move()
    r.charge()
    assert r.units["k"].position == "C3" and r.dice.log == []


def test_an_invisible_unit_is_revealed_when_it_attacks():
    # seed 000_9b71fb8594a033d1.txt: "Атака со стороны Невидимого Отряда приведет к его раскрытию."
    s = state(unit("a", A, at="C2"), unit("h", D, at="C2", hidden=True))
    r = round_of(s, faces=cards(1), orders_={D: orders(targets={"h": "a"})})
    r.melee()
    assert not r.units["h"].hidden and ("h", "a") == (r.events[-1].params["unit"],
                                                      r.events[-1].params["target"])


def test_an_invisible_unit_is_revealed_when_it_moves():
    # seed 000_9b71fb8594a033d1.txt: "Длительность: Пока Отряд не будет раскрыт или не совершит любое
    # Действие."
    s = state(unit("a", A, at="A1"), unit("h", D, at="C3", hidden=True))
    r = round_of(s, orders_={D: orders(moves={"h": ("C2",)})})
    r.move()
    assert not r.units["h"].hidden and r.units["h"].position == "C2"


def test_an_invisible_shooter_fires_only_when_ordered():
    # Firing is an attack and reveals it, so a hidden archer does not shoot on its own.
    s = state(unit("a", A, at="C1"), unit("h", D, "archers", at="C2", hidden=True))
    r = round_of(s)
    r.shoot()
    assert r.units["h"].hidden and r.dice.log == []
    r = round_of(s, faces=cards(1), orders_={D: orders(targets={"h": "a"})})
    r.shoot()
    assert not r.units["h"].hidden and len(r.dice.log) == 1


def test_a_routed_invisible_unit_does_not_attack_even_when_ordered():
    # reference §1.7: a routed unit "may not attack" the next round, hidden or not.
    s = state(unit("a", A, at="C2"), unit("h", D, at="C2", hidden=True,
                                           status=UnitStatus.ROUTED, routed_in=1))
    r = round_of(s, orders_={D: orders(targets={"h": "a"})})
    r.melee()
    assert r.units["h"].hidden and r.dice.log == []


def test_a_wall_of_fire_passes_over_an_invisible_unit():
    # "Данный Отряд нельзя будет атаковать никаким способом Атаки": the first enemy in cell order
    # the wall routs is the first one that can be attacked.
    s = state(unit("h", D, at="C2", hidden=True), unit("d", D, at="C2"), casters=[wizard()],
              cells_per_sector=2)
    r = cast(s, A, spell(Spell.WALL_OF_FIRE, sector="C2", toward="B2"), faces=[1])
    assert r.units["h"] == r.start.unit("h") and r.units["d"].status is UnitStatus.ROUTED


def test_only_scouts_find_an_invisible_unit():
    # seed 000_9b71fb8594a033d1.txt: "Только Отряд Разведчиков может обнаружить сокрытый Отряд."
    s = state(unit("i", A, at="C1"), unit("h", D, at="C2", hidden=True))
    r = round_of(s, orders_={A: orders(moves={"i": ("C2",)})})
    r.move()
    assert r.units["h"].hidden
    s = state(unit("sc", A, "scouts", at="C1"), unit("h", D, at="C2", hidden=True))
    r = round_of(s, orders_={A: orders(moves={"sc": ("C2",)})})
    r.move()
    assert not r.units["h"].hidden and "revealed" in codes(r.events)


def test_an_invisible_unit_blocks_a_retreat_and_destroys_the_retreater():
    # seed 000_9b71fb8594a033d1.txt: "Данный Отряд, сокрытый с помощью Заклинания, тем не менее,
    # выступает в роли блокирования сектора для Отступающих и Разгромленных Отрядов."
    s = state(unit("a", A, at="C2"), unit("h", D, at="C1", hidden=True))
    r = round_of(s)
    r.apply(r.units["a"], Result.ROUT)
    assert not r.units["a"].alive and not r.units["h"].hidden


# -- walls ---------------------------------------------------------------------------------------

WALL_SPELLS = [Spell.WALL_OF_STONE, Spell.FORCE_FIELD, Spell.WALL_OF_ICE, Spell.WALL_OF_IRON,
               Spell.WALL_OF_FIRE, Spell.WALL_OF_THORNS]


@pytest.mark.parametrize("which", WALL_SPELLS)
def test_a_wall_blocks_movement_between_its_sectors_for_1d3_rounds(which):
    # seed 000_9b71fb8594a033d1.txt: "Перемещения, а также Дальнобойные Атаки запрещены между
    # сектором, в котором использовано Заклинание Стены и сектором, в сторону которого направлена
    # Стена." "Длительность: 1d3 Раунда."
    s = state(unit("sc", D, "scouts", at="C2"), unit("a", A, at="A1"), casters=[wizard()])
    r = cast(s, A, spell(which, sector="C2", toward="C3"), faces=[2])
    assert r.effects[0].rounds_left == 2 and r.dice.log[0].expression == "1d3"
    assert r.step_blocked(r.units["sc"], "C2", "C3") == "wall"   # free movement: no help
    assert r.step_blocked(r.units["sc"], "C3", "C2") == "wall"
    assert r.step_blocked(r.units["sc"], "C2", "B2") is None


@pytest.mark.parametrize("which", WALL_SPELLS)
def test_a_wall_blocks_missiles_across_it(which):
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="C3"), casters=[wizard()])
    r = cast(s, A, spell(which, sector="C2", toward="C3"), faces=[2])
    assert not r.missile_target_ok(r.units["arc"], r.units["d"])
    s = state(unit("arc", A, "archers", at="C1"), unit("d", D, at="C2"), casters=[wizard()])
    r = cast(s, A, spell(which, sector="C3", toward="C2"), faces=[2])
    assert r.missile_target_ok(r.units["arc"], r.units["d"])   # C1→C2 does not cross it


@pytest.mark.parametrize("which", [Spell.WALL_OF_FIRE, Spell.WALL_OF_THORNS])
def test_fire_and_thorns_rout_the_first_enemy_unit_in_cell_order(which):
    # seed 000_9b71fb8594a033d1.txt: "первый стоящий в порядке ячеек сектора Отряд Противника
    # автоматически получает результат R (Разгром), когда Маг вызывает Стену Огня или Стену Шипов в
    # секторе."
    s = state(unit("d0", D, at="C2"), unit("d1", D, at="C2"), unit("a", A, at="C2"),
              casters=[wizard()], cells_per_sector=2)
    r = cast(s, A, spell(which, sector="C2", toward="B2"), faces=[1])
    d0, d1 = r.units["d0"], r.units["d1"]
    assert (d0.position, d0.hits, d0.status) == ("C3", 1, UnitStatus.ROUTED)
    assert d1 == r.start.unit("d1") and r.units["a"] == r.start.unit("a")


def test_other_walls_rout_no_one():
    s = state(unit("d0", D, at="C2"), casters=[wizard()])
    r = cast(s, A, spell(Spell.WALL_OF_STONE, sector="C2", toward="B2"), faces=[1])
    assert r.units["d0"] == r.start.unit("d0")


# -- illusory terrain ----------------------------------------------------------------------------

def test_illusory_terrain_is_only_seen_the_server_fights_on_the_truth():
    # seed 000_9b71fb8594a033d1.txt: "Сектор, на который наложено данное Заклинание приобретает форму
    # любого из выбранного Магом Типом Местности."
    s = state(unit("k", A, "knights", at="C1"), unit("d", D, at="A3"), casters=[wizard(D)])
    r = cast(s, D, spell(Spell.ILLUSORY_TERRAIN, sector="C2", terrain=T.FOREST))
    assert r.illusions == [Illusion("C2", T.FOREST, D)] and r.terrain == []
    assert r.events[-1].visible_to == frozenset({D})
    r = round_of(r.state(), orders_={A: orders(moves={"k": ("C2", "C3")})})
    r.move()
    assert r.units["k"].position == "C3"   # an illusory forest stops no horse


def test_illusory_terrain_fails_on_real_terrain():
    # seed 000_9b71fb8594a033d1.txt: "Заклинание не подействует на Сектора, в которых уже имеется
    # установленная не магическим способом Карточка Местности."
    s = state(unit("d", D, at="A3"), terrain=[terrain(T.HILLS, "C2")], casters=[wizard(D)])
    r = cast(s, D, spell(Spell.ILLUSORY_TERRAIN, sector="C2", terrain=T.FOREST))
    assert r.illusions == [] and "fizzles" in codes(r.events)


def test_illusory_terrain_may_cover_a_magical_swamp():
    s = state(unit("d", D, at="A3"), terrain=[terrain(T.SWAMP, "C2", magical=True)],
              casters=[wizard(D)])
    r = cast(s, D, spell(Spell.ILLUSORY_TERRAIN, sector="C2", terrain=T.HILLS))
    assert r.illusions == [Illusion("C2", T.HILLS, D)]


def test_recasting_illusory_terrain_changes_it():
    # seed 000_9b71fb8594a033d1.txt: "если Местность в секторе вызвана данным Заклинанием, то
    # повторное наложение Заклинания позволит Магу изменить Иллюзорную Местность."
    s = state(unit("d", D, at="A3"), illusions=[Illusion("C2", T.FOREST, D)], casters=[wizard(D)])
    r = cast(s, D, spell(Spell.ILLUSORY_TERRAIN, sector="C2", terrain=T.SWAMP))
    assert r.illusions == [Illusion("C2", T.SWAMP, D)]


# -- night and day -------------------------------------------------------------------------------

def test_night_falls_and_helps_some_units():
    # seed 000_9b71fb8594a033d1.txt: "Ночь: Окутывает Поле Битвы ночной тьмой (может влиять на
    # показатели некоторых Отрядов). По умолчанию, все Битвы происходят Днем."
    s = state(unit("l", A, "legion_of_the_dead", at="C2"), unit("d", D, at="C2"),
              casters=[wizard()])
    assert not s.night
    r = round_of(s)
    assert r.attack_value(r.units["l"], MELEE, r.units["d"]) == 2
    r = cast(s, A, spell(Spell.NIGHT))
    assert r.night and r.attack_value(r.units["l"], MELEE, r.units["d"]) == 3
    assert r.attack_value(r.units["d"], MELEE, r.units["l"]) == 2


def test_day_brings_back_the_day():
    # seed 000_9b71fb8594a033d1.txt: "День: Если Поле Битвы покрыто мраком Ночи, то данное Заклинание
    # может вернуть День обратно".
    s = state(unit("d", D, at="C2"), casters=[wizard()], night=True)
    assert not cast(s, A, spell(Spell.DAY)).night


# -- the Legion of the Dead ----------------------------------------------------------------------

def test_summon_the_legion_into_the_casters_sector_or_next_to_it():
    # seed 000_9b71fb8594a033d1.txt: "Призывает 1 Отряд Легиона Мертвых в сектор, в котором находится
    # Заклинатель, или в соседний сектор."
    s = state(unit("g", A, at="C1"), unit("d", D, at="A3"), casters=[wizard(A, "g")])
    r = cast(s, A, spell(Spell.SUMMON_LEGION, sector="C2"))
    legion = [u for u in r.units.values() if u.summoned]
    assert [(u.card.code, u.position, u.cell, u.side) for u in legion] == [
        ("legion_of_the_dead", "C2", 0, A)]
    r = cast(s, A, spell(Spell.SUMMON_LEGION, sector="C3"))
    assert not any(u.summoned for u in r.units.values()) and "fizzles" in codes(r.events)


def test_summon_needs_a_free_cell_in_the_friendly_front_line():
    # seed 000_9b71fb8594a033d1.txt: "Для Призыва, в Секторе должна быть 1 свободная ячейка в
    # дружественной линии фронта."
    s = state(unit("g", A, at="C1"), unit("d", D, at="C2"), casters=[wizard(A, "g")])
    r = cast(s, A, spell(Spell.SUMMON_LEGION, sector="C1"))
    assert not any(u.summoned for u in r.units.values())
    r = cast(s, A, spell(Spell.SUMMON_LEGION, sector="C2"))   # the enemy's cells are not ours
    assert any(u.summoned and u.position == "C2" for u in r.units.values())


# -- bless ---------------------------------------------------------------------------------------

def test_bless_gives_plus_one_to_every_attack_for_1d3_rounds():
    # seed 000_9b71fb8594a033d1.txt: "Благословенный Отряд получает бонус +1 ко всем Параметрам Атаки
    # (Ближний Бой, Кавалерийская Атака, Дистанционные Атаки)." "Длительность: 1d3 Раунда."
    s = state(unit("e", A, "elven_cavalry", at="C2"), unit("d", D, at="C2"),
              casters=[priest(A, "e")])
    r = cast(s, A, spell(Spell.BLESS, unit="e"), faces=[1])
    e, d = r.units["e"], r.units["d"]
    assert [r.attack_value(e, k, d) for k in (MELEE, CHARGE, MISSILE)] == [3, 4, 3]
    assert r.defense_value(e, d) == 2
    assert r.dice.log[0].expression == "1d3"
    r.end_round()
    assert r.effects == []


def test_bless_adds_the_chosen_morale_sign():
    # seed 000_9b71fb8594a033d1.txt: "Мораль данного Отряда увеличивается на 1 Знак, если у Отряда
    # меньше трех Знаков Морали. Игрок может выбрать любой Знак Морали помимо тех одного или двух
    # Знаков, которые уже присутствуют в этом Отряде."
    s = state(unit("a", A, at="C2", card_morale=("sun",)), unit("d", D, at="C2"),
              casters=[priest(A, "a")])
    r = cast(s, A, spell(Spell.BLESS, unit="a", sign="star"), faces=[2])
    assert r.effects[0].sign == "star"
    r.dice.__init__(3)          # the star is drawn: held thanks to the blessing
    r.hit.add("a")
    r.morale()
    assert "morale_holds" in codes(r.events)


def test_bless_adds_no_sign_to_a_unit_with_three():
    s = state(unit("a", A, "elite_infantry", at="C2"), casters=[priest(A, "a")])
    r = cast(s, A, spell(Spell.BLESS, unit="a", sign="star"), faces=[2])
    assert r.effects[0].sign is None


def test_bless_only_a_friendly_unit_in_the_priests_sector():
    # seed 000_9b71fb8594a033d1.txt: "Жрец может Благословить один дружеский Отряд на одно Заклинание
    # Благословения в своем секторе."
    s = state(unit("a", A, at="C2"), unit("b", A, at="C1"), casters=[priest(A, "a")])
    r = cast(s, A, spell(Spell.BLESS, unit="b"))
    assert r.effects == [] and "fizzles" in codes(r.events)


# -- priests' battle spells ----------------------------------------------------------------------

@pytest.mark.parametrize(("which", "outcome"), sorted(PRIEST_RESULTS.items()))
def test_priest_battle_spells_by_class(which, outcome):
    # seed 000_9b71fb8594a033d1.txt: "Боевые Жреческие Заклинания Класса D (вызывающие эффект
    # Уничтожения)", "Класса R (вызывающие эффект Разгрома)", "Класса F (вызывающие эффект
    # Отступления)".
    code = "legion_of_the_dead" if which is Spell.TURN_UNDEAD else "infantry"
    s = state(unit("p", A, at="C1"), unit("t", D, code, at="C2"), casters=[priest(A, "p")])
    r = cast(s, A, spell(which, unit="t"))
    t = r.units["t"]
    expected = {Result.DESTROYED: (RESERVE, False, 0), Result.ROUT: ("C3", True, 1),
                Result.FALL_BACK: ("C3", True, 2)}[outcome]
    assert (t.alive, t.hits) == expected[1:] and (not t.alive or t.position == expected[0])


def test_class_d_is_only_fire_storm_and_f_has_six():
    classes = {}
    for s, r in PRIEST_RESULTS.items():
        classes.setdefault(r, set()).add(s)
    assert classes[Result.DESTROYED] == {Spell.FIRE_STORM}
    assert len(classes[Result.ROUT]) == 7 and len(classes[Result.FALL_BACK]) == 6


def test_turn_undead_works_only_against_the_legion_of_the_dead():
    # seed 000_9b71fb8594a033d1.txt: "Прогнать Нежить - действует только против Легиона Мертвых."
    s = state(unit("p", A, at="C1"), unit("t", D, at="C2"), casters=[priest(A, "p")])
    r = cast(s, A, spell(Spell.TURN_UNDEAD, unit="t"))
    assert r.units["t"] == r.start.unit("t") and "fizzles" in codes(r.events)


def test_a_battle_spell_needs_a_target_in_reach():
    s = state(unit("p", A, at="A1"), unit("t", D, at="E3"), casters=[priest(A, "p")])
    r = cast(s, A, spell(Spell.FIRE_STORM, unit="t"))
    assert r.units["t"].alive


# -- one spell per caster ------------------------------------------------------------------------

def test_one_spell_per_caster_per_round():
    # reference §1.8: "Limit [P]: one spell per caster per round." Orders name each caster once.
    s = state(unit("d", D, at="C2"), casters=[wizard()])
    r = round_of(s, orders_={A: orders(spells={"wiz": spell(Spell.NIGHT)}),
                             D: orders(spells={"wiz": spell(Spell.DAY)})})
    r.cast()
    assert r.night and codes(r.events) == ["night"]


def test_spells_are_cast_in_initiative_order():
    s = state(unit("d", D, at="C2"), casters=[wizard(), caster("dw", D)])
    o = {A: orders(spells={"wiz": spell(Spell.NIGHT)}), D: orders(spells={"dw": spell(Spell.DAY)})}
    r = round_of(s, orders_=o, initiative=D)
    r.cast()
    assert r.night
    r = round_of(s, orders_=o, initiative=A)
    r.cast()
    assert not r.night


def test_each_spell_names_its_aims():
    # 000_9b71fb8594a033d1.txt: «Колдующий Игрок должен также назвать направление, в котором
    # он хочет направить одно из доступных ему заклинаний Стен»; «Сектор ... приобретает форму
    # любого из выбранного Магом Типом Местности»; «Жрец может Благословить один дружеский
    # Отряд ... Игрок может выбрать любой Знак Морали». The orders form asks these (spell_aims).
    from rules.cerilia.spells import spell_aims
    assert spell_aims(Spell.WALL_OF_FIRE) == ("sector", "toward")
    assert spell_aims(Spell.ILLUSORY_TERRAIN) == ("sector", "toward", "terrain")
    assert spell_aims(Spell.BLESS) == ("unit", "sign")
    assert spell_aims(Spell.FIRE_STORM) == spell_aims(Spell.HEAL) == ("unit",)
    assert spell_aims(Spell.FOG) == ("sector",) and spell_aims(Spell.NIGHT) == ()
