"""How the API answers the services' refusals: a rule violation is a 400 with a message per field,
an order after the turn locked a 409 with the deadline, an Idempotency-Key reused for another
order a 422, a write the user may not make a 403 with the service's message."""
from __future__ import annotations

from contextlib import contextmanager

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ErrorDetail, ValidationError

from armies.activity_services import IdempotencyKeyReused
from armies.adapters import render_violation
from campaigns.services import TurnLocked
from core.api_errors import Closed, forbidden
from core.permissions import NotPermitted
from rules.errors import RuleViolation

# Violations of these fields concern the order itself; any other field is one of its params.
ORDER_FIELDS = frozenset({"army", "kind", "second", "turn", "position"})


def violation_error(error: RuleViolation, *, nested: str = "params",
                    top_level: frozenset[str] = ORDER_FIELDS) -> ValidationError:
    """A 400 whose body names each field, in the user's language:
    {"army": ["..."], "params": {"hex": ["..."]}, "non_field_errors": ["..."]}; fields outside
    `top_level` go under `nested`."""
    body: dict = {}
    for violation in error.violations:
        message = ErrorDetail(render_violation(violation), code=violation.code)
        if violation.field in top_level:
            body.setdefault(violation.field, []).append(message)
        elif violation.field in ("__all__", "", None):
            body.setdefault("non_field_errors", []).append(message)
        else:
            body.setdefault(nested, {}).setdefault(violation.field, []).append(message)
    return ValidationError(body)


class TurnClosed(Closed):
    """The turn no longer takes orders: 409, with its deadline and status."""

    default_detail = _("This turn no longer takes orders.")
    default_code = "turn_locked"
    where = {"turn": serializers.IntegerField, "status": serializers.CharField,
             "deadline": serializers.DateTimeField}

    def __init__(self, turn):
        super().__init__(turn=turn.pk, status=turn.status,
                         deadline=serializers.DateTimeField().to_representation(turn.deadline))


class KeyReused(APIException):
    """An Idempotency-Key sent again with another body: 422, naming the first order."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_detail = _("This Idempotency-Key was first sent with another request body: send a "
                       "new key for a new order.")
    default_code = "idempotency_key_reused"

    def __init__(self, first):
        super().__init__()
        self.detail = {"detail": ErrorDetail(str(self.default_detail), code=self.default_code),
                       "activity": first.pk}


class KeyReusedSerializer(serializers.Serializer):
    """The body of a 422 (for the schema)."""

    detail = serializers.CharField()
    activity = serializers.IntegerField(help_text=_("The order first sent with the key."))


@contextmanager
def service_errors():
    """Turn a service's refusal into the API's answer (400 per field, 403 for a write the user
    may not make, 409 after the lock)."""
    try:
        yield
    except NotPermitted as error:
        raise forbidden(error) from None
    except RuleViolation as error:
        raise violation_error(error) from None
    except TurnLocked as error:
        raise TurnClosed(error.turn) from None
    except IdempotencyKeyReused as error:
        raise KeyReused(error.first) from None
