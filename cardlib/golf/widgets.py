"""Six Card Golf widgets: a layout scorer and a playable hole against computer players.

The cards are the controls: the learner clicks a card of their layout, the stock or the
discard pile (:mod:`cardlib.widgets.controls`).  Any click is tried as a move; the engine
makes it or refuses it with its rule, and a refusal says what would be legal instead, in
words with the notation beside them ("turn up the top-left card (flip TL)").  The table
stands on a :class:`~cardlib.widgets.session.TableSession` (undo, restart, new deal by
number, save as a worked example).

The table shows what the learner's seat may know and nothing else: it is drawn from
``game.view(you)`` (the others' face-down cards are backs) and tells each move as the
learner's seat is told it (a card a computer player draws from the stock is "a card" until
it is placed or discarded face up).  When the hole ends everyone turns up the rest
(GOLF-END), and the table shows every card and tells the whole hole.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Sequence
from typing import Any

from cardlib import arguments
from cardlib.cards import Card, Rank, Suit, find_duplicate
from cardlib.errors import NotationError
from cardlib.golf import render, turn
from cardlib.golf.bot import simple_bot
from cardlib.golf.engine import (
    COLUMNS,
    DISCARD,
    GolfGame,
    GolfMove,
    GolfOptions,
    Position,
    score_layout,
)
from cardlib.golf.scoring import seen_worth
from cardlib.golf.view import GolfView
from cardlib.render import card_html
from cardlib.widgets import ipywidgets as w
from cardlib.widgets.controls import (
    BLACK,
    BLANK,
    RED,
    STYLE,
    CardButton,
    card_button,
    chip,
    handler,
    mark_legal,
    standard_face,
)
from cardlib.widgets.session import TableProblem, TableSession, check_seed, failure_words
from cardlib.widgets.table import SessionControls, status_html, status_text

_CARD_OPTIONS = [
    (c.unicode, str(c))
    for c in sorted((Card(r, s) for r in Rank for s in Suit), key=lambda c: (c.rank, c.suit.letter))
]


def _position_name(p: Position) -> str:
    return str(getattr(p, "words", p.name))


class LayoutScorer(w.VBox):
    """Six cards in two rows; click a card, then a rank and a suit to change it; each
    column and the total update, with the reason for each.  The dropdowns (``pickers``)
    set the same cards.

    No click or choice lets an exception escape: a place left without a card (a dropdown
    set to ``None``) or a rank clicked for it is said in words where the score would be.
    """

    def __init__(self, cards: Sequence[str] = ("8H", "2S", "AC", "8C", "KD", "QH")) -> None:
        given = arguments.sequence(cards, "cards")
        if len(given) != len(Position):
            raise NotationError(
                f"cards must be the {len(Position)} cards of a layout, not {len(given)} cards"
            )
        cards = [str(arguments.card(c)) for c in given]
        self.problem = ""
        self.pickers = [
            w.Dropdown(
                options=_CARD_OPTIONS,
                value=str(Card.parse(c)),
                description=p.name,
                layout=w.Layout(width="150px"),
                style={"description_width": "30px"},
            )
            for p, c in zip(Position, cards, strict=True)
        ]
        self.chosen = Position.TL
        self.card_buttons = [
            card_button(Card.parse(c), value=p) for p, c in zip(Position, cards, strict=True)
        ]
        for b in self.card_buttons:
            b.on_click(self._click(self._chooser(b.value)))
        self.rank_chips = [chip(r.symbol, value=r, name=f"rank {r.symbol}") for r in Rank]
        self.suit_chips = [
            chip(
                s.symbol,
                value=s,
                name=f"suit {s.name.lower()}",
                colour=RED if s.colour == "red" else BLACK,
            )
            for s in Suit
        ]
        for c in self.rank_chips:
            c.on_click(self._click(self._setter(rank=c.value)))
        for c in self.suit_chips:
            c.on_click(self._click(self._setter(suit=c.value)))
        self.result = w.HTML()
        for picker in self.pickers:
            picker.observe(self._click(lambda: None), names="value")
        cards = w.GridBox(
            self.card_buttons, layout=w.Layout(grid_template_columns="repeat(3, max-content)")
        )
        grid = w.GridBox(self.pickers, layout=w.Layout(grid_template_columns="repeat(3, 160px)"))
        chips = w.VBox(
            [
                w.HBox(self.rank_chips, layout=w.Layout(flex_flow="row wrap")),
                w.HBox(self.suit_chips),
            ]
        )
        super().__init__([cards, chips, grid, self.result])
        self.add_class("cardlib-layout-scorer")
        self._update()

    def _click(self, fn: Callable[[], object]) -> Callable[[Any], None]:
        """A click (or choice) handler: runs ``fn`` then redraws; never raises."""

        def run() -> None:
            self.problem = ""
            fn()
            self._update()
            for callback in self.__dict__.get("_change_callbacks", ()):
                callback()

        def failed(exc: Exception) -> None:
            self.problem = failure_words(exc)
            with contextlib.suppress(Exception):  # drawing failed too: the words are kept
                self._update()

        return handler(failed, run)

    def on_change(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` after every click or choice, once the scores are redrawn
        (the course saves a widget exercise's answer this way)."""
        self.__dict__.setdefault("_change_callbacks", []).append(callback)

    def _chooser(self, position: Position) -> Callable[[], None]:
        return lambda: self.choose(position)

    def _setter(self, *, rank: Rank | None = None, suit: Suit | None = None) -> Callable[[], None]:
        return lambda: self.set_card(self.chosen, rank=rank, suit=suit)

    def _missing(self) -> list[Position]:
        """The places whose dropdown has no card chosen."""
        return [p for p, picker in zip(Position, self.pickers, strict=True) if not picker.value]

    def _missing_words(self) -> str:
        names = " and ".join(f"the {_position_name(p)}" for p in self._missing())
        places = "place has" if len(self._missing()) == 1 else "places have"
        return f"No card is chosen: {names} {places} no card; choose one in its box."

    @property
    def cards(self) -> list[Card]:
        """The six cards chosen (a :class:`TableProblem` in words if a place has none)."""
        if self._missing():
            raise TableProblem(self._missing_words())
        return [Card.parse(p.value) for p in self.pickers]

    def choose(self, position: Position) -> None:
        """Choose the card to change (a click on it)."""
        self.chosen = position
        for b in self.card_buttons:
            b.select(b.value == position)

    def set_card(
        self, position: Position, *, rank: Rank | None = None, suit: Suit | None = None
    ) -> None:
        """Change the rank or the suit of the card at ``position``."""
        picked = self.pickers[position].value
        old = Card.parse(picked) if picked else None
        rank = rank if rank is not None else old.rank if old is not None else None
        suit = suit if suit is not None else old.suit if old is not None else None
        if rank is None or suit is None:
            raise TableProblem(
                f"The {_position_name(position)} place has no card yet: choose one in its "
                "box, then change its rank or suit."
            )
        self.pickers[position].value = str(Card(rank, suit))

    def _verdict(self) -> str:
        """What the cards come to, as plain text: the score, or why there is none."""
        if self._missing():
            return self._missing_words()
        dup = find_duplicate(self.cards)
        if dup is not None:
            return f"GOLF-DECK: {dup} is chosen twice, but the one pack has each card once."
        return score_layout(self.cards).explain()

    @property
    def text(self) -> str:
        """What the scorer shows, as plain text."""
        return "\n".join(x for x in (self.problem, self._verdict()) if x)

    def _update(self) -> None:
        for b, picker in zip(self.card_buttons, self.pickers, strict=True):
            where = _position_name(b.value)
            if picker.value:
                label, name, colour = standard_face(Card.parse(picker.value))
                b.show(label, name=f"{where}: {name}", colour=colour)
            else:
                b.show("?", name=f"{where}: no card chosen")
        note = (
            f'<div class="cardlib-refusal" role="alert">{html.escape(self.problem)}</div>'
            if self.problem
            else ""
        )
        if self._missing() or find_duplicate(self.cards) is not None:
            self.result.value = (
                STYLE
                + note
                + '<div class="cardlib-refusal" role="alert">'
                + html.escape(self._verdict()).replace("GOLF-DECK:", "<b>GOLF-DECK</b>:", 1)
                + "</div>"
            )
            return
        cards = self.cards
        score = score_layout(cards)
        rows = "".join(
            f"<li>{COLUMNS[i]} column, {c.top} over {c.bottom}: <b>{c.points}</b> "
            f"({html.escape(c.reason)}; {c.rule})</li>"
            for i, c in enumerate(score.columns)
        )
        self.result.value = (  # the cards themselves are the buttons above: drawn once
            STYLE
            + note
            + f'<ul class="cardlib-status">{rows}</ul><p><b>Total: {score.total}</b></p>'
        )


