"""The battle engine's hot modules, which `pip install` compiles with mypyc (setup.py) when a C
compiler is at hand (issue 16, point 2: about half the time a die), and the way back to their
Python source.

The compiled modules sit beside their sources and Python prefers them. They are used only all
together and, in a source checkout (an editable install), only while they match their sources:
with MUSTER_PURE_PYTHON=1 in the environment, or if any compiled module or their shared library
is missing or older than the sources (edited since the last install), every one of them is
imported from its source instead, so an edit is never silently ignored and compiled code never
mixes with Python of another version. An installed wheel is never edited, and its files' times
say nothing (pip writes each source after its compiled form): there only a missing one counts.
Both give the same dice, logs and odds.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path

COMPILED = (
    "rules.dice",
    *(f"rules.kingmaker.battle.{name}" for name in (
        "actions", "aftermath", "aiming", "basic_actions", "engine", "enlistment", "members",
        "odds", "plans", "reactions", "scene", "strikes", "tactical_actions", "tactician",
        "units")),
)
# The library mypyc builds the modules' code into (setup.py names it): each module's own compiled
# form only loads it.
GROUP = "muster_engine"
_ROOT = Path(__file__).resolve().parent.parent
LIBRARY = f"{GROUP}__mypyc"


def source(name: str) -> Path:
    return _ROOT.joinpath(*name.split(".")).with_suffix(".py")


def _extension(path: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        built = path.with_name(path.stem + suffix)
        if built.exists():
            return built
    return None


def out_of_date() -> list[str]:
    """The compiled modules, and their shared library, that are missing or (in a source
    checkout) older than the sources, when any module is compiled (none is: the engine runs as
    Python anyway)."""
    built = {name: _extension(source(name)) for name in COMPILED}
    if not any(built.values()):
        return []
    built[LIBRARY] = _extension(_ROOT / LIBRARY)
    if not (_ROOT / "pyproject.toml").exists():  # an installed wheel
        return [name for name, extension in built.items() if extension is None]
    edited = {name: source(name).stat().st_mtime for name in COMPILED}
    edited[LIBRARY] = max(edited.values())  # built from them all
    return [name for name, extension in built.items()
            if extension is None or extension.stat().st_mtime < edited[name]]


class _FromSource(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: object = None, target: object = None
                  ) -> importlib.machinery.ModuleSpec | None:
        return importlib.util.spec_from_file_location(name, source(name)) \
            if name in COMPILED else None


def choose() -> None:
    """Import the engine from its sources if asked to or if its compiled form is out of date
    (rules/__init__.py calls it before any engine module is imported)."""
    if any(isinstance(finder, _FromSource) for finder in sys.meta_path):
        return
    if os.environ.get("MUSTER_PURE_PYTHON") != "1":
        behind = out_of_date()
        if not behind:
            return
        warnings.warn("the compiled battle engine is missing or older than its source "
                      f"({', '.join(behind)}): it runs as Python until `pip install` compiles "
                      "it again", RuntimeWarning, stacklevel=2)
    sys.meta_path.insert(0, _FromSource())


def is_compiled() -> bool:
    """Whether the engine, as imported, is the compiled one."""
    from rules.kingmaker.battle import scene

    return not scene.__file__ or not scene.__file__.endswith(".py")
