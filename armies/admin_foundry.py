"""The GM's Foundry VTT exchange in the back office: the armies' "Export to Foundry VTT" action
(one army a JSON file, several a zip of one file each) and the "Import from Foundry VTT" page,
which writes through armies.services.army_import_foundry and shows what did not map."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.admin import ModelAdmin
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from armies.adapters import render_located, render_violation
from armies.admin_views import form_page
from armies.forms import FoundryImportForm
from armies.foundry import actor_bytes, actor_file_name, actors_archive
from armies.selectors import army_foundry_actor
from armies.services import army_import_foundry
from rules.errors import RuleViolation

ARCHIVE_NAME = "foundry-armies.zip"
_FORM_FIELDS = ("kingdom", "army", "hex")


def _download(content: bytes, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def export_armies(model_admin: ModelAdmin, request, queryset) -> HttpResponse | None:
    """The selected armies as Foundry actors; an army the rules cannot compute (its stat block
    is refused, e.g. below its minimum level) is named in a message and left out."""
    actors = []
    for army in queryset:
        try:
            actors.append(army_foundry_actor(army))
        except RuleViolation as error:
            model_admin.message_user(request, f"{army}: {render_violation(error.violations[0])}",
                                     messages.ERROR)
    if not actors:
        return None
    if len(actors) == 1:
        return _download(actor_bytes(actors[0]), actor_file_name(actors[0]), "application/json")
    return _download(actors_archive(actors), ARCHIVE_NAME, "application/zip")


def import_view(model_admin: ModelAdmin, request):
    if not model_admin.has_add_permission(request):
        return redirect("admin:index")
    kingdoms = model_admin.get_field_queryset(None, model_admin.model._meta.get_field("kingdom"),
                                              request)
    form = FoundryImportForm(request.POST or None, request.FILES or None, kingdoms=kingdoms,
                             armies=model_admin.get_queryset(request))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            result = army_import_foundry(kingdom=data["kingdom"], data=data["file"],
                                         army=data["army"], hex=data["hex"], user=request.user)
        except RuleViolation as error:
            for violation in error.violations:
                field = violation.field if violation.field in _FORM_FIELDS else None
                form.add_error(field, render_located(violation))
        else:
            army = result.army
            if result.created:
                model_admin.log_addition(request, army, _("Imported from Foundry VTT."))
                text = _("%(army)s joins %(kingdom)s from Foundry VTT at level %(level)s.")
            else:
                model_admin.log_change(request, army, _("Imported from Foundry VTT."))
                text = _("%(army)s takes its sheet from Foundry VTT at level %(level)s.")
            model_admin.message_user(request, text % {
                "army": army, "kingdom": army.kingdom, "level": army.kingdom.level},
                messages.SUCCESS)
            for note in result.notes:
                model_admin.message_user(request, render_violation(note), messages.WARNING)
            return redirect("admin:armies_army_change", army.pk)
    opts = model_admin.model._meta
    return form_page(
        request, model_admin, opts.verbose_name_plural, form=form,
        title=_("Import from Foundry VTT"), submit_label=_("Import"),
        back_url=reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"),
        intro=_("A Foundry VTT PF2e army actor (its JSON export) becomes an army at the "
                "kingdom's level, checked by the rules like any edit. Muster derives AC, saves, "
                "Scouting and the rest from the template, level, gear and tactics: the file's "
                "values are compared, not taken, and the page says what did not map."))
