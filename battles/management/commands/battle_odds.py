"""Fight a battle scene many times and print the odds: the GM's quick look before a battle."""
from __future__ import annotations

import secrets

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from battles.adapters import scene_setup
from battles.models import SIDE_CHOICES, BattleScene
from battles.odds import spread_battle_odds


class Command(BaseCommand):
    help = _("Fight a battle scene as it stands many times and print each side's chance to win, "
             "to be routed and to be defeated, and the HP each army can expect to lose.")
    # A read-only look at one scene: the system checks (which import every URL module and view)
    # would cost it more than a thousand fights.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("scene", type=int, help=_("The battle scene's id."))
        parser.add_argument("--runs", type=int, default=1000,
                            help=_("How many times to fight it (default 1000)."))
        parser.add_argument("--seed", type=int,
                            help=_("The same seed gives the same numbers (default: random)."))

    def handle(self, *args, scene, runs, seed=None, **options):
        if runs < 1:
            raise CommandError(_("Fight it at least once: --runs must be 1 or more."))
        if seed is not None and seed < 0:
            raise CommandError(_("The seed must be 0 or more."))
        found = BattleScene.objects.select_related("attacker_kingdom", "defender_kingdom") \
            .filter(pk=scene).first()
        if found is None:
            raise CommandError(_("There is no battle scene with id %(id)s.") % {"id": scene})
        seed = secrets.randbits(62) if seed is None else seed
        setup = scene_setup(found)
        odds = spread_battle_odds(setup, runs, seed)
        sides = dict(SIDE_CHOICES)
        self.stdout.write(_("%(scene)s: %(runs)s battles, seed %(seed)s.")
                          % {"scene": found, "runs": runs, "seed": seed})
        self.stdout.write(f"{_('side'):<12} {_('wins'):>8} {_('routed'):>8} {_('defeated'):>8}")
        for side, chances in odds.sides.items():
            self.stdout.write(f"{str(sides[side]):<12} {chances.win:>8.1%} "
                              f"{chances.routed:>8.1%} {chances.defeated:>8.1%}")
        self.stdout.write(_("Expected HP lost:"))
        for combatant in setup.combatants:
            self.stdout.write(f"  {combatant.army.name} ({sides[combatant.side]}): "
                              f"{odds.armies[combatant.key]:.2f}")
