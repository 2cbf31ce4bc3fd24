"""For the rules tests of both battle engines: dice whose faces a test chooses, and reading the
engine's events by code."""
from rules.dice import Dice


class _Script:
    def __init__(self, faces):
        self.faces = list(faces)

    def randint(self, low, high):
        if not self.faces:
            raise AssertionError("the engine rolled more dice than the test scripted")
        face = self.faces.pop(0)
        assert low <= face <= high, f"scripted face {face} is not on a d{high}"
        return face


class ScriptedDice(Dice):
    """Dice that come up with the given faces, in order."""

    def __init__(self, *faces):
        super().__init__(0)
        self._random = _Script(faces)

    def d20_face(self):
        # The real dice draw a die's bits themselves (`Dice.d20_face`, `Dice.face`): the script
        # hands out its face instead.
        return self.face(20)

    def face(self, sides):
        return self._random.randint(1, sides)

    @property
    def left(self):
        return list(self._random.faces)


def codes(events):
    return [e.code for e in events]


def only(events, code):
    found = [e for e in events if e.code == code]
    assert len(found) == 1, codes(events)
    return found[0]
