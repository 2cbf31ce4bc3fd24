from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from campaigns.api.auth import TokenLoginView, TokenLogoutAllView, TokenLogoutView
from config.api_index import ApiIndexView

# The admin's modules load with the URLs, not at start-up (config.admin_app).
admin.autodiscover()

api_urlpatterns = [
    path("", ApiIndexView.as_view(), name="api-index"),
    path("", include("campaigns.api.urls")),
    path("", include("turns.api.urls")),
    path("", include("armies.api.urls")),
    path("", include("battles.api.urls")),
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
