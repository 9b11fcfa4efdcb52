"""Go Fish's simple computer player, written against the engine's public view."""

from __future__ import annotations

import random
from collections import Counter

from cardlib.cards import Card, Suit
from cardlib.gofish.engine import GoFishGame, GoFishMove


def simple_bot(game: GoFishGame, rng: random.Random) -> GoFishMove:
    """A simple player: asks for the rank it holds most of (the lower on a tie), from a
    player chosen with ``rng``; in the specific-card variation, for a card of that rank it
    does not hold, chosen with ``rng``.  It looks only at its own hand.

    On a finished game it raises the engine's refusal (the rule that ended the game).
    """
    me = game.to_move
    if me is None:
        game._refuse_over()
    hand = game.hand(me)
    counts = Counter(c.rank for c in hand)
    rank = max(counts, key=lambda r: (counts[r], -r))
    targets = list(dict.fromkeys(m.target for m in game.legal_moves()))
    target = rng.choice(targets)
    if not game.options.specific_card:
        return GoFishMove.ask(target, rank)
    suits = [s for s in Suit if Card(rank, s) not in hand]
    return GoFishMove.ask(target, Card(rank, rng.choice(suits)))
