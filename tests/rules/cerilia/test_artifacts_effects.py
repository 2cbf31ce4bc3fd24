"""Module "artifacts" in the round: what each effect does, when, who learns of it, and when its
use is spent.

Seed 001_5d751c33a121b07e.txt, "Артефакт":
  «Персонажи и герои могут иметь при себе магический артефакт, применение которого окажет
   некоторый эффект на ход битвы.»
Reference (reference/sector-modules.md, module "artifacts"): "Its effect is one of (ruling): a
bound spell (... without that module, cast as the spell); +1 to the attacks of the bearer's unit
for the round; one more morale sign for the round; redraw one battle card of an attack by or
against the bearer's unit; reveal the ambush markers and traps of the bearer's sector; recover 1
wound of the bearer's unit or the bearer."
"""
from dataclasses import replace

from cerilia_support import A, D, cards, codes, only, round_of, unit
from test_artifacts import ALL, ON, battle, bearer

from rules.cerilia.combat import MELEE, _Attack
from rules.cerilia.concealment import Ambush, Concealment, Marker
from rules.cerilia.engine import resolve_round
from rules.cerilia.modules import Modules
from rules.cerilia.orders import ArtifactUse, RoundOrders
from rules.cerilia.state import EffectKind, School, UnitStatus

SEED_FILE = "001_5d751c33a121b07e.txt"


def using(s, uses, side=A, faces=(), initiative=A):
    return round_of(s, faces=faces, initiative=initiative,
                    orders_={side: RoundOrders(artifacts=uses)})


def uses_left(r, key):
    return r.artifacts[key].uses


def test_a_horn_gives_the_bearer_s_unit_plus_one_for_the_round():
    # Reference: "+1 to the attacks of the bearer's unit for the round".
    r = using(battle(), {"b": ArtifactUse("horn")})
    a, d = r.units["a"], r.units["d"]
    before = r.attack_value(a, MELEE, d)
    r.use_artifacts()
    assert r.attack_value(a, MELEE, d) == before + 1
    assert r.attack_value(d, MELEE, a) == before
    assert uses_left(r, "horn") == 0
    assert only(r.events, "artifact_used").phase == "artifacts"
    r.end_round()
    assert not [e for e in r.effects if e.kind is EffectKind.ARTIFACT_ATTACK]


def test_a_use_in_a_unit_the_enemy_cannot_see_is_told_to_its_side_only():
    # Reference, "What each side may see": the enemy sees only what it can see on the field.
    s = battle(unit("a", A, at="B2", hidden=True), unit("d", D, at="B3"))
    r = using(s, {"b": ArtifactUse("horn")})
    r.use_artifacts()
    assert only(r.events, "artifact_used").visible_to == {A}
    r = using(battle(), {"b": ArtifactUse("horn")})
    r.use_artifacts()
    assert only(r.events, "artifact_used").visible_to == {A, D}


def test_a_banner_adds_the_named_sign_or_the_first_lacking_and_it_holds_morale():
    # Reference: "one more morale sign for the round"; ruling: the sign named, else the first
    # of SIGNS the unit lacks. Infantry bears sun and moon: the banner adds star.
    s = battle(casters=[bearer(carries=("banner",))])
    r = using(s, {"b": ArtifactUse("banner")}, faces=[3])
    r.use_artifacts()
    assert only(r.events, "artifact_used").params["sign"] == "star"
    r.hit.add("a")
    r.morale()   # d3 = 3 draws star
    assert "morale_holds" in codes(r.events)
    assert uses_left(r, "banner") == 0
    r = using(s, {"b": ArtifactUse("banner", sign="sun")})
    r.use_artifacts()
    assert only(r.events, "artifact_used").params["sign"] == "star"


def test_a_redraw_serves_the_first_attack_by_the_unit_that_does_nothing():
    # Reference: "redraw one battle card of an attack by or against the bearer's unit"; ruling:
    # the first card that goes against the unit (its own attack doing nothing), redrawn from the
    # deck, and the new card stands.
    s = battle(casters=[bearer(carries=("dice",))])
    r = using(s, {"b": ArtifactUse("dice")}, faces=cards(1, 9))
    r.use_artifacts()
    assert uses_left(r, "dice") == 1   # ready, not yet spent
    r.resolve([_Attack("a", "d", MELEE, "B3")])
    redraw = only(r.events, "artifact_redraw")
    assert (redraw.card, redraw.result) == (9, "R")     # card 9 at column 0: R
    assert r.units["d"].status is UnitStatus.ROUTED
    assert uses_left(r, "dice") == 0


def test_a_redraw_serves_an_attack_against_the_unit_that_does_something():
    s = battle(casters=[bearer(carries=("dice",))])
    r = using(s, {"b": ArtifactUse("dice")}, faces=cards(9, 1))
    r.use_artifacts()
    r.resolve([_Attack("d", "a", MELEE, "B3")])
    assert only(r.events, "artifact_redraw").result == "-"
    assert r.units["a"].hits == 2 and r.units["a"].status is UnitStatus.READY


