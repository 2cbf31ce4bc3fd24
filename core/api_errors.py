"""The API's answers every app gives alike: the body of a 401, 403, 404 or 405, and the one 409
of an object that takes no more input (a locked turn, a scene sent for resolution, a closed
round)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ErrorDetail, PermissionDenied

from core.permissions import NotPermitted

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class ErrorSerializer(serializers.Serializer):
    """A 401, 403, 404 or 405 body (for the schema)."""

    detail = serializers.CharField()


NOT_FOUND = OpenApiResponse(ErrorSerializer, description=_("Not found, or not yours to see."))


def forbidden(error: NotPermitted) -> PermissionDenied:
    """The 403 of a write the user may not make: its detail is the service's refusal, in the
    reader's language, as the pages and the admin show it."""
    return PermissionDenied(error.violations[0].render(gettext))


class Closed(APIException):
    """A 409: the object takes no more input now. The body is the message, then where the object
    stands: {"detail": "...", "turn": 7, "status": "locked", ...}. Each kind of object declares
    its message, its code and the fields of `where`; its schema follows from them."""

    status_code = status.HTTP_409_CONFLICT
    where: ClassVar[dict[str, type[serializers.Field]]] = {}
    serializer: ClassVar[type[serializers.Serializer]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Built once per kind: the schema names each body after its class (TurnClosed...).
        cls.serializer = type(f"{cls.__name__}Serializer", (serializers.Serializer,), {
            "__module__": cls.__module__, "__doc__": "The body of a 409 (for the schema).",
            "detail": serializers.CharField(),
            **{name: field() for name, field in cls.where.items()}})

    def __init__(self, **where: Any) -> None:
        if where.keys() != self.where.keys():
            raise TypeError(f"{type(self).__name__} says where it stands with {list(self.where)}")
        super().__init__()
        self.detail = {"detail": ErrorDetail(str(self.default_detail), code=self.default_code),
                       **where}

    @classmethod
    def response(cls, description: StrOrPromise) -> OpenApiResponse:
        """The 409 in the schema."""
        return OpenApiResponse(cls.serializer, description=description)
