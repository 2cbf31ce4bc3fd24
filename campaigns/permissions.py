"""Who may make a campaign's writes: its GM (or the site operator), one of a kingdom's players, or
the project itself (SYSTEM). Every app's services ask here, each with its own refusal."""
from __future__ import annotations

from typing import TYPE_CHECKING

from campaigns.selectors import is_campaign_gm, runs_or_plays
from core.permissions import SYSTEM, NotPermitted

if TYPE_CHECKING:
    from campaigns.models import Kingdom


def require_actor(actor) -> None:
    """Refuse a write without an acting user, so that a forgotten argument never passes for the
    project's own write (that is SYSTEM, said explicitly)."""
    if actor is None:
        raise TypeError("the acting user is required (SYSTEM for the project's own writes)")


def check_runs_campaign(actor, campaign_id: int, code: str, message: str) -> None:
    """`actor` runs the campaign: its GM, the site operator, or the project; else NotPermitted
    with the caller's refusal."""
    require_actor(actor)
    if actor is not SYSTEM and not is_campaign_gm(actor, campaign_id):
        raise NotPermitted.single(code, message)


def check_plays_kingdom(actor, kingdom: Kingdom, code: str, message: str, *,
                        plays: bool | None = None) -> None:
    """`actor` acts for the kingdom: one of its players, the campaign's GM, or the project.
    `plays`: runs_or_plays, when the caller read it with the kingdom (runs_or_plays_condition)."""
    require_actor(actor)
    if actor is SYSTEM:
        return
    if not (runs_or_plays(actor, kingdom) if plays is None else plays):
        raise NotPermitted.single(code, message)