def test_a_redraw_is_kept_when_no_card_goes_against_the_unit():
    # Ruling: spent only when it redraws; a card is redrawn once.
    s = battle(casters=[bearer(carries=("dice",))])
    r = using(s, {"b": ArtifactUse("dice")}, faces=cards(9))   # card 9 at column 0: R
    r.use_artifacts()
    r.resolve([_Attack("a", "d", MELEE, "B3")])
    assert "artifact_redraw" not in codes(r.events)
    assert uses_left(r, "dice") == 1


def _ambush(key, side=D, kind=Concealment.AMBUSH, markers=(), **changes):
    return Ambush(key, side, kind, f"Name of {key}", "B3", markers=tuple(markers), **changes)


def _with(s, *ambushes, extra=()):
    return replace(s, ambushes=tuple(ambushes), units=(*s.units, *extra))


def test_the_eye_removes_the_decoys_in_the_bearer_s_sector():
    # Reference: "reveal the ambush markers and traps of the bearer's sector"; ruling: a decoy
    # there is removed (public), and the bearer's side learns it was a decoy.
    amb = _ambush("x", markers=[Marker("x1", "B2"), Marker("x2", "C2", True),
                                Marker("x3", "B2")])
    s = _with(battle(casters=[bearer(carries=("eye",))]), amb)
    r = using(s, {"b": ArtifactUse("eye")})
    r.use_artifacts()
    assert [m.key for m in r.ambushes["x"].markers] == ["x2"]
    removed = [e for e in r.events if e.code == "marker_removed"]
    assert [e.params["marker"] for e in removed] == ["x1", "x3"]
    assert all(e.visible_to == {A, D} for e in removed)
    assert all(e.visible_to == {A} for e in r.events if e.code == "decoy_found")
    assert uses_left(r, "eye") == 0


def test_the_eye_reveals_an_ambush_whose_true_marker_lies_there():
    # Ruling: a true marker there reveals the ambush as attacking it would («маркеры засадного
    # батальона убираются и он выставляется на поле вместо них»).
    amb = _ambush("x", unit="hid", markers=[Marker("x1", "B2", True), Marker("x2", "C2")])
    hid = unit("hid", D, at="B3", ambush="x")
    s = _with(battle(casters=[bearer(carries=("eye",))]), amb, extra=(hid,))
    r = using(s, {"b": ArtifactUse("eye")})
    r.use_artifacts()
    assert r.ambushes["x"].over and r.ambushes["x"].markers == ()
    assert (r.units["hid"].position, r.units["hid"].ambush) == ("B2", None)
    assert only(r.events, "ambush_revealed").visible_to == {A, D}


def test_the_eye_disarms_a_real_trap_and_leaves_own_markers_alone():
    # Ruling: "a real trap's markers are exposed and the trap disarmed".
    trap = _ambush("t", kind=Concealment.TRAP, attack=3,
                   markers=[Marker("t1", "B2", True), Marker("t2", "A2")])
    own = _ambush("o", side=A, kind=Concealment.TRAP, attack=3,
                  markers=[Marker("o1", "B2", True)])
    s = _with(battle(casters=[bearer(carries=("eye",))]), trap, own)
    r = using(s, {"b": ArtifactUse("eye")})
    r.use_artifacts()
    assert r.ambushes["t"].over and r.ambushes["t"].markers == ()
    assert only(r.events, "trap_disarmed").visible_to == {A, D}
    assert r.ambushes["o"] == own


def test_the_eye_is_spent_even_where_it_finds_nothing():
    # Ruling: so its uses left tell the enemy nothing; an ambush with no markers is not found.
    hid = unit("hid", D, at="B2", ambush="x")
    s = _with(battle(casters=[bearer(carries=("eye",))]), _ambush("x", unit="hid"),
              extra=(hid,))
    r = using(s, {"b": ArtifactUse("eye")})
    r.use_artifacts()
    assert only(r.events, "artifact_finds_nothing").visible_to == {A}
    assert r.units["hid"].ambush == "x" and uses_left(r, "eye") == 0


def test_a_draught_heals_the_unit_first_then_the_bearer():
    # Reference: "recover 1 wound of the bearer's unit or the bearer"; ruling: the unit up to
    # its card's hits, else the bearer up to DEFAULT_WOUNDS.
    s = battle(unit("a", A, at="B2", hits=1), unit("d", D, at="B3"),
               casters=[bearer(carries=("draught",), wounds=2)])
    r = using(s, {"b": ArtifactUse("draught")})
    r.use_artifacts()
    assert r.units["a"].hits == 2 and r.casters["b"].wounds == 2
    r = using(replace(r.state(), round=1), {"b": ArtifactUse("draught")})
    r.use_artifacts()
    assert r.units["a"].hits == 2 and r.casters["b"].wounds == 3
    assert uses_left(r, "draught") == 0


def test_a_bearer_in_the_reserve_heals_itself_and_only_its_side_hears():
    # Ruling: a bearer with no unit may recover itself; its use is its side's to know.
    s = battle(casters=[bearer(at=None, carries=("draught",), wounds=1)])
    r = using(s, {"b": ArtifactUse("draught")})
    r.use_artifacts()
    assert r.casters["b"].wounds == 2
    assert only(r.events, "artifact_recover").visible_to == {A}


