"""Golf's notation: the six places of a layout (:class:`Position`) and the moves
(:class:`GolfMove`), written ``flip TL``, ``draw``, ``take``, ``replace BL``, ``discard``::

    >>> GolfMove.parse("replace bottom-left")
    GolfMove.parse('replace BL')
    >>> GolfMove.parse("flip TL").words
    'turn up the top-left card'
    >>> Position.BM.words, Position.BM.column
    ('bottom-middle', 1)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

from cardlib.errors import NotationError
from cardlib.notation import Notation

#: the three columns of a layout, left to right, in words (GOLF-COLUMN: which places make a
#: column is :data:`cardlib.golf.scoring.COLUMN_PLACES`)
COLUMNS = ("left", "middle", "right")


class Position(Notation, enum.IntEnum):
    """The six places of a layout (GOLF-DEAL): top row 0-2, bottom row 3-5."""

    TL = 0
    TM = 1
    TR = 2
    BL = 3
    BM = 4
    BR = 5

    @property
    def words(self) -> str:
        row = "top" if self < 3 else "bottom"
        return f"{row}-{COLUMNS[self.column]}"

    @property
    def column(self) -> int:
        return int(self) % 3

    @classmethod
    def reading(cls, text: str) -> Position | NotationError:
        """The position ``text`` names, or the notation error saying why it names none
        (:meth:`parse` raises it; a reader deciding what a word is keeps it as a value)."""
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        position = _POSITIONS_BY_TEXT.get(key)
        if position is None:
            return NotationError(
                f"{short(text)} is not a position: write TL, TM, TR, BL, BM or BR "
                "(top/bottom, left/middle/right)"
            )
        return position

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Position.{self.name}"


_POSITIONS_BY_TEXT = {p.name.lower(): p for p in Position} | {
    f"{row}-{col}": Position(r * 3 + c)
    for r, row in enumerate(("top", "bottom"))
    for c, col in enumerate(COLUMNS)
}

MoveKind = Literal[
    "flip", "draw", "take", "replace", "discard", "pass", "peek", "take back", "move"
]
_ARITY: dict[str, int] = {
    "flip": 1,
    "draw": 0,
    "take": 0,
    "replace": 1,
    "discard": 0,
    "pass": 0,
    "peek": 1,
    "take back": 0,
    "move": 2,
}
#: the kinds of move, the longest first (so "take back" is read before "take")
_KINDS_LONGEST_FIRST = sorted(_ARITY.items(), key=lambda kv: -len(kv[0]))
_ALIASES = {
    "draw stock": "draw",
    "draw from stock": "draw",
    "take discard": "take",
    "take from discard": "take",
    "takeback": "take back",
    "undo": "take back",
}


@dataclass(frozen=True, slots=True)
class GolfMove(Notation):
    """A move in notation: ``GolfMove.parse("replace BL")``."""

    kind: MoveKind
    position: Position | None = None
    to: Position | None = None

    def __post_init__(self) -> None:
        arity = _ARITY.get(self.kind) if isinstance(self.kind, str) else None
        if arity is None:
            raise NotationError(f"{short(self.kind)} is not a Golf move")
        for p in (self.position, self.to):
            if p is not None and not isinstance(p, Position):
                raise NotationError(f"{short(p)} is not a position: use Position.TL, ...")
        given = (self.position is not None) + (self.to is not None)
        if given != arity:
            raise NotationError(f"{self.kind!r} takes {arity} position(s), got {given}")

    @classmethod
    def reading(cls, text: str | GolfMove) -> GolfMove | NotationError:
        """The move ``text`` names (``flip TL``, ``draw``, ``take``, ``replace BL``,
        ``discard``), or the notation error saying why it names none.  ``parse`` raises the
        error and ``read`` gives None (:class:`~cardlib.notation.Notation`):
        ``"flip XX" in game.legal_moves()`` is False."""
        if isinstance(text, GolfMove):
            return text
        if not isinstance(text, str):
            return NotationError(f"{short(text)} is not a Golf move")
        original = text.split()
        words = " ".join(original).lower()
        if words in _ALIASES:
            words = _ALIASES[words]
            original = words.split()
        for kind, arity in _KINDS_LONGEST_FIRST:
            if words == kind or words.startswith(kind + " "):
                args = original[len(kind.split()) :]
                if len(args) != arity:
                    break
                positions = [Position.reading(a) for a in args]
                wrong = next((p for p in positions if isinstance(p, NotationError)), None)
                if wrong is not None:
                    return wrong
                return cls(kind, *positions)  # type: ignore[arg-type]
        return NotationError(
            f"{short(text)} is not a Golf move: write flip TL, draw, take, replace BL or discard"
        )

    @property
    def words(self) -> str:
        """The move as a learner reads it: ``flip TL`` is "turn up the top-left card"."""
        at = self.position.words if self.position is not None else ""
        said = {
            "flip": f"turn up the {at} card",
            "draw": "draw the top card of the stock",
            "take": "take the top card of the discard pile",
            "replace": f"put the card you hold in place of the {at} card",
            "discard": "discard the card you hold",
            "pass": "pass",
            "peek": f"look at the face-down {at} card",
            "take back": "take back your last move",
        }
        if self.kind == "move":
            assert self.to is not None
            return f"move the {at} card to the {self.to.words} place"
        return said[self.kind]

    def __str__(self) -> str:
        return " ".join([self.kind] + [p.name for p in (self.position, self.to) if p is not None])

    def __repr__(self) -> str:
        return f"GolfMove.parse({str(self)!r})"


DRAW, TAKE, DISCARD = GolfMove("draw"), GolfMove("take"), GolfMove("discard")

FLIPS = tuple(GolfMove("flip", p) for p in Position)
REPLACES = tuple(GolfMove("replace", p) for p in Position)

# ``peek``, ``take back``, ``move`` and ``pass`` are notation for what a player might try, so
# that an example can show the rules refusing it; no rule ever lets them through, and the
# listing (cardlib.golf.turn.legal) never builds them.


def short(value: object) -> str:
    """``repr(value)``, cut short: error messages quote odd input without repeating all of it."""
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + "...(" + str(len(text)) + " characters)"
