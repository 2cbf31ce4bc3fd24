"""Who joins a campaign and where they play: the GM's invitations (a link that expires and works
once), a newcomer signing up through one or a user joining with their account, and the GM moving
or removing a member. Every interface (the GM's page, the back office, the join page) writes
through these services."""
from __future__ import annotations

import datetime
import hashlib
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_lazy

from campaigns.account_mail import absolute, mail_after_commit
from campaigns.accounts import email_change_request, email_violations
from campaigns.models import Invitation, InvitationStatus, Kingdom, Membership, Role
from campaigns.permissions import check_runs_campaign
from campaigns.times import local_time
from rules.errors import RuleViolation, Violation, _, raise_if_any

MIN_DAYS, MAX_DAYS = 1, 30

REFUSALS = {
    InvitationStatus.ACCEPTED: _("This invitation has been used already: each link works once. "
                                 "Ask the game master for a new one."),
    InvitationStatus.REVOKED: _("The game master has withdrawn this invitation."),
    InvitationStatus.EXPIRED: _("This invitation has expired. Ask the game master for a new one."),
}
UNKNOWN = _("This invitation link is not valid. Check that you copied all of it.")
NAME_TAKEN = Violation("username_taken", _("This user name is taken: choose another, or sign in "
                                           "if it is yours."), "username")
MEMBER_GONE = Violation("member_gone", _("This member has left the campaign already."))


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invitation_path(token: str) -> str:
    return reverse("invitation", args=[token])


def check_manages_members(actor, campaign_id: int) -> None:
    check_runs_campaign(actor, campaign_id, "members_gm_only",
                        _("Only the campaign's game master invites, moves and removes its "
                          "members."))


def _invite_violations(email: str, days: int) -> list[Violation]:
    violations = email_violations(email) if email else []
    if not MIN_DAYS <= days <= MAX_DAYS:
        violations.append(Violation("days", _("An invitation lasts %(low)d to %(high)d days."),
                                    "days", {"low": MIN_DAYS, "high": MAX_DAYS}))
    return violations


@transaction.atomic
def invitation_create(*, actor, kingdom: Kingdom, email: str = "",
                      days: int | None = None) -> tuple[Invitation, str]:
    """Invite someone to play `kingdom`: the invitation and its link's secret, which is stored
    only as a digest, so the caller shows it now or never. With an address, Muster mails the link
    there after the commit (in the language the GM speaks now)."""
    check_manages_members(actor, kingdom.campaign_id)
    email = email.strip()
    days = settings.MUSTER_INVITATION_DAYS if days is None else days
    raise_if_any(_invite_violations(email, days))
    token = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        campaign_id=kingdom.campaign_id, kingdom=kingdom, email=email,
        token_digest=digest(token), expires_at=timezone.now() + datetime.timedelta(days=days),
        created_by=actor if getattr(actor, "pk", None) is not None else None)
    if email:
        mail_after_commit(
            to=email, subject=gettext_lazy("Muster: an invitation to play %(kingdom)s in %(campaign)s"),
            template="email/invitation.txt", language=get_language(),
            context={"kingdom": kingdom.name, "campaign": kingdom.campaign.name,
                     "link": absolute(invitation_path(token)),
                     "expires": local_time(invitation.expires_at, kingdom.campaign)})
    return invitation, token


@transaction.atomic
def invitation_revoke(*, actor, invitation: Invitation) -> Invitation:
    """Withdraw an invitation that has not been used: its link stops working."""
    check_manages_members(actor, invitation.campaign_id)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at is not None:
        raise RuleViolation.single("invitation_used", REFUSALS[InvitationStatus.ACCEPTED])
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def invitation_for(token: str) -> Invitation | None:
    """The invitation behind a link, with its campaign and kingdom (whatever its state)."""
    return (Invitation.objects.select_related("campaign", "kingdom")
            .filter(token_digest=digest(token)).first())


def _refusal(invitation: Invitation | None) -> str | None:
    if invitation is None:
        return UNKNOWN
    return REFUSALS.get(invitation.status_at(timezone.now()))


def invitation_refusal(invitation: Invitation | None) -> str | None:
    """Why the link cannot be used now (in the active language), or None when it can."""
    refusal = _refusal(invitation)
    return None if refusal is None else gettext(refusal)


