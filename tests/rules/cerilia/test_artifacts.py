"""Module "artifacts": the use order and what the rules refuse in it, by field; what a side sees
of artifacts; the price under module "command"; random battles with artifacts.

Seed 001_5d751c33a121b07e.txt, "Артефакт":
  «Персонажи и герои могут иметь при себе магический артефакт, применение которого окажет
   некоторый эффект на ход битвы. Перечень доступных артефактов приведен в книге армии.»
Reference (reference/sector-modules.md, module "artifacts"): "An artifact is carried by a
character and used by an order, once per battle unless its card says otherwise."
"""
import json
from dataclasses import replace

from cerilia_support import A, D, state, unit
from hypothesis import given
from hypothesis import strategies as st
from test_engine_sector_properties import SETTINGS, battles, play, random_orders

from rules.cerilia.artifact_cards import EXAMPLES, Artifact, ArtifactEffect
from rules.cerilia.cards import SIGNS
from rules.cerilia.concealment import Ambush, Concealment, Marker
from rules.cerilia.engine import resolve_round
from rules.cerilia.field import SECTORS
from rules.cerilia.modules import Modules, Role
from rules.cerilia.orders import ArtifactUse, RoundOrders, order_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.state import Caster, Effect, EffectKind, School, state_data, state_from_data
from rules.data import to_data
from rules.sides import Side

SEED_FILE = "001_5d751c33a121b07e.txt"
ON = Modules(artifacts=True)
HORN = Artifact("horn", "War horn", ArtifactEffect.ATTACK_BONUS)
BANNER = Artifact("banner", "Banner of valour", ArtifactEffect.MORALE_SIGN)
DICE = Artifact("dice", "Dice of fortune", ArtifactEffect.REDRAW)
EYE = Artifact("eye", "Eye of the hawk", ArtifactEffect.REVEAL)
DRAUGHT = Artifact("draught", "Healing draught", ArtifactEffect.RECOVER, uses=2)
STAFF = Artifact("staff", "Staff of fog", ArtifactEffect.BOUND_SPELL, spell="fog", power="3/6")
WALLS = Artifact("walls", "Rod of walls", ArtifactEffect.BOUND_SPELL, spell="wall_of_stone")
CENSER = Artifact("censer", "Censer", ArtifactEffect.BOUND_SPELL, spell="bless")
ALL = (HORN, BANNER, DICE, EYE, DRAUGHT, STAFF, WALLS, CENSER)


def bearer(key="b", side=A, at="a", carries=("horn",), **changes):
    """A hero (no spells of its own) standing with unit `at` (None: the reserve)."""
    return Caster(key, side, f"Hero {key}", None, at, roles=frozenset({Role.HERO}),
                  carries=tuple(carries), **changes)


def battle(*units, casters=None, artifacts=ALL, modules=ON, effects=()):
    units = units or (unit("a", A, at="B2"), unit("d", D, at="B3"))
    s = state(*units, casters=casters if casters is not None else [bearer()],
              modules=modules, effects=effects)
    return replace(s, artifacts=tuple(artifacts))


def refused(s, uses, side=A):
    found = order_violations(s, side, RoundOrders(artifacts=uses))
    return [(v.code, v.field) for v in found]


def test_a_hero_uses_an_artifact_it_carries():
    # Seed: «Персонажи и герои могут иметь при себе магический артефакт».
    assert refused(battle(), {"b": ArtifactUse("horn")}) == []


def test_without_the_module_no_artifact_is_used():
    # Reference: "Each module is a scenario switch ... A battle with every module off plays
    # exactly as today."
    s = battle(modules=Modules())
    assert refused(s, {"b": ArtifactUse("horn")}) == [("no_artifacts_module", "artifacts.b")]


