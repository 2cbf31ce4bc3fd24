from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings

api_urlpatterns = [
    path("", include("campaigns.api.urls")),
    path("", include("armies.api.urls")),
    path("", include("battles.api.urls")),
    # The project's parsers, not the view's own (DRF's JSONParser, which crashes on deep JSON).
    path("auth/token/", ObtainAuthToken.as_view(parser_classes=api_settings.DEFAULT_PARSER_CLASSES),
         name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # GET only: the Swagger page has no template for OPTIONS.
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema", http_method_names=["get", "head"]),
         name="api-docs"),
]

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include(api_urlpatterns)),
    # The pages: sign-in (settings.LOGIN_URL is the admin's, so the views name these), then the
    # campaign home at "/" and the kingdom, report and battle pages.
    path("accounts/login/", auth_views.LoginView.as_view(
        template_name="registration/login.html", redirect_authenticated_user=True,
        next_page="home"), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="login"), name="logout"),
    path("", include("campaigns.urls")),
    path("", include("battles.urls")),
]

# Unknown URLs under /api/ answer JSON, as the API's own 404s do.
handler404 = "config.errors.handler404"
