"""The admin's modules load with the URLs, not at start-up (config.admin_app): a command that
serves no page skips them, and the system checks still check every ModelAdmin."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
import django
django.setup()
from django.contrib import admin
print("at start-up:", "campaigns.admin" in sys.modules, len(admin.site._registry))
from django.core import checks
errors = checks.run_checks(tags=[checks.Tags.admin])
print("after the checks:", "campaigns.admin" in sys.modules, len(admin.site._registry), errors)
"""


def test_start_up_skips_the_admin_and_its_checks_load_it():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == "at start-up: False 0"
    assert out[1].startswith("after the checks: True ") and out[1].endswith(" []")
    assert int(out[1].split()[4]) > 30  # every registered model (tests/admin_objects.MAKERS)
