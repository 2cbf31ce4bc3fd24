"""The turn report's content type follows the model to turns, so what points at it (the admin's
log entries, the add/change/delete/view_turnreport permissions given to users and groups) keeps
pointing at it. A database made after the move has no old row: nothing to do."""

from django.db import migrations


def _move(apps, schema_editor, old: str, new: str) -> None:
    ContentType = apps.get_model('contenttypes', 'ContentType')
    db = schema_editor.connection.alias
    if ContentType.objects.using(db).filter(app_label=new, model='turnreport').exists():
        return  # already there (post_migrate made it): the old row, if any, stays stale
    ContentType.objects.using(db).filter(app_label=old, model='turnreport').update(app_label=new)


def forwards(apps, schema_editor):
    _move(apps, schema_editor, 'campaigns', 'turns')


def backwards(apps, schema_editor):
    _move(apps, schema_editor, 'turns', 'campaigns')


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('campaigns', '0008_turnreport_moves_to_turns'),
        ('turns', '0001_initial'),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
