"""TurnReport, taken over from campaigns (campaigns/migrations/0008_turnreport_moves_to_turns.py
drops it from campaigns' state). The table exists already, made by campaigns/migrations/
0002_turns.py: only the migration state changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaigns', '0007_drop_plaintext_api_tokens'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='TurnReport',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                        ('inputs', models.JSONField(default=dict, verbose_name='inputs')),
                        ('outcome', models.JSONField(default=dict, verbose_name='outcome')),
                        ('turn', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='report', to='campaigns.kingdomturn', verbose_name='turn')),
                    ],
                    options={
                        'verbose_name': 'turn report',
                        'verbose_name_plural': 'turn reports',
                        'db_table': 'campaigns_turnreport',
                        'ordering': ['-created_at'],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