def test_only_an_own_living_character_carrying_it_with_uses_left():
    # Reference: "carried by a character ... once per battle unless its card says otherwise";
    # "A killed character casts, commands and carries nothing more".
    enemy = bearer("e", D, at="d")
    s = battle(casters=[bearer(), enemy, bearer("k", at="a", killed=True),
                        bearer("s", at="a", carries=("spent",))],
               artifacts=(*ALL, replace(HORN, key="spent", uses=0)))
    assert refused(s, {"e": ArtifactUse("horn")}) == [("character_unknown", "artifacts.e")]
    assert refused(s, {"k": ArtifactUse("horn")}) == [("character_killed", "artifacts.k")]
    assert refused(s, {"b": ArtifactUse("eye")}) == [("artifact_not_carried", "artifacts.b")]
    assert refused(s, {"s": ArtifactUse("spent")}) == [("artifact_spent", "artifacts.s")]


def test_an_artifact_that_aims_at_nothing_takes_no_target():
    # Reference, ruling: the effects on the bearer's unit or sector are aimed by where the
    # bearer stands, so an aim given is refused by its field.
    assert refused(battle(), {"b": ArtifactUse("horn", target="B3")}) == [
        ("artifact_takes_no_aim", "artifacts.b.target")]


def test_the_unit_effects_need_a_unit_and_reveal_a_sector():
    # Reference: "+1 to the attacks of the bearer's unit", "redraw one battle card of an attack
    # by or against the bearer's unit", "reveal the ambush markers and traps of the bearer's
    # sector"; ruling: a bearer in the reserve has none.
    s = battle(casters=[bearer(at=None, carries=("horn", "banner", "dice", "eye"))])
    for key in ("horn", "banner", "dice"):
        assert refused(s, {"b": ArtifactUse(key)}) == [("artifact_needs_unit", "artifacts.b")]
    assert refused(s, {"b": ArtifactUse("eye")}) == [("artifact_needs_sector", "artifacts.b")]


def test_a_banner_names_a_sign_the_unit_can_still_bear():
    # Reference: "one more morale sign for the round"; ruling: the order may name one of SIGNS.
    s = battle(casters=[bearer(carries=("banner",))])
    assert refused(s, {"b": ArtifactUse("banner", sign="moon")}) == []
    assert refused(s, {"b": ArtifactUse("banner", sign="comet")}) == [
        ("sign_unknown", "artifacts.b.sign")]
    full = battle(unit("a", A, at="B2", card_morale=set(SIGNS)), unit("d", D, at="B3"),
                  casters=[bearer(carries=("banner",))])
    assert refused(full, {"b": ArtifactUse("banner")}) == [("signs_full", "artifacts.b")]


def test_a_blessing_in_force_counts_among_the_signs():
    # Reference, ruling: the sign it adds is one the unit lacks, its blessings' signs included.
    s = battle(unit("a", A, at="B2", card_morale={"sun", "moon"}), unit("d", D, at="B3"),
               casters=[bearer(carries=("banner",))],
               effects=[Effect(EffectKind.BLESS, A, 2, unit="a", sign="star")])
    assert refused(s, {"b": ArtifactUse("banner")}) == [("signs_full", "artifacts.b")]


def test_recovery_needs_a_wound_to_recover():
    # Reference: "recover 1 wound of the bearer's unit or the bearer".
    s = battle(casters=[bearer(carries=("draught",))])
    assert refused(s, {"b": ArtifactUse("draught")}) == [("nothing_to_recover", "artifacts.b")]
    hurt = battle(unit("a", A, at="B2", hits=1), unit("d", D, at="B3"),
                  casters=[bearer(carries=("draught",))])
    assert refused(hurt, {"b": ArtifactUse("draught")}) == []
    wounded = battle(casters=[bearer(carries=("draught",), wounds=2)])
    assert refused(wounded, {"b": ArtifactUse("draught")}) == []


