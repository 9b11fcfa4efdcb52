"""The games cardlib knows, one line a game: its ID, its name and its worked-example claims.

Adding a game means adding its folder (``cardlib/<game>/``: engine, pictures, claims,
widgets) and one line here; the checker, the command line and the tests read this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from cardlib.bots import golf_bot
from cardlib.gofish import claims as gofish_claims
from cardlib.gofish.bot import simple_bot as gofish_bot
from cardlib.golf import claims as golf_claims
from cardlib.rook import claims as rook_claims
from cardlib.rook.engine import simple_bot as rook_bot


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game: ``id`` as examples and the catalogue write it, and its claims module
    (``start(doc)`` builds the game an example sets up; ``CLAIMS`` maps a claim to its check),
    and its simple computer player (``bot(game, rng) -> move``)."""

    id: str
    name: str
    claims: ModuleType
    bot: Callable[[Any, Any], Any]


GAMES: dict[str, GameEntry] = {
    "golf": GameEntry("golf", "Six Card Golf", golf_claims, golf_bot),
    "go-fish": GameEntry("go-fish", "Go Fish", gofish_claims, gofish_bot),
    "rook": GameEntry("rook", "Rook", rook_claims, rook_bot),
}
