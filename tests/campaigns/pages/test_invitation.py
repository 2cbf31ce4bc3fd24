"""The page an invitation link opens (issue 17, point 1): a newcomer signs up and lands on their
kingdom, a signed-in user joins with their account, a link that cannot be used says why, and the
page is rate-limited; in English and Russian."""
from __future__ import annotations

import pytest
from api_support import allowed
from django.contrib.auth import get_user_model
from factories import UserFactory

from campaigns.invitations import invitation_create, invitation_revoke
from campaigns.models import Membership

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough password 17"


@pytest.fixture
def link(gm, kingdom):
    _invitation, token = invitation_create(actor=gm, kingdom=kingdom, email="new@example.org")
    return f"/join/{token}/"


def _sign_up(client, link, **changes):
    data = {"username": "newcomer", "email": "new@example.org", "password1": PASSWORD,
            "password2": PASSWORD, **changes}
    return client.post(link, data)


def test_a_newcomer_signs_up_and_lands_on_their_kingdom(client, link, kingdom):
    page = client.get(link)
    assert page.status_code == 200
    assert kingdom.name in page.content.decode()
    assert 'value="new@example.org"' in page.content.decode()  # the invited address, offered
    response = _sign_up(client, link)
    assert response.status_code == 302
    assert response["Location"] == f"/kingdoms/{kingdom.pk}/"
    assert client.get(response["Location"]).status_code == 200  # signed in
    assert Membership.objects.get(user__username="newcomer").kingdom == kingdom


def test_a_sign_up_with_bad_fields_shows_each_beside_its_field(client, link, player):
    response = _sign_up(client, link, username="player-persona", password2="other")
    assert response.status_code == 400
    form = response.context["form"]
    assert set(form.errors) == {"password2"}
    response = _sign_up(client, link, username="player-persona", password1="1", password2="1")
    assert set(response.context["form"].errors) == {"username", "password1"}
    assert not get_user_model().objects.filter(username="newcomer").exists()


def test_a_signed_in_user_joins_with_their_account(client, link, kingdom):
    user = UserFactory(username="veteran")
    client.force_login(user)
    page = client.get(link)
    assert "veteran" in page.content.decode() and 'id="join"' in page.content.decode()
    response = client.post(link)
    assert response["Location"] == f"/kingdoms/{kingdom.pk}/"
    assert user.memberships.get().kingdom == kingdom


def test_someone_with_an_account_signs_in_and_comes_back(client, link):
    page = client.get(link).content.decode()
    assert f"/accounts/login/?next={link}" in page
    response = client.post("/accounts/login/", {"username": UserFactory(username="vet").username,
                                                "password": "muster-test-password",
                                                "next": link})
    assert response["Location"] == link


def test_a_member_already_is_told_so(client, link, rival):
    client.force_login(rival)
    response = client.post(link)
    assert response.status_code == 400
    assert "already" in response.context["error"]


def test_a_used_withdrawn_or_unknown_link_says_why(client, gm, link):
    _sign_up(client, link)
    client.logout()
    used = client.get(link)
    assert used.status_code == 410 and "used already" in used.context["refusal"]
    assert _sign_up(client, link, username="second").status_code == 410
    assert not get_user_model().objects.filter(username="second").exists()
    assert client.get("/join/made-up/").status_code == 404


def test_a_withdrawn_link_in_russian(client, gm, kingdom):
    invitation, token = invitation_create(actor=gm, kingdom=kingdom)
    invitation_revoke(actor=gm, invitation=invitation)
    page = client.get(f"/join/{token}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 410
    assert "Ведущий отозвал это приглашение." in page.content.decode()


def test_the_join_page_is_rate_limited(client, link):
    for _ in range(allowed("invitation")):
        assert _sign_up(client, link, password2="other").status_code == 400
    response = _sign_up(client, link)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert not get_user_model().objects.filter(username="newcomer").exists()
