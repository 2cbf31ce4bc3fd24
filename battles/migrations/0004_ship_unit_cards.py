"""Ship the unit-card catalog (rules.cerilia.cards.CATALOG), the card each regular army type
fights as in a sector battle, and the periodic jobs that close rounds at their deadline and return
rounds stuck in resolving to the queue. The GM edits all of them in the admin."""
from django.db import migrations

from rules.cerilia.cards import CATALOG

TYPE_CARDS = {"infantry": "infantry", "cavalry": "knights", "skirmisher": "scouts",
              "siege": "artillerists"}
JOBS = [
    ("Close sector battle rounds at their deadline", "battles.tasks.close_due_sector_rounds",
     "*"),
    ("Return sector battle rounds stuck in resolving", "battles.tasks.sweep_stuck_sector_rounds",
     "*/10"),
]


def ship(apps, schema_editor):
    card_model = apps.get_model("battles", "UnitCard")
    for card in CATALOG.values():
        card_model.objects.get_or_create(code=card.code, defaults={
            "name": str(card.name), "melee": card.melee, "charge": card.charge,
            "missile": card.missile, "missile_range": card.missile_range,
            "defense": card.defense, "morale": sorted(card.morale), "movement": card.movement,
            "hits": card.hits, "tags": sorted(card.tags), "night_bonus": card.night_bonus})
    template_model = apps.get_model("armies", "ArmyTemplate")
    mapping_model = apps.get_model("battles", "TemplateCard")
    for template in template_model.objects.filter(special=False):
        code = TYPE_CARDS.get(template.army_type)
        if code:
            mapping_model.objects.get_or_create(
                template=template, defaults={"card": card_model.objects.get(code=code)})
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    for name, task, minute in JOBS:
        crontab, _ = crontab_model.objects.get_or_create(
            minute=minute, hour="*", day_of_week="*", day_of_month="*", month_of_year="*",
            timezone="UTC")
        task_model.objects.get_or_create(name=name, defaults={"task": task, "crontab": crontab})


def unship(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name__in=[name for name, _task, _minute in JOBS]).delete()
    apps.get_model("battles", "TemplateCard").objects.all().delete()
    apps.get_model("battles", "UnitCard").objects.filter(code__in=list(CATALOG)).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("battles", "0003_sector_battles"),
        ("armies", "0003_ship_catalog_templates"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(ship, unship)]
