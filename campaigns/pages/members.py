"""The GM's page of a campaign's people: its members (move a player to another kingdom, remove a
member), its invitations (withdraw one) and a new invitation, by e-mail or as a link to pass on.
A new link is shown once: only its digest is kept."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from campaigns.account_mail import absolute
from campaigns.accounts import EMAIL_LENGTH
from campaigns.auth import rate_limited
from campaigns.invitations import (
    MAX_DAYS,
    MIN_DAYS,
    invitation_create,
    invitation_path,
    invitation_revoke,
    membership_move,
    membership_remove,
)
from campaigns.map_admin import add_violations
from campaigns.models import Campaign, Invitation, Kingdom, Membership
from campaigns.pages.presentation import gm_campaign_or_404, member_required
from rules.errors import RuleViolation


def _new_link_key(campaign: Campaign) -> str:
    return f"muster-new-invitation-link-{campaign.pk}"


class MoveForm(forms.Form):
    """A kingdom of the campaign: where a player moves, or where an invitation leads."""

    kingdom = forms.ModelChoiceField(label=gettext_lazy("kingdom"),
                                     queryset=Kingdom.objects.none(), empty_label=None)

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["kingdom"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = campaign.kingdoms.order_by("name")


class InviteForm(MoveForm):
    email = forms.EmailField(label=gettext_lazy("e-mail"), required=False,
                             max_length=EMAIL_LENGTH, help_text=gettext_lazy(
        "Muster mails the link there; leave it empty to pass the link on yourself."))
    days = forms.IntegerField(label=gettext_lazy("valid for (days)"), min_value=MIN_DAYS,
                              max_value=MAX_DAYS, initial=settings.MUSTER_INVITATION_DAYS)


def _page(request, campaign: Campaign, form: InviteForm, *, status: int = 200):
    memberships = (Membership.objects.filter(campaign=campaign).select_related("user", "kingdom")
                   .order_by("role", "kingdom__name", "user__username"))
    now = timezone.now()
    invitations = [{"invitation": each, "status": each.status_at(now)}
                   for each in Invitation.objects.filter(campaign=campaign)
                   .select_related("kingdom", "accepted_by")[:50]]
    return render(request, "pages/members.html", {
        "campaign": campaign, "form": form, "invitations": invitations,
        # The kingdoms read once for every row's Move select (a form per row reads them per row).
        "members": memberships, "kingdoms": list(campaign.kingdoms.order_by("name")),
        "new_link": request.session.pop(_new_link_key(campaign), None),
    }, status=status)


@member_required
@rate_limited("invitation-mail")
def members(request, campaign_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    form = InviteForm(request.POST if request.method == "POST" else None, campaign=campaign)
    if request.method == "POST" and form.is_valid():
        try:
            invitation, token = invitation_create(actor=request.user, **form.cleaned_data)
        except RuleViolation as error:
            add_violations(form, error)
        else:
            request.session[_new_link_key(campaign)] = absolute(invitation_path(token))
            if invitation.email:
                messages.success(request, _("The invitation is mailed to %(email)s.")
                                 % {"email": invitation.email})
            return redirect("members", campaign.pk)
    return _page(request, campaign, form, status=400 if request.method == "POST" else 200)


def _act(request, campaign: Campaign, action, done: str):
    try:
        action()
    except RuleViolation as error:
        for violation in error.violations:
            messages.error(request, violation.render(_))
    else:
        messages.success(request, done)
    return redirect("members", campaign.pk)


def _member(request, campaign_id: int, membership_id: int) -> tuple[Campaign, Membership]:
    campaign = gm_campaign_or_404(request, campaign_id)
    return campaign, get_object_or_404(Membership.objects.select_related("user"),
                                       pk=membership_id, campaign=campaign)


@member_required
@require_POST
def member_move(request, campaign_id: int, membership_id: int):
    campaign, membership = _member(request, campaign_id, membership_id)
    form = MoveForm(request.POST, campaign=campaign, prefix=f"m{membership.pk}")
    if not form.is_valid():
        messages.error(request, _("Choose one of the campaign's kingdoms."))
        return redirect("members", campaign.pk)
    kingdom = form.cleaned_data["kingdom"]
    return _act(request, campaign,
                lambda: membership_move(actor=request.user, membership=membership, kingdom=kingdom),
                _("%(user)s now plays %(kingdom)s.") % {"user": membership.user.get_username(),
                                                         "kingdom": kingdom.name})


@member_required
@require_POST
def member_remove(request, campaign_id: int, membership_id: int):
    campaign, membership = _member(request, campaign_id, membership_id)
    return _act(request, campaign,
                lambda: membership_remove(actor=request.user, membership=membership),
                _("%(user)s is no longer a member of the campaign.")
                % {"user": membership.user.get_username()})


@member_required
@require_POST
def member_invitation_revoke(request, campaign_id: int, invitation_id: int):
    campaign = gm_campaign_or_404(request, campaign_id)
    invitation = get_object_or_404(Invitation, pk=invitation_id, campaign=campaign)
    return _act(request, campaign,
                lambda: invitation_revoke(actor=request.user, invitation=invitation),
                _("The invitation is withdrawn: its link no longer works."))
