"""The engine's sector battle messages name morale signs and card results by code; battles
registers their words with armies.labels (armies imports nothing of battles), so a reader gets
them in their language."""
from __future__ import annotations

from django.utils import translation

from armies.labels import render_message, translated_params
from battles.sector.labels import RESULT_LABELS
from battles.sector.models import MORALE_SIGN_LABELS


def test_signs_and_results_are_rendered_in_the_readers_language():
    with translation.override("ru"):
        sun, hit = str(MORALE_SIGN_LABELS["sun"]), str(RESULT_LABELS["H"])
        assert translated_params({"sign": "sun", "result": "H"}) == {"sign": sun, "result": hit}
        assert render_message("%(unit)s holds (%(sign)s).", {"unit": "Anuirean Knights",
                                                            "sign": "sun"}) \
            == f"Отряд «Anuirean Knights» держится ({sun})."
    assert (sun, hit) != ("sun", "H")
