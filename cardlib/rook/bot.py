"""A simple computer player for Rook (the registry's ``bot`` for ``rook``).

It bids from hand strength, buries low cards, names its longest strong colour and plays to
win counters or gives them to a partner who is winning.  It only ever chooses among the
engine's legal moves (or moves the engine would accept), and never changes the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlib.errors import RuleViolation
from cardlib.rook.cards import ROOK, Colour, RookCard
from cardlib.rook.game import RookGame
from cardlib.rook.hand import RookHand
from cardlib.rook.moves import BID_STEP, MAX_BID, MIN_BID, NEST_SIZE, PASS, RookMove
from cardlib.rook.tricks import trick_winner


def simple_bot(game: RookHand | RookGame, rng: random.Random) -> RookMove:
    """A legal, sensible move: bids from hand strength, buries low cards, plays to win
    counters or gives them to a partner who is winning.  ``rng`` breaks ties."""
    if isinstance(game, RookGame) and game.is_over:
        raise RuleViolation("ROOK-GAME", "the game is over: there is no move to make")
    hand = game.hand if isinstance(game, RookGame) else game
    who = hand.to_move
    if who is None:
        raise RuleViolation("ROOK-LEAD", "the hand is over: there is no move to make")
    legal = hand.legal_moves()
    cards = hand.hand_of(who)
    if hand.phase == "bid":
        low = MIN_BID if hand.high_bid is None else hand.high_bid + BID_STEP
        partner_high = hand.high_bidder == hand.partner_of(who)
        limit = _bid_limit(cards) - (10 if partner_high else 0)
        if low <= min(limit, MAX_BID) or PASS not in legal:
            return RookMove("bid", amount=min(low, MAX_BID))
        return PASS
    if hand.phase == "nest":
        trump = _best_colour(cards)
        keep = sorted(cards, key=lambda c: (_keep_value(c, trump), rng.random()))
        return RookMove("lay aside", cards=tuple(keep[:NEST_SIZE]))
    if hand.phase == "trump":
        return RookMove("trump", colour=_best_colour(cards))
    moves = list(legal)
    return _play_choice(hand, who, [m.card for m in moves], rng)


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


def _play_choice(hand: RookHand, who: str, options: list[RookCard], rng: random.Random) -> RookMove:
    trump = hand.trump
    assert trump is not None
    trick = [c for _, c in hand.current_trick]
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
