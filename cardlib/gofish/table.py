"""Where every card of a Go Fish game is: each player's hand and books, and the stock."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlib.cards import Card, Rank
from cardlib.gofish.options import GoFishOptions


@dataclass
class Table:
    """The cards on the table, the players in clockwise seat order and the rules agreed.

    ``hands[name]`` are the cards a player holds (in the order they came), ``books[name]``
    the ranks of their books in the order they were laid aside, and ``stock`` the cards
    face down, top card first.  ``told_out`` are the players told they are out of the game.
    ``turn`` is the player to ask (None once the game is over), given the turn by
    ``turn_rule``; ``changed`` are the hands the last request changed, the asker's first
    (every hand, for a position set up): only they can have emptied (GF-END-EMPTY).
    """

    players: tuple[str, ...]
    options: GoFishOptions
    hands: dict[str, list[Card]] = field(default_factory=dict)
    books: dict[str, list[Rank]] = field(default_factory=dict)
    stock: list[Card] = field(default_factory=list)
    told_out: set[str] = field(default_factory=set)
    turn: str | None = None
    turn_rule: str = "GF-FIRST"
    changed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in self.players:
            self.hands.setdefault(name, [])
            self.books.setdefault(name, [])

    def copy(self) -> Table:
        return Table(
            self.players,
            self.options,
            {name: hand[:] for name, hand in self.hands.items()},
            {name: ranks[:] for name, ranks in self.books.items()},
            self.stock[:],
            set(self.told_out),
            self.turn,
            self.turn_rule,
            self.changed,
        )

    def left_of(self, player: str) -> str:
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def clockwise_from(self, player: str) -> list[str]:
        """Every player, starting on ``player``'s left and ending with ``player``."""
        i = self.players.index(player)
        n = len(self.players)
        return [self.players[(i + k) % n] for k in range(1, n + 1)]

    def others(self, player: str) -> tuple[str, ...]:
        """Every other player, clockwise from ``player``'s left."""
        i = self.players.index(player)
        return self.players[i + 1 :] + self.players[:i]

    def holds(self, player: str, rank: Rank) -> bool:
        return any(card.rank == rank for card in self.hands[player])

    def ranks_held(self, player: str) -> list[Rank]:
        return sorted({card.rank for card in self.hands[player]})

    def book_owner(self, rank: Rank) -> str | None:
        return next((name for name in self.players if rank in self.books[name]), None)

    def book_count(self) -> int:
        return sum(map(len, self.books.values()))

    def draw(self, player: str, count: int = 1) -> list[Card]:
        """The top ``count`` cards of the stock (fewer if it runs out) into ``player``'s hand."""
        cards = self.stock[:count]
        del self.stock[:count]
        self.hands[player] += cards
        return cards

    def is_out(self, player: str) -> bool:
        """No cards and no stock to draw from, in a game that plays on without a stock
        (GF-EMPTY-DRAW, GF-NO-STOCK); elsewhere an empty stock ends the game first."""
        return not self.hands[player] and not self.stock and self.options.plays_on
