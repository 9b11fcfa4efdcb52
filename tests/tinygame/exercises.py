"""Tiny's chapter of exercises (its spec names it: ``exercises=``), declared as a shipped
game's are (``cardlib/<game>/exercises.py``): one graded exercise, tiny-1.

The variant is a deal of the six cards; the right answer is asked of the engine (the game
set up at the deal and played out through its rules, then its result read)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardlib.exercises.drawing import names, said
from cardlib.exercises.forms import Name
from cardlib.exercises.model import Chapter
from tests.tinygame.engine import CARDS, TinyGame

EXERCISES = Chapter("tiny.ipynb")


@dataclass(frozen=True)
class Deal:
    """Each player's hand, in seat order (the first plays first)."""

    hands: tuple[tuple[str, tuple[int, ...]], ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _cards in self.hands)

    def position(self) -> TinyGame:
        """The game at the deal."""
        return TinyGame.from_position(self.players, dict(self.hands), self.players[0])

    def played(self) -> TinyGame:
        """The game played out: each player in turn plays a card of their hand."""
        game = self.position()
        while not game.is_over:
            game.play(game.legal_moves()[0])
        return game


def _draw(rng: random.Random) -> Deal:
    """Two or three players, the six cards dealt out; never a tie (one winner to name)."""
    players = names(rng, rng.choice((2, 3)))
    while True:
        cards = list(CARDS)
        rng.shuffle(cards)
        deal = Deal(
            tuple((p, tuple(sorted(cards[i :: len(players)]))) for i, p in enumerate(players))
        )
        if len(deal.played().result().winners) == 1:
            return deal


def _question(v: Deal) -> str:
    held = said([f"{p} holds {said([str(c) for c in cards])}" for p, cards in v.hands])
    return f"Tiny: {held}; {v.players[0]} plays first. Who wins?"


EXERCISES.define(
    id="tiny-1",
    kind="predict",
    title="Who wins a game of Tiny",
    form="a player's name",
    rules=("TINY-SCORE",),
    where="TINY-SCORE in cardlib rules tiny",
    nudge="Every card is played before the game ends. What is each player's score then?",
    draw=_draw,
    question=_question,
    answer=Name(lambda v: v.players),
    solve=lambda v: v.played().result().winners[0],
    why=lambda v, _right: (
        "Every card is played, so each player scores their whole hand: "
        + ", ".join(f"{p} {s}" for p, s in v.played().result().items())
        + "."
    ),
)
