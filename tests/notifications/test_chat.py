"""The campaign's chat webhook (issue 17, point 4): posts when a turn opens, 24 hours before its
deadline and when turn and battle reports are ready, with links; queued in the transaction of what
they tell and sent by a worker after it commits, tried again on failure, never failing a
resolution, never telling what a player may not see."""
from __future__ import annotations

import datetime
import http.client
import io
import json
import re
import socket
import urllib.error
import urllib.request

import pytest
from admin_support import change_form_data, messages_of
from django.core.exceptions import ValidationError
from django.urls import reverse
from factories import (
    ArmyFactory,
    BattleParticipantFactory,
    BattleSceneFactory,
    CampaignFactory,
    KingdomTurnFactory,
    MembershipFactory,
    UserFactory,
    api_token,
)

from battles import resolution as battle_resolution
from battles.models import BattleScene
from campaigns.models import Campaign, Kingdom, KingdomTurn, Role, TurnStatus
from campaigns.services import turn_open
from core.permissions import SYSTEM, NotPermitted
from notifications import chat, chat_delivery
from notifications import mail as notifications
from notifications.chat_delivery import DeliveryFailed, deliver, post_to_chat
from notifications.models import ChatPost, ChatStatus
from rules.sides import Side
from turns import resolution

pytestmark = pytest.mark.django_db

