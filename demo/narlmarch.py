"""The demo's second sector battle, "Ambush at the Narlmarch": seed 001's modules all on
(001_5d751c33a121b07e.txt; docs/rules-notes.md) and seed 002's magic dice
(002_eb4cf75b750af884.txt). Greenbelt's wardens lie in ambush in the Narlmarch forest and have
already laid their markers; Restov's free company follows its standing orders toward a ravine,
past a trap Restov laid; a general and a hero lead Restov, the hero carrying an artifact of the
army book. Round 1's magic phase shows the module: Restov's priest casts on power dice,
Greenbelt's wizard uses her bound spell, and each side's dispel plan answers the other's spell;
the wizard still carries an artifact's bound spell for round 2. Round 2 takes both sides' orders.

Built as a GM and the players build one: the scenario through the services with SYSTEM as the
actor, each side's orders through orders_submit as its player. The rounds are the workers' job;
the demo resolves them here, in its own transaction, so the battle is ready at once (the messages
the rounds enqueue on commit then find nothing to do, as a repeated message does)."""
from __future__ import annotations

from typing import Any

from battles.sector import services
from battles.sector.adapters import caster_key, trap_key, unit_key
from battles.sector.models import SectorBattle, SectorUnit, UnitCard
from battles.sector.module_models import ArtifactCard, TrapCard
from battles.sector.resolution import round_resolve
from campaigns.models import Campaign, Kingdom
from core.permissions import SYSTEM
from rules.cerilia.ambush_orders import concealment_key
from rules.cerilia.concealment import Concealment
from rules.sides import Side

NAME = "Ambush at the Narlmarch"
# The public name on the wardens' markers (the enemy reads it); the trap's likewise.
AMBUSH_NAME = "Briar Banner"
TRAP_NAME = "Stakes at the ford"
# Round 1: the wardens' three markers leave the forest, the true one (index 2) to C2.
MARKER_PATHS = [["A2"], [], ["C2"]]
TRUE_MARKER = 2
# Module "magic dice": the GM fixes the pools (reference: "The GM may set a fixed number instead
# per scenario"), so each order below finds its dice whatever the round's roll.
POWER_DICE, DISPEL_DICE = 8, 3
PRIEST, WIZARD = "Jhod Kavken", "Tiressia"
# Seed 002, XI.6.A: «Заклинание с силой 5/9»: the wizard's own bound blessing, 4 on two dice,
# 7 on three.
WIZARD_BOUND = [{"spell": "bless", "power": "4/7"}]
# Round 1: the priest blesses his pikes on 4 power dice (bless is cast on 5: "bless ... 5");
# the wizard blesses the spears on 3 dice of her bound spell; each side plans to dispel.
PRIEST_DICE, BOUND_DICE = 4, 3
ATTACKER_DISPEL = [{"spell": "bless", "dice": 2}]
DEFENDER_DISPEL = [{"spell": "bless", "dice": 3, "at_least": 6}, {"spell": "any", "dice": 1}]


def ambush_key() -> str:
    """The key of the wardens' ambush (its markers' keys derive from it)."""
    return concealment_key(Side.DEFENDER, Concealment.AMBUSH, AMBUSH_NAME)


def _unit(battle: SectorBattle, side: str, card: str, name: str) -> SectorUnit:
    # No campaign army stands for them: the Siege of Varnhold has the kingdoms' armies.
    return services.unit_add(actor=SYSTEM, battle=battle, side=side,
                             card=UnitCard.objects.get(code=card), name=name)


