"""Lock and resolve kingdom turns from the shell, as the nightly job does, with a progress bar."""
from __future__ import annotations

from collections import Counter

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q
from django.utils.translation import gettext as _
from tqdm import tqdm

from campaigns.models import Campaign, Kingdom, KingdomTurn, TurnStatus
from core.permissions import SYSTEM
from turns import resolution
from turns.services import turns_resolve_now


class Command(BaseCommand):
    help = _("Lock the turns past their deadline (all open turns with --now) and resolve them "
             "here, one by one; locked turns waiting for a worker are resolved too.")

    def add_arguments(self, parser):
        parser.add_argument("--campaign", type=int, help=_("Only this campaign (its id)."))
        parser.add_argument("--kingdom", type=int, help=_("Only this kingdom (its id)."))
        parser.add_argument("--turn", type=int,
                            help=_("Only the turns with this number (of every kingdom in scope)."))
        parser.add_argument("--now", action="store_true",
                            help=_("Do not wait for the deadlines: lock every open turn."))

    def handle(self, *args, campaign=None, kingdom=None, turn=None, now=False, **options):
        scope = self._scope(campaign=campaign, kingdom=kingdom, turn=turn)
        due = resolution.due_turns(ignore_deadline=now).filter(scope)
        waiting = KingdomTurn.objects.filter(scope, status=TurnStatus.LOCKED)
        turn_ids = turns_resolve_now(actor=SYSTEM, turns=due | waiting, enqueue=False)
        if not turn_ids:
            self.stdout.write(_("No turn is due."))
            return
        results: Counter[str] = Counter()
        for turn_id in tqdm(turn_ids, desc=_("Resolving turns"), unit=_("turn"),
                            file=self.stderr, disable=None):
            results[resolution.turn_resolve(turn_id)] += 1
        self.stdout.write(self.style.SUCCESS(
            _("%(resolved)s resolved, %(skipped)s already taken by a worker, %(failed)s failed.")
            % {"resolved": results["resolved"], "skipped": results["skipped"],
               "failed": results["failed"]}))
        if results["failed"]:
            self.stdout.write(self.style.WARNING(
                _("Failed turns keep their error; reopen them from the admin.")))

    @staticmethod
    def _scope(*, campaign: int | None, kingdom: int | None, turn: int | None) -> Q:
        """The turns the options name; an option naming nothing is an error, not an empty run."""
        scope = Q()
        if campaign is not None:
            if not Campaign.objects.filter(pk=campaign).exists():
                raise CommandError(_("There is no campaign with id %(id)s.") % {"id": campaign})
            scope &= Q(kingdom__campaign_id=campaign)
        if kingdom is not None:
            kingdoms = Kingdom.objects.filter(pk=kingdom)
            if campaign is not None:
                kingdoms = kingdoms.filter(campaign_id=campaign)
            if not kingdoms.exists():
                raise CommandError(_("There is no kingdom with id %(id)s here.") % {"id": kingdom})
            scope &= Q(kingdom_id=kingdom)
        if turn is not None:
            scope &= Q(number=turn)
            if not KingdomTurn.objects.filter(scope).exists():
                raise CommandError(_("There is no turn %(number)s here.") % {"number": turn})
        return scope
