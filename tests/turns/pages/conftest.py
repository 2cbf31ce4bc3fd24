"""The pages' world (tests/pages_world.py) for the page tests of this directory."""
from pages_world import army, fought_scene, outsider, resolved_turn  # noqa: F401
