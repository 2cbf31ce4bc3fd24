"""`GET /api/`: the API's index, a link to each endpoint (DRF's root view, browsable too)."""
from __future__ import annotations

from rest_framework.permissions import AllowAny
from rest_framework.routers import APIRootView

from armies.api.urls import router as armies_router
from battles.api.urls import router as battles_router
from campaigns.api.urls import router as campaigns_router
from turns.api.urls import router as turns_router

# The endpoints outside the routers: key in the index -> URL name.
OTHER_ENDPOINTS = {
    "me/preferences": "preferences",
    "auth/token": "api-token",
    "auth/logout": "api-logout",
    "auth/logoutall": "api-logout-all",
    "schema": "api-schema",
    "docs": "api-docs",
}


class ApiIndexView(APIRootView):
    """The Muster API: order your kingdom's armies between sessions and read turn reports. Each
    link lists what you may see there; the schema and the docs describe every endpoint."""

    # Links only, open to anyone: each endpoint checks its own access.
    permission_classes = [AllowAny]
    api_root_dict = {
        **{prefix: f"{basename}-list"
           for router in (campaigns_router, turns_router, armies_router, battles_router)
           for prefix, _viewset, basename in router.registry},
        **OTHER_ENDPOINTS,
    }
