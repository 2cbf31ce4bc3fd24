"""API tokens are knox's now, stored as digests: the plaintext tokens that
rest_framework.authtoken kept in databases made before go, so none of them can be read or used."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0006_sweep_every_minute"),
    ]

    operations = [
        migrations.RunSQL("DROP TABLE IF EXISTS authtoken_token", migrations.RunSQL.noop),
    ]
