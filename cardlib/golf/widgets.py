"""Six Card Golf widgets: a layout scorer and a playable hole against computer players.

Both are thin: the engine holds the state and decides every rule; the widgets only turn
clicks into moves and show the engine's pictures, narration and refusals.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence

import ipywidgets as w

from cardlib.cards import Card, find_duplicate, standard_deck
from cardlib.errors import CardlibError
from cardlib.golf import render
from cardlib.golf.bot import golf_bot
from cardlib.golf.engine import (
    COLUMNS,
    DISCARD,
    DRAW,
    TAKE,
    GolfGame,
    GolfMove,
    GolfOptions,
    Position,
    score_layout,
)
from cardlib.widgets.common import LearnerAgainstBots

_CARD_OPTIONS = [
    (c.unicode, str(c)) for c in sorted(standard_deck(), key=lambda c: (c.rank, c.suit.letter))
]


class LayoutScorer(w.VBox):
    """Choose six cards; each column and the total update, with the reason for each."""

    def __init__(self, cards: Sequence[str] = ("8H", "2S", "AC", "8C", "KD", "QH")) -> None:
        self.pickers = [
            w.Dropdown(
                options=_CARD_OPTIONS,
                value=str(Card.parse(c)),
                description=p.name,
                layout=w.Layout(width="130px"),
            )
            for p, c in zip(Position, cards, strict=True)
        ]
        self.result = w.HTML()
        for picker in self.pickers:
            picker.observe(self._update, names="value")
        grid = w.GridBox(self.pickers, layout=w.Layout(grid_template_columns="repeat(3, 140px)"))
        super().__init__([grid, self.result])
        self.add_class("cardlib-layout-scorer")
        self._update()

    @property
    def cards(self) -> list[Card]:
        return [Card.parse(p.value) for p in self.pickers]

    @property
    def text(self) -> str:
        """What the scorer shows, as plain text."""
        dup = find_duplicate(self.cards)
        if dup is not None:
            return f"GOLF-DECK: {dup} is chosen twice, but the one pack has each card once."
        return score_layout(self.cards).explain()

    def _update(self, _change: object = None) -> None:
        cards = self.cards
        dup = find_duplicate(cards)
        if dup is not None:
            self.result.value = f"<p><b>GOLF-DECK</b>: {dup} is chosen twice, but the one pack has each card once.</p>"
            return
        score = score_layout(cards)
        from cardlib.golf import Layout

        rows = "".join(
            f"<li>{COLUMNS[i]} column, {c.top} over {c.bottom}: <b>{c.points}</b> "
            f"({html.escape(c.reason)}; {c.rule})</li>"
            for i, c in enumerate(score.columns)
        )
        self.result.value = (
            render.golf_layout_html(Layout(cards, [True] * 6))
            + f"<ul>{rows}</ul><p><b>Total: {score.total}</b></p>"
        )


class GolfTable(LearnerAgainstBots, w.VBox):
    """A hole of Six Card Golf: the learner ("You") against one or more computer players."""

    bot = staticmethod(golf_bot)

    def __init__(
        self,
        opponents: Sequence[str] = ("Bot",),
        *,
        seed: int = 1,
        options: GolfOptions | None = None,
        you: str = "Learner",
    ) -> None:
        self.you = you
        self.players = (you, *opponents)
        self.seed = seed
        self.options = options or GolfOptions(stock_out="reshuffle")
        self.table = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        self.draw_button = w.Button(description="Draw from stock")
        self.take_button = w.Button(description="Take discard")
        self.discard_button = w.Button(description="Discard")
        self.new_button = w.Button(description="New hole")
        self.position_buttons = {
            p: w.Button(description=p.name, layout=w.Layout(width="60px")) for p in Position
        }
        self.draw_button.on_click(lambda _b: self.play(DRAW))
        self.take_button.on_click(lambda _b: self.play(TAKE))
        self.discard_button.on_click(lambda _b: self.play(DISCARD))
        self.new_button.on_click(lambda _b: self._safely(lambda: self.new_hole(self.seed + 1)))
        for p, b in self.position_buttons.items():
            b.on_click(lambda _b, p=p: self.play(self._position_move(p)))
        grid = w.GridBox(
            list(self.position_buttons.values()),
            layout=w.Layout(grid_template_columns="repeat(3, 64px)"),
        )
        actions = w.VBox(
            [
                w.HBox([self.draw_button, self.take_button, self.discard_button, self.new_button]),
                grid,
            ]
        )
        super().__init__([self.table, actions, self.status])
        self.add_class("cardlib-golf-table")
        self.new_hole(seed)

    @property
    def text(self) -> str:
        """What the status line shows, as plain text: the situation, then the latest events."""
        return "\n".join([self._headline(), *(f"- {m}" for m in self.messages[-6:])])

    def new_hole(self, seed: int) -> None:
        self.seed = seed
        self.game = GolfGame(self.players, options=self.options, seed=seed)
        self._rng = random.Random(seed)
        self.messages: list[str] = [f"A new hole (seed {seed}): turn two of your cards face up."]
        self._bots_play()
        self._refresh()

    def _position_move(self, p: Position) -> GolfMove:
        """A position button turns the card up while cards are being turned (the opening
        two, or the extra-flip variant's compulsory flip after a discard); otherwise it
        puts the card in hand there."""
        if self.game.phase in ("flip", "extra-flip"):
            return GolfMove("flip", p)
        return GolfMove("replace", p)

    def play(self, move: GolfMove | str) -> bool:
        """Make the learner's move; a refused move is shown with its rule. True if it was played."""
        return self._safely(lambda: self._learner_plays(move))

    def _safely(self, action: Callable[[], bool | None]) -> bool:
        """Run a click's action; whatever goes wrong is shown in words, never raised."""
        try:
            return bool(action())
        except CardlibError as e:
            self.messages = [f"Not a move: {e}"]
        except Exception as e:  # a bug: say so in the widget rather than in a traceback
            self.messages = [f"Something went wrong ({type(e).__name__}: {e}); nothing was played"]
        self._refresh()
        return False

    def _headline(self) -> str:
        game = self.game
        if game.is_over:
            scores = game.scores()
            low = min(scores.values())
            best = " and ".join(p for p in game.players if scores[p] == low)
            listed = ", ".join(f"{p} {s}" for p, s in scores.items())
            return (
                f"The hole is over (GOLF-END). Scores: {listed}. Lowest: {best}. "
                f"Your score so far: {game.visible_score(self.you)}"
            )
        todo = {
            "flip": "turn a card face up (click a position)",
            "draw": "draw from the stock or take the discard",
            "place": f"place {game.holding} (click a position) or discard it",
            "extra-flip": "turn one face-down card up (click a position): the variant makes it compulsory",
        }[game.phase]
        return f"Your score so far: {game.visible_score(self.you)}. {game.to_move} to {todo}."

    def _refresh(self) -> None:
        self.table.value = render.golf_game_html(self.game)
        log = "".join(f"<li>{html.escape(m)}</li>" for m in self.messages[-6:])
        self.status.value = f"<p><b>{html.escape(self._headline())}</b></p><ul>{log}</ul>"
