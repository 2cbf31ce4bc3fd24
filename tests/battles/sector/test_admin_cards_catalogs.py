"""Seed 001's catalogs in the GM's back office: the army book of artifacts ("Перечень доступных
артефактов приведен в книге армии", 001_5d751c33a121b07e.txt) with its shipped examples, and
the trap cards (reference, ruling: the catalog ships "Trap", attack 3)."""
from __future__ import annotations

import pytest
from django.urls import reverse
from sector_admin_support import errors_of

from battles.sector.module_models import ArtifactCard, TrapCard
from rules.cerilia.artifact_cards import EXAMPLES
from rules.cerilia.concealment import TRAP

pytestmark = pytest.mark.django_db


def test_the_shipped_army_book_holds_the_engines_examples_marked_as_examples():
    shipped = {card.code: card for card in ArtifactCard.objects.filter(example=True)}
    assert set(shipped) == {card.code for card in EXAMPLES}
    for card in EXAMPLES:
        row = shipped[card.code]
        assert (row.name, row.effect, row.uses, row.spell or None, row.power or None) == (
            card.name, card.effect.value, card.uses, card.spell, card.power)
        row.full_clean()  # the shipped rows pass the GM's own checks


def test_the_shipped_trap_card():
    trap = TrapCard.objects.get(code=TRAP.code)
    assert (trap.name, trap.attack) == ("Trap", 3)


def artifact_form(**fields) -> dict:
    return {"code": "ring_of_fire", "name": "Ring of fire", "effect": "bound_spell", "uses": 1,
            "spell": "wall_of_fire", "power": "5/9", **fields}


def test_the_gm_adds_an_artifact_and_a_trap(gm_client):
    response = gm_client.post(reverse("admin:battles_artifactcard_add"), artifact_form())
    assert response.status_code == 302, errors_of(response)
    card = ArtifactCard.objects.get(code="ring_of_fire")
    assert (card.power, card.example, card.history.count()) == ("5/9", False, 1)
    response = gm_client.post(reverse("admin:battles_trapcard_add"),
                              {"code": "pit", "name": "Spiked pit", "attack": 4})
    assert response.status_code == 302, errors_of(response)
    page = gm_client.get(reverse("admin:battles_artifactcard_changelist")).content.decode()
    assert "Ring of fire" in page and "bound spell" in page


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({"power": "59"}, "power", "A power level reads \"x/y\", e.g. \"5/9\"."),
    ({"power": "9/5"}, "power", "In \"x/y\" both are at least 1 and y is not below x."),
    ({"spell": ""}, "spell", "A bound spell names the spell it casts."),
    ({"effect": "reveal"}, "spell", "Only a bound spell has one."),
    ({"spell": "wish"}, "spell",
     "Select a valid choice. wish is not one of the available choices."),
    ({"uses": 0}, "uses", "Ensure this value is greater than or equal to 1."),
    # Ruling (rules-notes "Bound spells"; seed 002_eb4cf75b750af884.txt, XI.6.A: a bound
    # spell names «если применимо, ... цель заклинания», no path and no unit to place).
    ({"spell": "summon_legion_of_the_dead"}, "spell",
     "A spell that places a unit cannot be a bound spell."),
    ({"spell": "haste"}, "spell", "A magical move needs a path and cannot be a bound spell."),
])
def test_an_artifact_the_rules_refuse_shows_the_problem_at_its_field(gm_client, fields, field,
                                                                    message):
    response = gm_client.post(reverse("admin:battles_artifactcard_add"), artifact_form(**fields))
    assert response.status_code == 200
    assert message in response.context["adminform"].form.errors[field]
    assert not ArtifactCard.objects.filter(code="ring_of_fire").exists()
