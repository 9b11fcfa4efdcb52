"""Checks of the arguments a public call is given, made before the call changes anything.

Every public function and method of cardlib either works or raises cardlib's own error
(a :class:`~cardlib.errors.NotationError` for a value of the wrong kind) and changes
nothing.  These helpers say, in one line, what was expected::

    >>> whole(5, "stock_size", minimum=0)
    5
    >>> whole(5.5, "stock_size")
    Traceback (most recent call last):
    ...
    cardlib.errors.NotationError: stock_size must be a whole number, not 5.5
    >>> flag("no", "extra_flip")
    Traceback (most recent call last):
    ...
    cardlib.errors.NotationError: extra_flip must be true or false, not 'no'
    >>> card("8H")
    Card.parse('8H')
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.errors import NotationError
from cardlib.text import valid

if TYPE_CHECKING:
    from cardlib.cards import Card


def shown(value: object) -> str:
    """``repr(value)``, cut short: a message quotes odd input without repeating all of it."""
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + "...(" + str(len(text)) + " characters)"


def whole(value: object, what: str, *, minimum: int | None = None) -> int:
    """``value`` if it is a whole number (not a bool, not a float, not text) of at least
    ``minimum``, as a plain ``int`` (an ``IntEnum`` or other subclass is kept as its number:
    what a game keeps and writes down is plain data)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{what} must be a whole number, not {shown(value)}")
    number = int(value)
    if minimum is not None and number < minimum:
        raise NotationError(f"{what} must be at least {minimum}, not {number}")
    return number


def flag(value: object, what: str) -> bool:
    """``value`` if it is True or False: an option switched on by any other value would mean
    what its words do not ("no" is not on)."""
    if not isinstance(value, bool):
        raise NotationError(f"{what} must be true or false, not {shown(value)}")
    return value


def seed(value: object) -> int | float | str | None:
    """A seed that gives the same deal in every process and on every runtime: a whole
    number, a float (a game seeds its next deal with ``rng.random()``), a text or None (a
    fresh random deal).  A game's generator is made from it by :func:`cardlib.cards.seeded`.
    A subclass of int, float or str is kept as the plain value (a game writes its seed down)."""
    if value is None:
        return None
    if isinstance(value, str):
        return text(value, "a seed")
    if isinstance(value, float):
        return float(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"a seed must be a whole number, a text or None, not {shown(value)}")
    return int(value)


#: the keys a step of a worked example keeps for itself (a note, claims, an illegal move's
#: rule): a player of that name would have their moves read as one of these
STEP_KEYS = ("note", "expect", "illegal")

#: the longest name a player may have (the worked-example format's limit)
MAX_NAME = 40

#: what a name's words may not hold: white space (a single space separates the words),
#: control characters (C0, C1), Unicode's invisible format characters (category Cf: the soft
#: hyphen, zero-width spaces and joiners, direction marks, the word joiner, the byte order
#: mark, ...) and lone surrogates (not text: they cannot be written to a file).  A name of
#: them shows as nothing.  The example format's schema (``player-name``) has this class for
#: the characters up to U+FFFF; the format characters beyond (:data:`NOT_IN_A_NAME_BEYOND`)
#: are refused by the engines, as a JSON Schema pattern cannot name them for every reader.
NOT_IN_A_NAME = (
    r"\s\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    r"\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff"
)
NOT_IN_A_NAME_BEYOND = (
    r"\U000110bd\U000110cd\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    r"\U000e0001\U000e0020-\U000e007f"
)

#: a name: printable words separated by single spaces (no space at either end)
_NAME = re.compile(
    rf"[^{NOT_IN_A_NAME}{NOT_IN_A_NAME_BEYOND}]+( [^{NOT_IN_A_NAME}{NOT_IN_A_NAME_BEYOND}]+)*"
)


def player_names(players: object, what: str = "players") -> tuple[str, ...]:
    """Players' names as every game and every worked example can carry them: a list of
    distinct names, each 1 to :data:`MAX_NAME` characters of printable words with single
    spaces between them, and none of the words a step keeps for itself (:data:`STEP_KEYS`).
    A name refused here is refused when a game is made, so every game can be written down::

        >>> player_names(["Mei", "Ben"])
        ('Mei', 'Ben')
        >>> player_names(["note", "Ben"])
        Traceback (most recent call last):
        ...
        cardlib.errors.NotationError: a player cannot be named 'note': a step of a worked example uses note: for itself (name them otherwise)
        >>> player_names(["Mei", "   "])
        Traceback (most recent call last):
        ...
        cardlib.errors.NotationError: '   ' is not a player's name: write one to 40 printable characters, words separated by single spaces
    """
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise NotationError(f"{what} is a list of names, not {shown(players)}")
    for name in players:
        if not isinstance(name, str):
            raise NotationError(f"a player's name is text, not {shown(name)}")
        if not (len(name) <= MAX_NAME and _NAME.fullmatch(name)):
            raise NotationError(
                f"{shown(name)} is not a player's name: write one to {MAX_NAME} printable "
                "characters, words separated by single spaces"
            )
        if name in STEP_KEYS:
            raise NotationError(
                f"a player cannot be named {name!r}: a step of a worked example uses {name}: "
                "for itself (name them otherwise)"
            )
    names = tuple(str(name) for name in players)
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise NotationError(f"{shown(twice)} is named twice: each player needs a name of their own")
    return names


