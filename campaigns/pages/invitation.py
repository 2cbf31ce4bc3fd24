"""The page an invitation link opens: a newcomer signs up and joins the kingdom, a signed-in user
joins with their account, anyone else signs in first. A link that cannot be used says why."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.accounts import EMAIL_LENGTH
from campaigns.auth import rate_limited
from campaigns.invitations import (
    invitation_accept,
    invitation_for,
    invitation_refusal,
    invitation_sign_up,
)
from campaigns.map_admin import add_violations
from rules.errors import RuleViolation

GONE = 410


class SignUpForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("user name"), max_length=150)
    email = forms.EmailField(label=gettext_lazy("e-mail"), required=False,
                             max_length=EMAIL_LENGTH, help_text=gettext_lazy(
        "For a forgotten password, deadline reminders and reports."))
    password1 = forms.CharField(label=gettext_lazy("password"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    password2 = forms.CharField(label=gettext_lazy("the password again"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def clean(self):
        data = super().clean()
        if data.get("password1") and data.get("password1") != data.get("password2"):
            self.add_error("password2", _("The two passwords differ."))
        return data


def _joined(request, membership):
    messages.success(request, _("Welcome to %(campaign)s: you play %(kingdom)s.")
                     % {"campaign": membership.campaign.name, "kingdom": membership.kingdom.name})
    return redirect("kingdom", membership.kingdom_id)


@rate_limited("invitation")
def invitation(request, token: str):
    found = invitation_for(token)
    refusal = invitation_refusal(found)
    context = {"invitation": found, "refusal": refusal, "error": None,
               "login_url": f"{reverse('login')}?next={request.path}"}
    if refusal is not None or found is None:
        return render(request, "pages/invitation.html", context, status=GONE if found else 404)
    form = None
    if request.user.is_authenticated:
        if request.method == "POST":
            try:
                return _joined(request, invitation_accept(token=token, user=request.user))
            except RuleViolation as error:
                context["error"] = "; ".join(str(v.render(_)) for v in error.violations)
    else:
        form = SignUpForm(request.POST if request.method == "POST" else None,
                          initial={"email": found.email})
        if request.method == "POST" and form.is_valid():
            try:
                user = invitation_sign_up(token=token, username=form.cleaned_data["username"],
                                          email=form.cleaned_data["email"],
                                          password=form.cleaned_data["password1"])
            except RuleViolation as error:
                add_violations(form, error)
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                if form.cleaned_data["email"] and not user.email:
                    messages.info(request, _("We have mailed a link to %(email)s: follow it to "
                                             "use that address.") % form.cleaned_data)
                return _joined(request, user.memberships.select_related("campaign", "kingdom")
                               .get(campaign_id=found.campaign_id))
    return render(request, "pages/invitation.html", {**context, "form": form},
                  status=400 if request.method == "POST" else 200)
