from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from armies.api import urls as armies_api
from battles.api import urls as battles_api
from campaigns.api import urls as campaigns_api
from campaigns.api.auth import TokenLoginView, TokenLogoutAllView, TokenLogoutView
from config.api_index import ApiIndexView
from turns.api import urls as turns_api

# The admin's modules load with the URLs, not at start-up (config.admin_app).
admin.autodiscover()

# The apps' API routes side by side, not each under an include(""): a request is matched against
# the routes in turn, and each include it passes cost it a nested resolve. The armies' come first,
# as an order's submission is the API's hottest request; no two routes match the same URL, so
# their order decides nothing else.
api_urlpatterns = [
    path("", ApiIndexView.as_view(), name="api-index"),
    *armies_api.urlpatterns,
    *campaigns_api.urlpatterns,
    *turns_api.urlpatterns,
    *battles_api.urlpatterns,
    path("auth/token/", TokenLoginView.as_view(), name="api-token"),
    path("auth/logout/", TokenLogoutView.as_view(), name="api-logout"),
    path("auth/logoutall/", TokenLogoutAllView.as_view(), name="api-logout-all"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # GET only: the Swagger page has no template for OPTIONS.
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema", http_method_names=["get", "head"]),
         name="api-docs"),
]

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include(api_urlpatterns)),
    # The pages: signing in and the password, then the campaign home at "/" and the kingdom,
    # report and battle pages.
    path("accounts/", include("campaigns.account_urls")),
    path("", include("campaigns.urls")),
    path("", include("turns.urls")),
    path("", include("battles.urls")),
]
