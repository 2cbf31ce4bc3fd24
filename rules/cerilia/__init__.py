"""Sector battles after Wars of Cerilia (seed 000_9b71fb8594a033d1.txt) on the Birthright core
(reference/battle-cores.md §1): a 5×3 battlefield, unit cards, a nine-card battle deck, terrain
cards and battle spells, played round by round."""
