from armies.api import views
from campaigns.api.routers import IdRouter

router = IdRouter()
router.register("armies", views.ArmyViewSet, basename="army")
router.register("activities", views.ActivityViewSet, basename="activity")

urlpatterns = router.urls
