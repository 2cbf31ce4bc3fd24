from django.test import override_settings

from campaigns.checks import celery_visibility_timeout, russian_catalog_compiled


def test_visibility_timeout_below_the_task_time_limit_is_an_error():
    with override_settings(CELERY_TASK_TIME_LIMIT=600,
                           CELERY_BROKER_TRANSPORT_OPTIONS={"visibility_timeout": 300}):
        assert [e.id for e in celery_visibility_timeout(None)] == ["muster.E001"]


def test_shipped_settings_pass_the_celery_check():
    assert celery_visibility_timeout(None) == []


def test_missing_russian_catalog_is_a_warning(tmp_path):
    with override_settings(LOCALE_PATHS=[tmp_path]):
        assert [w.id for w in russian_catalog_compiled(None)] == ["muster.W001"]


def test_shipped_russian_catalog_is_compiled():
    assert russian_catalog_compiled(None) == []
