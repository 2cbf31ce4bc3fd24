"""Who may make a write, as the services decide it: every interface (API, pages, admin, commands,
tasks) passes the acting user and translates the one refusal below, so the same user gets the same
answer wherever they ask."""
from __future__ import annotations

from rules.errors import RuleViolation


class NotPermitted(RuleViolation):
    """The acting user may not make this write. A RuleViolation, so that forms and admin messages
    show it as they show a rule; the API answers it with a 403 carrying the same message."""


class SystemActor:
    """The project itself acting (a turn's resolution queueing a gambit's battle, a worker): it
    may make any write, and the rules still apply."""

    # What the checks read of a user, so that none of them crashes on the project or refuses it.
    is_authenticated = True
    is_active = True
    is_superuser = True
    pk = None

    def __repr__(self) -> str:
        return "SYSTEM"


SYSTEM = SystemActor()
