"""Battle scenes arrive with the battle-scene issue; the app is registered so its migrations
and admin slot in without touching settings."""
