"""Go Fish's simple computer player: it decides from what its seat may know (a
:class:`~cardlib.gofish.view.GoFishView`), never from the game."""

from __future__ import annotations

import random
from collections import Counter

from cardlib.arguments import shown
from cardlib.bots import no_move
from cardlib.cards import Card, Suit
from cardlib.errors import NotationError
from cardlib.gofish.moves import GoFishMove
from cardlib.gofish.view import GoFishView


def simple_bot(seen: GoFishView, rng: random.Random) -> GoFishMove:
    """A simple player: asks for the rank it holds most of (the lower on a tie), from a
    player chosen with ``rng``; in the specific-card variation, for a card of that rank it
    does not hold, chosen with ``rng``.  It looks only at its own hand.

    With no request to make (the game over, or not its turn) it raises the refusal of the
    rule that decides it.
    """
    if not isinstance(seen, GoFishView):
        raise NotationError(f"simple_bot plays from a player's GoFishView, not {shown(seen)}")
    no_move(seen)  # not its turn, or the game over: the rule's refusal
    hand = seen.hand
    counts = Counter(c.rank for c in hand)
    rank = max(counts, key=lambda r: (counts[r], -r))
    targets = list(dict.fromkeys(m.target for m in seen.legal))
    target = rng.choice(targets)
    if not seen.options.specific_card:
        return GoFishMove.ask(target, rank)
    suits = [s for s in Suit if Card(rank, s) not in hand]
    return GoFishMove.ask(target, Card(rank, rng.choice(suits)))
