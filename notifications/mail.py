"""E-mail to the players: the deadline reminder (a kingdom without orders, 24 hours before its
turn's deadline) and "your report is ready" after a turn or a battle is resolved.

Each mail goes to the players of the kingdom (Membership role player) who have an address and
have not switched notifications off (PlayerPreferences), in their language. Report mails are sent
after the resolution commits (`transaction.on_commit`); sending never fails a resolution: an error
is logged.
"""
from __future__ import annotations

import datetime
import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

from armies.choices import ActivityStatus
from battles.models import BattleScene
from battles.sector.models import BattleStatus, SectorBattle
from campaigns.models import (
    Announcement,
    Kingdom,
    KingdomTurn,
    Membership,
    PlayerPreferences,
    Role,
    TurnStatus,
)
from campaigns.times import local_time
from core.compiled import CompiledRead
from core.faults import drop_broken_connection, is_transient
from notifications import chat
from rules.sides import Side

log = logging.getLogger(__name__)

REMIND_BEFORE = datetime.timedelta(hours=24)


# Read after every kingdom turn: compiled once (core.compiled).
_TURN = CompiledRead(lambda turn: KingdomTurn.objects.select_related("kingdom__campaign")
                     .filter(pk=turn), turn=int)


def _players_to_mail():
    return (Membership.objects.filter(role=Role.PLAYER, user__is_active=True)
            .exclude(user__email="").select_related("user", "kingdom__campaign"))


# One kingdom's, read after every kingdom turn: compiled once (core.compiled).
_KINGDOM_RECIPIENTS = CompiledRead(
    lambda kingdom: _players_to_mail().filter(kingdom_id=kingdom).order_by("user_id"),
    kingdom=int)


def recipients(kingdom_ids: Iterable[int]) -> list[tuple[Membership, PlayerPreferences]]:
    """The players of these kingdoms who get mail, with their preferences (one entry per user and
    kingdom), by kingdom and user."""
    ids = sorted(set(kingdom_ids))
    memberships = _KINGDOM_RECIPIENTS.fetch(kingdom=ids[0]) if len(ids) == 1 else \
        _players_to_mail().filter(kingdom_id__in=ids).order_by("kingdom_id", "user_id")
    chosen = []
    for membership in memberships:
        preferences = PlayerPreferences.of(membership.user)
        if preferences.email_notifications:
            chosen.append((membership, preferences))
    return chosen


def local_deadline(turn: KingdomTurn, campaign) -> str:
    """The deadline in the campaign's time zone, in the active language's format."""
    return local_time(turn.deadline, campaign)


def _message(template: str, subject, context: dict, membership: Membership,
             preferences: PlayerPreferences) -> EmailMessage:
    """Render one mail in the player's language. `subject` is a lazy translation with
    %-placeholders: the kingdom's name and `context["subject"]`."""
    kingdom = membership.kingdom
    if kingdom is None:  # recipients() names only the members who play a kingdom
        raise ValueError(f"{membership} plays no kingdom")
    with override(preferences.language):
        context = {**context, "user": membership.user, "kingdom": kingdom,
                   "campaign": kingdom.campaign, "site_url": settings.MUSTER_SITE_URL}
        if "turn" in context:
            context["deadline"] = local_deadline(context["turn"], kingdom.campaign)
        if getattr(context.get("battle"), "deadline", None):
            context["deadline"] = local_time(context["battle"].deadline, kingdom.campaign)
        text_subject = str(subject) % {"kingdom": kingdom.name, **context.get("subject", {})}
        body = render_to_string(template, context)
    return EmailMessage(subject=" ".join(text_subject.split()), body=body,
                        to=[membership.user.email])


def _send(messages: list[EmailMessage]) -> int:
    if not messages:
        return 0
    with get_connection() as connection:
        return connection.send_messages(messages) or 0


# --- the deadline reminder ---------------------------------------------------------------------


def turns_to_remind(now: datetime.datetime):
    return KingdomTurn.objects.filter(status=TurnStatus.OPEN, reminded_at__isnull=True,
                                      deadline__gt=now, deadline__lte=now + REMIND_BEFORE)


def send_deadline_reminders(*, now: datetime.datetime | None = None) -> list[int]:
    """Remind the players of each open turn within 24 hours of its deadline whose kingdom has no
    orders queued, and tell the campaign's chat of every such turn. Each turn is claimed with one
    UPDATE ... WHERE reminded_at IS NULL, so a rerun or a second worker never reminds it twice.
    Returns the turns claimed."""
    now = now or timezone.now()
    claimed = []
    for pk in turns_to_remind(now).values_list("pk", flat=True):
        with transaction.atomic():  # the claim and the campaign chat's post, together
            won = KingdomTurn.objects.filter(pk=pk, reminded_at__isnull=True).update(
                reminded_at=now)
            if won:
                try:
                    with transaction.atomic():
                        chat.turn_deadline_near(pk)
                except Exception:  # the chat's post must not hold back the reminders
                    log.exception("the chat's deadline post for kingdom turn %s failed", pk)
        if won:
            claimed.append(pk)
            try:
                remind_turn(pk)
            except Exception:  # one turn's mail must not stop the others'
                log.exception("deadline reminder for kingdom turn %s failed", pk)
    return claimed


