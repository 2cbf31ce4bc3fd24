"""API clients per persona (tests/api_world.py) for the sector battle API's tests (test_api.py)."""
from api_world import api_as  # noqa: F401
