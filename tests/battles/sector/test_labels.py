"""The engine's sector battle messages name morale signs and card results by code; battles
registers their words with armies.labels (armies imports nothing of battles), so a reader gets
them in their language."""
from __future__ import annotations

from django.utils import translation

from armies.labels import render_message, translated_params
from battles.sector.labels import RESULT_LABELS, order_lines
from battles.sector.models import MORALE_SIGN_LABELS


def test_signs_and_results_are_rendered_in_the_readers_language():
    with translation.override("ru"):
        sun, hit = str(MORALE_SIGN_LABELS["sun"]), str(RESULT_LABELS["H"])
        assert translated_params({"sign": "sun", "result": "H"}) == {"sign": sun, "result": hit}
        assert render_message("%(unit)s holds (%(sign)s).", {"unit": "Anuirean Knights",
                                                            "sign": "sun"}) \
            == f"Отряд «Anuirean Knights» держится ({sun})."
    assert (sun, hit) != ("sun", "H")


def test_seed_001s_orders_read_as_sentences_and_odd_ones_never_fail():
    names = {"unit-a": "Tatzlford Guard", "caster-g": "Lord Tatzl", "artifact-h": "War horn"}
    assert order_lines(0, {
        "standing": {"unit-a": [{"kind": "advance_to", "target": "C2"}, {"kind": "hold"}]},
        "ambushes": {"unit-a": {"sector": "B2", "name": "Wolves"}},
        "traps": {"trap-1": {"name": "Pits", "sectors": ["A1", "B1", "C1"]}}}, names) == [
        "Tatzlford Guard's standing orders: advance_to C2; hold.",
        "Tatzlford Guard hides in ambush in B2 as “Wolves”.",
        "The trap “Pits” is laid in A1, B1, C1."]
    assert order_lines(1, {"markers": {"ambush-1": {"paths": [["B2"]]}}, "scouts": ["unit-a"],
                           "artifacts": {"caster-g": {"artifact": "artifact-h"}}}, names) == [
        "The markers of ambush-1 move.", "Tatzlford Guard scouts its sector.",
        "Lord Tatzl uses War horn."]
    odd = {"standing": {"unit-a": "hold"}, "ambushes": ["x"], "traps": {"t": 1},
           "markers": {"m": None}, "scouts": "unit-a", "artifacts": {"c": "x"}}
    assert order_lines(1, odd, names)
