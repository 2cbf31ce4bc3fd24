"""The battlefield picture under module "magic dice" (seed 002_eb4cf75b750af884.txt;
reference/sector-modules.md "Models and command groups"): each unit card shows its models left,
the wounds its wounded model has left, its command group while it stands (a taken standard as
taken), and the caption the sides' victory points; a battle without the module is drawn as
before."""
from dataclasses import replace

import pytest
from cerilia_support import A, D, state, unit
from django.utils import translation

from battles.sector.pictures import sector_field
from rules.cerilia.modules import Modules
from rules.cerilia.side_views import full_view, side_view
from rules.sides import Side

ON = Modules(magic_dice=True)


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def guard(**changes):
    """Five models of 2 wounds, with champion, standard bearer and musician."""
    return unit("a", A, at="C1", name="Guard", card_hits=5, card_wounds=2,
                card_champion=True, card_standard=True, card_musician=True, **changes)


def picture(view):
    return sector_field([("now", view)], bottom="attacker")


def card(view, key="a"):
    return next(u for u in picture(view)["pictures"][0]["units"] if u["key"] == key)


def test_a_card_shows_its_models_the_wounded_models_wounds_and_its_command_group():
    # Reference: "units of models with wounds per model and a command group (champion,
    # standard bearer, musician)"; models and wounds are public (side_views, ruling).
    s = state(guard(hits=4, wounds_lost=1), unit("d", D, at="C3"), modules=ON)
    for view in (side_view(s, A), side_view(s, D), full_view(s)):
        shown = card(view)
        assert (shown["hits"], shown["most"], shown["wounds"]) == (4, 5, "♥1")
        assert (shown["group"], shown["marks"]) == ("⚔⚑♪", "")
        assert "4 of 5 models left" in shown["title"]
        assert "its wounded model has 1 of 2 wounds left" in shown["title"]
        assert "champion; standard bearer; musician" in shown["title"]
    assert picture(side_view(s, A))["models"]


def test_hits_take_the_rank_and_file_then_musician_standard_and_champion():
    # Reference, ruling: "Hits remove rank and file first, then the musician, standard bearer
    # and champion".
    s = state(guard(hits=2), modules=ON)
    assert card(side_view(s, A))["group"] == "⚔⚑"
    s = state(guard(hits=1), modules=ON)
    assert card(side_view(s, A))["group"] == "⚔"


def test_a_taken_standard_is_shown_taken():
    # Seed: «захваченные знамена возвращены быть не могут».
    s = state(guard(standard_taken=True), modules=ON)
    shown = card(side_view(s, D))
    assert shown["group"] == "⚔♪⚐"
    assert "its standard taken by the enemy" in shown["title"]


def test_the_caption_shows_the_victory_points():
    # Reference ruling: victory points are public.
    s = replace(state(guard(), unit("d", D, at="C3"), modules=ON),
                victory_points={Side.ATTACKER: 3})
    for view in (side_view(s, D), full_view(s)):
        assert "victory points: attacker 3, defender 0" in \
            picture(view)["pictures"][0]["caption"]


def test_without_the_module_a_card_is_drawn_as_before():
    s = state(guard(hits=4, wounds_lost=1))
    shown = card(side_view(s, A))
    assert shown["wounds"] == shown["group"] == shown["marks"] == ""
    assert "4 of 5 hits left" in shown["title"]
    assert not picture(side_view(s, A))["models"]
    assert picture(full_view(s))["pictures"][0]["caption"] == ""
