"""The battlefield picture's markers and "[]" marks (seed 001_5d751c33a121b07e.txt: "На верхней
стороне – пометка игрока, что это за батальон, а на нижней - истинный это маркер или ложный";
seed 000_9b71fb8594a033d1.txt: "На карте он будет отмечен статусом []"): the owner sees which of
its markers is true, the enemy only markers with the public name, and the enemy's picture is the
same whichever marker is true."""
from dataclasses import replace

import pytest
from ambush_support import A, D, T, battle, hiding, supply, terrain, trap_laid, unit
from django.utils import translation

from battles.sector.pictures import sector_field
from rules.cerilia.side_views import full_view, side_view


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def world(true=0, real=0):
    s = battle(unit("w", D, at="B2"), unit("a", A, at="C1"),
               terrain_=[terrain(T.FOREST, "B2")], traps=[supply()])
    s = hiding(s, "w", "B2", name="Wolves", markers=("B2", "B2", "C2"), true=true)
    return trap_laid(s, D, sectors=("C2", "D2", "E2"), real=real, name="Pit")


def tokens(view):
    return sector_field([("now", view)], bottom="attacker")["pictures"][0]["markers"]


def test_the_owner_sees_its_true_marker_and_its_real_trap():
    # Seed 001: "на нижней - истинный это маркер или ложный" — the owner's own side of it.
    own = tokens(side_view(world(true=2, real=1), D))
    assert len(own) == 6
    true = [t for t in own if t["true"]]
    assert {(t["kind"], t["sector"]) for t in true} == {("ambush", "C2"), ("trap", "D2")}
    assert all(t["known"] for t in own)


def test_the_enemy_sees_markers_with_the_public_name_only():
    # Seed 001: "На верхней стороне – пометка игрока, что это за батальон".
    seen = tokens(side_view(world(), A))
    assert len(seen) == 6
    assert {t["name"] for t in seen} == {"Wolves", "Pit"}
    assert not any(t["true"] or t["known"] for t in seen)
    assert all("true" not in t["title"] and "decoy" not in t["title"] for t in seen)


@pytest.mark.parametrize(("true", "real"), [(1, 0), (2, 2), (0, 1)])
def test_the_enemys_picture_is_the_same_whichever_marker_is_true(true, real):
    # Two worlds that differ only in what the attacker cannot see.
    assert sector_field([("now", side_view(world(true, real), A))], bottom="attacker") == \
        sector_field([("now", side_view(world(), A))], bottom="attacker")


def test_the_gm_sees_every_markers_truth():
    shown = tokens(full_view(world(true=1)))
    assert sum(t["true"] for t in shown) == 2 and all(t["known"] for t in shown)


def test_an_invisible_enemy_is_a_mark_in_its_sector_not_a_card():
    # Seed 000: "На карте он будет отмечен статусом []".
    s = battle(unit("h", D, at="C2"), unit("a", A, at="C1"))
    s = replace(s, units=tuple(replace(u, hidden=True) if u.key == "h" else u for u in s.units))
    field = sector_field([("now", side_view(s, A))], bottom="attacker")["pictures"][0]
    assert not [c for c in field["units"] if c["key"] == "h"]
    assert {x["name"]: x["hiding"] for x in field["sectors"]}["C2"] == 1
