"""The browser tests' Chromium (tests/browser_support.py); each test module defines the `world` it
needs set up before Chromium starts."""
from browser_support import browser  # noqa: F401