def remind_turn(turn_id: int) -> int:
    turn = KingdomTurn.objects.select_related("kingdom__campaign").get(pk=turn_id)
    if turn.status != TurnStatus.OPEN or turn.activities.filter(
            status=ActivityStatus.QUEUED).exists():
        return 0
    messages = [
        _message("email/turn_reminder.txt",
                 _("%(kingdom)s: turn %(number)s has no orders, and its deadline is near"),
                 {"turn": turn, "subject": {"number": turn.number},
                  "turn_path": reverse("kingdom", args=[turn.kingdom_id])},
                 membership, preferences)
        for membership, preferences in recipients([turn.kingdom_id])]
    return _send(messages)


# --- reports ready -----------------------------------------------------------------------------


def _after_commit(function, *args) -> None:
    """Call function(*args) once the current transaction commits; log, never raise. A passing
    database fault gets a second try on a new connection (it strikes while the mail is being
    written, before anything is sent)."""
    def call() -> None:
        for last in (False, True):
            try:
                function(*args)
                return
            except Exception as error:
                if not last and is_transient(error):
                    drop_broken_connection()
                    continue
                log.exception("notification %s%r failed", function.__name__, args)
                return

    transaction.on_commit(call)


def turn_report_ready(turn: KingdomTurn) -> None:
    """Mail the kingdom's players once the resolution that wrote the turn's report commits."""
    _after_commit(send_turn_report, turn.pk, turn.kingdom_id)


def battle_report_ready(scene) -> None:
    """Mail both sides' kingdoms' players once the battle's resolution commits."""
    _after_commit(send_battle_report, scene.pk)


def send_turn_report(turn_id: int, kingdom_id: int) -> int:
    # Its recipients first: the turn of a kingdom nobody gets mail about (the GM's own) is not
    # read. The mail links to the report; the report itself (the turn's whole input and outcome)
    # is not read.
    chosen = recipients([kingdom_id])
    if not chosen:
        return 0
    turn = _TURN.get(turn=turn_id)
    messages = [
        _message("email/turn_report.txt", _("%(kingdom)s: the report of turn %(number)s is ready"),
                 {"turn": turn, "subject": {"number": turn.number},
                  "report_path": reverse("turn-report", args=[turn.kingdom_id, turn.number])},
                 membership, preferences)
        for membership, preferences in chosen]
    return _send(messages)


def send_battle_report(scene_id: int) -> int:
    scene = BattleScene.objects.select_related("campaign", "report", "gambit__turn").get(
        pk=scene_id)
    winner = scene.report.outcome.get("winner")  # a Side's value, or None
    sides = {scene.attacker_kingdom_id: Side.ATTACKER, scene.defender_kingdom_id: Side.DEFENDER}
    kingdoms = {k.pk: k for k in Kingdom.objects.filter(pk__in=[pk for pk in sides if pk])}
    turn = scene.gambit.turn if scene.gambit is not None else None
    messages = []
    for membership, preferences in recipients(kingdoms):
        side = sides[membership.kingdom_id]
        won = None if winner is None else winner == side
        context = {"scene": scene, "side": side, "won": won, "turn_number": turn.number if turn
                   else None, "subject": {"hex": scene.hex},
                   "report_path": reverse("battle", args=[scene.pk])}
        messages.append(_message("email/battle_report.txt",
                                 _("%(kingdom)s: the report of the battle in %(hex)s is ready"),
                                 context, membership, preferences))
    return _send(messages)


def announcement_posted(announcement) -> None:
    """Mail every player of the campaign once the announcement's transaction commits."""
    _after_commit(send_announcement, announcement.pk)


def send_announcement(announcement_id: int) -> int:
    announcement = Announcement.objects.select_related("campaign").get(pk=announcement_id)
    kingdoms = Kingdom.objects.filter(campaign_id=announcement.campaign_id).values_list(
        "pk", flat=True)
    messages = [
        _message("email/announcement.txt", _("%(campaign)s: %(title)s"),
                 {"announcement": announcement,
                  "subject": {"campaign": announcement.campaign.name,
                              "title": announcement.title},
                  "campaign_path": reverse("campaign", args=[announcement.campaign_id])},
                 membership, preferences)
        for membership, preferences in recipients(kingdoms)]
    return _send(messages)


def sector_round_ready(battle) -> None:
    """Mail both sides' players once a sector battle's round opens (or the battle ends)."""
    _after_commit(send_sector_round, battle.pk)


def send_sector_round(battle_id: int) -> int:
    battle = SectorBattle.objects.select_related("campaign").get(pk=battle_id)
    sides = {battle.attacker_kingdom_id: "attacker", battle.defender_kingdom_id: "defender"}
    finished = battle.status == BattleStatus.FINISHED
    subject = (_("%(kingdom)s: the battle %(battle)s is over") if finished
               else _("%(kingdom)s: round %(round)s of the battle %(battle)s takes orders"))
    messages = []
    for membership, preferences in recipients([pk for pk in sides if pk]):
        side = sides[membership.kingdom_id]
        context = {"battle": battle, "finished": finished, "won": battle.winner == side
                   if battle.winner else None,
                   "subject": {"battle": battle.name, "round": battle.round},
                   "battle_path": reverse("sector-battle", args=[battle.pk])}
        messages.append(_message("email/sector_round.txt", subject, context, membership,
                                 preferences))
    return _send(messages)
