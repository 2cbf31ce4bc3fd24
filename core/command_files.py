"""The files management commands read and write, with the refusal a shell user reads when the
file cannot be had (a CommandError naming it and the system's reason)."""
from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _


def read_file(file: str) -> bytes:
    try:
        return Path(file).read_bytes()
    except OSError as error:
        raise CommandError(_("Cannot read %(file)s: %(error)s")
                           % {"file": file, "error": error.strerror}) from None


def write_file(file: str, content: bytes) -> None:
    try:
        Path(file).write_bytes(content)
    except OSError as error:
        raise CommandError(_("Cannot write %(file)s: %(error)s")
                           % {"file": file, "error": error.strerror}) from None