def _captioned(button: CardButton, caption: str) -> w.VBox:
    """A pile's button with its name under it."""
    words = w.HTML(
        f'<span style="font-family:sans-serif;color:#555;font-size:12px">{caption}</span>',
        layout=w.Layout(width="auto"),
    )
    return w.VBox([button, words], layout=w.Layout(align_items="center"))


class GolfTable(SessionControls, w.VBox):
    """A hole of Six Card Golf: the learner ("Learner") against one or more computer players.

    Click your own cards to turn them up or to place the card you hold, the stock to draw,
    the discard pile to take its top card (or, holding a drawn card, to discard it).  What
    it shows is what the learner's seat sees (``game.view(you)``) and the moves as that
    seat is told them; once the hole is over, every card and the whole story, and the
    hole's scores.  Save example saves the whole game (the game's record).
    """

    def __init__(
        self,
        opponents: Sequence[str] = ("Bot",),
        *,
        seed: int = 1,
        options: GolfOptions | None = None,
        you: str = "Learner",
    ) -> None:
        you, *opponents = arguments.player_names((you, *arguments.sequence(opponents, "opponents")))
        check_seed(seed)
        if options is not None and not isinstance(options, GolfOptions):
            raise NotationError(
                f"options must be GolfOptions or None, not {arguments.shown(options)}"
            )
        self.you = you
        self.players = (you, *opponents)
        self.options = options or GolfOptions(stock_out="reshuffle")
        self.session = TableSession(
            "golf",
            deal=lambda s: GolfGame(self.players, options=self.options, seed=s),
            seed=seed,
            learners=[you],
            bot=simple_bot,
        )
        self.table = w.HTML()
        self.summary = w.HTML()
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        self.position_buttons = {
            p: CardButton(BLANK, name=f"your {_position_name(p)} card", value=p, face_up=False)
            for p in Position
        }
        for p, b in self.position_buttons.items():
            b.on_click(self.click(self._clicked(p)))
        self.draw_button = CardButton(
            BLANK, name="the stock: draw its top card", value="draw", face_up=False
        )
        self.take_button = CardButton("empty", name="the discard pile", value="take", empty=True)
        self.discard_button = self.take_button  # holding a card, the pile takes it: discard
        self.held = w.HTML()
        self.draw_button.on_click(self.click(lambda: self.session.attempt(GolfMove("draw"))))
        self.take_button.on_click(self.click(lambda: self.session.attempt(self._pile_move())))
        mine = w.GridBox(
            list(self.position_buttons.values()),
            layout=w.Layout(grid_template_columns="repeat(3, max-content)"),
        )
        piles = [
            _captioned(self.draw_button, "stock"),
            _captioned(self.take_button, "discard"),
            self.held,
        ]
        controls = self.build_controls()
        super().__init__(
            [
                self.table,
                w.HBox(
                    [mine, w.HBox(piles, layout=w.Layout(align_items="center"))],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.summary,
                controls,
                self.status,
            ]
        )
        self.add_class("cardlib-golf-table")
        self._refresh()

    @property
    def game(self) -> GolfGame:
        game: GolfGame = self.session.game
        return game

    @property
    def seed(self) -> int:
        return self.session.seed

    def new_hole(self, seed: int) -> None:
        """Deal hole ``seed`` (the same number deals the same cards)."""
        self.new_deal(seed)

    def play(self, move: GolfMove | str) -> bool:
        """Make the learner's move; a refused move is shown with its rule. True if it was played."""
        result = self.session.attempt(move)
        self._refresh()
        return self.session.refusal is None and result is not None and not self.session.problem

    def _clicked(self, p: Position) -> Callable[[], object]:
        return lambda: self.session.attempt(self._position_move(p))

    def _position_move(self, p: Position) -> GolfMove:
        if self.game.phase in ("flip", "extra-flip"):
            return GolfMove("flip", p)
        return GolfMove("replace", p)

    def _pile_move(self) -> GolfMove:
        return GolfMove("discard") if self.game.holding is not None else GolfMove("take")

    @property
    def messages(self) -> list[str]:
        start = f"A new hole (seed {self.seed}): turn two of your cards face up."
        return [start, *self.session.log]

    @property
    def text(self) -> str:
        """What the status line shows, as plain text: the situation, then the latest events."""
        s = self.session
        view = self.game.view(self.you)
        return status_text(self._headline(view), s.refusal, self.messages[-6:], s.problem)

    def _headline(self, view: GolfView) -> str:
        if view.is_over:  # every card is up (GOLF-END): the engine's result, in sight of all
            result = self.game.result()
            listed = ", ".join(f"{p} {s}" for p, s in result.items())
            return (
                f"The hole is over (GOLF-END). Scores: {listed}. "
                f"Lowest: {' and '.join(result.winners)}. Your score: {result[self.you]}."
            )
        if view.phase == "place":
            # may the card held be discarded?  The engine's rules say (GOLF-TAKE-MUST-REPLACE)
            refused = turn.refusal(self.game, str(view.to_move), DISCARD)
            if refused is None:
                todo = f"place {view.holding} (click a position) or discard it (click the pile)"
            else:
                todo = f"place {view.holding} (click a position): {refused.reason} ({refused.rule})"
        else:
            todo = {
                "flip": "turn a card face up (click a position)",
                "draw": "draw from the stock or take the discard",
                "extra-flip": "turn one face-down card up (click it): the variant makes it "
                "compulsory",
            }[view.phase]
        mine = seen_worth(view.layouts[self.you])
        return f"Your score so far: {mine}. {view.to_move} to {todo}."

    def _refresh(self) -> None:
        s = self.session
        view = self.game.view(self.you)  # all the table shows: what the learner's seat sees
        others = "".join(
            f'<div style="display:inline-block;margin-right:16px"><b>{html.escape(p)}</b>'
            f"{render.seen_layout_html(view.layouts[p], size=36)}</div>"
            for p in self.players[1:]
        )
        self.table.value = STYLE + f'<div class="cardlib-golf-game">{others}</div>'
        for p, b in self.position_buttons.items():
            card = view.layouts[self.you][p]
            where = f"your {_position_name(p)} card: "
            if card is None:
                b.show(BLANK, name=where + "face down", face_up=False)
            else:
                label, name, colour = standard_face(card)
                b.show(label, name=where + name, colour=colour)
        if view.stock_size:
            stock = f"the stock ({view.stock_size} cards): draw its top card"
            self.draw_button.show(BLANK, name=stock, face_up=False)
        else:
            self.draw_button.show("empty", name="the stock: empty", empty=True)
        top = view.discard_top
        if top is None:
            self.take_button.show("empty", name="the discard pile: empty", empty=True)
        else:
            label, _name, colour = standard_face(top)
            what = "discard the card you hold" if view.holding is not None else f"take {top}"
            self.take_button.show(
                label, name=f"the discard pile, {top} on top: {what}", colour=colour
            )
        self.held.value = (
            f"<span title='the card you hold'>holding {card_html(view.holding, size=44)}</span>"
            if view.holding is not None and view.to_move == self.you
            else ""
        )
        legal = set(s.legal())
        mark_legal(
            self.position_buttons.values(),
            lambda p: self._position_move(p) in legal,
            self.showing_legal,
        )
        self.draw_button.mark(self.showing_legal and GolfMove("draw") in legal)
        self.take_button.mark(self.showing_legal and self._pile_move() in legal)
        self.undo_button.disabled = not s.can_undo
        self.summary.value = render.column_scores_html(view)
        lines = [*self.messages[-6:], *self.saved_line()]
        self.status.value = status_html(self._headline(view), s.refusal, lines, s.problem)
