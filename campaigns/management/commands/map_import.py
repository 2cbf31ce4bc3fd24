"""Write a map file (CSV or JSON) onto a campaign's map, as the GM's map page imports it."""
from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from campaigns.map_services import map_import
from campaigns.map_transfer import FORMATS, change_message, read_rows, violation_text
from campaigns.models import Campaign
from core.command_files import read_file
from core.permissions import SYSTEM
from rules.errors import RuleViolation


def campaign_named(text: str) -> Campaign:
    """The campaign of that id or name; CommandError when there is none."""
    found = Campaign.objects.filter(pk=int(text)).first() if text.isdigit() else None
    found = found or Campaign.objects.filter(name=text).first()
    if found is None:
        raise CommandError(_("There is no campaign %(campaign)s.") % {"campaign": text})
    return found


def format_of(path: str, given: str | None) -> str:
    """The file's format: as given, else its extension's, else CSV."""
    chosen = (given or Path(path).suffix.lstrip(".") or "csv").lower()
    if chosen not in FORMATS:
        raise CommandError(_("%(format)s is not a map file format: use csv or json.")
                           % {"format": chosen})
    return chosen


def refusal(error: RuleViolation) -> CommandError:
    return CommandError("\n".join(violation_text(v) for v in error.violations))


class Command(BaseCommand):
    help = _("Write the hexes of a map file (CSV or JSON) onto a campaign's map; a file with a bad "
             "row changes nothing.")

    def add_arguments(self, parser):
        parser.add_argument("campaign", help=_("The campaign's id or name."))
        parser.add_argument("file", help=_("The map file."))
        parser.add_argument("--format", choices=list(FORMATS),
                            help=_("The file's format (by default its extension's)."))
        parser.add_argument("--replace", action="store_true",
                            help=_("Delete the hexes the file does not name."))

    def handle(self, *args, campaign, file, format=None, replace=False, **options):
        target = campaign_named(campaign)
        chosen = format_of(file, format)
        content = read_file(file)
        try:
            change = map_import(actor=SYSTEM, campaign=target, rows=read_rows(content, chosen),
                                replace=replace)
        except RuleViolation as error:
            raise refusal(error) from None
        self.stdout.write(self.style.SUCCESS(change_message(change)))
