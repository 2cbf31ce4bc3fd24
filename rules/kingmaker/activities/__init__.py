"""Army activities (seed 003, "ВОЙСКОВЫЕ ЗАНЯТИЯ"; details in ../shared/reference,
army_activities): one module per activity, each with its parameters, what makes an order invalid,
the check it rolls and what each degree does, registered in `ACTIVITIES`.

The same checks run when a player submits an order and again when the turn resolves, against the
state at that moment.
"""
from __future__ import annotations

from rules.kingmaker.activities.base import MAX_COUNT, ActivityDefinition, CheckSpec, FieldType, ParamField
from rules.kingmaker.activities.deploy import (
    BORDER_DC,
    BORDER_DC_LABELS,
    DEPLOY_RANGE,
    DEPLOY_SKILLS,
    FORCED_MARCH_BONUS,
    DeployArmy,
    deploy_distance,
    deploy_reach,
    deploy_route,
)
from rules.kingmaker.activities.disband import DisbandArmy
from rules.kingmaker.activities.gambit import Approach, OffensiveGambit
from rules.kingmaker.activities.garrison import (
    GARRISON_BAN_TURNS,
    GARRISON_SKILL,
    TERRITORY_DC,
    GarrisonArmy,
    Site,
    Territory,
)
from rules.kingmaker.activities.kinds import (
    SECOND_ACTIVITY_PENALTY,
    ActivityKind,
    ActivityParams,
    Order,
)
from rules.kingmaker.activities.outfit import OutfitArmy, outfit_quote
from rules.kingmaker.activities.recover import RECOVER_SKILLS, Affliction, RecoverArmy, afflictions
from rules.kingmaker.activities.recruit import RecruitArmy
from rules.kingmaker.activities.registry import (
    ACTIVITIES,
    LEADERSHIP,
    PARAMS_OF,
    order_violations,
    register,
    unregister,
)
from rules.kingmaker.activities.situation import (
    ForeignArmy,
    Garrisoned,
    KingdomSheet,
    Situation,
    TurnArmy,
    army_may,
    kingdom_map_armies,
    recruiting_kingdom,
)
from rules.kingmaker.activities.slots import OrderSlot, Slot, order_slot_violations
from rules.kingmaker.activities.train import TRAIN_SKILLS, TrainArmy
from rules.kingmaker.activities.warfare_exercises import WarfareExercises
from rules.kingmaker.map_routes import Border

# An order's parameters: each activity's dataclass subclasses it.
Params = ActivityParams

__all__ = [
    "ACTIVITIES", "BORDER_DC", "BORDER_DC_LABELS", "DEPLOY_RANGE", "DEPLOY_SKILLS", "FORCED_MARCH_BONUS",
    "GARRISON_BAN_TURNS", "GARRISON_SKILL", "LEADERSHIP", "MAX_COUNT", "PARAMS_OF",
    "RECOVER_SKILLS", "SECOND_ACTIVITY_PENALTY", "TERRITORY_DC", "TRAIN_SKILLS",
    "ActivityDefinition", "ActivityKind", "ActivityParams", "Affliction", "Approach", "Border", "CheckSpec",
    "DeployArmy", "DisbandArmy", "FieldType", "ForeignArmy", "GarrisonArmy", "Garrisoned",
    "KingdomSheet", "OffensiveGambit", "Order", "OrderSlot", "OutfitArmy", "ParamField", "Params",
    "RecoverArmy", "RecruitArmy", "Site", "Situation", "Slot", "Territory", "TrainArmy",
    "TurnArmy", "WarfareExercises", "afflictions", "army_may", "deploy_distance", "deploy_reach",
    "deploy_route", "order_slot_violations", "order_violations", "outfit_quote",
    "kingdom_map_armies", "recruiting_kingdom", "register", "unregister",
]
