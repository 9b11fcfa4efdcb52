"""Asking a position for its legal moves once, for tests that read the listing many times.

``game.legal_moves()`` is a live view: every question (``len``, an index, ``in``, iterating)
asks the game again, so a test that indexes it move by move lists the position once a move
(issue 30: the random-play invariants spent most of the quick suite so).  A test takes the
listing once with :func:`listing` and asks :func:`is_listed` of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.errors import NotationError


def listing(game: Any) -> Sequence[Any]:
    """The legal moves of this position, asked of the game once (``legal_moves().now()``):
    the game's own sequence, lazy where it is lazy (Rook's 2,002 ways to lay the nest aside);
    read it before the next move is made.  Engines older than ``now()`` (the ones the golden
    corpus was recorded with, which ``tests/golden/record.py --diff`` runs) are iterated
    once."""
    view = game.legal_moves()
    now = getattr(view, "now", None)
    moves: Sequence[Any] = now() if now is not None else tuple(iter(view))
    return moves


def is_listed(game: Any, moves: Sequence[Any], move: object) -> bool:
    """Whether ``move`` (a move, or its notation) is one of ``moves``, the listing of
    ``game``'s position: as the live view's ``in`` answers it (text is parsed by the game,
    and text that is not a move is simply not listed), without asking the game again."""
    if isinstance(move, str):
        try:
            move = game.parse_move(move)
        except NotationError:
            return False
    return move in moves
