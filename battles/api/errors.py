"""How the battle API answers the services' refusals: a plan the rules refuse is a 400 naming each
field under `plan`; a plan for a scene already sent for resolution a 409 with its status; a plan
the user may not give (another kingdom's army) a 403 with the service's message."""
from __future__ import annotations

from contextlib import contextmanager

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from armies.api.errors import violation_error
from battles.services import SceneLocked
from core.api_errors import Closed, forbidden
from core.permissions import NotPermitted
from rules.errors import RuleViolation


def plan_violation_error(error: RuleViolation) -> ValidationError:
    """{"plan": {"target_army": ["..."]}, "non_field_errors": ["..."]}, in the user's language."""
    return violation_error(error, nested="plan", top_level=frozenset())


class SceneClosed(Closed):
    """The scene takes no more plans: 409, with its status."""

    default_detail = _("This battle scene takes no more plans.")
    default_code = "scene_locked"
    where = {"scene": serializers.IntegerField, "status": serializers.CharField}

    def __init__(self, scene):
        super().__init__(scene=scene.pk, status=scene.status)


@contextmanager
def plan_errors():
    try:
        yield
    except NotPermitted as error:
        raise forbidden(error) from None
    except RuleViolation as error:
        raise plan_violation_error(error) from None
    except SceneLocked as error:
        raise SceneClosed(error.scene) from None
