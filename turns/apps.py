from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TurnsConfig(AppConfig):
    name = "turns"
    verbose_name = _("Kingdom turns")

    def ready(self) -> None:
        from armies.orders import register_seen_armies
        from turns.map_views import seen_army_ids

        # Fog of war for the orders players give: a gambit names only an army its kingdom saw.
        register_seen_armies(seen_army_ids)
