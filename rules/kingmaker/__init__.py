"""Pathfinder 2e Kingmaker warfare (seed 003_750bd81a16f66abf.txt)."""
