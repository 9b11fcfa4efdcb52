"""One base error and its three kinds of wrong.

* :class:`NotationError` -- the input is malformed (``"1Z"`` is not a card).
* :class:`RuleViolation` -- the input is well formed but the rules forbid it; it
  carries the rule ID from the catalogue and says why in a learner's words.
* :class:`ExampleMismatch` -- a worked example claims something the rules do not give.
* :class:`ExportError` -- a game that cannot be written as a worked example (its setup is
  not known), said in one line.
* :class:`InputError` -- a worked-example file that cannot be read or does not fit the
  format; it knows where: a line and column, or a place inside the document.
* :class:`SimulationError` -- simulated games that could not be played to the end (a bot
  failed, worker processes could not be started), said in one line.

Every one of them carries a code in ``rule``: a rule ID of the catalogue, or one of the
``INPUT-...`` codes of the checker.

The exit codes of ``cardlib check`` (and of any command that meets a bug) are here too, so
that the checker and the command line say them once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: ``cardlib check``: every example passed; some claim is wrong; some file cannot be read or
#: does not fit the format (or a move is illegal); a bug in cardlib (said in one line)
EXIT_OK, EXIT_FAILED, EXIT_INVALID, EXIT_INTERNAL = 0, 1, 2, 3


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
    #: where a worked example's setup writes what the rules refuse (keys and indexes), when
    #: the code that read it knows; the checker reports the refusal there
    path: list[Any] | None = None

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message, rule=rule)


class ExampleMismatch(CardlibError):
    """A worked example claims a value that the engine does not compute."""

    def __init__(self, rule: str | None, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}", rule=rule)


class ExportError(CardlibError, ValueError):
    """A game that cannot be written as a worked example: what it started from is not
    known (the message says what can be saved instead)."""


class SaveError(CardlibError, OSError):
    """A file that could not be written where it was asked to go: a folder that may not be
    written, a path through a file, a name the system refuses, a full disk.  ``errno`` is the
    system's (``None`` when Python refused the name itself); the message says it in words."""

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno


class SimulationError(CardlibError, RuntimeError):
    """Simulated games that could not be played to the end: a computer player failed, or
    the machine would not run the worker processes (a limit on processes, memory)."""


class InputError(CardlibError):
    """Input that cannot be read or is invalid (exit status 2 of ``cardlib check``).

    ``rule`` is the code (``INPUT-YAML``, ``INPUT-SCHEMA``, ... or the rule ID of the game
    when a setup breaks a rule); the place is a ``line`` and ``column`` in the file, or
    ``path``, the keys and indexes that lead to the value inside the document.
    """

    rule: str

    def __init__(
        self,
        code: str,
        message: str,
        line: int = 1,
        column: int = 1,
        *,
        path: Sequence[Any] | None = None,
    ) -> None:
        super().__init__(message, rule=code)
        self.line = line
        self.column = column
        self.path = None if path is None else list(path)

    @classmethod
    def at(cls, path: Sequence[Any], code: str, message: str) -> InputError:
        """The problem at ``path`` inside the document (located by the checker)."""
        return cls(code, message, path=path)

    @property
    def code(self) -> str:
        return self.rule
