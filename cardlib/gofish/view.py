"""What one Go Fish player may know: :meth:`GoFishGame.view <cardlib.gofish.engine.GoFishGame.view>`.

At a Go Fish table a player sees their own hand, how many cards each other player holds,
the books laid face up, the size of the stock and every request made (requests and their
answers are said aloud; a card fished from the stock is seen only by who drew it).  A view
is a copy of just that, so a computer player given a view cannot reach another hand or the
stock's order::

    >>> from cardlib.gofish import GoFishGame
    >>> game = GoFishGame(["Ann", "Ben", "Cy"], seed=1)
    >>> ann = game.view("Ann")
    >>> len(ann.hand), ann.hand_sizes, ann.stock_size
    (5, {'Ann': 5, 'Ben': 5, 'Cy': 5}, 37)
    >>> ann.legal_moves()[0]
    GoFishMove.parse('ask Ben A')
    >>> game.view("Ben").legal_moves()
    <LegalMoves: >
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardlib.cards import Card, Rank
from cardlib.game import ViewMoves
from cardlib.gofish.moves import GoFishMove
from cardlib.gofish.options import GoFishOptions
from cardlib.refusal import Refusal

if TYPE_CHECKING:
    from cardlib.gofish.engine import GoFishGame


@dataclass(frozen=True)
class GoFishView(ViewMoves[GoFishMove]):
    """One player's view of the game: their ``hand`` (sorted), every player's number of
    cards and books, the stock's size, the requests made so far, the table's options, and
    the player's legal requests now with the rule that decides them; and what the table
    says aloud: who is out, why it is the player to move's turn, and who won."""

    game: ClassVar[str] = "go-fish"
    move_type: ClassVar[type[GoFishMove]] = GoFishMove

    player: str
    players: tuple[str, ...]
    to_move: str | None
    options: GoFishOptions
    hand: tuple[Card, ...]
    hand_sizes: dict[str, int]
    books: dict[str, tuple[Rank, ...]]
    stock_size: int
    history: tuple[tuple[str, GoFishMove], ...]
    #: the player's legal requests, as the game lists them (a lazy sequence: each built
    #: when read)
    legal: Sequence[GoFishMove]
    #: the rule that decides the player's requests now: the rule of the turn (GF-FIRST,
    #: GF-NEXT, ...) when it is someone else's, the end's rule once the game is over
    legal_rule: str
    #: with no request to make, the refusal of any (GF-FIRST's, GF-NEXT's, the end's), its
    #: words written; None when it is the player's turn to ask
    refusal: Refusal | None
    #: the players out of the game (no cards and no stock: GF-EMPTY-DRAW, GF-NO-STOCK)
    out: tuple[str, ...]
    #: why it is the player to move's turn, with its rule (the engine's ``turn_reason``)
    turn_reason: str
    #: once the game is over, the players with the most books (GF-WIN); before, none
    winners: tuple[str, ...]

    @property
    def is_over(self) -> bool:
        return self.to_move is None


def view_of(game: GoFishGame, player: str) -> GoFishView:
    """What ``player`` may know of ``game`` now (see :class:`GoFishView`)."""
    to_move = game.to_move
    # the player to move: the rule deciding their requests; the others: whose turn it is
    rule = game.legal_rule if player == to_move or to_move is None else game.turn_rule
    return GoFishView(
        player=player,
        players=game.players,
        to_move=to_move,
        options=game.options,
        hand=tuple(game.hand(player)),
        hand_sizes={p: game.hand_size(p) for p in game.players},
        books={p: tuple(ranks) for p, ranks in game.books.items()},
        stock_size=game.stock_size,
        history=tuple(game.history),
        legal=game._legal() if player == to_move else (),
        legal_rule=rule,
        refusal=game._turn_refusal(player),
        out=tuple(p for p in game.players if game.is_out(p)),
        turn_reason=game.turn_reason,
        winners=tuple(game.winners()) if to_move is None else (),
    )


__all__ = ["GoFishView", "view_of"]
