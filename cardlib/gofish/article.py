"""The Go Fish article's scenarios as positions to start from (:class:`Scenario`): its
section 3 in one position (:data:`ARTICLE_SCENARIO`), for the request sandbox
(:class:`cardlib.gofish.widgets.AskSandbox`) and the exercises.

>>> game = ARTICLE_SCENARIO.game(GoFishOptions())
>>> (game.to_move, [str(c) for c in game.hand("An")], game.stock_size)
('Lin', ['3D', '8D', '8H'], 42)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardlib.gofish.engine import GoFishGame
from cardlib.gofish.options import GoFishOptions


@dataclass(frozen=True)
class Scenario:
    """A position to start the sandbox from: hands, books, the top of the stock, who asks."""

    hands: Mapping[str, Sequence[str]]
    stock: Sequence[str] = ()
    books: Mapping[str, Sequence[str]] = field(default_factory=dict)
    to_move: str | None = None

    def game(self, options: GoFishOptions) -> GoFishGame:
        return GoFishGame.from_position(
            list(self.hands),
            self.hands,
            books=self.books,
            stock=self.stock,
            to_move=self.to_move,
            options=options,
        )


#: The article's section 3 in one position: Lin's 8 (An holds two 8s, Mei the fourth), his
#: queen (the ♥Q lies on top of the stock) and his 9 and 5 (the ♥5 lies under the ♥Q).
ARTICLE_SCENARIO = Scenario(
    hands={
        "Lin": ["8S", "QS", "9S", "5S"],
        "An": ["8H", "8D", "3D"],
        "Mei": ["8C", "6H", "JD"],
    },
    stock=["QH", "5H"],
    to_move="Lin",
)
