"""Computer players over the protocol.  A bot sees only what a player at the table would see.

A bot is a function ``(view, rng) -> move``: it is given the view of the player to move
(``game.view(player)``, a :class:`~cardlib.game.SeatView`), never the game, so it cannot
look at another player's cards.  :func:`random_bot` plays any legal move; :func:`simple_bot`
plays the game's own sensible player, found through the registry (``GAMES[id].bot``).
:func:`ask` is how everything above the engines gets a bot's move, and :func:`take_turn`
how it makes it, through the game's trusted ``make`` (a move the view listed is not judged
again; any other is refused by its rule).
"""

from __future__ import annotations

import random
from typing import Any

from cardlib.game import Event


def ask(bot: Any, game: Any, rng: random.Random) -> Any:
    """The move ``bot`` chooses for the player to move, from that player's view."""
    return bot(_mover_view(game), rng)


def take_turn(bot: Any, game: Any, rng: random.Random) -> Event:
    """The player to move makes the move ``bot`` chooses from their view, through the
    game's trusted ``make``: a move the view listed is not judged again, and any other is
    refused by its rule, the game unchanged."""
    event: Event = game.make(ask(bot, game, rng))
    return event


def _mover_view(game: Any) -> Any:
    """The view of the player to move.  Once the game is over nobody is: every seat's
    view then carries the refusal of the rule that ended it, which is raised."""
    player = game.to_move
    if player is None:
        no_move(game.view(game.players[0]))
    return game.view(player)


def no_move(seen: Any) -> None:
    """Raise the refusal a player's view carries when they have no move to make (another
    player's turn, or the game over): the refusal ``play`` would raise for any move of
    theirs, from the marked function of the rule that decides it (``seen.refusal``).  A
    bot given such a view asks this first."""
    if seen.refusal is not None:
        raise seen.refusal.error()


def random_bot(seen: Any, rng: random.Random) -> Any:
    """Any legal move, chosen uniformly: the random player of the invariant tests.

    The moves are asked for once (:meth:`~cardlib.game.LegalMoves.now`) and ``rng.choice``
    reads only their length and one item, so a long listing (a Rook bidder's 2,002 ways to
    lay five cards aside) is never built as a list."""
    no_move(seen)
    return rng.choice(seen.legal_moves().now())


def simple_bot(seen: Any, rng: random.Random) -> Any:
    """The game's own simple computer player (``cardlib.games.GAMES[view.game].bot``):
    a sensible move for any game of the registry."""
    from cardlib.games import GAMES  # the registry imports the bots: look it up when asked

    return GAMES[seen.game].bot(seen, rng)
