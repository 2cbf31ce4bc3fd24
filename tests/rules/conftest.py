"""Shared setup for the pure rules-engine tests (no Django, no database).

The repository is not installed into the virtualenv, so make `import rules` work from here.
"""
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
