"""The rules engine is pure Python: importing every module must not pull in Django."""
import re
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = REPO_ROOT / "rules"

MODULES = sorted(
    ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts).removesuffix(".__init__")
    for path in RULES_DIR.rglob("*.py")
)


def test_module_list_covers_the_engine():
    # The import check below is only meaningful if it sees every engine module.
    for expected in ("rules", "rules.dice", "rules.degrees", "rules.modifiers", "rules.errors",
                     "rules.kingmaker.levels", "rules.kingmaker.templates",
                     "rules.kingmaker.tactics", "rules.kingmaker.gear",
                     "rules.kingmaker.conditions", "rules.kingmaker.army",
                     "rules.kingmaker.recruitment"):
        assert expected in MODULES


def test_importing_every_rules_module_does_not_import_django():
    # seed 003_750bd81a16f66abf.txt is implemented by a pure engine (rules/__init__.py:
    # "pure, deterministic Python (no Django, no I/O)").
    code = (
        "import importlib, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "assert 'django' not in sys.modules, sorted(m for m in sys.modules if 'django' in m)\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_no_rules_source_file_mentions_django_imports():
    pattern = re.compile(r"^\s*(import\s+django|from\s+django)", re.MULTILINE)
    offenders = [str(p.relative_to(REPO_ROOT)) for p in RULES_DIR.rglob("*.py")
                 if pattern.search(p.read_text(encoding="utf-8"))]
    assert len(list(RULES_DIR.rglob("*.py"))) >= 12
    assert offenders == []
