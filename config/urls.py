from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

api_urlpatterns = [
    path("", include("campaigns.api.urls")),
    path("", include("armies.api.urls")),
    path("", include("battles.api.urls")),
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # GET only: the Swagger page has no template for OPTIONS.
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema", http_method_names=["get", "head"]),
         name="api-docs"),
]

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include(api_urlpatterns)),
    path("", RedirectView.as_view(pattern_name="admin:index", permanent=False)),
]
