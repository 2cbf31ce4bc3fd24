"""Properties of module "magic dice"'s units of models (seed 002_eb4cf75b750af884.txt: «не может
поднять значение ран выше его стартового показателя»; «Это не может поднять число моделей в
подразделении выше изначального значения»): in random battles with the module on, cards with
wounds and command groups, and priests healing and raising every round, no unit ever has more
models than it started with or more wounds than its start, battles end, and the same seeds
replay the same battle."""
from dataclasses import replace

from hypothesis import event, given, settings
from hypothesis import strategies as st
from test_engine_sector_properties import SETTINGS, battles, random_orders
from test_engine_sector_properties import play as engine_play

from rules.cerilia import ranks
from rules.cerilia.field import SECTORS
from rules.cerilia.modules import Modules
from rules.cerilia.orders import SpellOrder
from rules.cerilia.spells import Spell
from rules.cerilia.state import School, state_data
from rules.cerilia.visibility import in_reach

ON = Modules(magic_dice=True)


@st.composite
def model_battles(draw):
    state, seed = draw(battles())
    units = []
    for u in state.units:
        group = draw(st.lists(st.sampled_from(["champion", "standard", "musician"]),
                              unique=True, max_size=u.card.hits))
        card = replace(u.card, wounds=draw(st.integers(1, 3)), **dict.fromkeys(group, True))
        units.append(replace(u, card=card))
    return replace(state, units=tuple(units),
                   scenario=replace(state.scenario, modules=ON)), seed


def healing_orders(state, side, rng):
    """The random orders, with the side's priests mostly healing or raising its units and its
    wizards often summoning the Legion of the Dead within their reach, on 1 to 5 power dice
    (the Legion's casting value is 10, raising's 8: on the one die an order without dice gets,
    neither would ever be cast)."""
    given = random_orders(state, side, rng)
    own = [u for u in state.units if u.side is side and u.alive]
    spells = dict(given.spells)
    for c in state.casters:
        if c.side is side and c.school is School.PRIEST and own and rng.random() < 0.7:
            spells[c.key] = SpellOrder(rng.choice([Spell.HEAL, Spell.RAISE_THE_FALLEN]),
                                       unit=rng.choice(own).key)
        reach = [s for s in SECTORS if in_reach(state, c, s)]
        if c.side is side and c.school is School.WIZARD and reach and rng.random() < 0.5:
            spells[c.key] = SpellOrder(Spell.SUMMON_LEGION, sector=rng.choice(reach))
    return replace(given, spells={k: replace(o, dice=rng.randint(1, 5))
                                  for k, o in spells.items()})


def play(state, seed):
    return engine_play(state, seed, healing_orders)


@SETTINGS
@given(model_battles())
def test_models_and_wounds_never_exceed_the_start_and_battles_end(battle):
    state, seed = battle
    start = {u.key: ranks.wounds_left(u) for u in state.units}
    final, history = play(state, seed)
    assert final.finished and 1 <= len(history) <= state.scenario.max_rounds
    for out in history:
        for u in out.state.units:
            if u.key not in start:
                # Only a summons brings a unit in during the battle, whole: its card's models,
                # each with all its wounds (summons.summon; seed 002, «Призванные
                # подразделения»), which no heal or raise may pass afterwards.
                assert u.summoned
                start[u.key] = ranks.starting_models(u) * u.card.wounds
                event("a unit summoned")
            assert 0 <= u.hits <= ranks.starting_models(u)
            assert 0 <= u.wounds_lost < u.card.wounds
            assert ranks.wounds_left(u) <= start[u.key]
            assert len(ranks.models_left(u)) == u.hits
            if u.standard_taken:
                assert ranks.Model.STANDARD not in ranks.models_left(u)


@settings(SETTINGS, max_examples=20)
@given(model_battles())
def test_the_same_seeds_replay_the_same_battle_with_the_module(battle):
    state, seed = battle
    first, one = play(state, seed)
    second, two = play(state, seed)
    assert state_data(first) == state_data(second)
    assert [o.events for o in one] == [o.events for o in two]
    assert [o.rolls for o in one] == [o.rolls for o in two]
