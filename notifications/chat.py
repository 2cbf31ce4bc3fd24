"""Posts to a campaign's chat (its Discord-compatible webhook): a turn opens, its deadline is 24
hours away, a turn's or a battle's report is ready. Each post says only what every player of the
campaign may know (kingdoms, turn numbers, deadlines, links to pages that check who reads them),
in the site's language; a battle's post names neither its place nor its sides. Posts are queued
in the transaction of what they tell and sent by a worker after it commits, so a slow or broken
webhook never holds up or fails a resolution."""
from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, override

from campaigns.models import Campaign, KingdomTurn
from campaigns.permissions import check_runs_campaign
from campaigns.times import local_time
from notifications.chat_delivery import post_to_chat
from notifications.models import ChatPost, ChatStatus


def announce(campaign: Campaign, text, /, *, link: tuple[object, ...] | None = None,
             **params: object) -> ChatPost | None:
    """Queue a post of `text` (a lazy translation with %-placeholders) to the campaign's chat, if
    it has a webhook; sent once the current transaction commits. `link`: the URL name and
    arguments of the page the post links to (as %(link)s), reversed only for a post."""
    if not campaign.chat_webhook_url:
        return None
    if link is not None:
        params["link"] = settings.MUSTER_SITE_URL + reverse(str(link[0]), args=link[1:])
    with override(settings.LANGUAGE_CODE):
        words = str(text) % {name: str(value) for name, value in params.items()}
    post = ChatPost.objects.create(campaign=campaign, text=words)
    _queue(post)
    return post


def _queue(post: ChatPost) -> None:
    # robust: a broker out of reach is logged, never raised into what committed the post (the GM
    # queues it again from Chat posts).
    transaction.on_commit(lambda: post_to_chat.delay(post.pk), robust=True)


def _turn_news(turn: KingdomTurn, text, link: tuple[object, ...]) -> None:
    """A post about a kingdom's turn: `text` may name its kingdom, number and deadline (in the
    campaign's time zone)."""
    campaign = turn.kingdom.campaign
    if not campaign.chat_webhook_url:
        return
    with override(settings.LANGUAGE_CODE):
        deadline = local_time(turn.deadline, campaign)
    announce(campaign, text, kingdom=turn.kingdom.name, number=turn.number, deadline=deadline,
             link=link)


def turn_opened(turn: KingdomTurn) -> None:
    _turn_news(turn, _("%(kingdom)s: turn %(number)s takes orders until %(deadline)s. %(link)s"),
               ("kingdom", turn.kingdom_id))


def turn_deadline_near(turn_id: int) -> None:
    turn = KingdomTurn.objects.select_related("kingdom__campaign").get(pk=turn_id)
    _turn_news(turn, _("%(kingdom)s: turn %(number)s stops taking orders at %(deadline)s, "
                       "within 24 hours. %(link)s"), ("orders", turn.kingdom_id))


def turn_report_ready(turn: KingdomTurn) -> None:
    _turn_news(turn, _("%(kingdom)s: the report of turn %(number)s is ready. %(link)s"),
               ("turn-report", turn.kingdom_id, turn.number))


# A battle's post says only that a battle's report is ready: not where, not whose, not which
# scene (its page, where the campaign's page leads its sides, shows them the rest).
def battle_report_ready(scene) -> None:
    announce(scene.campaign, _("A battle's report is ready for its sides. %(link)s"),
             link=("campaign", scene.campaign_id))


def sector_battle_over(battle) -> None:
    announce(battle.campaign, _("A battle is over; its report is ready for its sides. %(link)s"),
             link=("campaign", battle.campaign_id))


def announcement_posted(announcement) -> None:
    announce(announcement.campaign,
             _("%(campaign)s: the game master announces “%(title)s”. %(link)s"),
             campaign=announcement.campaign.name, title=announcement.title,
             link=("campaign", announcement.campaign_id))


def greeting(campaign: Campaign) -> None:
    """The first post to a webhook the GM has just set."""
    announce(campaign, _("Muster will post the news of %(campaign)s here."),
             campaign=campaign.name)


# --- the GM's ----------------------------------------------------------------------------------

CHAT_NOT_YOURS = ("chat_not_yours",
                  gettext_noop("Only the campaign's game master posts to its chat."))


@transaction.atomic
def queue_again(*, actor, posts) -> int:
    """Send these posts again: failed ones get another round of tries, queued ones (their task
    lost with a broker out of reach) are handed to a worker again; returns how many."""
    again = 0
    for post in ChatPost.objects.select_for_update().filter(
            pk__in=[p.pk for p in posts], status__in=[ChatStatus.FAILED, ChatStatus.QUEUED]
    ).select_related("campaign"):
        check_runs_campaign(actor, post.campaign_id, *CHAT_NOT_YOURS)
        if post.status == ChatStatus.FAILED:
            post.status, post.attempts, post.error = ChatStatus.QUEUED, 0, ""
            post.save(update_fields=["status", "attempts", "error"])
        _queue(post)
        again += 1
    return again