def test_a_bound_spell_is_aimed_as_its_spell_is_by_the_use_s_target():
    # Reference: a bound spell, "without that module (magic dice), cast as the spell": its aim
    # is checked as the spell's, whatever the bearer knows (a hero without spells here).
    s = battle(casters=[bearer(carries=("staff", "walls", "censer"))])
    assert refused(s, {"b": ArtifactUse("staff", target="C2")}) == []
    assert refused(s, {"b": ArtifactUse("staff")}) == [("sector_required", "artifacts.b.target")]
    assert refused(s, {"b": ArtifactUse("walls", target="C2", toward="E5")}) == [
        ("direction_neighbour", "artifacts.b.toward")]
    assert refused(s, {"b": ArtifactUse("censer", target="d")}) == [
        ("unit_unknown", "artifacts.b.target")]
    assert refused(s, {"b": ArtifactUse("censer", target="a", sign="moon")}) == []


def test_an_army_book_card_without_a_known_spell_is_refused():
    s = battle(casters=[bearer(carries=("odd",))],
               artifacts=(Artifact("odd", "Odd rod", ArtifactEffect.BOUND_SPELL, spell="nope"),))
    assert refused(s, {"b": ArtifactUse("odd", target="C2")}) == [
        ("artifact_spell_unknown", "artifacts.b")]


def test_one_unit_takes_one_horn_and_one_redraw_a_round():
    # Ruling (one artifact per character per round is the order's shape): a second +1 on one
    # unit would not stack, so it is refused; likewise a second redraw.
    s = battle(casters=[bearer("b", carries=("horn",)), bearer("c", carries=("horn2",))],
               artifacts=(HORN, replace(HORN, key="horn2")))
    assert refused(s, {"b": ArtifactUse("horn"), "c": ArtifactUse("horn2")}) == [
        ("artifact_effect_twice", "artifacts.c")]


def test_one_artifact_is_used_once_a_round_even_if_two_carry_it():
    # Reference: "once per battle unless its card says otherwise".
    s = battle(casters=[bearer("b", carries=("draught",)), bearer("c", carries=("draught",))],
               artifacts=(replace(DRAUGHT, uses=2),))
    hurt = replace(s, units=tuple(replace(u, hits=1) for u in s.units))
    assert refused(hurt, {"b": ArtifactUse("draught"), "c": ArtifactUse("draught")}) == [
        ("artifact_used_twice", "artifacts.c")]


def test_using_an_artifact_costs_no_command_points():
    # Ruling (module "command"): the seed prices the battalions' orders («без затраты КН
    # капитана (генерала) или ЗС героя»); a character's use of an artifact is no such order.
    general = Caster("g", A, "General", None, None, roles=frozenset({Role.GENERAL}), command=0)
    s = battle(casters=[bearer(), general], modules=Modules(command=True, artifacts=True))
    o = RoundOrders(artifacts={"b": ArtifactUse("horn")})
    assert order_violations(s, A, o) == []
    out = resolve_round(s, {A: o}, seed=3)
    spent = [e for e in out.events if e.code == "points_spent" and e.params["side"] == "attacker"]
    assert spent[0].params["command"] == 0 and spent[0].params["will"] == 0
    assert {a.key: a.uses for a in out.state.artifacts}["horn"] == 0


def test_a_side_sees_its_own_artifacts_and_uses_never_the_enemy_s():
    # Reference, "What each side may see": "Its own units, characters ... never the enemy's
    # unplayed orders"; what an enemy carries and how often it may still use it is its own.
    s = battle(casters=[bearer(carries=("horn", "draught")), bearer("e", D, at="d",
                                                                    carries=("eye",))])
    own = side_view(s, A)
    assert {a["key"]: (a["name"], a["effect"], a["uses"], a["carried_by"])
            for a in own["artifacts"]} == {"horn": ("War horn", "attack_bonus", 1, "b"),
                                           "draught": ("Healing draught", "recover", 2, "b")}
    enemy = side_view(s, D)
    assert [a["key"] for a in enemy["artifacts"]] == ["eye"]
    assert "War horn" not in json.dumps(enemy) and "horn" not in json.dumps(enemy)


def test_without_the_module_the_view_is_as_before():
    s = battle(modules=Modules())
    assert "artifacts" not in side_view(s, A)


