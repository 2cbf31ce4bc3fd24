"""Seed 001's modules played together (001_5d751c33a121b07e.txt; reference/sector-modules.md: "a
new scenario starts with all of them on"): an artifact's glance and scouts against an ambush
laid through deployment and its marker move, an independent unit's standing `scout` order,
module "command" charging for ambush and scouting orders, an artifact or a spell used from
hiding, a trap against a character's unit (its fate, and the dice of fortune's redraw).

Seed lines checked here:
  «Перед началом игры игроки указывают, какие батальоны будут находиться в засаде.»
  «Если это приказ «Движение», то в лес (овраг) выкладываются три маркера (два ложных и один
   истинный) засадного батальона.»
  «Персонажи и герои могут иметь при себе магический артефакт»
  «Если в разведываемом лесу (овраге) имеются маркеры засадных батальонов, то разведываемый
   бросает 2 К6»; «1 провала - обнаружен, засадный батальон ставится на место маркеров,
   которые убираются с поля»
  «Перед игрой игрок определяет 2 приказа, которые воины с навыком Самостоятельный будут
   выполнять в течении игры ... без затраты КН капитана (генерала) или ЗС героя.»
  «Если же игрок попробует пройти между маркерами, то он бросает К6: 1-3 – ловушка
   срабатывает»
"""
import json
from dataclasses import replace

from ambush_support import ambush_key, hiding, trap_key, trap_laid
from cerilia_support import A, D, T, codes, only, orders, round_of, spell, terrain, unit
from scouting_support import scouting_round

from rules.cerilia import command
from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
from rules.cerilia.cards import Tag
from rules.cerilia.concealment import AmbushPlan, MarkerMove
from rules.cerilia.engine import deploy, resolve_round
from rules.cerilia.modules import ALL_MODULES, Role, StandingKind, StandingOrder
from rules.cerilia.orders import ArtifactUse, Deployment, order_violations, side_orders_violations
from rules.cerilia.side_views import side_view
from rules.cerilia.spells import Spell
from rules.cerilia.state import Caster, Scenario, School, new_battle
from rules.sides import Side

SEED_FILE = "001_5d751c33a121b07e.txt"
EVERYONE = frozenset(Side)
WOLVES = ambush_key(D)   # the defender's ambush "Wolves"
EYE = Artifact("eye", "Eye of the hawk", ArtifactEffect.REVEAL)
HORN = Artifact("horn", "War horn", ArtifactEffect.ATTACK_BONUS)


def general(key, side, at=None, command_=3, carries=()):
    return Caster(key, side, f"General {key}", None, at, roles=frozenset({Role.GENERAL}),
                  command=command_, carries=tuple(carries))


def hero(key, side, at=None, carries=(), will=0):
    return Caster(key, side, f"Hero {key}", None, at, roles=frozenset({Role.HERO}), will=will,
                  carries=tuple(carries))


def independent(key, side, at, **changes):
    return unit(key, side, at=at, card_tags={Tag.INFANTRY, Tag.INDEPENDENT}, **changes)


def _deployed():
    """Phase 0 through engine.deploy, every module on: the attacker's `a` on B1 with a hero
    carrying the eye, the defender's `w` hiding in the forest of B2 as "Wolves"."""
    scenario = Scenario(terrain=(terrain(T.FOREST, "B2"), terrain(T.FOREST, "C2")),
                        max_rounds=6, modules=ALL_MODULES)
    s = new_battle(scenario, [unit("a", A), unit("w", D), unit("d", D)],
                   [general("ga", A), hero("b", A, at="a", carries=("eye",)), general("gd", D)])
    s = replace(s, artifacts=(EYE,))
    given = {A: Deployment({"a": "B1"}),
             D: Deployment({"d": "E3"}, ambushes={"w": AmbushPlan("B2", "Wolves")})}
    assert all(side_orders_violations(s, side, given[side]) == [] for side in Side)
    return deploy(s, given)


