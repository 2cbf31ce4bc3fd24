"""core is the bottom of the apps' stack (docs/architecture.md): nothing in it imports another app
of the project, not even inside a function."""
from __future__ import annotations

import ast
from pathlib import Path

import core

APPS_ABOVE = {"campaigns", "armies", "battles", "config", "turns", "notifications", "demo"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_core_imports_no_other_app():
    files = sorted(Path(core.__file__).parent.rglob("*.py"))
    assert files
    for path in files:
        above = {name for name in imported_modules(path) if name.split(".")[0] in APPS_ABOVE}
        assert not above, f"{path.name} imports {sorted(above)}"
