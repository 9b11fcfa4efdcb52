"""The legal-moves view the engines share (python-chess's ``legal_moves`` is the model)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

from cardlib.errors import NotationError

M = TypeVar("M")


class LegalMovesView(Generic[M]):
    """The legal moves now, worked out on first use: supports ``in`` (also with a move written
    as text), ``len``, indexing, iteration and a readable repr.

    An engine subclasses it, naming its move parser, and provides ``game._legal()``.
    """

    __slots__ = ("_game", "_moves")

    def __init__(self, game: Any) -> None:
        self._game = game
        self._moves: list[M] | None = None

    @staticmethod
    def _parse(text: str) -> M:
        raise NotImplementedError

    def _list(self) -> list[M]:
        if self._moves is None:
            self._moves = self._game._legal()
        return self._moves

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = self._parse(move)
            except NotationError:
                return False
        return move in self._list()

    def __iter__(self) -> Iterator[M]:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index: int) -> M:
        return self._list()[index]

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(str(m) for m in self._list())}>"
