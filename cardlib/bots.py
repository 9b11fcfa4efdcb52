"""Simple computer players.  A bot sees only what a player at the table would see."""

from __future__ import annotations

import random
from typing import Any


def random_bot(game: Any, rng: random.Random) -> Any:
    """Any legal move, chosen uniformly: the random player of the invariant tests."""
    return rng.choice(list(game.legal_moves()))
