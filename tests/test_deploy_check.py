"""Production settings: with production environment values (DEBUG=false, a real key, the host)
`manage.py check --deploy` has nothing to say, and WhiteNoise serves the collected static files
(hashed and compressed). Each runs in a subprocess: settings are read once, at startup."""
from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOST = "muster.example.org"


@pytest.fixture
def production_env(tmp_path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("DJANGO_", "DATABASE_", "CELERY_", "SECURE_", "STATIC_"))}
    env.update({
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(45),  # 60 characters
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'production.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    })
    return env


def run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_deploy_check_passes_with_production_values(production_env):
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=production_env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout
    assert "security." not in done.stdout + done.stderr


def test_the_deploy_check_warns_with_the_development_defaults(production_env):
    """The check is not vacuous: DEBUG=true (and its relaxed defaults) fail it."""
    env = {**production_env, "DEBUG": "true"}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "security.W018" in done.stderr  # DEBUG
    assert "security.W004" in done.stderr  # HSTS


def test_production_refuses_to_start_without_a_secret_key(production_env):
    env = {k: v for k, v in production_env.items() if k != "SECRET_KEY"}
    done = run("import django; django.setup()", env)
    assert done.returncode != 0 and "Set SECRET_KEY" in done.stderr


SERVE = """
import json
import django
django.setup()
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client

call_command("collectstatic", interactive=False, verbosity=0)
manifest = json.loads((settings.STATIC_ROOT / "staticfiles.json").read_text())
name = staticfiles_storage.url("admin/css/base.css")
client = Client(HTTP_HOST="%(host)s")
css = client.get(name, secure=True, HTTP_ACCEPT_ENCODING="gzip")
plain = client.get("/static/admin/css/base.css")
login = client.get("/admin/login/", secure=True)
print(json.dumps({
    "hashed": manifest["paths"]["admin/css/base.css"],
    "url": name,
    "status": css.status_code,
    "type": css.headers.get("Content-Type"),
    "encoding": css.headers.get("Content-Encoding"),
    "cache": css.headers.get("Cache-Control"),
    "http_status": plain.status_code,
    "http_location": plain.headers.get("Location"),
    "login_status": login.status_code,
    "login_links_css": name in login.content.decode(),
    "hsts": login.headers.get("Strict-Transport-Security"),
}))
"""


def test_whitenoise_serves_the_collected_admin_css(production_env):
    done = run(SERVE % {"host": HOST}, production_env)
    assert done.returncode == 0, done.stderr
    served = json.loads(done.stdout.strip().splitlines()[-1])
    hashed = served["hashed"]
    assert hashed.startswith("admin/css/base.") and hashed != "admin/css/base.css"
    assert served["url"] == f"/static/{hashed}"
    assert served["status"] == 200 and served["type"].startswith("text/css")
    assert served["encoding"] == "gzip"  # compressed at collectstatic
    assert "immutable" in served["cache"]  # hashed names are cached forever
    # Plain HTTP is sent to HTTPS; the admin pages link the hashed file and send HSTS.
    assert served["http_status"] == 301
    assert served["http_location"] == f"https://{HOST}/static/admin/css/base.css"
    assert served["login_status"] == 200 and served["login_links_css"]
    assert "max-age=31536000" in served["hsts"]
    assert (Path(production_env["STATIC_ROOT"]) / f"{hashed}.gz").exists()
