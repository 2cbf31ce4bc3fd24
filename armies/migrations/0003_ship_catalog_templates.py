"""Ship the regular armies and the reference's special armies as ready templates."""
from django.db import migrations


def install(apps, schema_editor):
    from armies.services import templates_install_catalog

    templates_install_catalog(apps.get_model("armies", "ArmyTemplate"))


class Migration(migrations.Migration):
    dependencies = [("armies", "0002_initial")]

    operations = [migrations.RunPython(install, migrations.RunPython.noop)]
