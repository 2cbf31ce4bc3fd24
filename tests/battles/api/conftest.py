"""The API's world (tests/api_world.py) for the API tests of this directory."""
from api_world import activity, api_as, army, gm_api, player_api, report, rival_army  # noqa: F401
