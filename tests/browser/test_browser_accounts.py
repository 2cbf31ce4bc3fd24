"""Browser tests of invitations and accounts (issue 17, point 1): the GM invites a friend by a link,
the friend signs up through it and lands on their kingdom, the GM moves and removes members;
a forgotten password is reset through the mailed link, and signing out everywhere ends the other
browser's session. Once in Russian."""
from __future__ import annotations

import re

import pytest
from browser_support import PASSWORD, new_page, shot, sign_in, sign_out
from django.core import mail
from factories import CampaignFactory, KingdomFactory, MembershipFactory, UserFactory

from campaigns.models import Membership, Role

pytestmark = [pytest.mark.browser,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NEW_PASSWORD = "the stag lord rides at dawn"


@pytest.fixture
def world(db):
    campaign = CampaignFactory(name="The Stolen Lands (accounts)")
    restov = KingdomFactory(campaign=campaign, name="Restov March")
    pitax = KingdomFactory(campaign=campaign, name="Pitax")
    gm = UserFactory(username="gm-accounts")
    MembershipFactory(user=gm, campaign=campaign, role=Role.GM, kingdom=None)
    veteran = UserFactory(username="veteran", email="veteran@example.org")
    return {"campaign": campaign, "restov": restov, "pitax": pitax, "veteran": veteran}


def _invite(page, base, campaign, kingdom) -> str:
    page.goto(f"{base}/campaigns/{campaign.pk}/")
    with page.expect_navigation():
        page.get_by_role("link", name="Members and invitations").click()
    page.select_option("#id_kingdom", label=kingdom.name)
    with page.expect_navigation():
        page.click("#invite button[type=submit]")
    link = page.locator("#new-link input").input_value()
    assert "/join/" in link
    return link


def test_a_friend_joins_through_a_link_and_the_gm_moves_and_removes_members(browser, live_server,
                                                                            world):
    base, campaign = live_server.url, world["campaign"]
    gm_context, gm_page = new_page(browser, locale="en-US")
    friend_context, friend_page = new_page(browser, locale="en-US")
    try:
        sign_in(gm_page, base, "gm-accounts")
        link = _invite(gm_page, base, campaign, world["restov"])
        shot(gm_page, "members")

        # The friend opens the link, signs up and lands on Restov March's dashboard.
        friend_page.goto(link.replace("http://localhost:8000", base))
        assert "Play Restov March" in friend_page.locator("h1").inner_text()
        shot(friend_page, "invitation")
        friend_page.fill("#id_username", "newcomer")
        friend_page.fill("#id_email", "newcomer@example.org")
        friend_page.fill("#id_password1", NEW_PASSWORD)
        friend_page.fill("#id_password2", NEW_PASSWORD)
        with friend_page.expect_navigation():
            friend_page.click("#sign-up")
        assert friend_page.url == f"{base}/kingdoms/{world['restov'].pk}/"
        assert "Welcome to The Stolen Lands (accounts)" in friend_page.content()

        # The link works once: opened again, it says so.
        sign_out(friend_page)
        friend_page.goto(link.replace("http://localhost:8000", base))
        assert "used already" in friend_page.content()

        # The GM sees the member, moves them to Pitax, then removes them (confirming).
        gm_page.reload()
        row = gm_page.locator("#members tr[data-user=newcomer]")
        row.locator("select").select_option(label="Pitax")
        with gm_page.expect_navigation():
            row.get_by_role("button", name="Move", exact=True).click()
        assert "newcomer now plays Pitax." in gm_page.locator("ul.messages").inner_text()
        assert Membership.objects.get(user__username="newcomer").kingdom == world["pitax"]
        gm_page.once("dialog", lambda dialog: dialog.dismiss())
        gm_page.locator("#members tr[data-user=newcomer]").get_by_role(
            "button", name="Remove").click()
        assert Membership.objects.filter(user__username="newcomer").exists()  # dismissed
        gm_page.once("dialog", lambda dialog: dialog.accept())
        with gm_page.expect_navigation():
            gm_page.locator("#members tr[data-user=newcomer]").get_by_role(
                "button", name="Remove").click()
        assert not Membership.objects.filter(user__username="newcomer").exists()
        assert gm_page.locator("#members tr[data-user=newcomer]").count() == 0
    finally:
        gm_context.close()
        friend_context.close()


def test_a_user_with_an_account_joins_in_russian(browser, live_server, world):
    base, campaign = live_server.url, world["campaign"]
    gm_context, gm_page = new_page(browser, locale="en-US")
    context, page = new_page(browser, locale="ru-RU")
    try:
        sign_in(gm_page, base, "gm-accounts")
        link = _invite(gm_page, base, campaign, world["pitax"])
        page.goto(link.replace("http://localhost:8000", base))
        assert page.locator("html").get_attribute("lang") == "ru"
        with page.expect_navigation():
            page.get_by_role("link", name="Войдите и присоединитесь с ней").click()
        page.fill("#id_username", "veteran")
        page.fill("#id_password", PASSWORD)
        with page.expect_navigation():
            page.click("form[action$='/accounts/login/'] button[type=submit]")
        assert "/join/" in page.url  # back on the invitation, signed in
        with page.expect_navigation():
            page.get_by_role("button", name="Присоединиться с этой учётной записью").click()
        assert page.url == f"{base}/kingdoms/{world['pitax'].pk}/"
        assert "Добро пожаловать" in page.content()
        assert world["veteran"].memberships.get().kingdom == world["pitax"]
    finally:
        gm_context.close()
        context.close()


def test_a_forgotten_password_and_signing_out_everywhere(browser, live_server, world):
    base = live_server.url
    context, page = new_page(browser, locale="en-US")
    other_context, other_page = new_page(browser, locale="en-US")
    try:
        page.goto(f"{base}/accounts/login/")
        with page.expect_navigation():
            page.get_by_role("link", name="Forgotten your password?").click()
        page.fill("#id_email", "veteran@example.org")
        with page.expect_navigation():
            page.get_by_role("button", name="Mail me the link").click()
        assert "Check your mail" in page.locator("h1").inner_text()
        [message] = mail.outbox
        path = re.search(r"http://localhost:8000(/accounts/reset/\S+/)", message.body).group(1)
        page.goto(base + path)
        page.fill("#id_new_password1", NEW_PASSWORD)
        page.fill("#id_new_password2", NEW_PASSWORD)
        with page.expect_navigation():
            page.get_by_role("button", name="Set my password").click()
        assert "Your password is set" in page.locator("h1").inner_text()

        # Signed in on two browsers with the new password; signing out everywhere on one ends
        # the other's session too.
        for each in (page, other_page):
            each.goto(f"{base}/accounts/login/")
            each.fill("#id_username", "veteran")
            each.fill("#id_password", NEW_PASSWORD)
            with each.expect_navigation():
                each.click("form[action$='/accounts/login/'] button[type=submit]")
        page.goto(f"{base}/me/account/")
        shot(page, "account")
        page.fill("#id_everywhere-password", NEW_PASSWORD)
        with page.expect_navigation():
            page.get_by_role("button", name="Sign out everywhere").click()
        assert "/accounts/login/" in page.url
        other_page.goto(f"{base}/me/account/")
        assert "/accounts/login/" in other_page.url
    finally:
        context.close()
        other_context.close()
