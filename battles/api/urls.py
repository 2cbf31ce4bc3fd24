from rest_framework.routers import SimpleRouter

from battles.api import views
from battles.sector import api as sector_api

router = SimpleRouter()
router.register("battles", views.BattleSceneViewSet, basename="battle")
router.register("battle-participants", views.BattleParticipantViewSet,
                basename="battle-participant")
router.register("sector-battles", sector_api.SectorBattleViewSet, basename="sector-battle")
router.register("unit-cards", sector_api.UnitCardViewSet, basename="unit-card")

urlpatterns = router.urls