WEBHOOK = "https://discord.example/api/webhooks/1/secret"
NOW = datetime.datetime(2026, 3, 2, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture
def posted(monkeypatch) -> list[tuple[str, str]]:
    """What reached the webhook: (address, text) per post."""
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(chat_delivery, "send", lambda url, text: sent.append((url, text)))
    return sent


@pytest.fixture
def down(monkeypatch) -> None:
    def refuse(url, text):
        raise urllib.error.HTTPError(url, 503, "Service Unavailable", None, None)

    monkeypatch.setattr(chat_delivery, "send", refuse)


@pytest.fixture
def chatty(campaign) -> Campaign:
    Campaign.objects.filter(pk=campaign.pk).update(chat_webhook_url=WEBHOOK)
    campaign.refresh_from_db()
    return campaign


@pytest.fixture
def locked_turn(chatty, kingdom):
    Kingdom.objects.filter(pk=kingdom.pk).update(food=10, resource_points=40)
    turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    KingdomTurn.objects.filter(pk=turn.pk).update(status=TurnStatus.LOCKED)
    ChatPost.objects.all().delete()  # the post of its opening
    return turn


def texts(sent) -> list[str]:
    return [text for _url, text in sent]


def test_an_opened_turn_is_posted_after_the_commit_with_its_deadline_and_link(
        posted, chatty, kingdom, django_capture_on_commit_callbacks):
    deadline = datetime.datetime(2026, 3, 9, 3, 0, tzinfo=datetime.UTC)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        turn = turn_open(actor=SYSTEM, kingdom=kingdom, deadline=deadline)
    assert posted == []  # queued in the transaction, sent only once it commits
    for callback in callbacks:
        callback()
    [(url, text)] = posted
    assert url == WEBHOOK
    assert text.startswith("Brevoy Marches: turn 1 takes orders until ")
    assert "March 9, 2026" in text
    assert text.endswith(f"http://localhost:8000/kingdoms/{turn.kingdom_id}/")
    post = ChatPost.objects.get()
    assert (post.status, post.attempts, post.error) == (ChatStatus.SENT, 1, "")
    assert post.sent_at is not None


def test_a_campaign_without_a_webhook_posts_nothing(posted, campaign, kingdom,
                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        turn_open(actor=SYSTEM, kingdom=kingdom)
    assert posted == [] and not ChatPost.objects.exists()


def test_a_resolution_posts_its_report_and_the_next_turn(
        posted, locked_turn, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.turn_resolve(locked_turn.pk) == "resolved"
    kingdom_id = locked_turn.kingdom_id
    assert texts(posted)[0] == ("Brevoy Marches: the report of turn 1 is ready. "
                                f"http://localhost:8000/kingdoms/{kingdom_id}/turns/1/report/")
    assert texts(posted)[1].startswith("Brevoy Marches: turn 2 takes orders until ")
    assert len(posted) == 2


def test_a_broken_webhook_never_fails_a_resolution(down, locked_turn,
                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert resolution.turn_resolve(locked_turn.pk) == "resolved"
    assert KingdomTurn.objects.get(pk=locked_turn.pk).status == TurnStatus.RESOLVED
    # In-process (no broker) a post gets one try, kept with the webhook's answer for the GM.
    assert {(p.status, p.attempts, p.error) for p in ChatPost.objects.all()} == {
        (ChatStatus.FAILED, 1, "HTTP 503 Service Unavailable")}


def test_the_deadline_is_posted_once_with_the_reminders(posted, chatty, kingdom, rival_kingdom,
                                                        django_capture_on_commit_callbacks):
    KingdomTurnFactory(kingdom=kingdom, number=4, deadline=NOW + datetime.timedelta(hours=5))
    KingdomTurnFactory(kingdom=rival_kingdom, number=4, deadline=NOW + datetime.timedelta(days=3))
    with django_capture_on_commit_callbacks(execute=True):
        notifications.send_deadline_reminders(now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        assert notifications.send_deadline_reminders(now=NOW) == []  # a rerun posts nothing
    [text] = texts(posted)
    assert text.startswith("Brevoy Marches: turn 4 stops taking orders at ")
    assert "within 24 hours" in text and text.endswith(f"/kingdoms/{kingdom.pk}/orders/")


def _fought(campaign, kingdom, rival_kingdom, hex_: str, names: tuple[str, str]) -> str:
    """Fight a scene in `hex_` between armies of these names; the chat's text of its report."""
    Kingdom.objects.filter(pk__in=[kingdom.pk, rival_kingdom.pk]).update(
        level=5, warfare=12, defense=12)
    scene = BattleSceneFactory.create(campaign=campaign, attacker_kingdom=kingdom,
                                      defender_kingdom=rival_kingdom, hex=hex_)
    BattleParticipantFactory(scene=scene, side=Side.ATTACKER,
                             army=ArmyFactory(kingdom=kingdom, name=names[0]))
    BattleParticipantFactory(scene=scene, side=Side.DEFENDER,
                             army=ArmyFactory(kingdom=rival_kingdom, name=names[1]))
    battle_resolution.scenes_lock(BattleScene.objects.filter(pk=scene.pk), enqueue=False)
    assert battle_resolution.scene_resolve(scene.pk) == "resolved"
    return ChatPost.objects.filter(text__contains="battle").latest("id").text


def test_a_battle_post_tells_nothing_of_where_or_who(posted, chatty, kingdom, rival_kingdom,
                                                     django_capture_on_commit_callbacks):
    """Two worlds that differ in what a third kingdom may not know (the battle's hex and its
    armies) post the same text to the campaign's chat."""
    with django_capture_on_commit_callbacks(execute=True):
        here = _fought(chatty, kingdom, rival_kingdom, "D5", ("Tatzlford Guard", "Pitax Foot"))
        there = _fought(chatty, kingdom, rival_kingdom, "P9", ("Oleg's Riders", "Sootscale Band"))
    assert here == there == ("A battle's report is ready for its sides. "
                             f"http://localhost:8000/campaigns/{chatty.pk}/")
    assert not any(word in text for _url, text in posted
                   for word in ("D5", "P9", "Tatzlford Guard", "Pitax", "Brevoy"))


def test_a_failed_try_is_kept_and_made_again_until_the_last(down, chatty):
    post = ChatPost.objects.create(campaign=chatty, text="Brevoy Marches: turn 2 takes orders")
    with pytest.raises(DeliveryFailed):
        deliver(post.pk, last=False)
    post.refresh_from_db()
    assert (post.status, post.attempts) == (ChatStatus.QUEUED, 1)
    assert post.error == "HTTP 503 Service Unavailable"
    assert deliver(post.pk, last=True) == "failed"
    post.refresh_from_db()
    assert (post.status, post.attempts) == (ChatStatus.FAILED, 2)


def test_a_post_is_sent_once_whoever_delivers_it_again(posted, chatty):
    post = ChatPost.objects.create(campaign=chatty, text="news")
    assert post_to_chat.apply(args=[post.pk]).get() == "sent"
    assert post_to_chat.apply(args=[post.pk]).get() == "skipped"  # a redelivered task
    assert deliver(post.pk + 1000, last=True) == "skipped"  # gone
    assert texts(posted) == ["news"]


def test_a_webhook_removed_since_fails_the_post_without_trying_again(posted, chatty):
    post = ChatPost.objects.create(campaign=chatty, text="news")
    Campaign.objects.filter(pk=chatty.pk).update(chat_webhook_url="")
    assert deliver(post.pk, last=False) == "failed"
    post.refresh_from_db()
    assert (post.status, post.error) == (ChatStatus.FAILED, "The campaign has no chat webhook.")
    assert posted == []


def test_the_task_backs_off_and_acks_late():
    assert post_to_chat.acks_late and post_to_chat.max_retries == chat_delivery.RETRIES
    waits = [chat_delivery.backoff(n) for n in range(chat_delivery.RETRIES)]
    assert 7 <= waits[0] <= 13 and all(wait <= 750 for wait in waits)
    assert waits[-1] > waits[0]


def _resolving_to(monkeypatch, address: str) -> None:
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, port, **kwargs: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))])


class _Opener:
    def __init__(self):
        self.sent: list[tuple] = []

    def open(self, request: urllib.request.Request, timeout: float):
        self.sent.append((request.full_url, request.get_method(), request.headers,
                          request.data, timeout))
        return io.BytesIO(b"")


def test_send_posts_discord_json_without_pings(monkeypatch):
    _resolving_to(monkeypatch, "162.159.128.233")
    opener = _Opener()
    monkeypatch.setattr(chat_delivery, "_OPENER", opener)
    chat_delivery.send(WEBHOOK, "@everyone " + "x" * 3000)
    sent = opener.sent
    [(url, method, headers, data, timeout)] = sent
    assert (url, method, timeout) == (WEBHOOK, "POST", chat_delivery.TIMEOUT_SECONDS)
    assert headers["Content-type"] == "application/json"
    body = json.loads(data)
    assert body["allowed_mentions"] == {"parse": []}
    assert len(body["content"]) == chat_delivery.MAX_LENGTH


@pytest.mark.parametrize("url", ["http://discord.example/hook", "file:///etc/passwd", ""])
def test_send_refuses_anything_but_https(url):
    with pytest.raises(OSError, match="https://"):
        chat_delivery.send(url, "news")


@pytest.mark.parametrize("address", ["127.0.0.1", "10.1.2.3", "192.168.0.7", "169.254.169.254",
                                     "::1", "fd00::1"])
def test_send_refuses_this_machine_and_its_network(monkeypatch, address):
    _resolving_to(monkeypatch, address)
    opener = _Opener()
    monkeypatch.setattr(chat_delivery, "_OPENER", opener)
    with pytest.raises(OSError, match="public internet"):
        chat_delivery.send(WEBHOOK, "news")
    assert opener.sent == []


def test_send_follows_no_redirect():
    """A 3xx answer is an HTTPError: the post is never sent on to another address."""
    handler = chat_delivery._NoRedirects()
    assert handler.redirect_request(None, None, 302, "Found", {}, "http://10.0.0.1/") is None
    assert any(isinstance(h, chat_delivery._NoRedirects) for h in chat_delivery._OPENER.handlers)


@pytest.mark.parametrize("failure", [http.client.IncompleteRead(b""), ValueError("bad URL")])
def test_any_failed_try_is_kept_and_made_again(monkeypatch, chatty, failure):
    def fail(url, text):
        raise failure

    monkeypatch.setattr(chat_delivery, "send", fail)
    post = ChatPost.objects.create(campaign=chatty, text="news")
    with pytest.raises(DeliveryFailed):
        deliver(post.pk, last=False)
    post.refresh_from_db()
    assert (post.status, post.attempts) == (ChatStatus.QUEUED, 1) and post.error


@pytest.mark.parametrize("url", ["http://discord.example/api/webhooks/1/x", "not an address"])
def test_the_webhook_must_be_an_https_address(campaign, url):
    campaign.chat_webhook_url = url
    with pytest.raises(ValidationError) as refused:
        campaign.full_clean()
    assert set(refused.value.message_dict) == {"chat_webhook_url"}


def test_the_gm_sets_the_webhook_in_the_back_office_and_http_is_refused(gm_client, campaign):
    url = reverse("admin:campaigns_campaign_change", args=[campaign.pk])
    data = change_form_data(gm_client.get(url))
    refused = gm_client.post(url, {**data, "chat_webhook_url": "http://discord.example/x"})
    assert refused.status_code == 200
    assert "Enter an https:// address." in refused.content.decode()
    assert not ChatPost.objects.exists()
    saved = gm_client.post(url, {**data, "chat_webhook_url": WEBHOOK}, follow=True)
    assert Campaign.objects.get(pk=campaign.pk).chat_webhook_url == WEBHOOK
    # A greeting goes to the new address, so the GM sees that it works.
    assert [p.text for p in ChatPost.objects.all()] == [
        f"Muster will post the news of {campaign.name} here."]
    assert any("greeting" in m for m in messages_of(saved))
    # Saving the campaign again with the same address greets nobody.
    gm_client.post(url, {**change_form_data(gm_client.get(url)), "chat_webhook_url": WEBHOOK})
    assert ChatPost.objects.count() == 1


def test_players_never_see_the_webhook(chatty, player, client):
    client.force_login(player)
    answer = client.get(f"/api/campaigns/{chatty.pk}/",
                        HTTP_AUTHORIZATION=f"Token {api_token(player)}")
    assert answer.status_code == 200
    assert "secret" not in answer.content.decode()


def test_the_gm_sees_the_campaigns_posts_and_queues_failed_ones_again(
        posted, chatty, campaign_gm, client, django_capture_on_commit_callbacks):
    other = CampaignFactory(name="Another table", chat_webhook_url=WEBHOOK)
    failed = ChatPost.objects.create(campaign=chatty, text="ours", status=ChatStatus.FAILED,
                                     attempts=1, error="HTTP 503 Service Unavailable")
    ChatPost.objects.create(campaign=other, text="theirs", status=ChatStatus.FAILED)
    campaign_gm.is_staff = True
    campaign_gm.save()
    client.force_login(campaign_gm)
    listing = client.get(reverse("admin:notifications_chatpost_changelist"))
    page = listing.content.decode()
    assert "ours" in page and "HTTP 503" in page and "theirs" not in page
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("admin:notifications_chatpost_changelist"), {
            "action": "queue_again", "_selected_action": [failed.pk]}, follow=True)
    assert messages_of(answer) == ["1 post is queued again."]
    failed.refresh_from_db()
    assert failed.status == ChatStatus.SENT
    assert texts(posted) == ["ours"]


