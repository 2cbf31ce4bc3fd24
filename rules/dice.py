"""The one source of randomness: a seeded dice object that logs every roll with its purpose."""
from __future__ import annotations

import random
import re
from _random import Random as _Generator
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from rules.records import quick_init

_EXPRESSION = re.compile(r"^\s*(\d*)d(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


@quick_init
@dataclass(frozen=True)
class Roll:
    """One logged roll: why it was made, the expression, each die's face and the total.

    Why it was made is a gettext msgid (`message`, marked with `rules.errors._`) with its
    `params`, so each reader sees it in their language; `purpose` is the English text."""

    message: str
    expression: str
    faces: tuple[int, ...]
    modifier: int
    total: int
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def purpose(self) -> str:
        return self.message % dict(self.params) if self.params else self.message

    @property
    def natural(self) -> int:
        """The single die's face (for d20 checks, where natural 20 and 1 matter)."""
        return self.faces[0]


_D20_EXPRESSIONS: dict[int, str] = {}


def _d20_expression(modifier: int) -> str:
    expression = "1d20" if modifier == 0 else f"1d20{modifier:+d}"
    if len(_D20_EXPRESSIONS) < 512:
        _D20_EXPRESSIONS[modifier] = expression
    return expression


def d20_roll(purpose: str, modifier: int, face: int, params: Mapping[str, Any]) -> Roll:
    """The roll of a d20 that came up `face`, with `modifier` and the purpose's parameters: what
    `Dice.d20_of` logs, made from a face already drawn (`Dice.d20_face`)."""
    return Roll(purpose, _D20_EXPRESSIONS.get(modifier) or _d20_expression(modifier), (face,),
                modifier, face + modifier, params)


# Engines roll the same few expressions over and over: each is parsed once.
_PARSED: dict[str, tuple[int, int, int, str]] = {}


def _parse(expression: str) -> tuple[int, int, int, str]:
    """(count, sides, modifier, the expression without spaces) of a dice expression."""
    match = _EXPRESSION.match(expression)
    if not match:
        raise ValueError(f"not a dice expression: {expression!r}")
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    if count < 1 or sides < 1:
        raise ValueError(f"not a dice expression: {expression!r}")
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    parsed = (count, sides, modifier, expression.replace(" ", ""))
    if len(_PARSED) < 512:
        _PARSED[expression] = parsed
    return parsed


_new = random.Random.__new__
_seed = _Generator.seed


@mypyc_attr(allow_interpreted_subclasses=True)  # the tests subclass it (compiled: rules.native)
class Dice:
    """Seeded dice. Same seed and same calls give the same log, so a resolution can be replayed."""

    def __init__(self, seed: int | float | str | bytes | bytearray):
        # (Typed as wide as `random.Random` takes a seed: compiled by mypyc, an annotation is
        # checked at run time, which the interpreter never did.)
        self.seed: Any = seed
        # Seeded as `random.Random(seed)` seeds it, without the two Python-level calls around
        # the generator's own seeding (its `__init__` and `seed`): every fight makes its dice
        # (`tests/rules/test_dice.py` holds the two to the same state).
        # (An int only: `Random.seed` hashes a string with sha512 where its base would use
        # Python's own hash, and refuses what its base would take.)
        self._random: random.Random
        if type(seed) is int:
            self._random = _new(random.Random)
            _seed(self._random, seed)
            self._random.gauss_next = None  # type: ignore[attr-defined]  # (as `Random.seed`)
        else:
            self._random = random.Random(seed)
        self._bits = self._random.getrandbits
        self.log: list[Roll] = []

    def roll(self, expression: str, *, purpose: str, **params: Any) -> Roll:
        """Roll an expression such as "1d4", "2d6+1" or "d20-2"; `purpose` is a msgid that
        `params` fill in."""
        count, sides, modifier, written = _PARSED.get(expression) or _parse(expression)
        if count == 1:   # most rolls: the same draw, without a generator around it
            faces: tuple[int, ...] = (self.face(sides),)
        else:
            faces = tuple(self.face(sides) for _ in range(count))
        result = Roll(purpose, written, faces, modifier, sum(faces) + modifier, params)
        self.log.append(result)
        return result

    def d20(self, *, purpose: str, modifier: int = 0, **params: Any) -> Roll:
        """Exactly `roll("1d20+N")`, without parsing the expression (the engine's hot path)."""
        return self.d20_of(purpose, modifier, params)

    def d20_of(self, purpose: str, modifier: int, params: dict[str, Any]) -> Roll:
        """`d20` with its parameters given as the dict the roll keeps (the battle engine's checks:
        no keywords packed into a dict on the way)."""
        result = d20_roll(purpose, modifier, self.d20_face(), params)
        self.log.append(result)
        return result

    def face(self, sides: int) -> int:
        """The face the next die of `sides` shows, unlogged: exactly `randint(1, sides)`, drawn
        as `random` draws it (the fewest bits that hold `sides`, again while the number is not
        below it), without its three layers of calls (`tests/rules/test_dice.py` holds the
        two to the same faces)."""
        count = sides.bit_length()
        bits = self._bits  # (read as an attribute, then called: see `d20_face`)
        face = bits(count)
        while face >= sides:
            face = bits(count)
        return face + 1

    def d20_face(self) -> int:
        """The face the next d20 shows, unlogged (a fight counted for its odds keeps no log).

        Exactly `randint(1, 20)`: it draws 5 bits until they make a number below 20 and adds 1;
        drawn here without its three layers of calls (a battle rolls dozens of d20s, and
        `tests/rules/test_dice.py` holds the two to the same faces)."""
        # The drawing method read as an attribute, then called: called straight off the dice
        # (`self._bits(5)`), Python 3.11 looks it up as a method, which an attribute of the
        # instance is not, through its slow generic path at every die.
        bits = self._bits
        face = bits(5)
        while face >= 20:
            face = bits(5)
        return face + 1
