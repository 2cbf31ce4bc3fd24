"""E-mail notifications: the deadline reminder (once per turn, only to players without orders who
want mail, in their language) and "report ready" after a turn or a battle is resolved, sent after
the resolution commits and never failing it."""
from __future__ import annotations

import datetime
import functools
import logging
import re
import smtplib

import pytest
from factories import (
    ArmyActivityFactory,
    ArmyFactory,
    BattleParticipantFactory,
    BattleReportFactory,
    BattleSceneFactory,
    KingdomTurnFactory,
    MembershipFactory,
    TurnReportFactory,
    UserFactory,
)
from rest_framework.test import APIClient

from battles import resolution as battle_resolution
from battles.models import BattleScene, SceneStatus
from campaigns.models import Campaign, Kingdom, KingdomTurn, PlayerPreferences, Role, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM
from notifications import mail as notifications
from rules.sides import Side
from turns import resolution

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 3, 2, 12, 0, tzinfo=datetime.UTC)


def soon(hours: float = 12) -> datetime.datetime:
    return NOW + datetime.timedelta(hours=hours)


@pytest.fixture
def players(campaign, kingdom, rival_kingdom, player, rival):
    """The player and the rival, plus a second player of the player's kingdom who switched mail
    off and one without an address."""
    quiet = UserFactory(username="quiet-persona")
    MembershipFactory(user=quiet, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    PlayerPreferences.objects.create(user=quiet, email_notifications=False)
    nameless = UserFactory(username="no-address", email="")
    MembershipFactory(user=nameless, campaign=campaign, role=Role.PLAYER, kingdom=kingdom)
    return player, rival, quiet


def addressed(outbox) -> list[str]:
    return sorted(address for message in outbox for address in message.to)


# --- the deadline reminder ---------------------------------------------------------------------


def test_reminder_goes_once_to_the_players_of_kingdoms_without_orders(
        mailoutbox, players, kingdom, rival_kingdom, gm):
    player, rival, quiet = players
    ours = KingdomTurnFactory(kingdom=kingdom, number=1, deadline=soon(12))
    theirs = KingdomTurnFactory(kingdom=rival_kingdom, number=1, deadline=soon(20))
    ArmyActivityFactory(turn=theirs)  # the rival has orders queued

    claimed = notifications.send_deadline_reminders(now=NOW)

    assert sorted(claimed) == sorted([ours.pk, theirs.pk])
    assert addressed(mailoutbox) == [player.email]  # not the rival, the quiet one or the GM
    message = mailoutbox[0]
    assert "Brevoy Marches" in message.subject and "turn 1" in message.subject
    assert "Brevoy Marches has no orders for turn 1" in message.body
    assert f"/kingdoms/{ours.kingdom_id}/" in message.body
    # A rerun (or a second worker) finds nothing left to remind.
    assert notifications.send_deadline_reminders(now=NOW + datetime.timedelta(minutes=15)) == []
    assert len(mailoutbox) == 1
    ours.refresh_from_db()
    assert ours.reminded_at == NOW


def test_no_reminder_before_the_last_day_or_after_the_deadline(mailoutbox, player, kingdom):
    KingdomTurnFactory(kingdom=kingdom, number=1, deadline=soon(25))
    assert notifications.send_deadline_reminders(now=NOW) == []
    KingdomTurn.objects.update(deadline=NOW - datetime.timedelta(minutes=1))
    assert notifications.send_deadline_reminders(now=NOW) == []
    assert mailoutbox == []


def test_a_turn_claimed_by_another_worker_is_not_reminded_again(mailoutbox, player, kingdom):
    turn = KingdomTurnFactory(kingdom=kingdom, number=1, deadline=soon(6))
    KingdomTurn.objects.filter(pk=turn.pk).update(reminded_at=NOW)  # the other worker won it
    assert notifications.send_deadline_reminders(now=NOW) == []
    assert mailoutbox == []


def test_the_beat_schedule_ships_the_reminder_task():
    from django_celery_beat.models import PeriodicTask

    task = PeriodicTask.objects.get(task="campaigns.tasks.send_deadline_reminders")
    assert task.enabled and task.crontab.minute == "*/15"


def test_a_russian_player_gets_the_reminder_in_russian_with_the_local_deadline(
        mailoutbox, player, kingdom):
    Campaign.objects.filter(pk=kingdom.campaign_id).update(timezone="Europe/Moscow")
    PlayerPreferences.objects.create(user=player, language="ru")
    KingdomTurnFactory(kingdom=kingdom, number=3,
                       deadline=datetime.datetime(2026, 3, 3, 0, 0, tzinfo=datetime.UTC))

    notifications.send_deadline_reminders(now=NOW)

    [message] = mailoutbox
    assert "ход 3" in message.subject and "приказ" in message.subject
    assert "Brevoy Marches" in message.body and "Срок" in message.body
    assert "3 марта 2026" in message.body and "3:00" in message.body  # 00:00 UTC in Moscow
    assert "(Europe/Moscow)" in message.body
    assert "Hello" not in message.body


# --- reports ready -----------------------------------------------------------------------------


@pytest.fixture
def turn(kingdom):
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10, resource_points=40)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    return turn


