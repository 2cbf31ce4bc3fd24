"""The battle engine's hot modules compiled with mypyc (issue 16, point 2), as an optional extra.

`pip install -e '.[dev]'` (and a plain install) compiles them; the project's metadata stays in
pyproject.toml. Every module stays plain Python as well: without a C compiler, with
MUSTER_PURE_PYTHON=1, or if mypyc fails, the build goes on without the extensions and the engine
runs as Python (the same dice, logs and odds).
"""
import importlib.util
import os
import sys

from setuptools import setup

# The engine's hot path (rules.native lists it: it imports them from their sources when asked to,
# or when they have been edited since they were compiled). rules/kingmaker/battle/setup.py stays
# Python: mypyc erases the records' annotations (`tuple[Combatant, ...]` becomes `tuple`), which
# battles/data.py reads.
# (Loaded by its path: importing the `rules` package would choose an engine for this process.)
_spec = importlib.util.spec_from_file_location(
    "muster_native", os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules", "native.py"))
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)
ENGINE = [os.path.relpath(native.source(name)) for name in native.COMPILED]


def engine_extensions():
    if os.environ.get("MUSTER_PURE_PYTHON") == "1":
        return []
    try:
        from mypyc.build import mypycify
        # Its own mypy configuration: the project's loads the Django plugins, which the build's
        # environment does not hold (rules/ imports nothing of Django).
        extensions = mypycify(["--config-file", "mypyc.ini", *ENGINE], opt_level="3",
                              group_name=native.GROUP)
    # (mypyc exits on a type error: SystemExit too.)
    except (Exception, SystemExit) as error:  # noqa: BLE001 (any failure: the engine stays Python)
        print(f"muster: the engine is not compiled ({error}); it runs as Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # a failed C build is skipped with a warning, not an error
    return extensions


setup(ext_modules=engine_extensions())
