"""The GM's map page in the back office (/admin/campaigns/campaign/<id>/map/): the campaign's hexes
drawn as SVG, one form that paints or deletes many hexes at once, and the map's import and export
as CSV or JSON. Every write is a map_services call, whose refusals the page shows as they are."""
from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import messages
from django.contrib.admin import ModelAdmin
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.adapters import campaign_map
from campaigns.map_picture import TERRAIN_COLOURS, picture
from campaigns.map_services import KEEP, map_delete, map_export, map_import, map_paint
from campaigns.map_transfer import FORMATS, change_message, read_rows, violation_text, write_rows
from campaigns.models import TERRAIN_CHOICES, Campaign
from rules.errors import RuleViolation
from rules.kingmaker.campaign_map import EDGE_LABELS, Edge

EDGE_CHOICES = [(edge, gettext_lazy(EDGE_LABELS[edge])) for edge in Edge]
FEATURE_CHOICES = [("roads", gettext_lazy("road")), ("rivers", gettext_lazy("river")),
                   ("bridges", gettext_lazy("bridge"))]
KEEP_CHOICE = ("", gettext_lazy("— leave as it is —"))
FLAG_CHOICES = [KEEP_CHOICE, ("yes", gettext_lazy("yes")), ("no", gettext_lazy("no"))]
WILD = "wild"


def add_violations(form: forms.Form, error: RuleViolation) -> None:
    """Each refusal next to its field, or above the form."""
    for violation in error.violations:
        field = violation.field if violation.field in form.fields else None
        form.add_error(field, violation_text(violation))


class PaintForm(forms.Form):
    coords = forms.CharField(
        label=gettext_lazy("hexes"), widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=gettext_lazy("Hexes separated by spaces or commas (C4 D5), and rectangles "
                               "such as C3-F7. Click hexes on the map to add or remove them."))
    terrain = forms.ChoiceField(label=gettext_lazy("terrain"), required=False,
                                choices=[KEEP_CHOICE, *TERRAIN_CHOICES])
    claimed_by = forms.ChoiceField(label=gettext_lazy("claimed by"), required=False)
    work_site = forms.ChoiceField(label=gettext_lazy("work site"), required=False,
                                  choices=FLAG_CHOICES)
    refuge = forms.ChoiceField(label=gettext_lazy("refuge"), required=False, choices=FLAG_CHOICES)
    feature = forms.ChoiceField(label=gettext_lazy("road, river or bridge"), required=False,
                                choices=[("", "—"), *FEATURE_CHOICES])
    edges = forms.MultipleChoiceField(label=gettext_lazy("on the sides"), required=False,
                                      choices=EDGE_CHOICES, widget=forms.CheckboxSelectMultiple)
    remove = forms.BooleanField(label=gettext_lazy("remove it from those sides instead"),
                                required=False)

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.kingdoms = {str(k.pk): k for k in campaign.kingdoms.all()}
        cast(forms.ChoiceField, self.fields["claimed_by"]).choices = [
            KEEP_CHOICE, (WILD, gettext_lazy("nobody (wild land)")),
            *((pk, kingdom.name) for pk, kingdom in self.kingdoms.items())]

    def clean(self):
        data = super().clean()
        if data.get("feature") and not data.get("edges"):
            self.add_error("edges", _("Tick the sides the road, river or bridge lies on."))
        if data.get("edges") and not data.get("feature"):
            self.add_error("feature", _("Choose a road, river or bridge for those sides."))
        return data

    def paint_arguments(self) -> dict:
        data = self.cleaned_data
        claim = data["claimed_by"]
        flags = {"yes": True, "no": False, "": None}
        edges = {data["feature"]: data["edges"]} if data["feature"] else {}
        return {"coords": data["coords"], "terrain": data["terrain"] or None,
                "claimed_by": KEEP if not claim else None if claim == WILD else self.kingdoms[claim],
                "work_site": flags[data["work_site"]], "refuge": flags[data["refuge"]],
                "add_edges": {} if data["remove"] else edges,
                "remove_edges": edges if data["remove"] else {}}


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("map file"))
    format = forms.ChoiceField(label=gettext_lazy("format"),
                               choices=[(name, name.upper()) for name in FORMATS])
    replace = forms.BooleanField(
        label=gettext_lazy("replace the map"), required=False,
        help_text=gettext_lazy("Delete the hexes the file does not name."))


