from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = _("Campaigns and kingdoms")

    def ready(self) -> None:
        from campaigns import auth, checks  # noqa: F401  (connect the signals, register the checks)
