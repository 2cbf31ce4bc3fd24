"""Muster's rules engine: pure, deterministic Python (no Django, no I/O).

Inputs are frozen dataclasses, outputs are outcome objects; every die goes through `rules.dice.Dice`.
"""
