"""The project's URLs and the REST bench's bare create at /bench/bare-notes/."""
from django.urls import include, path
from rest_framework.routers import SimpleRouter

from bench.bare.api import BareNoteViewSet
from config.urls import urlpatterns as project_urlpatterns

router = SimpleRouter()
router.register("bare-notes", BareNoteViewSet, basename="bare-note")

urlpatterns = [path("bench/", include(router.urls)), *project_urlpatterns]
