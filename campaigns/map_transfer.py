"""A campaign map as a file (CSV or JSON), through django-import-export: the resource lays one
campaign's hexes out in the columns map_services.map_import reads, and the formats read a file
back into those rows. The rows are written by map_import alone, so a file passes the same checks as
a paint, all or nothing."""
from __future__ import annotations

from django.utils.translation import gettext
from import_export import fields, resources, widgets
from import_export.formats.base_formats import CSV, JSON, Format
from tablib import Dataset

from campaigns.map_codes import MAP_COLUMNS
from campaigns.models import Campaign, Kingdom, MapHex
from rules.errors import RuleViolation, Violation, _
from rules.kingmaker.hexes import parse_hex

FORMATS: dict[str, type[Format]] = {"csv": CSV, "json": JSON}


class MapHexResource(resources.ModelResource):
    """One campaign's hexes, in column then row order (C4 before C10, C10 before D1); a kingdom
    by its name."""

    claimed_by = fields.Field(attribute="claimed_by", column_name="claimed_by",
                              widget=widgets.ForeignKeyWidget(Kingdom, field="name"))

    class Meta:
        model = MapHex
        fields = MAP_COLUMNS
        export_order = MAP_COLUMNS

    def __init__(self, campaign: Campaign, **kwargs):
        super().__init__(**kwargs)
        self.campaign = campaign

    def get_queryset(self):
        return MapHex.objects.filter(campaign=self.campaign).select_related("claimed_by")

    def export(self, queryset=None, **kwargs) -> Dataset:
        rows = sorted(self.get_queryset() if queryset is None else queryset,
                      key=lambda row: parse_hex(row.coord))
        return super().export(queryset=rows, **kwargs)


def file_format(name: str, field: str = "format") -> Format:
    try:
        return FORMATS[name.lower()]()
    except KeyError:
        raise RuleViolation.single("file_format", _("%(format)s is not a map file format: use "
                                                   "csv or json."), field, format=name) from None


def read_rows(content: bytes | str, format_name: str, field: str = "file") -> list[dict]:
    """The rows of a map file, each a dict of its columns; RuleViolation on `field` when the file
    is not one of `format_name`."""
    try:
        text = content.decode("utf-8-sig") if isinstance(content, bytes) else content
        dataset = file_format(format_name).create_dataset(text)
        rows = dataset.dict
    except RuleViolation:
        raise
    except Exception:  # tablib raises what its parser (csv, json) raises
        raise RuleViolation.single("file_unreadable", _("This file is not a map in %(format)s."),
                                   field, format=format_name.upper()) from None
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise RuleViolation.single("file_unreadable", _("This file is not a map in %(format)s."),
                                   field, format=format_name.upper())
    if rows and "coord" not in rows[0]:
        raise RuleViolation.single("file_no_coord",
                                   _("The file has no coord column: name it in the first line."),
                                   field)
    return [dict(row) for row in rows]


def write_rows(dataset: Dataset, format_name: str) -> str:
    return file_format(format_name).export_data(dataset)


def violation_text(violation: Violation) -> str:
    """A refusal in the reader's language; an imported row's says which row."""
    text = violation.render(gettext)
    if "row" in violation.params:
        return gettext("Row %(row)s, %(column)s: %(problem)s") % {
            "row": violation.params["row"], "column": violation.field, "problem": text}
    return text


def change_message(change) -> str:
    """What a map_services write did (its MapChange), for the GM."""
    return gettext("Map saved: %(created)s hexes added, %(changed)s changed, %(deleted)s "
                   "deleted.") % {"created": change.created, "changed": change.changed,
                                 "deleted": change.deleted}
