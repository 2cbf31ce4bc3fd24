from battles.api import standing_plans, views
from battles.sector import api as sector_api
from campaigns.api.routers import IdRouter

router = IdRouter()
router.register("battles", views.BattleSceneViewSet, basename="battle")
router.register("battle-participants", views.BattleParticipantViewSet,
                basename="battle-participant")
router.register("sector-battles", sector_api.SectorBattleViewSet, basename="sector-battle")
router.register("unit-cards", sector_api.UnitCardViewSet, basename="unit-card")
# Only the detail route armies/{id}/battle-plan/ (named army-battle-plan); armies.api has the rest.
router.register("armies", standing_plans.ArmyPlanViewSet, basename="army")

urlpatterns = router.urls
