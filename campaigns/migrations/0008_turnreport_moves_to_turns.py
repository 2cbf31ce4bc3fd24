"""TurnReport moves to the turns app (turns/migrations/0001_initial.py takes it over). Only the
migration state changes: the table stays campaigns_turnreport, with its rows."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('campaigns', '0007_drop_plaintext_api_tokens'),
        ('turns', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='TurnReport')],
            database_operations=[],
        ),
    ]