def _marked(true):
    """Round 1: `a` walks into the forest of B2; the Wolves lay their markers by their move
    (the first stays in B2, the others go to C2 and A2), marker `true` the true one."""
    s = _deployed()
    assert s.unit("w").ambush == WOLVES and not s.ambushes[0].markers
    given = {A: orders(moves={"a": ("B2",)}),
             D: orders(markers={WOLVES: MarkerMove(((), ("C2",), ("A2",)), true=true)})}
    assert all(side_orders_violations(s, side, given[side]) == [] for side in Side)
    out = resolve_round(s, given, seed=5)
    assert "markers_laid" in codes(out.events)
    s = out.state
    assert s.unit("a").position == "B2"
    assert [(m.sector, m.true) for m in s.ambushes[0].markers] == [
        ("B2", true == 0), ("C2", true == 1), ("A2", true == 2)]
    return s


def test_the_eye_reveals_an_ambush_whose_true_marker_its_move_left_in_the_bearers_sector():
    # 001_5d751c33a121b07e.txt: «Персонажи и герои могут иметь при себе магический артефакт»;
    # reference: "reveal the ambush markers and traps of the bearer's sector". The Wolves hid
    # by their deployment and laid their markers by their move; the true one stayed in B2.
    s = _marked(true=0)
    use = orders(artifacts={"b": ArtifactUse("eye")})
    assert order_violations(s, A, use) == []
    out = resolve_round(s, {A: use}, seed=2)
    revealed = only(out.events, "ambush_revealed")
    assert (revealed.phase, revealed.visible_to, revealed.params["sector"]) == (
        "artifacts", EVERYONE, "B2")
    wolves = out.state.ambushes[0]
    assert wolves.over and wolves.markers == ()
    assert out.state.unit("w").ambush is None
    assert {a.key: a.uses for a in out.state.artifacts} == {"eye": 0}


def test_the_eye_removes_a_decoy_and_only_the_bearers_side_learns_it_was_one():
    # Reference, ruling (artifacts.artifact_reveal): "else each decoy there is removed, and the
    # bearer's side learns it was a decoy". The true marker went on to C2 with the battalion.
    s = _marked(true=1)
    out = resolve_round(s, {A: orders(artifacts={"b": ArtifactUse("eye")})}, seed=2)
    removed, found = only(out.events, "marker_removed"), only(out.events, "decoy_found")
    assert removed.visible_to == EVERYONE and found.visible_to == {A}
    wolves = out.state.ambushes[0]
    assert [(m.sector, m.true) for m in wolves.markers] == [("C2", True), ("A2", False)]
    assert out.state.unit("w").ambush == WOLVES and out.state.unit("w").position == "C2"
    assert "decoy_found" not in json.dumps(side_view(out.state, D, out.events))


def test_scouts_find_an_ambush_whose_marker_move_left_its_true_marker_in_their_forest():
    # 001_5d751c33a121b07e.txt: «Если в разведываемом лесу (овраге) имеются маркеры засадных
    # батальонов, то разведываемый бросает 2 К6»; «1 провала - обнаружен, засадный батальон
    # ставится на место маркеров, которые убираются с поля». The scout's 6 against 1 and 6.
    s = _marked(true=0)
    assert order_violations(s, A, orders(scouts=("a",))) == []
    r = scouting_round(s, faces=(6, 1, 6), orders_={A: orders(scouts=("a",))})
    assert [roll.expression for roll in r.dice.log] == ["1d6", "2d6"]
    assert codes(r.events) == ["scouting", "scouting_found", "ambush_revealed"]
    assert r.ambushes[WOLVES].over and r.ambushes[WOLVES].markers == ()
    assert (r.units["w"].ambush, r.units["w"].position) == (None, "B2")
    assert r.sees(A, r.units["w"])


def _standing_scout(general_points=0):
    """The attacker's independent `sc` in the forest of B2 with the standing orders scout and
    hold; the defender's `w` hiding there, no markers laid."""
    s = hiding(_plain(independent("sc", A, "B2"), unit("w", D), unit("d", D, at="E3"),
                      casters=[general("ga", A, command_=general_points), general("gd", D)]),
               "w", "B2")
    return replace(s, standing={"sc": (StandingOrder(StandingKind.SCOUT),
                                       StandingOrder(StandingKind.HOLD))})


def _plain(*units, casters=(), traps=()):
    from cerilia_support import state
    return state(*units, terrain=[terrain(T.FOREST, "B2"), terrain(T.FOREST, "C2")],
                 casters=casters, modules=ALL_MODULES, traps=tuple(traps))