def _claim(token: str) -> Invitation:
    """The invitation, locked, if it can be used now; else the reason as a RuleViolation."""
    invitation = (Invitation.objects.select_for_update().select_related("kingdom", "campaign")
                  .filter(token_digest=digest(token)).first())
    refusal = _refusal(invitation)
    if refusal is not None or invitation is None:
        raise RuleViolation.single("invitation_unusable", refusal or UNKNOWN)
    return invitation


def _already_member(invitation: Invitation) -> RuleViolation:
    return RuleViolation.single(
        "already_member", _("You are a member of %(campaign)s already. Ask its game master to "
                            "move you to another kingdom."), campaign=invitation.campaign.name)


@transaction.atomic
def invitation_accept(*, token: str, user) -> Membership:
    """`user` joins the campaign as a player of the invited kingdom; the link is spent."""
    invitation = _claim(token)
    if Membership.objects.filter(user=user, campaign_id=invitation.campaign_id).exists():
        raise _already_member(invitation)
    try:
        with transaction.atomic():
            membership = Membership.objects.create(user=user, campaign_id=invitation.campaign_id,
                                                   role=Role.PLAYER, kingdom=invitation.kingdom)
    except IntegrityError:  # the same user, through another invitation a moment ago
        raise _already_member(invitation) from None
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


def _sign_up_violations(user, username: str, email: str, password: str) -> list[Violation]:
    User = get_user_model()
    violations = email_violations(email) if email else []
    try:
        User.username_validator(username)
    except ValidationError as error:
        violations += [Violation("username", message.replace("%", "%%"), "username")
                       for message in error.messages]
    if User.objects.filter(username__iexact=username).exists():
        violations.append(NAME_TAKEN)
    try:
        password_validation.validate_password(password, user)
    except ValidationError as error:
        violations += [Violation("password", message.replace("%", "%%"), "password1")
                       for message in error.messages]
    return violations


@transaction.atomic
def invitation_sign_up(*, token: str, username: str, email: str, password: str):
    """A newcomer's account, made through an invitation and joined to its kingdom in one
    transaction: a link that cannot be used leaves no account behind. The address the GM invited
    is the account's (the link reached it); another is the account's once the link mailed there
    is followed (campaigns.accounts), as any new address is."""
    User = get_user_model()
    email = User.objects.normalize_email(email.strip())
    invitation = _claim(token)
    confirmed = bool(email) and email.lower() == invitation.email.lower()
    user = User(username=username, email=email if confirmed else "")
    raise_if_any(_sign_up_violations(user, username, email, password))
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:  # the same name, signed up a moment ago
        raise RuleViolation([NAME_TAKEN]) from None
    invitation_accept(token=token, user=user)
    if email and not confirmed:
        email_change_request(user=user, email=email, password=password)
    return user


# --- the GM moves and removes members ----------------------------------------------------------


def _locked_member(membership: Membership) -> Membership:
    locked = Membership.objects.select_for_update().filter(pk=membership.pk).first()
    if locked is None:
        raise RuleViolation([MEMBER_GONE])
    return locked


@transaction.atomic
def membership_move(*, actor, membership: Membership, kingdom: Kingdom) -> Membership:
    """The player now plays `kingdom`, of the same campaign."""
    check_manages_members(actor, membership.campaign_id)
    membership = _locked_member(membership)
    if kingdom.campaign_id != membership.campaign_id:
        raise RuleViolation.single("kingdom_elsewhere", _("This kingdom belongs to another "
                                                          "campaign."), "kingdom")
    if membership.role != Role.PLAYER:
        raise RuleViolation.single("move_gm", _("A game master plays no kingdom."), "kingdom")
    membership.kingdom = kingdom
    membership.save(update_fields=["kingdom"])
    return membership


@transaction.atomic
def membership_remove(*, actor, membership: Membership) -> None:
    """The member leaves the campaign (their account stays). A campaign keeps one GM at least."""
    check_manages_members(actor, membership.campaign_id)
    # The member and the campaign's GMs, in one statement and one order (two GMs removing each
    # other at once wait for each other instead of deadlocking).
    locked = {m.pk: m for m in Membership.objects.select_for_update().filter(
        Q(pk=membership.pk) | Q(campaign_id=membership.campaign_id, role=Role.GM)).order_by("pk")}
    if membership.pk not in locked:
        raise RuleViolation([MEMBER_GONE])
    membership = locked[membership.pk]
    if membership.role == Role.GM:
        if not any(m.role == Role.GM for pk, m in locked.items() if pk != membership.pk):
            raise RuleViolation.single("last_gm", _("A campaign keeps one game master at least: "
                                                    "make another member its game master first."))
    membership.delete()
