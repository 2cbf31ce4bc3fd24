"""The project's settings with the REST bench's bare endpoint added (bench/api.py serves them with
gunicorn); never the production settings."""
from config.settings import *  # noqa: F403
from config.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "bench.bare"]
ROOT_URLCONF = "bench.api_urls"
