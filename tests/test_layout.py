"""Tests mirror the modules they test (issue 12, point 10; docs/architecture.md, "Where tests
live"): a test of `<pkg>/<module>.py` is `tests/<pkg>/test_<module>[_<aspect>].py`, so a test's
path says which code it checks and a module's tests are found from its path."""
from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO_ROOT = TESTS.parent

# Directories of tests that cross every app, and data: they mirror no package.
CROSS_CUTTING_DIRS = {
    "api": "the API as a whole: permission matrix, schemathesis, endpoints, bad input, SQLite",
    "pages": "the pages as a whole: who sees what, languages, where page modules live",
    "browser": "Playwright over the running site",
    "worker": "real Celery workers on Redis",
    "fixtures": "stored data the tests read",
}
# Test modules that check a property of many modules of their package at once.
CROSS_CUTTING_FILES = {
    "rules/test_purity.py": "every module of rules/ imports no Django",
    "core/test_write_paths.py": "every interface that writes gives its service's refusal",
}


def _mirroring_dirs() -> list[Path]:
    dirs = []
    for path in sorted(TESTS.rglob("*")):
        relative = path.relative_to(TESTS)
        caches = [part for part in relative.parts if part.startswith((".", "__"))]
        if path.is_dir() and not caches and relative.parts[0] not in CROSS_CUTTING_DIRS:
            dirs.append(relative)
    return dirs


def _names_in(package: Path) -> set[str]:
    """The modules and subpackages of a package, by name."""
    if not package.is_dir():
        return set()
    modules = {each.stem for each in package.glob("*.py") if each.stem != "__init__"}
    subpackages = {each.name for each in package.iterdir() if (each / "__init__.py").is_file()}
    return modules | subpackages


@pytest.mark.parametrize("relative", _mirroring_dirs(), ids=str)
def test_every_test_directory_is_a_package_of_the_project(relative):
    assert (REPO_ROOT / relative / "__init__.py").is_file(), (
        f"tests/{relative} mirrors no package: no {relative}/__init__.py in the project")


@pytest.mark.parametrize("relative", _mirroring_dirs(), ids=str)
def test_every_test_module_names_a_module_of_its_package(relative):
    names = _names_in(REPO_ROOT / relative)
    strays = []
    for test in sorted((TESTS / relative).glob("test_*.py")):
        if str(relative / test.name) in CROSS_CUTTING_FILES:
            continue
        tested = test.stem.removeprefix("test_")
        if not any(tested == name or tested.startswith(f"{name}_") for name in names):
            strays.append(test.name)
    assert not strays, f"tests/{relative}: {strays} name no module or subpackage of {relative}"


def test_test_module_names_are_unique_across_the_tree():
    """pytest imports test modules by their file name ("prepend" mode, no __init__.py here)."""
    names = [test.name for test in TESTS.rglob("test_*.py")]
    assert sorted({name for name in names if names.count(name) > 1}) == []


def test_the_cross_cutting_files_exist():
    for path in CROSS_CUTTING_FILES:
        assert (TESTS / path).is_file(), path