def test_the_turn_report_mail_goes_after_the_resolution_commits(
        mailoutbox, players, turn, django_capture_on_commit_callbacks):
    player, rival, quiet = players
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert resolution.turn_resolve(turn.pk) == "resolved"
    assert mailoutbox == []  # nothing is sent inside the resolution's transaction
    for callback in callbacks:
        callback()
    assert addressed(mailoutbox) == [player.email]
    [message] = mailoutbox
    turn.refresh_from_db()
    assert "report of turn 1 is ready" in message.subject
    assert f"/kingdoms/{turn.kingdom_id}/turns/{turn.number}/report/" in message.body


def test_a_turn_nobody_gets_mail_about_is_not_read_for_its_mail(
        mailoutbox, turn, django_assert_num_queries):
    TurnReportFactory(turn=turn)
    with django_assert_num_queries(1):  # its kingdom's recipients: none
        assert notifications.send_turn_report(turn.pk, turn.kingdom_id) == 0
    assert mailoutbox == []


def test_a_failed_resolution_sends_no_report_mail(
        mailoutbox, player, turn, monkeypatch, django_capture_on_commit_callbacks):
    def broken(*args, **kwargs):
        raise RuntimeError("engine down")

    monkeypatch.setattr(resolution, "resolve_turn", broken)
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.turn_resolve(turn.pk) == "failed"
    assert mailoutbox == []


def test_a_passing_database_fault_while_writing_the_mail_gets_a_second_try(
        mailoutbox, players, turn, monkeypatch, fails_once, django_capture_on_commit_callbacks):
    player, rival, quiet = players
    flaky = fails_once(notifications.send_turn_report)
    monkeypatch.setattr(notifications, "send_turn_report", flaky)
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.turn_resolve(turn.pk) == "resolved"
    assert len(flaky.calls) == 2
    assert addressed(mailoutbox) == [player.email]


def test_a_failing_mail_server_does_not_fail_the_resolution(
        mailoutbox, player, turn, monkeypatch, caplog, django_capture_on_commit_callbacks):
    class Down:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def send_messages(self, messages):
            raise smtplib.SMTPServerDisconnected("no mail server")

    monkeypatch.setattr(notifications, "get_connection", lambda: Down())
    with caplog.at_level(logging.ERROR, logger="notifications.mail"), \
            django_capture_on_commit_callbacks(execute=True):
        assert resolution.turn_resolve(turn.pk) == "resolved"
    turn.refresh_from_db()
    assert turn.status == TurnStatus.RESOLVED and turn.report is not None
    assert KingdomTurn.objects.filter(kingdom=turn.kingdom, status=TurnStatus.OPEN).exists()
    assert "send_turn_report" in caplog.text and "no mail server" in caplog.text
    assert mailoutbox == []


def test_a_failing_reminder_is_logged_and_the_others_still_go(
        mailoutbox, players, kingdom, rival_kingdom, monkeypatch, caplog):
    player, rival, quiet = players
    first = KingdomTurnFactory(kingdom=kingdom, number=1, deadline=soon(2))
    KingdomTurnFactory(kingdom=rival_kingdom, number=1, deadline=soon(3))
    real = notifications.remind_turn

    def flaky(turn_id):
        if turn_id == first.pk:
            raise smtplib.SMTPServerDisconnected("no mail server")
        return real(turn_id)

    monkeypatch.setattr(notifications, "remind_turn", flaky)
    with caplog.at_level(logging.ERROR, logger="notifications.mail"):
        assert len(notifications.send_deadline_reminders(now=NOW)) == 2
    assert addressed(mailoutbox) == [rival.email]
    assert "no mail server" in caplog.text


