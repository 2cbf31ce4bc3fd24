"""Muster's rules engine: pure, deterministic Python (no Django, no I/O).

Inputs are frozen dataclasses, outputs are outcome objects; every die goes through `rules.dice.Dice`.
"""

from rules.native import choose as _choose_engine

_choose_engine()  # the compiled battle engine, or its Python source (rules.native)
