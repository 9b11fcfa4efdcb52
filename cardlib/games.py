"""The games cardlib knows, one line a game: its ID, its name and its worked-example claims.

Adding a game means adding its folder (``cardlib/<game>/``: engine, pictures, claims,
widgets) and one line here; the checker, the command line and the tests read this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

Bot = Callable[[Any, Any], Any]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game: ``id`` as examples and the catalogue write it, its name, and ``load``, which
    imports the game's package (statically written, run when first needed, so that checking a
    Golf file never loads Rook) and returns its claims module (``start(doc)`` builds the game
    an example sets up; ``CLAIMS`` maps a claim to its check) and its simple computer player
    (``bot(game, rng) -> move``)."""

    id: str
    name: str
    load: Callable[[], tuple[ModuleType, Bot]]

    @property
    def claims(self) -> ModuleType:
        return self.load()[0]

    @property
    def bot(self) -> Bot:
        return self.load()[1]


def _golf() -> tuple[ModuleType, Bot]:
    from cardlib.golf import claims, golf_bot

    return claims, golf_bot


def _gofish() -> tuple[ModuleType, Bot]:
    from cardlib.gofish import claims, simple_bot

    return claims, simple_bot


def _rook() -> tuple[ModuleType, Bot]:
    from cardlib.rook import claims, simple_bot

    return claims, simple_bot


GAMES: dict[str, GameEntry] = {
    "golf": GameEntry("golf", "Six Card Golf", _golf),
    "go-fish": GameEntry("go-fish", "Go Fish", _gofish),
    "rook": GameEntry("rook", "Rook", _rook),
}
