"""One base error and its three kinds of wrong.

* :class:`NotationError` -- the input is malformed (``"1Z"`` is not a card).
* :class:`RuleViolation` -- the input is well formed but the rules forbid it; it
  carries the rule ID from the catalogue and says why in a learner's words.
* :class:`ExampleMismatch` -- a worked example claims something the rules do not give.
"""

from __future__ import annotations


class CardlibError(Exception):
    """Base class of every error cardlib raises on purpose."""

    rule: str | None = None

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if rule is not None:
            self.rule = rule

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}" if self.rule else self.message


class NotationError(CardlibError, ValueError):
    """Text that does not spell a card, a position or a move."""


class RuleViolation(CardlibError):
    """A legal notation for a move that the rules forbid at this point."""

    rule: str

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message, rule=rule)


class ExampleMismatch(CardlibError):
    """A worked example claims a value that the engine does not compute."""

    def __init__(self, rule: str | None, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}", rule=rule)