def test_an_independent_units_standing_scout_order_finds_an_ambush_for_free():
    # 001_5d751c33a121b07e.txt: «Самостоятельные воины получают эти приказы без затраты КН
    # капитана (генерала) или ЗС героя»; reference (ruling): the standing-order vocabulary
    # includes `scout`. `sc` scouts every round with no order and no point spent, its general
    # having none; each round the hiding Wolves roll their 3d6 against its die.
    s = _standing_scout()
    found = 0
    for seed in range(12):
        out = resolve_round(s, {}, seed=seed)
        spent = [e for e in out.events if e.code == "points_spent" and e.params["side"] == "attacker"]
        assert spent[0].params == {"side": "attacker", "command": 0, "will": 0}
        assert only(out.events, "scouting").params["unit"] == "sc"
        assert [r.expression for r in out.rolls if "scouts" in r.purpose] == ["3d6"]
        found += "scouting_found" in codes(out.events)
    assert found


def test_command_charges_an_ambush_order_and_a_scouting_order_and_refuses_what_it_cannot_pay():
    # Reference, ruling (module "command"): "each unit that receives an order in a round (a
    # move, a missile target, a scouting or ambush order ...) costs 1 point"; "An order set that
    # costs more than the side has is refused at submission with the price and the points
    # left". The defender's general has 2 КН.
    s = _plain(unit("a", A, at="A1"), unit("w", D), unit("sc", D, at="C2"),
               unit("x", D, at="E3"), casters=[general("ga", A), general("gd", D, command_=2)])
    s = hiding(s, "w", "B2")
    lay = MarkerMove((("B3",), (), ()))
    paid = orders(markers={WOLVES: lay}, scouts=("sc",))
    assert order_violations(s, D, paid) == []
    assert command.prices(s, D, {}, {}, {}, ("sc",), markers=(WOLVES,)) == {
        "w": (f"markers.{WOLVES}", 1), "sc": ("scouts.sc", 1)}
    out = resolve_round(s, {D: paid}, seed=1)
    spent = [e for e in out.events if e.code == "points_spent" and e.params["side"] == "defender"]
    assert spent[0].params == {"side": "defender", "command": 2, "will": 0}
    assert "markers_laid" in codes(out.events) and "scouting" in codes(out.events)
    too_many = replace(paid, moves={"x": ("D3",)})
    refused = order_violations(s, D, too_many)
    assert [(v.code, v.field, v.params) for v in refused] == [
        ("points_short", "scouts.sc", {"price": 1, "left": 0})]


def _general_in_hiding(carries, artifacts):
    """The defender's general stands with `w`, hiding in the forest of B2 (markers laid there,
    the true one staying); the attacker's `a` on B1 looks on, B2 in its sight."""
    s = _plain(unit("a", A, at="B1"), unit("w", D), unit("d", D, at="E3"),
               casters=[general("ga", A), general("g", D, at="w", carries=carries)])
    s = hiding(s, "w", "B2", markers=("B2", "C2", "C2"), true=0)
    return replace(s, artifacts=tuple(artifacts))


def test_an_artifact_used_in_an_ambushing_unit_does_not_tell_the_enemy_where_it_is():
    # 001_5d751c33a121b07e.txt: «На верхней стороне – пометка игрока, что это за батальон, а на
    # нижней - истинный это маркер или ложный»; artifacts.py: "Who learns of a use: the
    # bearer's side, and the enemy if it sees the bearer's unit".
    s = _general_in_hiding(("horn",), (HORN,))
    use = orders(artifacts={"g": ArtifactUse("horn")})
    assert order_violations(s, D, use) == []
    out = resolve_round(s, {D: use}, seed=4)
    assert only(out.events, "artifact_used").visible_to == {D}
    seen = side_view(out.state, A, out.events)
    # The magic phase's pools (module "magic dice") are public; nothing of the horn.
    assert [e["code"] for e in seen["events"]] == ["points_spent", "initiative", "magic_pool",
                                                   "pool_discarded", "magic_pool",
                                                   "pool_discarded"]
    assert '"General g"' not in json.dumps(seen)


