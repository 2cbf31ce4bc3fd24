"""The compiled battle engine (rules.native): used only whole and only while it matches its
sources, else imported from them, which MUSTER_PURE_PYTHON=1 asks for too."""
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from rules import native

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A copy of the engine's layout, every module with its source and, by default, no compiled
    form."""
    monkeypatch.setattr(native, "_ROOT", tmp_path)
    (tmp_path / "pyproject.toml").write_text("")  # a source checkout
    for name in native.COMPILED:
        path = native.source(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
        os.utime(path, (1_000, 1_000))
    return tmp_path


def build(path):
    built = path.with_name(path.stem + EXTENSION_SUFFIXES[0])
    built.write_text("")
    os.utime(built, (2_000, 2_000))


def build_all(tree, *, skip=()):
    build(tree / f"{native.LIBRARY}.py")
    for name in native.COMPILED:
        if name not in skip:
            build(native.source(name))


def test_an_engine_never_compiled_is_not_out_of_date(tree):
    assert native.out_of_date() == []


def test_an_engine_compiled_after_its_last_edit_is_up_to_date(tree):
    build_all(tree)
    assert native.out_of_date() == []


def test_a_module_edited_since_it_was_compiled_is_out_of_date(tree):
    build_all(tree)
    os.utime(native.source("rules.kingmaker.battle.scene"), (3_000, 3_000))
    # (The library, built from every module, is behind it too.)
    assert native.out_of_date() == ["rules.kingmaker.battle.scene", native.LIBRARY]


def test_a_module_left_uncompiled_beside_compiled_ones_is_out_of_date(tree):
    build_all(tree, skip=("rules.dice",))
    assert native.out_of_date() == ["rules.dice"]


def test_compiled_modules_without_their_library_are_out_of_date(tree):
    for name in native.COMPILED:
        build(native.source(name))
    assert native.out_of_date() == [native.LIBRARY]


def test_a_library_older_than_a_source_is_out_of_date(tree):
    # Its module's own compiled form rebuilt since the edit, the library not (its build failed).
    build_all(tree)
    os.utime(native.source("rules.kingmaker.battle.units"), (1_800, 1_800))
    os.utime(tree / f"{native.LIBRARY}{EXTENSION_SUFFIXES[0]}", (1_500, 1_500))
    assert native.out_of_date() == [native.LIBRARY]


def test_an_installed_wheel_s_times_are_not_read(tree):
    # pip writes a wheel's sources after their compiled forms: only a missing one counts there.
    (tree / "pyproject.toml").unlink()
    build_all(tree, skip=("rules.dice",))
    for name in native.COMPILED:
        os.utime(native.source(name), (3_000, 3_000))
    assert native.out_of_date() == ["rules.dice"]


def compiled_in_a_fresh_process(env):
    code = "import rules.kingmaker.battle.scene as s, rules.native as c; print(c.is_compiled())"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True,
                            text=True, timeout=60, env={**os.environ, **env})
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_asked_for_python_the_engine_is_imported_from_its_sources():
    assert compiled_in_a_fresh_process({"MUSTER_PURE_PYTHON": "1"}) == "False"


@pytest.mark.skipif(not native.is_compiled(), reason="the engine is not compiled here")
def test_compiled_and_up_to_date_the_compiled_engine_is_imported():
    assert compiled_in_a_fresh_process({"MUSTER_PURE_PYTHON": ""}) == "True"
