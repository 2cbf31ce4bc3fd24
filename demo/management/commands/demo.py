"""Set Muster up on its embedded defaults with the demo campaign, then serve it."""
from __future__ import annotations

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from demo.campaign import demo_load


class Command(BaseCommand):
    help = _("Migrate, load the demo campaign, print its logins and start the web server.")

    def add_arguments(self, parser):
        parser.add_argument("--no-serve", action="store_true",
                            help=_("Load the demo and exit instead of serving."))
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000",
                            help=_("Address and port to serve on."))

    def handle(self, *args, **options):
        self.stdout.write(_("Applying migrations…"))
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write(_("Loading the demo campaign…"))
        campaign, logins = demo_load()
        self.stdout.write(self.style.SUCCESS(
            _("Demo campaign “%(name)s” is ready with %(kingdoms)s kingdoms and %(armies)s armies.")
            % {"name": campaign.name, "kingdoms": campaign.kingdoms.count(),
               "armies": sum(k.armies.count() for k in campaign.kingdoms.all())}))
        for login in logins:
            kingdom = f" — {login.kingdom}" if login.kingdom else ""
            self.stdout.write(f"  {login.role:<8} {login.username} / {login.password}{kingdom}")
        if options["no_serve"]:
            return
        self.stdout.write(_("The GM back office is at http://%(addr)s/admin/")
                          % {"addr": options["addrport"]})
        call_command("runserver", options["addrport"], use_reloader=False)
