"""A player's own page: whether Muster mails them, and in which language it speaks to them."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import activate
from django.utils.translation import gettext as _

from campaigns.models import PlayerPreferences
from campaigns.pages.presentation import member_required
from campaigns.services import preferences_save


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = PlayerPreferences
        fields = ["email_notifications", "language"]


@member_required
def preferences(request):
    form = PreferencesForm(request.POST or None, instance=PlayerPreferences.of(request.user))
    if request.method == "POST" and form.is_valid():
        saved = preferences_save(user=request.user, **form.cleaned_data)
        # The pages follow the language chosen for the mail, as the language switcher would.
        activate(saved.language)
        messages.success(request, _("Your preferences are saved."))
        response = redirect("my-preferences")
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, saved.language,
                            max_age=settings.LANGUAGE_COOKIE_AGE,
                            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                            secure=settings.LANGUAGE_COOKIE_SECURE)
        return response
    return render(request, "pages/preferences.html", {"form": form})
