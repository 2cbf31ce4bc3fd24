from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TurnsConfig(AppConfig):
    name = "turns"
    verbose_name = _("Kingdom turns")

    def ready(self) -> None:
        from armies.orders import register_found_armies
        from turns.map_views import found_in_last_report

        # Fog of war for the orders players give: a gambit names only an army its kingdom sees,
        # an ambusher only where its last report found it.
        register_found_armies(found_in_last_report)