def test_a_post_whose_task_was_lost_is_sent_again(posted, chatty, gm,
                                                  django_capture_on_commit_callbacks):
    """A broker out of reach when the post was queued leaves it waiting: the GM sends it."""
    waiting = ChatPost.objects.create(campaign=chatty, text="waiting")
    sent = ChatPost.objects.create(campaign=chatty, text="sent", status=ChatStatus.SENT)
    with django_capture_on_commit_callbacks(execute=True):
        assert chat.queue_again(actor=gm, posts=[waiting, sent]) == 1
    assert texts(posted) == ["waiting"]


def test_a_broker_out_of_reach_never_fails_what_queued_the_post(
        monkeypatch, chatty, kingdom, caplog, django_capture_on_commit_callbacks):
    def unreachable(post_id):
        raise ConnectionRefusedError("no broker")

    monkeypatch.setattr(chat_delivery.post_to_chat, "delay", unreachable)
    with django_capture_on_commit_callbacks(execute=True):
        turn = turn_open(actor=SYSTEM, kingdom=kingdom)
    assert KingdomTurn.objects.filter(pk=turn.pk).exists()
    assert ChatPost.objects.get().status == ChatStatus.QUEUED
    assert "no broker" in caplog.text


def test_a_failing_chat_post_holds_back_no_reminder(monkeypatch, mailoutbox, chatty, kingdom,
                                                    player):
    def broken(turn_id):
        raise RuntimeError("chat down")

    monkeypatch.setattr(chat, "turn_deadline_near", broken)
    turn = KingdomTurnFactory(kingdom=kingdom, number=4, deadline=NOW + datetime.timedelta(hours=5))
    assert notifications.send_deadline_reminders(now=NOW) == [turn.pk]
    assert [m.to for m in mailoutbox] == [[player.email]]


