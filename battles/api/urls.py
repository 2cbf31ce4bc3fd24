from rest_framework.routers import SimpleRouter

from battles.api import views

router = SimpleRouter()
router.register("battles", views.BattleSceneViewSet, basename="battle")
router.register("battle-participants", views.BattleParticipantViewSet,
                basename="battle-participant")

urlpatterns = router.urls