def test_a_bearer_hiding_in_ambush_cannot_look_with_the_eye():
    # Reference, "What each side may see": never "trap truth or marker truth", nor "an enemy
    # ambush not yet marked". Ruling: what the eye finds is taken off the field in the
    # owner's sight (its trap disarmed, its decoy gone), which would tell the owner where the
    # hidden bearer stands; so a bearer hiding in ambush does not use it.
    s = trap_laid(_general_in_hiding(("eye",), (EYE,)), A, ("B2", "C2", "D2"), real=1)
    use = orders(artifacts={"g": ArtifactUse("eye")})
    r = round_of(s, orders_={D: use}, initiative=D)
    r.use_artifacts()   # as submitted, should the order reach the engine
    assert r.events == [] and r.artifacts["eye"].uses == 1
    assert len(r.ambushes[trap_key(A)].markers) == 3
    assert [(v.code, v.field) for v in order_violations(s, D, use)] == [
        ("artifact_bearer_hidden", "artifacts.g")]


def test_a_trap_that_destroys_a_bearers_unit_sends_its_character_to_the_fate_roll():
    # 001_5d751c33a121b07e.txt: «Если же игрок попробует пройти между маркерами, то он бросает
    # К6: 1-3 – ловушка срабатывает»; reference, ruling: "when a character's unit is destroyed,
    # the character rolls d6: 1–2 it is killed, 3–6 it escapes to its side's reserve". The
    # trap's 1, card 9 at +2 (attack 3 against defense 1): destroyed; the fate die 2: killed.
    s = _plain(unit("a", A, "irregulars", at="B1"), unit("d", D, at="E3"),
               casters=[hero("c", A, at="a", carries=("eye",))])
    s = trap_laid(replace(s, artifacts=(EYE,)), D, ("B2", "C2", "D2"), real=0)
    r = round_of(s, faces=(1, 9, 2), orders_={A: orders(moves={"a": ("B2",)})})
    r.move()
    # Module "magic dice" (victory.scored): the destruction's points are told with it.
    assert codes(r.events) == ["trap_springs", "trap_strikes", "destroyed", "victory_scored",
                               "character_killed"]
    assert r.casters["c"].killed and r.casters["c"].unit is None
    killed = only(r.events, "character_killed")
    assert killed.params["roll"] == 2 and A in killed.visible_to
    refused = order_violations(r.state(), A, orders(artifacts={"c": ArtifactUse("eye")}))
    assert [v.code for v in refused] == ["character_killed"]


def test_dice_of_fortune_redraw_a_traps_card_against_the_bearers_unit():
    # Reference: a redraw is "one battle card of an attack by or against the bearer's unit",
    # and "a trap is a card with an attack value, drawn on the battle deck against the trapped
    # unit's defense like any attack"; rules notes: "a redraw waits for the first card of the
    # round that goes against the bearer's unit". The trap's 1, its card 9 (destroyed), the
    # redrawn card 1 (nothing): the unit walks on unharmed and the dice are spent.
    dice = Artifact("dice", "Dice of fortune", ArtifactEffect.REDRAW)
    s = _plain(unit("a", A, "irregulars", at="B1"), unit("d", D, at="E3"),
               casters=[general("ga", A), hero("c", A, at="a", carries=("dice",))])
    s = trap_laid(replace(s, artifacts=(dice,)), D, ("B2", "C2", "D2"), real=0)
    given = orders(moves={"a": ("B2",)}, artifacts={"c": ArtifactUse("dice")})
    assert order_violations(s, A, given) == []
    r = round_of(s, faces=(1, 9, 1), orders_={A: given})
    r.use_artifacts()
    r.move()
    assert codes(r.events) == ["artifact_ready", "trap_springs", "trap_strikes", "artifact_redraw"]
    redraw = only(r.events, "artifact_redraw")
    assert (redraw.card, redraw.result, redraw.params["target"]) == (1, "-", "a")
    assert redraw.message % dict(redraw.params)
    assert r.units["a"].alive and r.artifacts["dice"].uses == 0 and not r.casters["c"].killed


def _priest_in_hiding():
    """The defender's priest stands with `w`, hiding in the forest of B2 with its markers laid
    in B2, C2 and C3 (the true one in B2); the defender's `v` stands in B2 in sight; the
    attacker's `a` on B1, next to B2 only."""
    priest = Caster("p", D, "Priest p", School.PRIEST, "w")
    s = _plain(unit("a", A, at="B1"), unit("w", D), unit("v", D, at="B2"), unit("d", D, at="E3"),
               casters=[general("ga", A), general("gd", D), priest])
    return hiding(s, "w", "B2", markers=("B2", "C2", "C3"), true=0)


