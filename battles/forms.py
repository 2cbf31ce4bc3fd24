"""What the battle forms of the back office share."""
from __future__ import annotations

from django.utils.translation import gettext as _


def check_campaign_kingdoms(form, data) -> None:
    """Each side's kingdom, when there is one, belongs to the battle's campaign."""
    campaign = data.get("campaign")
    for name in ("attacker_kingdom", "defender_kingdom"):
        kingdom = data.get(name)
        if kingdom is not None and campaign is not None and kingdom.campaign_id != campaign.pk:
            form.add_error(name, _("This kingdom belongs to another campaign."))