def ambush_at_the_narlmarch(campaign: Campaign, attacker: Kingdom, defender: Kingdom,
                            players: dict[str, Any]) -> SectorBattle:
    """The battle in round 2, taking orders: phase 0 played (the wardens hidden in the forest,
    the free company's standing orders, the trap laid) and round 1 (the wardens' markers laid
    and moved, the free company into the ravine). `players` maps each side to its player.

    Round 1 brings no unit near an enemy or an enemy trap, so whatever the dice (the initiative,
    the spells', dispels' and blessings' rolls), round 2 opens with the same field: a blessing
    adds a morale sign and moves nothing."""
    battle = SectorBattle.objects.create(
        campaign=campaign, name=NAME, attacker_kingdom=attacker, defender_kingdom=defender,
        cells_per_sector=2, power_dice=POWER_DICE, dispel_dice=DISPEL_DICE)
    battle.terrain.create(kind="forest", sector="B2")
    battle.terrain.create(kind="ravine", sector="D2")
    lancers = _unit(battle, "attacker", "knights", "Aldori Lancers")
    pikes = _unit(battle, "attacker", "pikes", "Restov Pikes")
    free = _unit(battle, "attacker", "independent_warriors", "Tatzlford Free Company")
    wardens = _unit(battle, "defender", "elven_archers", "Narlmarch Wardens")
    spears = _unit(battle, "defender", "pikes", "Varnhold Spears")
    riders = _unit(battle, "defender", "light_cavalry", "Varnhold Riders")
    # Module "command": each side's general pays for its orders; the hero's will points pay
    # for units beside it, and it carries the army book's Eye of the hawk (module "artifacts").
    services.character_save(actor=SYSTEM, battle=battle, side="attacker",
                            name="Jamandi Aldori", roles=["general"], unit=lancers)
    services.character_save(actor=SYSTEM, battle=battle, side="attacker",
                            name="Kesten Garess", roles=["hero"], unit=pikes,
                            carries=[ArtifactCard.objects.get(code="eye_of_the_hawk")])
    services.character_save(actor=SYSTEM, battle=battle, side="defender",
                            name="Maegar Varn", roles=["general"], unit=spears)
    # Module "magic dice": a priest with Restov's pikes; a wizard with Varnhold's spears,
    # carrying a bound spell of her own and the army book's Staff of fog (a bound Fog, 3/6).
    # Neither lists spells: each knows its school's, seed 002's Heal and Haste among them.
    priest = services.character_save(actor=SYSTEM, battle=battle, side="attacker",
                                     name=PRIEST, school="priest", unit=pikes)
    wizard = services.character_save(actor=SYSTEM, battle=battle, side="defender",
                                     name=WIZARD, school="wizard", unit=spears,
                                     bound=WIZARD_BOUND,
                                     carries=[ArtifactCard.objects.get(code="staff_of_fog")])
    stakes = services.trap_add(actor=SYSTEM, battle=battle, side="attacker",
                               card=TrapCard.objects.get(code="trap"))
    services.battle_start(actor=SYSTEM, battle=battle)

    _play(battle, players, {
        "attacker": {
            "placements": {unit_key(lancers): "C1", unit_key(pikes): "B1",
                           unit_key(free): "D1"},
            # Seed: "Перед игрой игрок определяет 2 приказа" for independent warriors.
            "standing": {unit_key(free): [{"kind": "advance_to", "target": "D2"},
                                          {"kind": "scout"}]},
            "traps": {trap_key(stakes): {"name": TRAP_NAME, "sectors": ["E2", "A1", "E1"],
                                         "real": 0}},
        },
        "defender": {
            "placements": {unit_key(spears): "B3", unit_key(riders): "E3"},
            "ambushes": {unit_key(wardens): {"sector": "B2", "name": AMBUSH_NAME}},
        },
    })
    # Round 1: Restov waits for its free company; the wardens' first Move lays their markers.
    # The magic phase: pools, the priest's roll, the bound spell, a dispel against each.
    _play(battle, players, {
        "attacker": {
            "spells": {caster_key(priest): {"spell": "bless", "unit": unit_key(pikes),
                                            "dice": PRIEST_DICE}},
            "dispel": ATTACKER_DISPEL,
        },
        "defender": {
            "markers": {ambush_key(): {"paths": MARKER_PATHS, "true": TRUE_MARKER}},
            "bound": [{"holder": caster_key(wizard), "index": 0, "dice": BOUND_DICE,
                       "unit": unit_key(spears)}],
            "dispel": DEFENDER_DISPEL,
        },
    })
    battle.refresh_from_db()
    return battle


def _play(battle: SectorBattle, players: dict[str, Any], orders: dict[str, dict]) -> None:
    """Each side's orders as its player gives them; then the round, as a worker resolves it."""
    for side, data in orders.items():
        services.orders_submit(battle=battle, side=side, user=players[side], data=data)
    round_resolve(battle.pk)

