"""The games cardlib knows, one line a game: its ID, its name and its worked-example claims.

Adding a game means adding its folder (``cardlib/<game>/``: engine, pictures, claims,
widgets) and one line here; the checker, the command line and the tests read this table.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game: ``id`` as examples and the catalogue write it, and its claims module
    (``start(doc)`` builds the game an example sets up; ``CLAIMS`` maps a claim to its check),
    and its simple computer player (``bot(game, rng) -> move``).  The game's package is
    imported when its claims or its bot are first asked for, so that checking a Golf file
    never loads Rook."""

    id: str
    name: str
    package: str
    bot_at: str

    @property
    def claims(self) -> ModuleType:
        return importlib.import_module(f"{self.package}.claims")

    @property
    def bot(self) -> Callable[[Any, Any], Any]:
        module, _, name = self.bot_at.partition(":")
        bot: Callable[[Any, Any], Any] = getattr(importlib.import_module(module), name)
        return bot


GAMES: dict[str, GameEntry] = {
    "golf": GameEntry("golf", "Six Card Golf", "cardlib.golf", "cardlib.bots:golf_bot"),
    "go-fish": GameEntry(
        "go-fish", "Go Fish", "cardlib.gofish", "cardlib.gofish.engine:simple_bot"
    ),
    "rook": GameEntry("rook", "Rook", "cardlib.rook", "cardlib.rook.engine:simple_bot"),
}
