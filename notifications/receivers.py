"""Mail on what turns and battles announce (their signals): each receiver queues the mail for
after the sender's transaction commits (notifications.mail)."""
from __future__ import annotations

from battles import signals as battles
from notifications import mail
from turns import signals as turns


def _turn_report_ready(sender, *, turn, **kwargs) -> None:
    mail.turn_report_ready(turn)


def _battle_report_ready(sender, *, scene, **kwargs) -> None:
    mail.battle_report_ready(scene)


def _sector_round_ready(sender, *, battle, **kwargs) -> None:
    mail.sector_round_ready(battle)


def connect() -> None:
    turns.turn_report_ready.connect(_turn_report_ready, dispatch_uid="notifications.turn_report")
    battles.battle_report_ready.connect(_battle_report_ready,
                                        dispatch_uid="notifications.battle_report")
    battles.sector_round_ready.connect(_sector_round_ready,
                                       dispatch_uid="notifications.sector_round")
