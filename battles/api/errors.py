"""How the battle API answers the services' refusals: a plan the rules refuse is a 400 naming each
field under `plan`; a plan for a scene already sent for resolution a 409 with its status."""
from __future__ import annotations

from contextlib import contextmanager

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ErrorDetail, ValidationError

from armies.api.errors import violation_error
from battles.services import SceneLocked
from rules.errors import RuleViolation


def plan_violation_error(error: RuleViolation) -> ValidationError:
    """{"plan": {"target_army": ["..."]}, "non_field_errors": ["..."]}, in the user's language."""
    return violation_error(error, nested="plan", top_level=frozenset())


class Closed(APIException):
    """A 409: the battle takes no more input now; the body says where it stands."""

    status_code = status.HTTP_409_CONFLICT

    def __init__(self, **where):
        super().__init__()
        self.detail = {"detail": ErrorDetail(str(self.default_detail), code=self.default_code),
                       **where}


class SceneClosed(Closed):
    """The scene takes no more plans: 409, with its status."""

    default_detail = _("This battle scene takes no more plans.")
    default_code = "scene_locked"

    def __init__(self, scene):
        super().__init__(scene=scene.pk, status=scene.status)


class SceneClosedSerializer(serializers.Serializer):
    """The body of a 409 (for the schema)."""

    detail = serializers.CharField()
    scene = serializers.IntegerField()
    status = serializers.CharField()


@contextmanager
def plan_errors():
    try:
        yield
    except RuleViolation as error:
        raise plan_violation_error(error) from None
    except SceneLocked as error:
        raise SceneClosed(error.scene) from None
