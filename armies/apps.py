from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArmiesConfig(AppConfig):
    name = "armies"
    verbose_name = _("Armies")

    def ready(self) -> None:
        from armies import history  # noqa: F401  (connects the army history's snapshots)
