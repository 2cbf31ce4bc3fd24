from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArmiesConfig(AppConfig):
    name = "armies"
    verbose_name = _("Armies")
