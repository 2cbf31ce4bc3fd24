"""Write a campaign's map as a file (CSV or JSON) that map_import and the map page read back."""
from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from campaigns.management.commands.map_import import campaign_named, format_of
from campaigns.map_services import map_export
from campaigns.map_transfer import FORMATS, write_rows
from core.command_files import write_file
from core.permissions import SYSTEM


class Command(BaseCommand):
    help = _("Write a campaign's map as CSV or JSON, to a file or to the standard output.")

    def add_arguments(self, parser):
        parser.add_argument("campaign", help=_("The campaign's id or name."))
        parser.add_argument("file", nargs="?", default="-",
                            help=_("The file to write (by default the standard output)."))
        parser.add_argument("--format", choices=list(FORMATS),
                            help=_("The file's format (by default its extension's)."))

    def handle(self, *args, campaign, file, format=None, **options):
        target = campaign_named(campaign)
        content = write_rows(map_export(actor=SYSTEM, campaign=target),
                             format_of("" if file == "-" else file, format))
        if file == "-":
            self.stdout.write(content, ending="")
            return
        write_file(file, content.encode("utf-8"))
        self.stderr.write(_("The map of %(campaign)s is in %(file)s.")
                          % {"campaign": target, "file": file})
