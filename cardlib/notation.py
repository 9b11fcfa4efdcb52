"""Values written as text: a class says once how its text is read, and gets both ways of asking.

A class of moves, cards or positions writes one classmethod, ``reading(text)``, that returns
the value the text names or the error saying why it names none, and inherits:

- ``parse(text)``, which raises that error (for a caller who was given a move), and
- ``read(text)``, which returns None instead (for a reader deciding what a word is, and for
  ``"ask Ben 8" in view``), so that no caller catches an exception to take a branch.

    >>> from cardlib.golf.moves import Position
    >>> Position.parse("bottom left")
    Position.BL
    >>> Position.read("middle") is None
    True
"""

from __future__ import annotations

from typing import Any, Self

from cardlib.errors import CardlibError


class Notation:
    """Mixed into a class whose values are written as text; it defines :meth:`reading`."""

    __slots__ = ()

    @classmethod
    def reading(cls, text: Any) -> Self | CardlibError:
        """The value ``text`` names, or the error saying why it names none (each class
        writes its own)."""
        raise NotImplementedError

    @classmethod
    def parse(cls, text: Any) -> Self:
        """The value ``text`` names (see :meth:`reading` for how it is written); raises the
        error saying why when it names none."""
        read = cls.reading(text)
        if isinstance(read, CardlibError):
            raise read
        return read

    @classmethod
    def read(cls, text: Any) -> Self | None:
        """The value ``text`` names, or None when it names none (:meth:`parse` without the
        error)."""
        read = cls.reading(text)
        return None if isinstance(read, CardlibError) else read
