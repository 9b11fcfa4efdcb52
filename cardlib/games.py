"""The games cardlib knows, one line a game: its ID, its name and its worked-example claims.

Adding a game means adding its folder (``cardlib/<game>/``: engine, pictures, claims,
widgets) and one line here; the checker, the command line and the tests read this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from cardlib.gofish import claims as gofish_claims
from cardlib.golf import claims as golf_claims
from cardlib.rook import claims as rook_claims


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game: ``id`` as examples and the catalogue write it, and its claims module
    (``start(doc)`` builds the game an example sets up; ``CLAIMS`` maps a claim to its check)."""

    id: str
    name: str
    claims: ModuleType


GAMES: dict[str, GameEntry] = {
    "golf": GameEntry("golf", "Six Card Golf", golf_claims),
    "go-fish": GameEntry("go-fish", "Go Fish", gofish_claims),
    "rook": GameEntry("rook", "Rook", rook_claims),
}
