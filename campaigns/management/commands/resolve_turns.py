"""Lock and resolve kingdom turns from the shell, as the nightly job does, with a progress bar."""
from __future__ import annotations

from collections import Counter

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from tqdm import tqdm

from campaigns import resolution
from campaigns.models import Campaign, KingdomTurn, TurnStatus


class Command(BaseCommand):
    help = _("Lock the turns past their deadline (all open turns with --now) and resolve them "
             "here, one by one; locked turns waiting for a worker are resolved too.")

    def add_arguments(self, parser):
        parser.add_argument("--campaign", type=int, help=_("Only this campaign (its id)."))
        parser.add_argument("--now", action="store_true",
                            help=_("Do not wait for the deadlines: lock every open turn."))

    def handle(self, *args, campaign=None, now=False, **options):
        if campaign is not None and not Campaign.objects.filter(pk=campaign).exists():
            raise CommandError(_("There is no campaign with id %(id)s.") % {"id": campaign})
        due = resolution.due_turns(campaign_id=campaign, ignore_deadline=now)
        waiting = KingdomTurn.objects.filter(status=TurnStatus.LOCKED)
        if campaign is not None:
            waiting = waiting.filter(kingdom__campaign_id=campaign)
        turn_ids = resolution.turns_lock_with_waiting(due | waiting, enqueue=False)
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
