"""A simple computer player for Rook (the registry's ``bot`` for ``rook``).

It bids from hand strength, buries low cards, names its longest strong colour and plays to
win counters or gives them to a partner who is winning.  It only ever chooses among the
engine's legal moves (or moves the engine would accept), and never changes the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlib.arguments import shown
from cardlib.bots import no_move
from cardlib.errors import NotationError
from cardlib.rook.cards import ROOK, Colour, RookCard
from cardlib.rook.moves import BID_STEP, MAX_BID, MIN_BID, NEST_SIZE, PASS, RookMove
from cardlib.rook.tricks import trick_winner
from cardlib.rook.view import RookView


def simple_bot(seen: RookView, rng: random.Random) -> RookMove:
    """A legal, sensible move: bids from hand strength, buries low cards, plays to win
    counters or gives them to a partner who is winning.  ``rng`` breaks ties.  It decides
    from what its seat may know (a :class:`~cardlib.rook.view.RookView`)."""
    if not isinstance(seen, RookView):
        raise NotationError(f"simple_bot plays from a player's RookView, not {shown(seen)}")
    no_move(seen)  # not its turn, or the game over: the rule's refusal
    who = seen.player
    legal = seen.legal
    cards = list(seen.hand)
    if seen.phase == "bid":
        low = MIN_BID if seen.high_bid is None else seen.high_bid + BID_STEP
        partner_high = seen.high_bidder == seen.partner_of(who)
        limit = _bid_limit(cards) - (10 if partner_high else 0)
        if low <= min(limit, MAX_BID) or PASS not in legal:
            return RookMove("bid", amount=min(low, MAX_BID))
        return PASS
    if seen.phase == "nest":
        trump = _best_colour(cards)
        keep = sorted(cards, key=lambda c: (_keep_value(c, trump), rng.random()))
        return RookMove("lay aside", cards=tuple(keep[:NEST_SIZE]))
    if seen.phase == "trump":
        return RookMove("trump", colour=_best_colour(cards))
    return _play_choice(seen, [m.card for m in legal], rng)


def _bid_limit(cards: Sequence[RookCard]) -> int:
    strength = sum({14: 8, 13: 4, 12: 2}.get(c.number or 0, 0) for c in cards)
    strength += 12 if ROOK in cards else 0
    longest = max(sum(1 for c in cards if c.colour is col) for col in Colour)
    strength += 3 * max(0, longest - 2)
    return min(MAX_BID, MIN_BID - 10 + strength // BID_STEP * BID_STEP)


def _best_colour(cards: Sequence[RookCard]) -> Colour:
    def weight(col: Colour) -> tuple[int, int]:
        mine = [c.number or 0 for c in cards if c.colour is col]
        return (2 * len(mine) + sum(n >= 12 for n in mine), sum(mine))

    return max(Colour, key=weight)


def _keep_value(card: RookCard, trump: Colour) -> int:
    if card is ROOK:
        return 1000
    assert card.number is not None
    return (500 if card.colour is trump else 0) + (200 if card.number == 14 else 0) + card.number


def _play_choice(seen: RookView, options: list[RookCard], rng: random.Random) -> RookMove:
    trump = seen.trump
    assert trump is not None
    trick = [c for _, c in seen.current_trick]
    rng.shuffle(options)
    if not trick:
        winners = [c for c in options if c.number == 14 and c.colour is not trump]
        pick = winners[0] if winners else min(options, key=lambda c: (c.points, c.number or 99))
        return _play(pick)
    best = trick_winner(trick, trump)
    partner_winning = (len(trick) - best) % 4 == 2
    if partner_winning and len(trick) == 3:
        return _play(max(options, key=lambda c: (c.points, -(c.number or 0))))
    winning = [c for c in options if trick_winner([*trick, c], trump) == len(trick)]
    at_stake = sum(c.points for c in trick)
    if winning and not partner_winning and (at_stake or len(trick) == 3):
        return _play(min(winning, key=lambda c: _keep_value(c, trump)))
    return _play(min(options, key=lambda c: (c.points, _keep_value(c, trump))))


def _play(card: RookCard) -> RookMove:
    return RookMove("play", cards=(card,))


__all__ = ["simple_bot"]
