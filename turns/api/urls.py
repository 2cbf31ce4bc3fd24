from campaigns.api.routers import IdRouter
from turns.api import views

router = IdRouter()
router.register("turns", views.TurnViewSet, basename="turn")
router.register("reports", views.ReportViewSet, basename="report")

urlpatterns = router.urls
