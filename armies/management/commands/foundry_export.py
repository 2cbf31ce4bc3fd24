"""Write armies as Foundry VTT PF2e army actors, as the back office's export action does."""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from armies.adapters import render_violation
from armies.foundry import actor_bytes, actors_archive
from armies.selectors import armies_with_details, army_foundry_actor
from core.command_files import write_file
from rules.errors import RuleViolation


class Command(BaseCommand):
    help = _("Write armies as Foundry VTT army actors: one army as JSON (to the standard output "
             "unless --output names a file), several as a zip of one file each.")

    def add_arguments(self, parser):
        parser.add_argument("armies", nargs="+", type=int, metavar="ARMY_ID",
                            help=_("The id of an army (repeatable)."))
        parser.add_argument("--output", help=_("The file to write (required for several armies)."))

    def handle(self, *args, armies, output=None, **options):
        found = {army.pk: army for army in armies_with_details().filter(pk__in=armies)}
        missing = [str(pk) for pk in armies if pk not in found]
        if missing:
            raise CommandError(_("There is no army %(ids)s.") % {"ids": ", ".join(missing)})
        try:
            actors = [army_foundry_actor(found[pk]) for pk in dict.fromkeys(armies)]
        except RuleViolation as error:
            raise CommandError("\n".join(render_violation(v) for v in error.violations)) from None
        if len(actors) > 1 and not output:
            raise CommandError(_("Several armies go into a zip: name it with --output."))
        content = actor_bytes(actors[0]) if len(actors) == 1 else actors_archive(actors)
        if not output:
            self.stdout.write(content.decode())
            return
        write_file(output, content)
        self.stdout.write(self.style.SUCCESS(
            _("Armies written to %(file)s: %(count)s.") % {"count": len(actors), "file": output}))