def test_a_caster_hiding_in_ambush_casts_no_spell_whose_reach_would_give_it_away():
    # 001_5d751c33a121b07e.txt: «а на нижней - истинный это маркер или ложный»; reference: a
    # side never sees "marker truth". Ruling: a prayer at an enemy unit, a summons and a
    # blessing of another unit reach only from the caster's sector or next to it; from an
    # ambush, whether they reach would tell the enemy which marker hides the caster (the
    # prayer at `a` on B1 works from B2, not from C2 or C3; `v` is blessed only from B2). Its
    # own hiding unit it may bless, and spells cast anywhere (fog) it casts.
    s = _priest_in_hiding()
    # Module "magic dice" is on (a new scenario): each side's pool is rolled (3+4, 2+5) and
    # public, and the fizzled prayer spends none of it, so the discarded pool tells nothing.
    prayer = orders(spells={"p": spell(Spell.ILLUSORY_ARTILLERY, unit="a", dice=2)})
    r = round_of(s, faces=(3, 4, 2, 5), orders_={D: prayer}, initiative=D)
    r.cast()   # as submitted, should the order reach the engine: no die, the enemy hears nothing
    pool = {"magic_pool", "pool_discarded"}
    assert [c for c in codes(r.events) if c not in pool] == ["fizzles"]
    assert only(r.events, "fizzles").visible_to == {D}
    discarded = [e.params for e in r.events if e.code == "pool_discarded"]
    assert discarded[0] == {"side": "defender", "power": 7, "dispel": 4}
    assert r.units["a"].position == "B1"
    for given in (prayer, orders(spells={"p": spell(Spell.BLESS, unit="v", dice=1)})):
        assert [(v.code, v.field) for v in order_violations(s, D, given)] == [
            ("caster_in_ambush", "spells.p")]
    for given in (orders(spells={"p": spell(Spell.BLESS, unit="w", dice=1)}),):
        assert order_violations(s, D, given) == []


def test_no_caster_hides_a_unit_in_ambush_by_mass_invisibility():
    # 001_5d751c33a121b07e.txt: «а на нижней - истинный это маркер или ложный»; reference: a
    # side never sees "marker truth". 000_9b71fb8594a033d1.txt (Массовая Невидимость): a unit
    # hidden "в секторе" blocks a retreat and "обязан напасть на Отступающие Отряды". Ruling:
    # cast on `w` in ambush (its true marker in B2), it would strike a retreat into B2 and tell
    # which marker is true; the orders refuse it, and should it reach the engine it fizzles to
    # its own side with no die spent (the pools rolled 3+4, 2+5, as above).
    wizard = Caster("m", D, "Wizard m", School.WIZARD, None)
    s = _priest_in_hiding()
    s = replace(s, casters=(*s.casters, wizard))
    hide = orders(spells={"m": spell(Spell.MASS_INVISIBILITY, unit="w", dice=2)})
    assert [(v.code, v.field) for v in order_violations(s, D, hide)] == [
        ("invisibility_in_ambush", "spells.m.unit")]
    r = round_of(s, faces=(3, 4, 2, 5), orders_={D: hide}, initiative=D)
    r.cast()
    assert [c for c in codes(r.events) if c not in {"magic_pool", "pool_discarded"}] == [
        "fizzles"]
    assert only(r.events, "fizzles").visible_to == {D} and not r.units["w"].hidden
    discarded = [e.params for e in r.events if e.code == "pool_discarded"]
    assert discarded[0] == {"side": "defender", "power": 7, "dispel": 4}
    # The enemy naming `w` learns no more than of a unit that is not there.
    ghost = Caster("ma", A, "Wizard ma", School.WIZARD, None)
    s = replace(s, casters=(*s.casters, ghost))
    for target in ("w", "nobody"):
        aimed = orders(spells={"ma": spell(Spell.MASS_INVISIBILITY, unit=target, dice=2)})
        assert [(v.code, v.field) for v in order_violations(s, A, aimed)] == [
            ("unit_unknown", "spells.ma.unit")]
