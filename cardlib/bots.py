"""Computer players over the protocol.  A bot sees only what a player at the table would see.

A bot is a function ``(game, rng) -> move``.  :func:`random_bot` plays any legal move;
:func:`simple_bot` plays the game's own sensible player, found through the registry
(``cardlib.golf.golf_bot``, ``cardlib.gofish.simple_bot``, ``cardlib.rook.simple_bot``).
"""

from __future__ import annotations

import random
from typing import Any


def random_bot(game: Any, rng: random.Random) -> Any:
    """Any legal move, chosen uniformly: the random player of the invariant tests.

    The moves are asked for once (:meth:`~cardlib.game.LegalMoves.now`) and ``rng.choice``
    reads only their length and one item, so a long listing (a Rook bidder's 2,002 ways to
    lay five cards aside) is never built as a list."""
    return rng.choice(game.legal_moves().now())


def simple_bot(game: Any, rng: random.Random) -> Any:
    """The game's own simple computer player (``cardlib.games.GAMES[game.game].bot``):
    a sensible move for any game of the registry."""
    from cardlib.games import GAMES  # the registry imports the bots: look it up when asked

    return GAMES[game.game].bot(game, rng)
