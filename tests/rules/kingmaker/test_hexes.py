"""Hex map coordinates ("C4") and the distance between two hexes, counted in hexes.

The seed only speaks of hexes ("Обычное войско начинает игру в гексе с одним из поселений вашего
королевства"); how a hex is written and counted is our ruling in rules/kingmaker/hexes.py: flat-topped
hexes in columns, odd columns (A, C, E, ...) set half a hex up, as on the Kingmaker poster map.
"""
import pytest

from rules.errors import RuleViolation
from rules.kingmaker.hexes import hex_distance, normalize_hex, parse_hex


@pytest.mark.parametrize(("text", "expected"), [
    ("A1", (0, 1)),
    ("C4", (2, 4)),
    ("Z10", (25, 10)),
    ("AA1", (26, 1)),
    ("AB3", (27, 3)),
    ("c4", (2, 4)),
    (" C 4 ", (2, 4)),
    ("C0004", (2, 4)),
])
def test_parse_hex_reads_column_letters_and_row_number(text, expected):
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes)" -- a
    # destination is a map hex, written as its column letters and row number (our ruling).
    assert parse_hex(text) == expected


@pytest.mark.parametrize("text", ["", "   ", "4C", "C", "4", "C-4", "C4a", "ABCD1", "C12345", "Ц4",
                                  "C 4 5", None])
def test_a_malformed_hex_is_a_hex_format_violation(text):
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes)" -- only a
    # map hex can be a destination (our ruling: column letters, then the row number).
    with pytest.raises(RuleViolation) as error:
        parse_hex(text, "destination")
    assert error.value.codes() == {"hex_format"}
    (violation,) = error.value.violations
    assert violation.field == "destination"
    assert violation.params == {"hex": text}


def test_the_violation_field_defaults_to_hex():
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes)"
    with pytest.raises(RuleViolation) as error:
        parse_hex("nowhere")
    assert error.value.violations[0].field == "hex"
    assert "nowhere" in str(error.value)


@pytest.mark.parametrize(("text", "expected"), [
    ("C4", "C4"), ("c4", "C4"), (" c 4 ", "C4"), ("aa12", "AA12"),
])
def test_normalize_hex(text, expected):
    # seed 003_750bd81a16f66abf.txt: "Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства." -- the same hex must compare equal however the GM typed it.
    assert normalize_hex(text) == expected


def test_normalize_hex_rejects_a_bad_hex():
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes)"
    with pytest.raises(RuleViolation) as error:
        normalize_hex("C-4", "destination")
    assert error.value.codes() == {"hex_format"}
    assert error.value.violations[0].field == "destination"


@pytest.mark.parametrize(("start", "end", "distance"), [
    ("C4", "C4", 0),
    ("C4", "c4", 0),
    # Same column: one hex per row.
    ("C4", "C5", 1),
    ("C4", "C3", 1),
    ("C4", "C9", 5),
    # A, C, E ... sit half a hex up: A1 touches B0 and B1; B1 touches A1 and A2, C1 and C2.
    ("A1", "B0", 1),
    ("A1", "B1", 1),
    ("A1", "B2", 2),
    ("B1", "A1", 1),
    ("B1", "A2", 1),
    ("B1", "C1", 1),
    ("B1", "C2", 1),
    ("B1", "A0", 2),
    ("B1", "C0", 2),
    # Straight along a column-zigzag: each column step costs one hex while rows keep up.
    ("A1", "C1", 2),
    ("A1", "E1", 4),
    ("A1", "E3", 4),
    ("A1", "E4", 5),
    ("A1", "A21", 20),
    ("A1", "U1", 20),
    ("A1", "Y1", 24),
    ("Z1", "AA1", 1),
])
def test_hex_distance(start, end, distance):
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes), Boating
    # (within 20 hexes along connected water) or Magic (master only; within 30 hexes)"
    assert hex_distance(start, end) == distance


@pytest.mark.parametrize(("start", "end"), [
    ("A1", "B2"), ("C4", "H9"), ("B7", "K2"), ("AA3", "D17"), ("F6", "F6"),
])
def test_hex_distance_is_symmetric(start, end):
    # reference army_activities Deploy Army: "destination within 20 hexes" (a distance, either way)
    assert hex_distance(start, end) == hex_distance(end, start)


def test_every_neighbour_is_one_hex_away_and_there_are_six():
    # reference army_activities Deploy Army: "roadless swamp/mountain hexes ... count as 2 hexes"
    # (a plain neighbouring hex counts as 1).
    for centre in ("C4", "D4"):
        around = [f"{col}{row}" for col in "BCDE" for row in range(2, 7)]
        neighbours = [h for h in around if hex_distance(centre, h) == 1]
        assert len(neighbours) == 6


def test_hex_distance_reports_the_bad_hex_on_the_given_field():
    # reference army_activities Deploy Army: "Exploration (destination within 20 hexes)"
    with pytest.raises(RuleViolation) as error:
        hex_distance("C4", "far away", "destination")
    assert error.value.codes() == {"hex_format"}
    assert error.value.violations[0].field == "destination"


def test_same_hex_ignores_case_and_spaces():
    # Hexes are written by hand ("c4", "C 4"); an Offensive Gambit needs "an enemy army in the
    # same hex" (reference army_activities Offensive Gambit) whatever the spelling.
    from rules.kingmaker.hexes import same_hex

    assert same_hex("c4", " C4") and same_hex("C 4", "C4")
    assert not same_hex("C4", "C5")


@pytest.mark.parametrize(("written", "spelling"), [
    ("c4", "C4"), (" C 4 ", "C4"), ("C04", "C4"), ("c0004", "C4"), ("AA10", "AA10"), ("A0", "A0"),
])
def test_a_hex_has_one_spelling_whatever_its_zeros_and_case(written, spelling):
    # 003_750bd81a16f66abf.txt: «Обычное войско начинает игру в гексе с одним из поселений
    # вашего королевства» — an army's hex and the campaign map's hex must be the same one
    # however the GM wrote it (our ruling: column letters, then the row number).
    from rules.kingmaker.campaign_map import CampaignMap, MapHex
    from rules.kingmaker.hexes import canonical_hex
    assert canonical_hex(written) == spelling
    assert written in CampaignMap.of([MapHex(spelling)])