def test_a_use_survives_storing_the_orders_and_the_battle():
    s = battle(casters=[bearer(carries=("staff",))])
    assert state_from_data(json.loads(json.dumps(state_data(s)))) == s
    assert to_data(ArtifactUse("horn")) == {"artifact": "horn"}
    assert to_data(ArtifactUse("staff", target="C2")) == {"artifact": "staff", "target": "C2"}


# -- random battles with artifacts -----------------------------------------------------------


def _with_artifacts(start, draw):
    """The battle with the module on, a hero per side carrying two of the army book's examples
    (with keys and names no other text holds), and a trap of each side's markers on the field."""
    characters, artifacts, traps = list(start.casters), [], []
    for side in Side:
        own = [u.key for u in start.side_units(side)]
        cards = draw(st.lists(st.sampled_from(EXAMPLES), min_size=1, max_size=2))
        carried = []
        for i, c in enumerate(cards):
            key = f"Art{side.value[0]}{i}z"
            artifacts.append(Artifact(key, f"ArtName{key}", c.effect, c.uses, c.spell, c.power))
            carried.append(key)
        characters.append(Caster(f"H{side.value[0]}z", side, f"Hero{side.value[0]}z",
                                 draw(st.sampled_from(list(School))),
                                 draw(st.sampled_from([None, *own])),
                                 roles=frozenset({Role.HERO}), carries=tuple(carried),
                                 wounds=draw(st.integers(1, 3))))
        sectors = draw(st.lists(st.sampled_from(SECTORS), min_size=3, max_size=3))
        traps.append(Ambush(f"T{side.value[0]}z", side, Concealment.TRAP, f"Trap{side.value}",
                            sectors[0], attack=3,
                            markers=tuple(Marker(f"M{side.value[0]}{i}z", s, i == 0)
                                          for i, s in enumerate(sectors))))
    return replace(start, scenario=replace(start.scenario, modules=ON),
                   casters=tuple(characters), artifacts=tuple(artifacts), ambushes=tuple(traps))


def _artifact_orders(state, side, rng):
    """Random orders, and now and then a character uses an artifact it carries."""
    uses = {}
    o = random_orders(state, side, rng)
    for c in state.casters:
        if c.side is side and c.carries and rng.random() < 0.6:
            uses[c.key] = ArtifactUse(rng.choice(c.carries),
                                      target=rng.choice([None, *SECTORS]),
                                      sign=rng.choice([None, *SIGNS]))
    return replace(o, artifacts=uses)


def _play_with_artifacts(state, seed):
    return play(state, seed, _artifact_orders)


@SETTINGS
@given(battles(), st.data())
def test_battles_with_artifacts_end_replay_alike_and_never_overspend(battle_, data):
    # Reference: "used by an order, once per battle unless its card says otherwise": uses
    # never go below zero; the same seeds replay the same battle.
    start, seed = battle_
    start = _with_artifacts(start, data.draw)
    final, history = _play_with_artifacts(start, seed)
    again, replayed = _play_with_artifacts(start, seed)
    assert final.finished and final == again
    assert [to_data(h.events) for h in history] == [to_data(h.events) for h in replayed]
    assert [to_data(h.rolls) for h in history] == [to_data(h.rolls) for h in replayed]
    given = {a.key: a.uses for a in start.artifacts}
    for out in history:
        assert all(0 <= a.uses <= given[a.key] for a in out.state.artifacts)
        assert all(e.kind not in (EffectKind.ARTIFACT_ATTACK, EffectKind.ARTIFACT_SIGN)
                   for e in out.state.effects)   # "for the round"
        # What a glance found in a sector is the bearer's side's alone.
        assert all(len(e.visible_to) == 1 for e in out.events
                   if e.code in ("decoy_found", "artifact_finds_nothing"))
        for side in Side:
            view = side_view(out.state, side, out.events)
            enemy_keys = {k for c in out.state.casters if c.side is not side for k in c.carries}
            assert not enemy_keys & {a["key"] for a in view["artifacts"]}
            assert all(c["side"] == side.value for c in view["casters"])
