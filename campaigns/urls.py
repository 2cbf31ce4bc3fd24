"""The pages (server-rendered, for players and the GM) of campaigns: the home, the campaign list,
the user's preferences and account, the GM's members page and an invitation's page. A kingdom's
and its turns' pages: turns/urls.py."""
from django.urls import path

from campaigns.pages import account, home, invitation, members, preferences

urlpatterns = [
    path("", home.home, name="home"),
    path("campaigns/", home.campaign_list, name="campaigns"),
    path("campaigns/<int:campaign_id>/members/", members.members, name="members"),
    path("campaigns/<int:campaign_id>/members/<int:membership_id>/move/", members.member_move,
         name="member-move"),
    path("campaigns/<int:campaign_id>/members/<int:membership_id>/remove/",
         members.member_remove, name="member-remove"),
    path("campaigns/<int:campaign_id>/invitations/<int:invitation_id>/withdraw/",
         members.member_invitation_revoke, name="member-invitation-revoke"),
    path("join/<str:token>/", invitation.invitation, name="invitation"),
    path("me/preferences/", preferences.preferences, name="my-preferences"),
    path("me/account/", account.account, name="my-account"),
    path("me/account/email/<str:token>/", account.email_confirm, name="email-confirm"),
]
