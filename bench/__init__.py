"""Benchmarks, run as scripts (`.venv/bin/python bench/battles.py`); a package so that their
names do not shadow the apps'."""