@pytest.fixture
def scene(campaign, kingdom, rival_kingdom):
    Kingdom.objects.filter(pk__in=[kingdom.pk, rival_kingdom.pk]).update(
        level=5, warfare=12, defense=12)
    scene = BattleSceneFactory(campaign=campaign, attacker_kingdom=kingdom,
                               defender_kingdom=rival_kingdom)
    BattleParticipantFactory(scene=scene, side=Side.ATTACKER,
                             army=ArmyFactory(kingdom=kingdom, name="Tatzlford Guard"))
    BattleParticipantFactory(scene=scene, side=Side.DEFENDER,
                             army=ArmyFactory(kingdom=rival_kingdom, name="Pitax Foot"))
    battle_resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    return scene


def test_the_battle_report_mail_goes_to_both_sides(
        mailoutbox, players, scene, django_capture_on_commit_callbacks):
    player, rival, quiet = players
    PlayerPreferences.objects.create(user=rival, language="ru")
    with django_capture_on_commit_callbacks(execute=True):
        assert battle_resolution.scene_resolve(scene.pk) == "resolved"
    scene.refresh_from_db()
    assert scene.status == SceneStatus.RESOLVED
    assert addressed(mailoutbox) == sorted([player.email, rival.email])
    by_address = {message.to[0]: message for message in mailoutbox}
    ours, theirs = by_address[player.email], by_address[rival.email]
    assert "battle in C4 is ready" in ours.subject
    assert f"/battles/{scene.pk}/" in ours.body
    assert "битв" in theirs.subject and "Pitax" in theirs.body
    winner = scene.report.outcome["winner"]
    if winner == "attacker":
        assert "side won" in ours.body
    elif winner == "defender":
        assert "side lost" in ours.body


def test_a_player_who_switched_mail_off_gets_no_report(
        mailoutbox, player, turn, django_capture_on_commit_callbacks):
    PlayerPreferences.objects.create(user=player, email_notifications=False)
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.turn_resolve(turn.pk) == "resolved"
    assert mailoutbox == []


# --- preferences -------------------------------------------------------------------------------


def test_preferences_default_to_mail_on_in_the_site_language(player, settings):
    preferences = PlayerPreferences.of(player)
    assert preferences.pk is None and preferences.email_notifications  # the defaults need no row
    assert preferences.language == settings.LANGUAGE_CODE


def test_players_read_and_change_their_preferences_through_the_api(player, rival):
    client = APIClient()
    assert client.get("/api/me/preferences/").status_code == 401
    client.force_authenticate(player)
    assert client.get("/api/me/preferences/").json() == {"email_notifications": True,
                                                         "language": "en"}
    assert not PlayerPreferences.objects.exists()
    answer = client.patch("/api/me/preferences/", {"language": "ru"}, format="json")
    assert answer.status_code == 200, answer.content
    answer = client.put("/api/me/preferences/", {"email_notifications": False, "language": "ru"},
                        format="json")
    assert answer.json() == {"email_notifications": False, "language": "ru"}
    assert client.patch("/api/me/preferences/", {"language": "xx"},
                        format="json").status_code == 400
    assert list(PlayerPreferences.objects.values_list("user", "email_notifications", "language")) \
        == [(player.pk, False, "ru")]
    assert not PlayerPreferences.objects.filter(user=rival).exists()


def test_players_switch_mail_off_and_pick_the_language_on_their_page(client, player, rival):
    client.force_login(player)
    page = client.get("/me/preferences/")
    assert page.status_code == 200 and b'name="email_notifications"' in page.content
    assert b'href="/me/preferences/"' in page.content  # the header links to it from every page
    answer = client.post("/me/preferences/", {"language": "ru"})  # an unticked box: mail off
    assert answer.status_code == 302 and answer["Location"] == "/me/preferences/"
    assert answer.cookies["django_language"].value == "ru"
    assert list(PlayerPreferences.objects.values_list("user", "email_notifications", "language")) \
        == [(player.pk, False, "ru")]
    assert "Настройки сохранены" in client.get("/me/preferences/").content.decode()
    assert not PlayerPreferences.objects.filter(user=rival).exists()


def test_a_bad_language_on_the_preferences_page_is_a_form_error(client, player):
    client.force_login(player)
    answer = client.post("/me/preferences/", {"email_notifications": "on", "language": "xx"})
    assert answer.status_code == 200
    assert b"errorlist" in answer.content and b"xx" in answer.content
    assert not PlayerPreferences.objects.exists()


