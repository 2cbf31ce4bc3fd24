"""Ship seed 001's independent warriors (rules.cerilia.cards.CATALOG, "воины с навыком
Самостоятельный") to the unit-card catalogs made before the card was in it; a catalog made
since has it from 0004. The GM edits it in the admin."""
from django.db import migrations

from rules.cerilia.cards import CATALOG, Tag

SHIPPED = [card for card in CATALOG.values() if Tag.INDEPENDENT in card.tags]


def ship(apps, schema_editor):
    card_model = apps.get_model("battles", "UnitCard")
    for card in SHIPPED:
        card_model.objects.get_or_create(code=card.code, defaults={
            "name": str(card.name), "melee": card.melee, "charge": card.charge,
            "missile": card.missile, "missile_range": card.missile_range,
            "defense": card.defense, "morale": sorted(card.morale), "movement": card.movement,
            "hits": card.hits, "tags": sorted(card.tags), "night_bonus": card.night_bonus})


def unship(apps, schema_editor):
    # A card a battle's unit still fights as stays (units protect their card).
    card_model = apps.get_model("battles", "UnitCard")
    card_model.objects.filter(code__in=[card.code for card in SHIPPED], units=None).delete()


class Migration(migrations.Migration):
    dependencies = [("battles", "0009_ship_artifact_and_trap_cards")]

    operations = [migrations.RunPython(ship, unship)]
