"""Mail and chat posts on what campaigns, turns and battles announce (their signals): each
receiver queues the mail for after the sender's transaction commits (notifications.mail) and the
campaign chat's post in it (notifications.chat)."""
from __future__ import annotations

from battles import signals as battles
from battles.sector.models import BattleStatus
from campaigns import signals as campaigns
from notifications import chat, mail
from turns import signals as turns


def _turn_opened(sender, *, turn, **kwargs) -> None:
    chat.turn_opened(turn)


def _chat_webhook_set(sender, *, campaign, **kwargs) -> None:
    chat.greeting(campaign)


def _announcement_posted(sender, *, announcement, **kwargs) -> None:
    mail.announcement_posted(announcement)
    chat.announcement_posted(announcement)


def _turn_report_ready(sender, *, turn, **kwargs) -> None:
    mail.turn_report_ready(turn)
    chat.turn_report_ready(turn)


def _battle_report_ready(sender, *, scene, **kwargs) -> None:
    mail.battle_report_ready(scene)
    chat.battle_report_ready(scene)


def _sector_round_ready(sender, *, battle, **kwargs) -> None:
    mail.sector_round_ready(battle)
    if battle.status == BattleStatus.FINISHED:
        chat.sector_battle_over(battle)


def connect() -> None:
    campaigns.turn_opened.connect(_turn_opened, dispatch_uid="notifications.turn_opened")
    campaigns.chat_webhook_set.connect(_chat_webhook_set, dispatch_uid="notifications.chat_set")
    campaigns.announcement_posted.connect(_announcement_posted,
                                          dispatch_uid="notifications.announcement")
    turns.turn_report_ready.connect(_turn_report_ready, dispatch_uid="notifications.turn_report")
    battles.battle_report_ready.connect(_battle_report_ready,
                                        dispatch_uid="notifications.battle_report")
    battles.sector_round_ready.connect(_sector_round_ready,
                                       dispatch_uid="notifications.sector_round")
