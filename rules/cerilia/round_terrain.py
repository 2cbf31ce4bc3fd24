"""The terrain cards on the field during one round (Board.terrain): a list, as the state holds
them, that also knows each sector's kinds of terrain and its fortification, and the cliffs and
rivers between sectors. The combat and movement rules ask after a sector's terrain at every
attack and step, while the cards change a few times a battle (a fortification hit, a spell's
swamp): the answers are kept until then."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.cerilia.state import DIRECTED_TERRAIN, Terrain, TerrainKind

_NONE: frozenset[TerrainKind] = frozenset()


class RoundTerrain(list[Terrain]):
    """Changed by `append`, `remove` and `terrain[i] = card` only (what the rules do to it);
    the other ways a list changes are refused, so nothing goes around the kept answers."""

    # Slots, as board.Units has them: asked at every attack and step.
    __slots__ = ("_kinds", "_forts", "_crossings")

    def __init__(self, cards: Iterable[Terrain] = ()) -> None:
        super().__init__(cards)
        self._kinds: dict[str, frozenset[TerrainKind]] | None = None   # None: read anew
        self._forts: dict[str, Terrain] = {}
        self._crossings: dict[tuple[str, str], Terrain] = {}

    def _read(self) -> dict[str, frozenset[TerrainKind]]:
        kinds: dict[str, set[TerrainKind]] = {}
        self._forts = {}
        self._crossings = {}
        for card in self:
            kinds.setdefault(card.sector, set()).add(card.kind)
            if card.kind is TerrainKind.FORTIFICATION:
                self._forts.setdefault(card.sector, card)   # the first, as a scan finds it
            elif card.kind in DIRECTED_TERRAIN and card.toward:
                # Its edge, both ways across; the first card, as a scan finds it.
                self._crossings.setdefault((card.sector, card.toward), card)
                self._crossings.setdefault((card.toward, card.sector), card)
        self._kinds = {sector: frozenset(found) for sector, found in kinds.items()}
        return self._kinds

    def kinds(self, sector: str) -> frozenset[TerrainKind]:
        """The kinds of the cards in `sector`."""
        kinds = self._kinds if self._kinds is not None else self._read()
        return kinds.get(sector, _NONE)

    def fortification(self, sector: str) -> Terrain | None:
        """The (first) fortification card in `sector`."""
        if self._kinds is None:
            self._read()
        return self._forts.get(sector)

    def crossing(self, a: str, b: str) -> Terrain | None:
        """The (first) cliffs or river card whose edge lies between sectors `a` and `b`: asked
        at every step and retreat, and most fields have none."""
        if self._kinds is None:
            self._read()
        return self._crossings.get((a, b)) if self._crossings else None

    def fortified(self) -> set[str]:
        """The sectors with a fortification."""
        if self._kinds is None:
            self._read()
        return set(self._forts)

    def append(self, card: Terrain) -> None:
        super().append(card)
        self._kinds = None

    def remove(self, card: Terrain) -> None:
        super().remove(card)
        self._kinds = None

    def __setitem__(self, index: Any, card: Any) -> None:
        super().__setitem__(index, card)
        self._kinds = None

    def _refused(self, *_args: object, **_kwargs: object) -> Any:
        raise TypeError("the round's terrain changes by append, remove and terrain[i] = card")

    extend = insert = pop = clear = sort = reverse = __delitem__ = __iadd__ = __imul__ = _refused
