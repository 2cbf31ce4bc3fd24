"""Kingmaker battle scenes (seed 003, "СЦЕНЫ БИТВ" to the end): setup, plans, the engine that
fights a scene round by round, its aftermath, and the odds of many runs."""
