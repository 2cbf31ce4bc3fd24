from rest_framework.routers import SimpleRouter

from armies.api import views

router = SimpleRouter()
router.register("armies", views.ArmyViewSet, basename="army")
router.register("activities", views.ActivityViewSet, basename="activity")

urlpatterns = router.urls
