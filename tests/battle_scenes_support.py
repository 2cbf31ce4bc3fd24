"""Representative battle scenes as the engine takes them, for the tests that pin the engine's
output (issue 16, point 2): the demo campaign's border skirmish and setups that reach tactics,
fortifications, darkness, wind and water."""
from dataclasses import replace

from battle_support import A, D, army, battle_setup, fighter, kingdom_side

from rules.kingmaker.battle.setup import (
    BattlePlan,
    BattleSetup,
    Fortification,
    FortificationKind,
    Light,
    SideSetup,
    Stance,
    Targeting,
    Terrain,
    Wind,
)
from rules.kingmaker.conditions import Condition, ConditionState
from rules.kingmaker.gear import GearItem, GearKind, Tier, WeaponKind
from rules.kingmaker.templates import find_template
from rules.sides import Side


def demo_scene() -> BattleSetup:
    """The demo campaign's border skirmish (demo/campaign.py, `_border_skirmish`) as
    `battles.adapters.scene_setup` gives it to the engine right after `manage.py demo`."""
    riders = army(find_template("Cavalry"), 8, tactics=("overrun", "keen_eyed"),
                  gear=(GearItem(GearKind.HEALING_POTIONS, doses=2),),
                  conditions=(ConditionState(Condition.WEARY, 1),), hp=4, name="Aldori Riders")
    guard = army(find_template("Infantry"), 8, tactics=("toughened_soldiers", "hold_the_line"),
                 gear=(GearItem(GearKind.MAGIC_ARMOR, Tier.BASIC),
                       GearItem(GearKind.MAGIC_WEAPONS, Tier.BASIC, WeaponKind.MELEE)),
                 hp=5, name="Restov Guard")
    spears = army(find_template("Sootscale Warriors"), 5,
                  tactics=("darkvision", "accustomed_to_panic"), hp=4, name="Sootscale Spears")
    militia = army(find_template("Infantry"), 5, tactics=("hold_the_line",),
                   gear=(GearItem(GearKind.HEALING_POTIONS, doses=1),), hp=4,
                   name="Varnhold Militia")
    advance = BattlePlan(Stance.ADVANCE, Targeting.WEAKEST)
    return battle_setup(
        fighter(2, A, replace(riders, hex="C4"), advance),
        fighter(1, A, replace(guard, hex="C4"), advance),
        fighter(6, D, replace(spears, hex="J9"), advance),
        fighter(5, D, replace(militia, hex="H7"), advance),
        attackers=SideSetup(Side.ATTACKER, kingdom="Restov March", kingdom_level=8, warfare=18,
                            defense=18, control_dc=26, pcs_present=True),
        defenders=SideSetup(Side.DEFENDER, kingdom="Greenbelt Reach", kingdom_level=5,
                            warfare=10, defense=10, control_dc=21),
        terrain=Terrain.DIFFICULT, light=Light.DIM)


def tactics_scene() -> BattleSetup:
    """Tactical war actions on both sides: feints, all-out assaults, covering fire, taunts, a
    regenerating troll, berserkers and an engine that explodes when defeated."""
    infantry = army(find_template("Infantry"), 9, name="Feinting Foot",
                    tactics=("flexible_tactics", "keep_up_the_pressure", "bloodied_but_unbroken"))
    cavalry = army(find_template("Cavalry"), 9, name="Reckless Lancers",
                   tactics=("overrun", "merciless", "reckless_flankers", "cavalry_experts"),
                   gear=(GearItem(GearKind.HEALING_POTIONS, doses=1),))
    archers = army(find_template("Skirmishers"), 9, name="Covering Bows",
                   tactics=("sharpshooter", "increased_ammunition", "field_triage"),
                   gear=(GearItem(GearKind.ADDITIONAL_WEAPON),))
    trolls = army(find_template("Troll Marauders"), 9, name="Trolls",
                  tactics=("darkvision", "brutal_assault", "frightening_foe", "regeneration"))
    berserkers = army(find_template("Tiger Lord Berserkers"), 12, name="Berserkers",
                      tactics=("furious_charge", "reactive_rally", "revel_in_battle",
                               "warmongers"))
    bombardiers = army(find_template("Greengripe Bombardiers"), 9, name="Bombardiers",
                       tactics=("engines_of_war", "darkvision", "burning_weaponry",
                                "explosive_defeat", "defensive_tactics"))
    return battle_setup(
        fighter(1, A, infantry, BattlePlan(tactical_action="feint")),
        fighter(2, A, cavalry, BattlePlan(targeting=Targeting.STRONGEST,
                                          tactical_action="all_out_assault")),
        fighter(3, A, archers, BattlePlan(Stance.HOLD, tactical_action="covering_fire",
                                          retreat_below=1)),
        fighter(4, D, trolls, BattlePlan(tactical_action="taunt")),
        fighter(5, D, berserkers, BattlePlan(Stance.ADVANCE, Targeting.ARMY, target_army=3,
                                             tactical_action="furious_charge")),
        fighter(6, D, bombardiers, BattlePlan(Stance.HOLD)),
        attackers=kingdom_side(A, kingdom_level=9, warfare=14, defense=12, control_dc=24,
                               initiative_bonus=2),
        defenders=SideSetup(D, pcs_present=True))