def map_view(model_admin: ModelAdmin, request, object_id):
    campaign = model_admin.get_object(request, object_id)
    if campaign is None or not model_admin.has_change_permission(request, campaign):
        return redirect("admin:index")
    here = reverse("admin:campaigns_campaign_map", args=[campaign.pk])
    action = request.POST.get("action", "") if request.method == "POST" else ""
    paint = PaintForm(request.POST if action in ("paint", "delete") else None, campaign=campaign)
    upload = ImportForm(request.POST if action == "import" else None,
                        request.FILES if action == "import" else None)
    if action in ("paint", "delete") and paint.is_valid():
        try:
            if action == "delete":
                change = map_delete(actor=request.user, campaign=campaign,
                                    coords=paint.cleaned_data["coords"])
            else:
                change = map_paint(actor=request.user, campaign=campaign,
                                   **paint.paint_arguments())
        except RuleViolation as error:
            add_violations(paint, error)
        else:
            messages.success(request, change_message(change))
            return redirect(here)
    elif action == "import" and upload.is_valid():
        data = upload.cleaned_data
        try:
            rows = read_rows(data["file"].read(), data["format"])
            change = map_import(actor=request.user, campaign=campaign, rows=rows,
                                replace=data["replace"])
        except RuleViolation as error:
            add_violations(upload, error)
        else:
            messages.success(request, change_message(change))
            return redirect(here)
    if paint.errors or upload.errors:
        messages.error(request, _("Nothing was changed: correct the errors below."))
    return _map_page(model_admin, request, campaign, paint, upload)


def _map_page(model_admin: ModelAdmin, request, campaign: Campaign, paint: PaintForm,
              upload: ImportForm) -> TemplateResponse:
    kingdoms = [k.name for k in campaign.kingdoms.all()]
    words = {value: str(label) for value, label in TERRAIN_CHOICES}
    words.update(work_site=_("work site"), refuge=_("refuge"))
    drawn = picture(campaign_map(campaign), kingdoms, words)
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": _("Map of %(campaign)s") % {"campaign": campaign},
        "subject": campaign,
        "back_url": reverse("admin:campaigns_campaign_change", args=[campaign.pk]),
        "picture": drawn,
        "hex_count": sum(1 for shape in drawn.hexes if shape.held is not None),
        "terrains": [(label, TERRAIN_COLOURS[value]) for value, label in TERRAIN_CHOICES],
        "paint": paint,
        "upload": upload,
        "exports": [(name.upper(), reverse("admin:campaigns_campaign_map_export",
                                           args=[campaign.pk, name])) for name in FORMATS],
    }
    return TemplateResponse(request, "admin/campaigns/map.html", context)


def map_export_view(model_admin: ModelAdmin, request, object_id, format_name: str):
    campaign = model_admin.get_object(request, object_id)
    if campaign is None or not model_admin.has_change_permission(request, campaign):
        return redirect("admin:index")
    try:
        content = write_rows(map_export(actor=request.user, campaign=campaign), format_name)
    except RuleViolation as error:
        messages.error(request, violation_text(error.violations[0]))
        return redirect("admin:campaigns_campaign_map", campaign.pk)
    response = HttpResponse(content, content_type="text/csv; charset=utf-8"
                            if format_name == "csv" else "application/json")
    response["Content-Disposition"] = f'attachment; filename="map-{campaign.pk}.{format_name}"'
    return response
