"""The user's account: their e-mail address (changed through a link mailed to the new one), their
password (Django's views, config/urls.py) and signing out everywhere."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.accounts import (
    EMAIL_LENGTH,
    email_change_confirm,
    email_change_request,
    sign_out_everywhere,
)
from campaigns.auth import over_rate
from campaigns.map_admin import add_violations
from campaigns.pages.presentation import member_required
from rules.errors import RuleViolation


def _password_field():
    return forms.CharField(label=gettext_lazy("your password"), strip=False,
                           widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))


class EmailForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("new e-mail address"), max_length=EMAIL_LENGTH)
    password = _password_field()


class EverywhereForm(forms.Form):
    password = _password_field()


# Each form's own rate: one mails, the other checks the password.
RATES = {"email": "account-mail", "everywhere": "password-check"}


@member_required
def account(request):
    """Two forms on one page, told apart by the button's `action`."""
    action = request.POST.get("action") if request.method == "POST" else None
    if request.method == "POST":
        if action not in RATES:
            return HttpResponseBadRequest(_("Choose one of the page's buttons."))
        refused = over_rate(request, RATES[action])
        if refused is not None:
            return refused
    email_form = EmailForm(request.POST if action == "email" else None, prefix="email")
    everywhere_form = EverywhereForm(request.POST if action == "everywhere" else None,
                                     prefix="everywhere")
    if action == "email" and email_form.is_valid():
        try:
            email_change_request(user=request.user, **email_form.cleaned_data)
        except RuleViolation as error:
            add_violations(email_form, error)
        else:
            messages.success(request, _("We have mailed a link to %(email)s: follow it to use "
                                        "that address.") % email_form.cleaned_data)
            return redirect("my-account")
    if action == "everywhere" and everywhere_form.is_valid():
        try:
            sign_out_everywhere(user=request.user, **everywhere_form.cleaned_data)
        except RuleViolation as error:
            add_violations(everywhere_form, error)
        else:
            logout(request)
            messages.success(request, _("You are signed out everywhere, here too."))
            return redirect("login")
    return render(request, "pages/account.html", {
        "email_form": email_form, "everywhere_form": everywhere_form},
        status=400 if action else 200)


@member_required
def email_confirm(request, token: str):
    """A button, not the link itself, changes the address: mail scanners open links."""
    if request.method == "POST":
        try:
            email = email_change_confirm(user=request.user, token=token)
        except RuleViolation as error:
            messages.error(request, "; ".join(v.render(_) for v in error.violations))
        else:
            messages.success(request, _("Your e-mail address is now %(email)s.")
                             % {"email": email})
        return redirect("my-account")
    return render(request, "pages/account.html", {"confirming": True})
