"""What one Golf player may know: :meth:`GolfGame.view <cardlib.golf.engine.GolfGame.view>`.

At a Golf table every face-up card is in sight of everyone, and so is the discard pile
(each card went onto it face up); face-down cards are seen by nobody, their owner
included (GOLF-NO-PEEK), and a card drawn from the stock only by the player who drew it.
A view is a copy of just that, taken when it is asked for, so a computer player given a
view cannot reach a face-down card or the stock's order::

    >>> from cardlib.golf import GolfGame
    >>> game = GolfGame(["Ann", "Ben"], seed=1)
    >>> _ = game.play("flip TL")
    >>> ann = game.view("Ann")
    >>> ann.layouts["Ann"]
    (Card.parse('JH'), None, None, None, None, None)
    >>> ann.stock_size, ann.to_move, ann.legal_moves()
    (39, 'Ann', <LegalMoves: flip TM, flip TR, flip BL, flip BM, flip BR>)
    >>> game.view("Ben").legal_moves()
    <LegalMoves: >
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardlib.cards import Card
from cardlib.game import ViewMoves
from cardlib.golf.moves import GolfMove, Position
from cardlib.refusal import Refusal


@dataclass(frozen=True)
class GolfView(ViewMoves[GolfMove]):
    """One player's view of a hand: ``layouts`` (every player's six positions, a card where
    it is face up, None where it is face down), the discard pile (bottom to top), the
    stock's size, the card the player holds (or, taken from the discard pile, the card
    anyone holds), the moves made so far, and the player's legal moves now with the rule
    that decides them."""

    game: ClassVar[str] = "golf"
    move_type: ClassVar[type[GolfMove]] = GolfMove

    player: str
    players: tuple[str, ...]
    to_move: str | None
    phase: str
    layouts: dict[str, tuple[Card | None, ...]]
    discard: tuple[Card, ...]
    stock_size: int
    holding: Card | None
    held_from: str | None
    history: tuple[tuple[str, GolfMove], ...]
    legal: tuple[GolfMove, ...]
    #: the rule that decides the player's moves now: the engine's ``legal_rule`` on their
    #: turn, GOLF-ORDER when it is someone else's
    legal_rule: str
    #: with no move to make, the refusal of any (GOLF-ORDER's, or the end's once the hand is
    #: over), its words written; None when it is the player's turn
    refusal: Refusal | None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def seen(self, player: str, position: Position) -> Card | None:
        """The card at ``position`` of ``player``'s layout if it is face up, else None."""
        return self.layouts[player][position]


__all__ = ["GolfView"]
