"""API tokens (django-rest-knox): a user name and password buy a token that expires; only its digest
is stored; logging out ends it. Failed attempts count toward the same lockout as the sign-in page
(django-axes), and the endpoint is throttled per client address."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from knox import views as knox_views
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.throttling import ScopedRateThrottle

from campaigns.api.authentication import TokenAuthentication, delete_expired_tokens
from campaigns.auth import locked_out_message
from campaigns.model_meta import max_length
from core.api_errors import ErrorSerializer


class TokenScheme(KnoxTokenScheme):
    target_class = "campaigns.api.authentication.TokenAuthentication"
    name = "tokenAuth"


class LockedOut(exceptions.APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"

    def __init__(self):
        super().__init__(locked_out_message())


class CredentialsSerializer(AuthTokenSerializer):
    # No longer than a user name can be: the lockout's record of a failure keeps the name.
    username = serializers.CharField(
        label=_("Username"), write_only=True,
        max_length=max_length(get_user_model(), get_user_model().USERNAME_FIELD))


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text=_(
        "Send it as `Authorization: Token <token>`. It is shown once: only its digest is kept."))
    expiry = serializers.DateTimeField(help_text=_(
        "When it stops working; ask for a new one before then."))


UNAUTHORIZED = OpenApiResponse(ErrorSerializer, description=_("No token, or not a valid one."))
TOO_MANY = OpenApiResponse(ErrorSerializer, description=_(
    "Too many requests (see Retry-After), or too many failed sign-ins: locked out for a while."))


class TokenLoginView(knox_views.LoginView):
    """Trade a user name and password for an API token that expires."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "api-token"

    @extend_schema(request=CredentialsSerializer,
                   responses={200: TokenSerializer, 400: OpenApiResponse(
                       OpenApiTypes.OBJECT, description=_("Wrong user name or password.")),
                       429: TOO_MANY},
                   auth=[])
    def post(self, request, format=None):
        credentials = CredentialsSerializer(data=request.data, context={"request": request})
        if not credentials.is_valid():
            # django-axes flags the request it was handed: here DRF's, which its middleware
            # (reading Django's) never sees, so the lockout is answered here.
            if getattr(request, "axes_locked_out", False):
                raise LockedOut()
            raise exceptions.ValidationError(credentials.errors)
        request.user = credentials.validated_data["user"]
        delete_expired_tokens(request.user)
        return super().post(request, format)


class TokenLogoutView(knox_views.LogoutView):
    """End the token this request carries."""

    authentication_classes = (TokenAuthentication,)

    @extend_schema(request=None, responses={204: None, 401: UNAUTHORIZED})
    def post(self, request, format=None):
        return super().post(request, format)


class TokenLogoutAllView(knox_views.LogoutAllView):
    """End every API token of the user this request's token belongs to."""

    authentication_classes = (TokenAuthentication,)

    @extend_schema(request=None, responses={204: None, 401: UNAUTHORIZED})
    def post(self, request, format=None):
        return super().post(request, format)
