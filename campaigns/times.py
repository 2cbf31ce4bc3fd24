"""Moments as a campaign's people read them: in the campaign's time zone, saying which (the
admin, the mail)."""
from __future__ import annotations

import datetime
import zoneinfo

from django.utils import formats


def local_time(moment: datetime.datetime, campaign) -> str:
    return zoned_time(moment, campaign.timezone)


def zoned_time(moment: datetime.datetime, zone: str) -> str:
    """The moment in the time zone, saying which (the active language's format)."""
    local = moment.astimezone(zoneinfo.ZoneInfo(zone))
    return f"{formats.date_format(local, 'DATETIME_FORMAT')} ({zone})"
