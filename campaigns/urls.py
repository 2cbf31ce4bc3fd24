"""The pages (server-rendered, for players and the GM) of campaigns: the home, the campaign list,
the user's preferences. A kingdom's and its turns' pages: turns/urls.py."""
from django.urls import path

from campaigns.pages import home, preferences

urlpatterns = [
    path("", home.home, name="home"),
    path("campaigns/", home.campaign_list, name="campaigns"),
    path("me/preferences/", preferences.preferences, name="my-preferences"),
]
