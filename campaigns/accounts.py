"""A user's own account beyond Django's password views: a new e-mail address, confirmed by a link
mailed to it, and signing out everywhere. Each asks for the password, so that a browser left
signed in cannot take the account over."""
from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy

from campaigns.account_mail import absolute, mail_after_commit
from rules.errors import RuleViolation, Violation, _, raise_if_any

EMAIL_CHANGE_SALT = "muster.email-change"
EMAIL_LENGTH = 254  # auth.User's e-mail column
WRONG_PASSWORD = _("Your password is not right.")
BAD_LINK = _("This link is not valid: it was used already, or it is not whole. Ask for a new one "
             "from your account page.")
EXPIRED_LINK = _("This link has expired: ask for a new one from your account page.")


def _check_password(user, password: str) -> None:
    if not user.check_password(password):
        raise RuleViolation.single("wrong_password", WRONG_PASSWORD, "password")


def email_violations(email: str) -> list[Violation]:
    """An address the account can store (its column holds 254 characters)."""
    try:
        validate_email(email)
    except ValidationError:
        return [Violation("email", _("Enter a valid e-mail address."), "email")]
    if len(email) > EMAIL_LENGTH:
        return [Violation("email_length", _("An e-mail address has at most %(length)d "
                                            "characters."), "email", {"length": EMAIL_LENGTH})]
    return []


def email_change_request(*, user, email: str, password: str) -> None:
    """Mail a confirmation link to the new address (and a notice to the old one); the address
    changes only when the link is followed, while the old address is still the account's, within
    settings.MUSTER_EMAIL_CONFIRM_DAYS."""
    email = get_user_model().objects.normalize_email(email.strip())
    violations = email_violations(email)
    if email and email.lower() == user.email.lower():
        violations.append(Violation("email_same", _("This is your address already."), "email"))
    raise_if_any(violations)
    _check_password(user, password)
    token = signing.dumps({"user": user.pk, "email": email, "old": user.email},
                          salt=EMAIL_CHANGE_SALT)
    context = {"name": user.get_username(), "email": email,
               "link": absolute(reverse("email-confirm", args=[token])),
               "days": settings.MUSTER_EMAIL_CONFIRM_DAYS}
    mail_after_commit(to=email, subject=gettext_lazy("Muster: confirm your new e-mail address"),
                      template="email/email_change.txt", context=context,
                      language=get_language())
    if user.email:
        mail_after_commit(to=user.email, subject=gettext_lazy("Muster: your e-mail address is changing"),
                          template="email/email_change_notice.txt", context=context,
                          language=get_language())


@transaction.atomic
def email_change_confirm(*, user, token: str) -> str:
    """Set the address the link was mailed to; the link works once (it names the old address)."""
    try:
        claim = signing.loads(token, salt=EMAIL_CHANGE_SALT,
                              max_age=settings.MUSTER_EMAIL_CONFIRM_DAYS * 86400)
    except signing.SignatureExpired:
        raise RuleViolation.single("expired_link", EXPIRED_LINK) from None
    except signing.BadSignature:
        raise RuleViolation.single("bad_link", BAD_LINK) from None
    user = get_user_model().objects.select_for_update().get(pk=user.pk)
    if claim.get("user") != user.pk or claim.get("old") != user.email:
        raise RuleViolation.single("bad_link", BAD_LINK)
    user.email = claim["email"]
    user.save(update_fields=["email"])
    return user.email


@transaction.atomic
def sign_out_everywhere(*, user, password: str) -> None:
    """End every session and API token of the user: the password is stored again with a new salt,
    which changes the hash every session was signed with (and tokens die with the password,
    campaigns.auth). The caller signs this browser out too."""
    _check_password(user, password)
    user.set_password(password)
    user.save(update_fields=["password"])