def test_the_preferences_page_wants_a_sign_in(client):
    assert client.get("/me/preferences/")["Location"].startswith("/accounts/login/")


# --- sector battles ----------------------------------------------------------------------------


def test_players_of_both_sides_hear_when_a_sector_round_opens_and_when_the_battle_ends(
        kingdom, rival_kingdom, player, rival, mailoutbox, django_capture_on_commit_callbacks):
    from factories import SectorBattleFactory, SectorUnitFactory

    from battles.sector import services

    PlayerPreferences.objects.create(user=rival, language="ru")
    battle = SectorBattleFactory(campaign=kingdom.campaign, name="Siege of Varnhold",
                                 attacker_kingdom=kingdom, defender_kingdom=rival_kingdom,
                                 max_rounds=1)
    SectorUnitFactory(battle=battle, side="attacker")
    SectorUnitFactory(battle=battle, side="defender")
    with django_capture_on_commit_callbacks(execute=True):
        services.battle_start(battle=battle, actor=SYSTEM)
    assert sorted(m.to[0] for m in mailoutbox) == sorted([player.email, rival.email])
    english = next(m for m in mailoutbox if m.to == [player.email])
    assert "has begun: deploy your units" in english.body and "/sector-battles/" in english.body
    assert "Units without orders by" in english.body
    mailoutbox.clear()
    for _round in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            services.round_close_now(battle=battle, actor=SYSTEM)
    ours = [m for m in mailoutbox if m.to == [player.email]]
    assert [m.subject for m in ours] == [
        "Brevoy Marches: round 1 of the battle Siege of Varnhold takes orders",
        "Brevoy Marches: the battle Siege of Varnhold is over"]
    # Nobody stood on the field after the last round: it stays the defender's.
    assert "Brevoy Marches's side has lost the field." in ours[1].body
    assert len([m for m in mailoutbox if m.to == [rival.email]]) == 2


# --- links -------------------------------------------------------------------------------------


def _turn_without_orders(kingdom):
    return notifications.remind_turn, KingdomTurnFactory(kingdom=kingdom).pk


def _resolved_turn(kingdom):
    return functools.partial(notifications.send_turn_report, kingdom_id=kingdom.pk), \
        TurnReportFactory(turn=KingdomTurnFactory(kingdom=kingdom, status=TurnStatus.RESOLVED)
                          ).turn_id


def _fought_scene(kingdom):
    scene = BattleSceneFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom,
                               status=SceneStatus.RESOLVED)
    return notifications.send_battle_report, BattleReportFactory(scene=scene).scene_id


def _sector_battle(kingdom):
    from factories import SectorBattleFactory

    battle = SectorBattleFactory(campaign=kingdom.campaign, attacker_kingdom=kingdom)
    return notifications.send_sector_round, battle.pk


@pytest.mark.parametrize("mail", [_turn_without_orders, _resolved_turn, _fought_scene,
                                  _sector_battle])
def test_every_mail_links_to_the_site_named_by_muster_site_url(mail, mailoutbox, player, kingdom,
                                                               settings):
    settings.MUSTER_SITE_URL = "https://muster.example.net/campaigns-site"
    send, pk = mail(kingdom)
    assert send(pk) == 1
    links = re.findall(r"\S+://\S+", mailoutbox[0].body)
    assert links, mailoutbox[0].body
    assert all(link.startswith("https://muster.example.net/campaigns-site/") for link in links)


def test_the_recipients_of_several_kingdoms_come_by_kingdom_then_user_once_each(
        campaign, kingdom, rival_kingdom):
    members = [MembershipFactory(campaign=campaign, kingdom=k, role=Role.PLAYER,
                                 user=UserFactory(email=f"{name}@example.org"))
               for k, name in ((rival_kingdom, "b"), (kingdom, "c"), (rival_kingdom, "a"))]
    MembershipFactory(campaign=campaign, kingdom=kingdom, role=Role.PLAYER,
                      user=UserFactory(email=""))  # no address: no mail
    expected = sorted((m.kingdom_id, m.user_id) for m in members)
    both = [rival_kingdom.pk, kingdom.pk, kingdom.pk]
    chosen = notifications.recipients(both)
    assert [(m.kingdom_id, m.user_id) for m, _ in chosen] == expected
    one = notifications.recipients([kingdom.pk])  # the compiled read of one kingdom
    assert [(m.kingdom_id, m.user_id) for m, _ in one] == [e for e in expected
                                                           if e[0] == kingdom.pk]
    assert notifications.recipients([]) == []