def card(value: Any) -> Card:
    """A :class:`Card`, or its notation (``"8H"``, ``"10♥"``) read by :meth:`Card.parse`."""
    from cardlib.cards import Card  # cards.py checks its own arguments with this module

    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise NotationError(f"{shown(value)} is not a card: write it as 8H, 10D or QS")


def options_of(cls: Any, given: object, game: str) -> Any:
    """A game's options: an instance of ``cls`` (a dataclass of the options a table agrees)
    as it is, the same written as a mapping (as the example format writes them), or None
    for the defaults; any other value, or a name that is not one of the options, is refused."""
    import dataclasses

    if given is None:
        return cls()
    if isinstance(given, cls):
        return given
    if not isinstance(given, Mapping):
        raise NotationError(f"options must be {cls.__name__} or a mapping, not {shown(given)}")
    known = [f.name for f in dataclasses.fields(cls)]
    unknown = [k for k in given if k not in known]
    if unknown:
        raise NotationError(
            f"{shown(unknown[0])} is not a {game} option: the options are {', '.join(known)}"
        )
    return cls(**given)


def text(value: object, what: str) -> str:
    """``value`` if it is a text (a ``str``), as a plain ``str``; a ``str`` holding a lone
    surrogate is not text (it cannot be written, printed or hashed)::

        >>> text("\\ud800", "display")
        Traceback (most recent call last):
        ...
        cardlib.errors.NotationError: display must be a text, not '\\ud800' (a lone surrogate is not a character)
    """
    if not isinstance(value, str):
        raise NotationError(f"{what} must be a text, not {shown(value)}")
    if not valid(value):  # a lone surrogate: it cannot be written, printed or hashed
        raise NotationError(
            f"{what} must be a text, not {shown(value)} (a lone surrogate is not a character)"
        )
    return str(value)


def optional_text(value: object, what: str) -> str | None:
    """``value`` if it is a text or None."""
    return None if value is None else text(value, what)


def path(value: object, what: str = "path") -> str | os.PathLike[str]:
    """A file's or a folder's name: a text or a :class:`pathlib.Path` (any ``os.PathLike``
    of text) without a NUL character (no file is named so)::

        >>> path(b"a.yaml")
        Traceback (most recent call last):
        ...
        cardlib.errors.NotationError: path must be a file name (a text or a Path), not b'a.yaml'
    """
    name = value.__fspath__() if isinstance(value, os.PathLike) else value
    if not isinstance(name, str):
        raise NotationError(f"{what} must be a file name (a text or a Path), not {shown(value)}")
    if "\0" in name:
        raise NotationError(f"{what} must name a file, not {shown(value)}")
    try:  # a name read from the disk keeps its undecodable bytes as surrogates; no other does
        os.fsencode(name)
    except UnicodeEncodeError:
        raise NotationError(
            f"{what} must name a file, not {shown(value)} (a lone surrogate is not a character)"
        ) from None
    return value  # type: ignore[return-value]  # a str, or an os.PathLike whose path is one


def paths(value: object, what: str = "paths") -> list[str | os.PathLike[str]]:
    """A list (any iterable but a text) of file or folder names, each checked by :func:`path`."""
    if isinstance(value, str | bytes | os.PathLike | Mapping) or not _iterable(value):
        raise NotationError(f"{what} must be a list of file names, not {shown(value)}")
    return [path(p, "each of " + what) for p in value]  # type: ignore[attr-defined]


def _iterable(value: object) -> bool:
    try:
        iter(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def mapping(value: object, what: str) -> Mapping[Any, Any]:
    """``value`` if it is a mapping (a dict)."""
    if not isinstance(value, Mapping):
        raise NotationError(f"{what} must be a mapping (a dict), not {shown(value)}")
    return value


def function(value: object, what: str) -> Callable[..., Any]:
    """``value`` if it can be called."""
    if not callable(value):
        raise NotationError(f"{what} must be a function, not {shown(value)}")
    return value


def instance(value: object, cls: type[Any], what: str) -> Any:
    """``value`` if it is one of ``cls`` (an object only cardlib makes: a table's session,
    a checker's report)."""
    if not isinstance(value, cls):
        raise NotationError(f"{what} must be a {cls.__name__}, not {shown(value)}")
    return value


def sequence(value: object, what: str) -> Sequence[Any]:
    """``value`` if it is a list or a tuple (not a text: a text is a sequence of letters)."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise NotationError(f"{what} must be a list, not {shown(value)}")
    return value


__all__ = [
    "MAX_NAME",
    "STEP_KEYS",
    "card",
    "flag",
    "function",
    "instance",
    "mapping",
    "optional_text",
    "options_of",
    "path",
    "paths",
    "player_names",
    "seed",
    "sequence",
    "shown",
    "text",
    "whole",
]