def test_a_bound_spell_is_cast_in_the_magic_phase_by_a_bearer_of_no_school():
    # Reference: a bound spell, "without that module (magic dice), cast as the spell".
    s = battle(casters=[bearer(carries=("staff",))])
    r = using(s, {"b": ArtifactUse("staff", target="C2")}, faces=[2])   # 1d3 rounds of fog
    r.use_artifacts()
    assert uses_left(r, "staff") == 1 and r.effects == []
    r.cast()
    assert [(e.kind, e.sector) for e in r.effects] == [(EffectKind.FOG, "C2")]
    assert codes(r.events) == ["artifact_used", "fog"]
    assert uses_left(r, "staff") == 0


def test_a_bound_spell_follows_its_side_s_casters_spells():
    # Ruling: in the magic phase, after its side's casters' spells.
    from rules.cerilia.orders import SpellOrder
    from rules.cerilia.spells import Spell
    from rules.cerilia.state import Caster
    wizard = Caster("w", A, "Wizard", School.WIZARD, "a")
    s = battle(casters=[bearer(carries=("staff",)), wizard])
    r = round_of(s, faces=[1, 1], initiative=A, orders_={A: RoundOrders(
        spells={"w": SpellOrder(Spell.FOG, sector="A2")},
        artifacts={"b": ArtifactUse("staff", target="C2")})})
    r.cast()
    assert [e.sector for e in r.effects] == ["A2", "C2"]


def test_a_bound_summons_is_never_cast_the_bearer_s_own_summons_stands():
    # Ruling (rules-notes "Bound spells"; seed 002_eb4cf75b750af884.txt, XI.6.A: a bound
    # spell names «если применимо, ... цель заклинания», nothing more): a spell that places a
    # unit cannot be bound, so an army book's horn of the dead stays unused and unspent.
    from rules.cerilia.artifact_cards import Artifact, ArtifactEffect
    from rules.cerilia.orders import SpellOrder
    from rules.cerilia.spells import Spell
    from rules.cerilia.state import Caster
    wizard = replace(Caster("w", A, "Wizard", School.WIZARD, "a"), carries=("horn_of_dead",))
    s = replace(battle(casters=[wizard], artifacts=(Artifact(
        "horn_of_dead", "Horn of the dead", ArtifactEffect.BOUND_SPELL,
        spell="summon_legion_of_the_dead"),)), scenario=replace(battle().scenario,
                                                               cells_per_sector=3))
    r = round_of(s, initiative=A, orders_={A: RoundOrders(
        spells={"w": SpellOrder(Spell.SUMMON_LEGION, sector="B2")},
        artifacts={"w": ArtifactUse("horn_of_dead", target="B2")})})
    r.cast()
    assert [u.key for u in r.units.values() if u.summoned] == ["legion-2-w"]
    assert uses_left(r, "horn_of_dead") == 1


def test_an_artifact_two_characters_carry_is_spent_once():
    # Reference: "once per battle unless its card says otherwise", however the army book was
    # handed out (two characters listed as carrying one artifact).
    s = battle(unit("a", A, at="B2", hits=1), unit("d", D, at="B3"),
               casters=[bearer("b", carries=("banner",)), bearer("c", carries=("banner",))])
    r = using(s, {"b": ArtifactUse("banner"), "c": ArtifactUse("banner")})
    r.use_artifacts()
    assert uses_left(r, "banner") == 0
    assert codes(r.events) == ["artifact_used"]


def test_a_fallen_bearer_uses_nothing():
    # Reference: "A killed character casts, commands and carries nothing more."
    s = battle(casters=[bearer(killed=True)])
    r = using(s, {"b": ArtifactUse("horn")})
    r.use_artifacts()
    assert r.events == [] and uses_left(r, "horn") == 1


def test_the_artifacts_phase_comes_after_initiative_before_movement():
    # Ruling: at the start of the round, after initiative, in initiative order.
    s = battle(casters=[bearer(), bearer("e", D, at="d", carries=("banner",))])
    out = resolve_round(s, {A: RoundOrders(artifacts={"b": ArtifactUse("horn")}),
                            D: RoundOrders(artifacts={"e": ArtifactUse("banner")})}, seed=1)
    phases = [e.phase for e in out.events]
    assert phases[:3] == ["initiative", "artifacts", "artifacts"]
    used = [e.params["character"] for e in out.events if e.code == "artifact_used"]
    assert used == (["Hero b", "Hero e"] if out.initiative is A else ["Hero e", "Hero b"])
    assert {a.key: a.uses for a in out.state.artifacts} == {
        **{a.key: a.uses for a in ALL}, "horn": 0, "banner": 0}


def test_with_the_module_off_orders_for_artifacts_do_nothing():
    # Reference: "A battle with every module off plays exactly as today."
    s = battle(modules=Modules())
    given = {A: RoundOrders(artifacts={"b": ArtifactUse("horn")})}
    out = resolve_round(s, given, seed=1)
    plain = resolve_round(s, {}, seed=1)
    assert out == plain
    assert ON.artifacts
