"""Tiny's widget: a table where a learner plays one seat against computer players.

The cards of the learner's hand are the controls (click one to play it); the engine makes
the move or refuses it with its rule, and the refusal says what is legal instead.  The
table stands on a :class:`~cardlib.widgets.session.TableSession` (undo, restart, a new
deal by number, save as a worked example) and shows what the learner's seat may know and
nothing else: it is drawn from ``game.view(you)`` (the learner's hand and everyone's
score, which every seat sees) and tells each move as the seat is told it."""

from __future__ import annotations

import html
from collections.abc import Sequence

from cardlib import arguments
from cardlib.widgets import ipywidgets as w
from cardlib.widgets.controls import BLANK, STYLE, CardButton, mark_legal
from cardlib.widgets.session import TableSession, check_seed
from cardlib.widgets.table import SessionControls, status_html, status_text
from tests.tinygame.engine import CARDS, MIN_PLAYERS, TinyGame, TinyView

#: the most cards a hand holds: the six cards dealt to the fewest players
HAND = -(-len(CARDS) // MIN_PLAYERS)


class TinyTable(SessionControls, w.VBox):
    """A game of Tiny: the learner (``you``) against one or two computer players.

    Click a card of your hand to play it.  What the table shows is the learner's seat's
    view: your hand, each player's score, and the plays as the seat is told them."""

    def __init__(self, opponents: Sequence[str] = ("Bot",), *, seed: int = 1, you: str = "You"):
        you, *others = arguments.player_names((you, *arguments.sequence(opponents, "opponents")))
        check_seed(seed)
        self.you = you
        self.players = (you, *others)
        self.session = TableSession(
            "tiny", deal=lambda s: TinyGame(self.players, seed=s), seed=seed, learners=[you]
        )
        self.scores = w.HTML()
        self.card_buttons = [
            CardButton(BLANK, name="an empty place of your hand", empty=True) for _ in range(HAND)
        ]
        for b in self.card_buttons:
            b.on_click(self.click(lambda b=b: self._play(b)))
        self.status = w.HTML()
        self.status.add_class("cardlib-status")
        hand = w.HBox(self.card_buttons, layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self.scores, hand, self.build_controls(), self.status])
        self.add_class("cardlib-tiny-table")
        self._refresh()

    @property
    def game(self) -> TinyGame:
        game: TinyGame = self.session.game
        return game

    def _play(self, button: CardButton) -> None:
        if button.value is not None:
            self.session.attempt(f"play {button.value}")

    def play(self, move: str) -> bool:
        """Make the learner's move (``"play 4"``); True if it was played."""
        self.session.attempt(move)
        self._refresh()
        return self.session.refusal is None and not self.session.problem

    def _headline(self, view: TinyView) -> str:
        scores = ", ".join(f"{p} {view.scores[p]}" for p in view.players)
        if view.is_over:
            won = " and ".join(self.game.result().winners)
            return f"The game is over (TINY-SCORE): {scores}. Highest: {won}."
        whose = "your turn: play a card" if view.to_move == self.you else f"{view.to_move} to play"
        return f"Scores: {scores}; {whose}."

    @property
    def messages(self) -> list[str]:
        """The story of the deal: which deal it is (its seed), then each move as told."""
        return [f"A new game (seed {self.session.seed}).", *self.session.log]

    @property
    def text(self) -> str:
        """What the status shows, as plain text: the situation, then the latest events."""
        s = self.session
        view = self.game.view(self.you)
        return status_text(self._headline(view), s.refusal, self.messages[-6:], s.problem)

    def _refresh(self) -> None:
        s = self.session
        view = self.game.view(self.you)  # all the table shows: what the learner's seat sees
        rows = "".join(
            f"<li><b>{html.escape(p)}</b>: {view.scores[p]} points</li>" for p in view.players
        )
        self.scores.value = STYLE + f'<ul class="cardlib-tiny-scores">{rows}</ul>'
        for i, b in enumerate(self.card_buttons):
            card = view.hand[i] if i < len(view.hand) else None
            b.value = card
            if card is None:
                b.show(BLANK, name="an empty place of your hand", empty=True)
            else:
                b.show(str(card), name=f"your card {card}: play it")
        legal = set(s.legal())
        mark_legal(self.card_buttons, lambda c: f"play {c}" in legal, self.showing_legal)
        self.undo_button.disabled = not s.can_undo
        lines = [*self.messages[-6:], *self.saved_line()]
        self.status.value = status_html(self._headline(view), s.refusal, lines, s.problem)


__all__ = ["TinyTable"]
