from campaigns.api.routers import IdRouter
from turns.api import campaign_map, views

router = IdRouter()
router.register("turns", views.TurnViewSet, basename="turn")
router.register("reports", views.ReportViewSet, basename="report")
# Only the detail route campaigns/{id}/map/ (named campaign-map); campaigns.api has the rest.
router.register("campaigns", campaign_map.CampaignMapViewSet, basename="campaign")

urlpatterns = router.urls
