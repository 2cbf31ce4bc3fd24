import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from core.warmup import warm_up  # noqa: E402 - Django is set up by now

warm_up()  # each server process before its first request (core.warmup)
