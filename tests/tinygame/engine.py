"""Tiny: the cards 1 to 6 are dealt out; in turn each player plays a card of their hand
(TINY-TURN, TINY-HOLD) and scores its number; when every hand is empty the highest score
wins (TINY-SCORE)."""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlib.catalogue import enforces
from cardlib.errors import NotationError, RuleViolation
from cardlib.game import Event, Fact, LegalMoves, Result

CARDS = (1, 2, 3, 4, 5, 6)


@enforces("TINY-TURN")
def tiny_turn(to_move: str | None, player: str) -> None:
    """Players play in turn, one card each, until every hand is empty."""
    if to_move is None:
        raise RuleViolation("TINY-TURN", "the game is over: every hand is empty")
    if player != to_move:
        raise RuleViolation("TINY-TURN", f"it is {to_move}'s turn, not {player}'s")


@enforces("TINY-HOLD")
def tiny_hold(hand: Sequence[int], card: int) -> None:
    """A player plays a card from their own hand."""
    if card not in hand:
        raise RuleViolation("TINY-HOLD", f"{card} is not in the hand ({hand})")


@enforces("TINY-SCORE")
def tiny_score(scores: Mapping[str, int]) -> tuple[str, ...]:
    """A card played scores its number; the highest score wins, a tie shared."""
    top = max(scores.values())
    return tuple(p for p, s in scores.items() if s == top)


@dataclass(frozen=True)
class TinyView:
    """What one Tiny player may know: their hand, everyone's score and the plays made."""

    game: ClassVar[str] = "tiny"
    player: str
    players: tuple[str, ...]
    to_move: str | None
    hand: tuple[int, ...]
    scores: dict[str, int]
    history: tuple[tuple[str, str], ...]
    legal: tuple[str, ...]
    legal_rule: str = "TINY-TURN"

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def legal_moves(self) -> LegalMoves[str]:
        return LegalMoves(self)

    def _legal(self) -> tuple[str, ...]:
        return self.legal

    @staticmethod
    def parse_move(text: str) -> str:
        return TinyGame.parse_move(TinyGame.__new__(TinyGame), text)


class TinyGame:
    game: ClassVar[str] = "tiny"

    def __init__(
        self,
        players: Sequence[str] = ("Ann", "Ben"),
        *,
        seed: int = 0,
        options: Any = None,
        record: bool = True,
    ) -> None:
        if not 2 <= len(players) <= 3:
            raise RuleViolation("TINY-TURN", f"Tiny is for 2 or 3 players, not {len(players)}")
        cards = list(CARDS)
        random.Random(seed).shuffle(cards)
        n = len(players)
        self._setup(players, {p: sorted(cards[i::n]) for i, p in enumerate(players)}, players[0])
        self._record = record  # record=False: no history kept (a long simulation's memory)

    @classmethod
    def from_position(
        cls, players: Sequence[str], hands: Mapping[str, Sequence[int]], to_move: str
    ) -> TinyGame:
        game = cls.__new__(cls)
        game._setup(players, {p: sorted(hands.get(p, ())) for p in players}, to_move)
        return game

    def _setup(self, players: Sequence[str], hands: dict[str, list[int]], to_move: str) -> None:
        self._players = tuple(players)
        self.hands = hands
        self.scores = dict.fromkeys(self._players, 0)
        self._turn = self._players.index(to_move)
        self._history: list[tuple[str, str]] = []
        self._record = True

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def is_over(self) -> bool:
        return not any(self.hands.values())

    @property
    def to_move(self) -> str | None:
        return None if self.is_over else self._players[self._turn]

    @property
    def legal_rule(self) -> str:
        """TINY-HOLD decides the cards one may play; once the hands are empty, TINY-TURN."""
        return "TINY-TURN" if self.is_over else "TINY-HOLD"

    @property
    def turn_rule(self) -> str:
        return "TINY-TURN"

    @property
    def end_rule(self) -> str:
        return "TINY-TURN"

    @property
    def history(self) -> Sequence[tuple[str, str]]:
        return tuple(self._history)

    def legal_moves(self) -> LegalMoves[str]:
        return LegalMoves(self)

    def _legal(self) -> list[str]:
        mover = self.to_move
        return [] if mover is None else [f"play {c}" for c in self.hands[mover]]

    def parse_move(self, text: str) -> str:
        word, _, number = str(text).strip().partition(" ")
        if word != "play" or not number.strip().isdigit():
            raise NotationError(f"{text!r} is not a Tiny move: write play N", rule="INPUT-MOVE")
        return f"play {int(number)}"

    def play(self, move: Any, *, player: str | None = None) -> Event:
        move = self.parse_move(move)
        mover = self.to_move if player is None else player
        tiny_turn(self.to_move, str(mover))
        card = int(move.split()[1])
        tiny_hold(self.hands[str(mover)], card)
        self.hands[str(mover)].remove(card)
        self.scores[str(mover)] += card
        self._turn = (self._turn + 1) % len(self._players)
        if self._record:
            self._history.append((str(mover), move))
        facts = [Fact("play", ("TINY-HOLD",), "{} plays {}", (mover, card), str(mover))]
        if self.is_over:
            won = tiny_score(self.scores)
            facts.append(Fact("end", ("TINY-SCORE",), "{} wins", (" and ".join(won),)))
        return Event(str(mover), move, tuple(facts))

    def make(self, move: Any) -> Event:
        """A move just taken from the listing: a game from outside may simply play it."""
        return self.play(move)

    def copy(self) -> TinyGame:
        other = TinyGame.__new__(TinyGame)
        other._players = self._players
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other.scores = dict(self.scores)
        other._turn = self._turn
        other._history = list(self._history)
        other._record = self._record
        return other

    def view(self, player: str) -> TinyView:
        if player not in self._players:
            raise NotationError(f"{player!r} is not a player", rule="INPUT-PLAYER")
        return TinyView(
            player=player,
            players=self._players,
            to_move=self.to_move,
            hand=tuple(self.hands[player]),
            scores=dict(self.scores),
            history=tuple(self._history),
            legal=tuple(self._legal()) if player == self.to_move else (),
        )

    def result(self) -> Result:
        return Result(self.scores, tiny_score(self.scores) if self.is_over else ())

    def describe(self) -> str:
        hands = "; ".join(f"{p}: {self.hands[p]} ({self.scores[p]})" for p in self._players)
        return f"Tiny, {self.to_move or 'nobody'} to move; {hands}"

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(self.describe())}</pre>"
