from django.urls import path

from campaigns.api import views
from campaigns.api.routers import IdRouter

router = IdRouter()
router.register("campaigns", views.CampaignViewSet, basename="campaign")
router.register("kingdoms", views.KingdomViewSet, basename="kingdom")
router.register("settlements", views.SettlementViewSet, basename="settlement")

urlpatterns = [
    path("me/preferences/", views.PreferencesView.as_view(), name="preferences"),
    *router.urls,
]
