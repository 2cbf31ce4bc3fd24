"""Admin pages that run a service with a form: recruit an army, transfer gear."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.admin import ModelAdmin
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from armies.adapters import render_violation
from armies.choices import ArmyStatus
from armies.models import Army, ArmyGear
from armies.services import gear_transfer
from rules.errors import RuleViolation


def add_violations(form: forms.Form, error: RuleViolation) -> None:
    """Show each violation next to its field (or above the form)."""
    for violation in error.violations:
        field = violation.field if violation.field in form.fields else None
        form.add_error(field, render_violation(violation))


def form_page(request, model_admin: ModelAdmin, obj, *, form: forms.Form, title: str,
              submit_label: str, intro: str = "", back_url: str = "") -> TemplateResponse:
    """The admin page of a form; `obj` is what the breadcrumbs lead back to (its change page,
    unless `back_url` says where)."""
    opts = model_admin.model._meta
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": opts,
        "title": title,
        "subject": obj,
        "back_url": back_url or reverse(f"admin:{opts.app_label}_{opts.model_name}_change",
                                        args=[obj.pk]),
        "form": form,
        "submit_label": submit_label,
        "intro": intro,
    }
    return TemplateResponse(request, "admin/muster_form.html", context)


class TransferGearForm(forms.Form):
    gear: forms.ModelChoiceField[ArmyGear] = forms.ModelChoiceField(
        queryset=None, label=gettext_lazy("gear"))
    target: forms.ModelChoiceField[Army] = forms.ModelChoiceField(
        queryset=None, label=gettext_lazy("receiving army"))

    def __init__(self, *args, army, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gear"].queryset = army.gear.all()
        self.fields["target"].queryset = Army.objects.filter(
            kingdom=army.kingdom_id, status=ArmyStatus.ACTIVE).exclude(pk=army.pk)


def transfer_gear_view(model_admin: ModelAdmin, request, object_id):
    army = model_admin.get_object(request, object_id)
    if army is None or not model_admin.has_change_permission(request, army):
        return redirect("admin:index")
    form = TransferGearForm(request.POST or None, army=army)
    if request.method == "POST" and form.is_valid():
        try:
            gear = gear_transfer(gear=form.cleaned_data["gear"], target=form.cleaned_data["target"],
                                 user=request.user)
        except RuleViolation as error:
            add_violations(form, error)
        else:
            messages.success(request, _("%(gear)s passed from %(giver)s to %(receiver)s.") % {
                "gear": gear, "giver": army, "receiver": gear.army})
            return redirect("admin:armies_army_change", army.pk)
    return form_page(request, model_admin, army, form=form, title=_("Transfer gear"),
                     submit_label=_("Transfer"),
                     intro=_("Gear passes between armies in the same hex, to an army of high "
                             "enough level; no activity is spent."))