def fortification_scene() -> BattleSetup:
    """A siege: garrisons behind a stone wall (one more than it holds), engines bombarding it in
    a strong wind, a guard that holds the wall."""
    siege = army(find_template("Siege Engines"), 9, name="Battery",
                 tactics=("engines_of_war", "keen_eyed"))
    infantry = army(find_template("Infantry"), 7, name="Stormers",
                    tactics=("toughened_soldiers", "hold_the_line"),
                    conditions=(ConditionState(Condition.SHAKEN, 1),))
    cavalry = army(find_template("Cavalry"), 6, name="Outriders", tactics=("overrun",))
    wall_guard = army(find_template("Infantry"), 6, name="Wall Guard",
                      tactics=("defensive_tactics", "focused_devotion"),
                      gear=(GearItem(GearKind.HEALING_POTIONS, doses=2),))
    bowmen = army(find_template("Skirmishers"), 6, name="Wall Bowmen",
                  tactics=("low_light_vision",), hp=3)
    spears = army(find_template("Sootscale Warriors"), 5, name="Kobold Spears",
                  tactics=("darkvision", "accustomed_to_panic"),
                  conditions=(ConditionState(Condition.WEARY, 2),))
    return battle_setup(
        fighter(1, A, siege, BattlePlan(Stance.HOLD)),
        fighter(2, A, infantry, BattlePlan(retreat_below=1)),
        fighter(3, A, cavalry, BattlePlan(targeting=Targeting.STRONGEST)),
        fighter(4, D, wall_guard, BattlePlan(Stance.GUARD, tactical_action="defensive_stance"),
                garrisoned=True),
        fighter(5, D, bowmen, BattlePlan(Stance.HOLD), garrisoned=True),
        fighter(6, D, spears, BattlePlan(Stance.HOLD), garrisoned=True),
        attackers=kingdom_side(A, kingdom_level=7, warfare=12, defense=9, control_dc=22),
        defenders=kingdom_side(D, kingdom_level=6, warfare=8, defense=14, control_dc=21,
                               pcs_present=True),
        fortification=Fortification(FortificationKind.STONE_WALL, Side.DEFENDER),
        wind=Wind.STRONG)


def dark_water_scene() -> BattleSetup:
    """Darkness, a storm and a swamp: ambushes, opening salvos, swamp charges, nets, croaks and
    armies that see in the dark against armies that do not."""
    nomen = army(find_template("Nomen Scouts"), 10, name="Nomen",
                 tactics=("overrun", "darkvision", "self_sufficient", "brave", "trample",
                          "ambush"))
    salvo = army(find_template("Cavalry"), 9, name="Salvo Riders",
                 tactics=("overrun", "opening_salvo", "keen_eyed"))
    frogs = army(find_template("M'botuu Frog Riders"), 11, name="Frogs",
                 tactics=("overrun", "amphibious", "darkvision", "swamp_charge",
                          "chorus_of_croaks"))
    netters = army(find_template("Tok-Nikrat Scouts"), 10, name="Netters",
                   tactics=("darkvision", "hurl_nets", "water_retreat", "water_stride"))
    lizards = army(find_template("Lizardfolk Defenders"), 6, name="Lizards",
                   tactics=("swamp_dwellers", "live_off_the_land"),
                   conditions=(ConditionState(Condition.MIRED, 1),))
    return battle_setup(
        fighter(1, A, nomen, BattlePlan(tactical_action="trample")),
        fighter(2, A, salvo, BattlePlan(Stance.HOLD, Targeting.STRONGEST)),
        fighter(3, D, frogs, BattlePlan(tactical_action="taunt")),
        fighter(4, D, netters, BattlePlan(Stance.HOLD)),
        fighter(5, D, lizards, BattlePlan(retreat_below=2)),
        attackers=kingdom_side(A, kingdom_level=10, warfare=16, defense=15, control_dc=25),
        defenders=SideSetup(D),
        terrain=Terrain.DIFFICULT, water=True, wind=Wind.STORM, light=Light.DARK)


def dim_duel_scene() -> BattleSetup:
    """A long, even scene in dim light (distant armies concealed), short of rounds: the round
    limit, potions and rallies."""
    left = army(find_template("Skirmishers"), 7, name="Left",
                tactics=("focused_devotion", "keep_up_the_pressure"),
                gear=(GearItem(GearKind.HEALING_POTIONS, doses=3),
                      GearItem(GearKind.ADDITIONAL_WEAPON)),
                conditions=(ConditionState(Condition.SHAKEN, 2),))
    right = army(find_template("Skirmishers"), 7, name="Right",
                 tactics=("low_light_vision", "focused_devotion"),
                 gear=(GearItem(GearKind.HEALING_POTIONS, doses=3),
                       GearItem(GearKind.ADDITIONAL_WEAPON)))
    return battle_setup(
        fighter(1, A, left, BattlePlan(Stance.HOLD, tactical_action="taunt")),
        fighter(2, D, right, BattlePlan(Stance.GUARD)),
        light=Light.DIM, max_rounds=6)


SCENES = {
    "demo": demo_scene,
    "tactics": tactics_scene,
    "fortification": fortification_scene,
    "dark_water": dark_water_scene,
    "dim_duel": dim_duel_scene,
}
