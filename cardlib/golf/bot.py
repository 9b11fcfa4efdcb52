"""Golf's simple computer player: keeps low cards and pairs, never peeks."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlib.arguments import shown
from cardlib.bots import no_move
from cardlib.cards import Card
from cardlib.errors import NotationError
from cardlib.golf.moves import DISCARD, DRAW, TAKE, GolfMove, Position
from cardlib.golf.scoring import columns, worth_so_far
from cardlib.golf.view import GolfView

#: what a face-down Golf card is worth on average, for a bot's estimates
UNKNOWN_GOLF_CARD = 5.0


def _estimate(cards: Sequence[Card | None]) -> float:
    """A layout's expected score from its visible cards (None = face down): what the
    face-up cards of each column are worth so far, and each face-down card the average."""
    total = 0.0
    for top, bottom in columns(cards):
        down = (top is None) + (bottom is None)
        total += worth_so_far(top, bottom) + down * UNKNOWN_GOLF_CARD
    return total


def _best_place(seen: tuple[Card | None, ...], card: Card) -> tuple[float, Position]:
    """The position where ``card`` lowers the estimate most, and by how much."""
    before = _estimate(seen)
    best: tuple[float, Position] | None = None
    for p in Position:
        after = _estimate([card if q == p else seen[q] for q in Position])
        gain = before - after
        if best is None or gain > best[0]:
            best = (gain, p)
    assert best is not None
    return best


def simple_bot(seen: GolfView, rng: random.Random) -> GolfMove:
    """A sensible Golf player: keeps low cards and pairs, never peeks.  It is given the
    view of the player to move (:meth:`GolfGame.view <cardlib.golf.engine.GolfGame.view>`)."""
    if not isinstance(seen, GolfView):
        raise NotationError(f"simple_bot plays from a player's GolfView, not {shown(seen)}")
    no_move(seen)  # not its turn, or the game over: the rule's refusal
    layout = seen.layouts[seen.player]
    legal = seen.legal  # the view holds them (a tuple): nothing to list again
    if seen.phase in ("flip", "extra-flip"):
        return rng.choice(legal)
    if seen.phase == "draw":
        top = seen.discard_top
        if (top is not None and _best_place(layout, top)[0] >= 3) or DRAW not in legal:
            return TAKE
        return DRAW
    held = seen.holding
    assert held is not None
    gain, pos = _best_place(layout, held)
    if gain <= 0 and DISCARD in legal:
        return DISCARD
    return GolfMove("replace", pos)
