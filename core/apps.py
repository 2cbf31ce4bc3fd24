from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Shared machinery under every other app; it has no tables of its own, so no admin."""

    name = "core"
