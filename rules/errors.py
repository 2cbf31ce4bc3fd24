"""Rule violations that interfaces show to the GM or a player, in their own language.

Messages are English gettext msgids marked with `_`, formatted with `%(name)s` parameters, so the
Django side can translate them (`gettext(violation.message) % violation.params`) while the engine
stays free of Django.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

# Marks a message for translation; the Django side translates it when it is shown. `str` gives back
# the very string it is given, as a C call: the engines mark their log's messages in their hottest
# paths (a battle marks some sixty), where a Python function's call costs more than the rest.
_: Callable[[str], str] = str


@dataclass(frozen=True)
class Violation:
    """One broken rule: which input it concerns (`field`), a code, a message and its parameters."""

    code: str
    message: str
    field: str = "__all__"
    params: Mapping[str, Any] = dataclass_field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = _) -> str:
        return translate(self.message) % dict(self.params)

    def __str__(self) -> str:
        return self.render()


class RuleViolation(ValueError):
    """Raised when an input breaks one or more rules; carries every violation found."""

    def __init__(self, violations: Iterable[Violation]):
        self.violations = tuple(violations)
        super().__init__("; ".join(str(v) for v in self.violations))

    @classmethod
    def single(cls, code: str, message: str, field: str = "__all__", **params: Any) -> RuleViolation:
        return cls([Violation(code=code, message=message, field=field, params=params)])

    def codes(self) -> set[str]:
        return {v.code for v in self.violations}


def raise_if_any(violations: list[Violation]) -> None:
    if violations:
        raise RuleViolation(violations)
