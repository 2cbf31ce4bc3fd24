"""Who sees and changes what in the back office.

A campaign's game master (a GM membership; staff status lets them sign in) sees and changes that
campaign's objects and nothing of another campaign's; the site operator (a superuser) sees
everything. The membership alone decides: Django's model permissions play no part for
campaign-bound models. Each admin of a campaign-bound model takes `CampaignScopedAdmin` with the
path from its model to the campaign (its inlines `CampaignScopedInline`); the catalogs every
campaign shares take `CatalogAdmin`; the rest (accounts, tokens, the schedule, players' mail
preferences) is the operator's, under Django's model permissions (`OPERATOR_MODELS`).
`tests/test_admin_scoping.py` holds every registered admin to one of the three.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from django.contrib import admin
from django.contrib.admin import AdminSite, RelatedOnlyFieldListFilter
from django.contrib.admin.utils import get_fields_from_path, unquote
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist, ValidationError
from django.db import models
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.model_meta import own_field
from campaigns.selectors import gm_campaigns, gm_scope
from campaigns.times import zoned_time

# The models whose admin only the operator uses (Django's model permissions, none of which a GM
# holds): accounts and groups, API tokens, sign-in lockouts, the resolution schedule, each
# user's mail preferences.
OPERATOR_MODELS = frozenset({
    "auth.user", "auth.group", "knox.authtoken", "axes.accessattempt", "axes.accesslog",
    "axes.accessfailurelog", "campaigns.playerpreferences",
    "django_celery_beat.periodictask", "django_celery_beat.intervalschedule",
    "django_celery_beat.crontabschedule", "django_celery_beat.solarschedule",
    "django_celery_beat.clockedschedule",
})


def _runs(request) -> frozenset[int] | None:
    """The ids of the campaigns the request's user runs; None for the operator, who runs them
    all. Asked once per request: the admin checks permissions many times a page."""
    if request.user.is_active and request.user.is_superuser:
        return None
    if not hasattr(request, "_muster_gm_campaigns"):
        request._muster_gm_campaigns = frozenset(
            gm_campaigns(request.user).values_list("pk", flat=True))
    return request._muster_gm_campaigns


def runs_a_campaign(request) -> bool:
    campaigns = _runs(request)
    return campaigns is None or bool(campaigns)


def campaign_id_of(obj, campaign_path: str) -> int | None:
    """The id of the campaign `obj` belongs to, following `campaign_path`; None when the way
    there is gone (a deleted object's history)."""
    *hops, last = campaign_path.split("__")
    try:
        for hop in hops:
            obj = getattr(obj, hop)
            if obj is None:
                return None
    except ObjectDoesNotExist:
        return None
    if last == "pk":
        return obj.pk
    return getattr(obj, obj._meta.get_field(last).attname)


class _Scoped:
    """What a campaign-bound admin and its inlines share: permissions by membership, and choices
    of related objects limited to the user's campaigns."""

    # Given by the ModelAdmin or InlineModelAdmin this is mixed into.
    model: type[models.Model]
    admin_site: AdminSite

    def _campaign_path(self) -> str:
        raise NotImplementedError

    def _may(self, request, obj=None) -> bool:
        campaigns = _runs(request)
        if campaigns is None:
            return True
        if obj is None:
            return bool(campaigns)
        return campaign_id_of(obj, self._campaign_path()) in campaigns

    def has_view_permission(self, request, obj=None):
        return self._may(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._may(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._may(request, obj)

    def get_field_queryset(self, db, db_field, request):
        # A kingdom, army, faction… to choose is one of the user's campaigns'.
        related = self.admin_site._registry.get(db_field.remote_field.model)
        if isinstance(related, CampaignScopedAdmin):
            return related.get_queryset(request).using(db)
        return super().get_field_queryset(db, db_field, request)


class CampaignScopedAdmin(_Scoped):
    """A ModelAdmin of a campaign-bound model. `campaign_path` leads from the model to its
    campaign's id ("pk" for the campaign itself)."""

    campaign_path = ""

    def _campaign_path(self) -> str:
        return self.campaign_path

    def get_queryset(self, request):
        return gm_scope(request.user, super().get_queryset(request), self.campaign_path)

    def has_module_permission(self, request):
        return runs_a_campaign(request)

    def has_add_permission(self, request):
        return self._may(request)

    def get_object(self, request, object_id, from_field=None):
        """Another campaign's object is not found, just like one that does not exist."""
        obj = super().get_object(request, object_id, from_field)
        if obj is None:
            raise Http404(_("No such object in your campaigns."))
        return obj

    def get_list_filter(self, request):
        # A filter by kingdom or campaign offers only those of the listed rows: never the names
        # of another campaign's.
        return [self._only_related(entry) for entry in super().get_list_filter(request)]

    def _only_related(self, entry):
        if not isinstance(entry, str):
            return entry
        try:
            field = get_fields_from_path(self.model, entry)[-1]
        except (FieldDoesNotExist, ValueError):
            return entry
        return (entry, RelatedOnlyFieldListFilter) if field.is_relation else entry

    # -- history pages ------------------------------------------------------------------------

    def _history_subject_or_404(self, request, object_id):
        """The object whose history is asked for: one of the user's, or None for one of theirs
        that was deleted; anything else is not found."""
        try:
            pk = self.model._meta.pk.to_python(unquote(object_id))
        except ValidationError:
            raise Http404 from None
        live = self.get_queryset(request).filter(pk=pk).first()
        if live is not None:
            return live
        history = getattr(self.model, "history", None)
        last = (None if history is None or self.model._default_manager.filter(pk=pk).exists()
                else history.filter(**{self.model._meta.pk.attname: pk})
                .order_by("-history_date").first())
        if last is None or not self._may(request, last.instance):
            raise Http404(_("No such object in your campaigns."))
        return None

    def history_view(self, request, object_id, extra_context=None):
        obj = self._history_subject_or_404(request, object_id)
        return self._rendered_in(self._zone_of(request, obj), super().history_view,
                                 request, object_id, extra_context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        obj = self._history_subject_or_404(request, object_id)
        if not str(version_id).isdigit():
            raise Http404
        return self._rendered_in(self._zone_of(request, obj), super().history_form_view,
                                 request, object_id, version_id, extra_context)

    def history_view_title(self, request, obj):
        return f"{super().history_view_title(request, obj)} ({_zone_note()})"

    # -- times in the campaign's time zone ----------------------------------------------------

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """An object's page shows (and takes) its times in its campaign's time zone."""
        obj = None if object_id is None else self.get_object(request, unquote(object_id))
        return self._rendered_in(self._zone_of(request, obj), super().changeform_view,
                                 request, object_id, form_url, extra_context)

    @staticmethod
    def _rendered_in(zone: str, view, *args):
        # A template response renders after the view returns: render it inside the zone.
        with timezone.override(zone):
            response = view(*args)
            if hasattr(response, "render"):
                response.render()
        return response

    def _zone_of(self, request, obj) -> str:
        """The time zone of the object's campaign; the site's for a new or deleted object."""
        current = timezone.get_current_timezone_name()
        if obj is None:
            return current
        campaign_id = campaign_id_of(obj, self.campaign_path)
        return current if campaign_id is None else self._zones(request).get(campaign_id, current)

    def get_fieldsets(self, request, obj=None):
        return [(name, {**options, "description": " ".join(
            filter(None, [str(options.get("description") or ""), _zone_note()]))})
            if any(self._is_datetime(field) for field in _flat(options["fields"]))
            else (name, options)
            for name, options in super().get_fieldsets(request, obj)]

    def get_list_display(self, request):
        zones = self._zones(request)
        return [self._zoned_column(name, zones) if self._is_datetime(name) else name
                for name in super().get_list_display(request)]

    def _zones(self, request) -> dict[int, str]:
        if not hasattr(request, "_muster_campaign_zones"):
            request._muster_campaign_zones = dict(
                gm_campaigns(request.user).values_list("pk", "timezone"))
        return request._muster_campaign_zones

    def _is_datetime(self, name) -> bool:
        try:
            return isinstance(name, str) and isinstance(self.model._meta.get_field(name),
                                                        models.DateTimeField)
        except FieldDoesNotExist:
            return False

    def _zoned_column(self, name: str, zones: dict[int, str]):
        field = own_field(self.model, name)

        def column(obj):
            value = getattr(obj, name)
            if value is None:
                return "—"
            return zoned_time(value, zones.get(campaign_id_of(obj, self.campaign_path),
                                               timezone.get_current_timezone_name()))

        return admin.display(column, description=field.verbose_name, ordering=name)


def _zone_note() -> str:
    return _("Times in %(zone)s.") % {"zone": timezone.get_current_timezone_name()}


def _flat(fields) -> list:
    return [name for entry in fields
            for name in (entry if isinstance(entry, (list, tuple)) else [entry])]


class CampaignScopedInline(_Scoped):
    """An inline of a campaign-bound admin: permissions follow the parent object's campaign."""

    parent_model: type[models.Model]   # given by InlineModelAdmin

    def _campaign_path(self) -> str:
        parent = self.admin_site._registry[self.parent_model]
        if not isinstance(parent, CampaignScopedAdmin):
            raise TypeError(f"{type(parent).__name__} is not campaign-scoped")
        return parent.campaign_path

    def has_add_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return self._may(request, obj)


class CatalogAdmin:
    """A catalog every campaign shares (army templates, unit cards, which card a type fights
    as): game masters view it and add to it; changing or deleting an entry, which other
    campaigns' armies use, is the operator's (or a holder of Django's model permission)."""

    def has_module_permission(self, request):
        return runs_a_campaign(request) or super().has_module_permission(request)

    def has_view_permission(self, request, obj=None):
        return runs_a_campaign(request) or super().has_view_permission(request, obj)

    def has_add_permission(self, request):
        return runs_a_campaign(request) or super().has_add_permission(request)


class KnownLabelAutocomplete(AutocompleteSelect):
    """Django's autocomplete, naming its selected object from `known` (value → label, the rows an
    inline shows) when it can: Django's widget runs one query per row to name it."""

    known: dict[str, str]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.known = {}   # shared by the forms' copies of the widget (a shallow copy)

    def optgroups(self, name, value, attr=None):
        selected = [str(v) for v in value if str(v) not in self.choices.field.empty_values]
        if not all(each in self.known for each in selected):
            return super().optgroups(name, value, attr)
        options: list = []
        if not self.is_required and not self.allow_multiple_selected:
            options.append(self.create_option(name, "", "", False, 0))
        for each in selected:
            options.append(self.create_option(name, each, self.known[each], True, len(options)))
        return [(None, options, 0)]


class KnownLabelsInline:
    """An inline whose autocomplete fields name the objects of its rows from one query (its
    queryset, which should select_related them) instead of one query per row."""

    autocomplete_fields: ClassVar[Sequence[str]] = ()
    admin_site: AdminSite

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in self.autocomplete_fields and "widget" not in kwargs:
            kwargs["widget"] = KnownLabelAutocomplete(db_field, self.admin_site,
                                                      using=kwargs.get("using"))
        return super().formfield_for_foreignkey(
            db_field, request, **kwargs)

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        if obj is None:
            return formset
        widgets = {}
        for name in self.autocomplete_fields:
            field = formset.form.base_fields.get(name)   # absent when read-only
            widget = getattr(getattr(field, "widget", None), "widget", None)
            if isinstance(widget, KnownLabelAutocomplete):
                widgets[name] = (field, widget)
        if not widgets:
            return formset
        rows = list(self.get_queryset(request).filter(
            **{formset.fk.name: obj}))
        for name, (field, widget) in widgets.items():
            widget.known = {str(getattr(row, f"{name}_id")): field.label_from_instance(
                getattr(row, name)) for row in rows if getattr(row, f"{name}_id") is not None}
        return formset
