"""The admin, its modules imported with the URL configuration (config/urls.py) rather than at
start-up: a command that serves no page (battle_odds, resolve_turns, a Celery worker) starts
about 0.35 s of CPU sooner, the admin modules' imports (Django REST framework among them)
skipped. Its system checks import them first, so `manage.py check` checks every ModelAdmin."""
from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import SimpleAdminConfig
from django.contrib.admin.checks import check_admin_app, check_dependencies
from django.core import checks


def _discovered_and_checked(app_configs, **kwargs):
    admin.autodiscover()
    return check_admin_app(app_configs, **kwargs)


class AdminConfig(SimpleAdminConfig):
    def ready(self) -> None:
        checks.register(check_dependencies, checks.Tags.admin)
        checks.register(_discovered_and_checked, checks.Tags.admin)
