"""A small campaign map for the Django-side map tests, painted through the map service.

Columns B to H, rows 2 to 8 (column A is off the map), plains unless painted:
- C4, D4 and C5 are the player's kingdom's (Brevoy Marches), E4 and E5 the rival's (Pitax);
- a road runs C4 – D4 – E4;
- D5 is a swamp, with an unbridged river on its side towards C5; E6 is a lake (water);
- D3 has a work site; E4 is forest with the rival's settlement "Fort Drelev".
"""
from __future__ import annotations

from factories import SettlementFactory

from campaigns.map_services import map_paint
from core.permissions import SYSTEM


def paint_map(campaign, kingdom, rival_kingdom) -> None:
    map_paint(actor=SYSTEM, campaign=campaign, coords="B2-H8", terrain="plains")
    map_paint(actor=SYSTEM, campaign=campaign, coords="C4 D4 C5", claimed_by=kingdom)
    map_paint(actor=SYSTEM, campaign=campaign, coords="E4 E5", claimed_by=rival_kingdom)
    map_paint(actor=SYSTEM, campaign=campaign, coords="C4", add_edges={"roads": "se"})
    map_paint(actor=SYSTEM, campaign=campaign, coords="D4", add_edges={"roads": "ne"})
    map_paint(actor=SYSTEM, campaign=campaign, coords="D5", terrain="swamp")
    map_paint(actor=SYSTEM, campaign=campaign, coords="C5", add_edges={"rivers": "se"})
    map_paint(actor=SYSTEM, campaign=campaign, coords="E6", terrain="water")
    map_paint(actor=SYSTEM, campaign=campaign, coords="D3", work_site=True)
    map_paint(actor=SYSTEM, campaign=campaign, coords="E4", terrain="forest")
    SettlementFactory(kingdom=rival_kingdom, name="Fort Drelev", hex="E4")
