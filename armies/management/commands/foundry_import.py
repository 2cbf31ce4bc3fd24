"""Bring a Foundry VTT PF2e army actor into a kingdom, as the back office's import page does."""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from armies.adapters import render_located, render_violation
from armies.choices import ArmyStatus
from armies.foundry import load_actor
from armies.models import Army
from armies.services import army_import_foundry
from campaigns.models import Kingdom
from core.command_files import read_file
from core.permissions import SYSTEM
from rules.errors import RuleViolation


def kingdom_named(text: str) -> Kingdom:
    """The kingdom of that id or name; CommandError when there is none or the name is shared."""
    if text.isdigit():
        found = list(Kingdom.objects.filter(pk=int(text)))
    else:
        found = list(Kingdom.objects.filter(name=text)[:2])
    if len(found) != 1:
        raise CommandError(_("There is no kingdom %(kingdom)s.") % {"kingdom": text}
                           if not found else
                           _("Several kingdoms are named %(kingdom)s: give its id.")
                           % {"kingdom": text})
    return found[0]


class Command(BaseCommand):
    help = _("Write a Foundry VTT army actor (JSON) as a new army of a kingdom, or onto one of "
             "its armies, checked by the rules; prints what did not map.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The Foundry VTT army file (JSON)."))
        parser.add_argument("--kingdom", required=True, help=_("The kingdom's id or name."))
        parser.add_argument("--army", type=int,
                            help=_("The id of the kingdom's army that takes the file's sheet "
                                   "(default: a new army)."))
        parser.add_argument("--hex", default="",
                            help=_("The army's hex (default: the file's, else the army's own)."))

    def handle(self, *args, file, kingdom, army=None, hex="", **options):
        target_kingdom = kingdom_named(kingdom)
        target = None
        if army is not None:
            target = Army.objects.filter(pk=army, status=ArmyStatus.ACTIVE).first()
            if target is None:
                raise CommandError(_("There is no active army %(id)s.") % {"id": army})
        content = read_file(file)
        try:
            result = army_import_foundry(kingdom=target_kingdom, data=load_actor(content),
                                         army=target, hex=hex, user=SYSTEM)
        except RuleViolation as error:
            raise CommandError("\n".join(render_located(v) for v in error.violations)) from None
        text = (_("%(army)s joins %(kingdom)s from Foundry VTT at level %(level)s.")
                if result.created else
                _("%(army)s takes its sheet from Foundry VTT at level %(level)s."))
        self.stdout.write(self.style.SUCCESS(text % {
            "army": result.army, "kingdom": target_kingdom, "level": target_kingdom.level}))
        for note in result.notes:
            self.stdout.write(self.style.WARNING(render_violation(note)))