def test_a_player_may_not_queue_posts_again(chatty):
    player = UserFactory(username="chat-player")
    MembershipFactory(user=player, campaign=chatty, role=Role.PLAYER)
    post = ChatPost.objects.create(campaign=chatty, text="ours", status=ChatStatus.FAILED)
    with pytest.raises(NotPermitted):
        chat.queue_again(actor=player, posts=[post])
    post.refresh_from_db()
    assert post.status == ChatStatus.FAILED


def test_posts_speak_the_sites_language(settings, posted, chatty, kingdom,
                                        django_capture_on_commit_callbacks):
    settings.LANGUAGE_CODE = "ru"
    with django_capture_on_commit_callbacks(execute=True):
        turn_open(actor=SYSTEM, kingdom=kingdom,
                  deadline=datetime.datetime(2026, 3, 9, 3, 0, tzinfo=datetime.UTC))
    [text] = texts(posted)
    assert re.match(r"Brevoy Marches: ход 1 принимает приказы до .*9 марта 2026", text), text


@pytest.mark.django_db
def test_a_campaign_without_a_webhook_gets_no_post_and_no_link_built(monkeypatch):
    # A turn's report reverses its link only for a post (every night's turns pass here).
    turn = KingdomTurnFactory.create()
    assert not turn.kingdom.campaign.chat_webhook_url
    monkeypatch.setattr(chat, "reverse", lambda *args, **kwargs: pytest.fail("reversed"))
    chat.turn_report_ready(turn)
    assert not ChatPost.objects.exists()
