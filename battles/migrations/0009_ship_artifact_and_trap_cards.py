"""Ship the army book's example artifacts (rules.cerilia.artifact_cards.EXAMPLES, marked as
examples) and the trap card (rules.cerilia.concealment.TRAP, reference: "the GM's catalog ships
"Trap" (attack 3)"). The GM edits them and adds more in the admin."""
from django.db import migrations

from rules.cerilia.artifact_cards import EXAMPLES
from rules.cerilia.concealment import TRAP


def ship(apps, schema_editor):
    artifacts = apps.get_model("battles", "ArtifactCard")
    for card in EXAMPLES:
        artifacts.objects.get_or_create(code=card.code, defaults={
            "name": str(card.name), "effect": card.effect.value, "uses": card.uses,
            "spell": card.spell or "", "power": card.power or "", "example": True})
    apps.get_model("battles", "TrapCard").objects.get_or_create(
        code=TRAP.code, defaults={"name": str(TRAP.name), "attack": TRAP.attack})


def unship(apps, schema_editor):
    apps.get_model("battles", "ArtifactCard").objects.filter(
        code__in=[card.code for card in EXAMPLES], example=True).delete()
    # The traps laid with the card go with it (unapplying 0008 drops their table next).
    apps.get_model("battles", "SectorTrap").objects.filter(card__code=TRAP.code).delete()
    apps.get_model("battles", "TrapCard").objects.filter(code=TRAP.code).delete()


class Migration(migrations.Migration):
    dependencies = [("battles", "0008_sector_modules")]

    operations = [migrations.RunPython(ship, unship)]
