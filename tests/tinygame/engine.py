"""Tiny: the cards 1 to 6 are dealt out (TINY-DEAL); in turn each player plays a card of
their hand (TINY-TURN, TINY-HOLD) and scores its number; when every hand is empty the
highest score wins (TINY-SCORE).

The rules are written as the real engines write theirs (:mod:`cardlib.gofish.rules`): one
short function a rule of the catalogue (``tests/tinygame/catalogue.yaml``), marked with
its ID, whose docstring is the rule.  A rule of a move answers ``rule(game, play) ->
Refusal | None`` (:mod:`cardlib.refusal`); :data:`MOVE_RULES` are asked in order by the
core's :func:`~cardlib.refusal.first_refusal`, and :func:`legal` builds the moves they let
through, legal by construction."""

from __future__ import annotations

import html
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from cardlib.catalogue import enforces
from cardlib.errors import NotationError
from cardlib.game import Event, Fact, LegalMoves, Result
from cardlib.refusal import Refusal, first_refusal

CARDS = (1, 2, 3, 4, 5, 6)
MIN_PLAYERS, MAX_PLAYERS = 2, 3


class Play(NamedTuple):
    """A move as the rules judge it: who plays which card."""

    player: str
    card: int


# -- the rules, one function each ------------------------------------------------------


@enforces("TINY-DEAL")
def tiny_deal(players: int, cards: Sequence[int] = CARDS) -> Refusal | None:
    """Two or three players; the six cards 1 to 6, each once, are dealt out one at a time."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return Refusal("TINY-DEAL", lambda: f"Tiny is for 2 or 3 players, not {players}")
    wrong = [c for c in cards if c not in CARDS or list(cards).count(c) > 1]
    if wrong:
        return Refusal("TINY-DEAL", lambda: f"{wrong[0]} is not one of the six cards, each once")
    return None


@enforces("TINY-TURN")
def tiny_turn(game: TinyGame, play: Play) -> Refusal | None:
    """Players play in turn, one card each, until every hand is empty."""
    to_move = game.to_move
    if to_move is None:
        return Refusal("TINY-TURN", lambda: "the game is over: every hand is empty")
    if play.player != to_move:
        return Refusal("TINY-TURN", lambda: f"it is {to_move}'s turn, not {play.player}'s")
    return None


@enforces("TINY-HOLD")
def tiny_hold(game: TinyGame, play: Play) -> Refusal | None:
    """A player plays a card from their own hand."""
    hand = game.hands[play.player]
    if play.card in hand:
        return None
    return Refusal("TINY-HOLD", lambda: f"{play.card} is not in the hand ({hand})")


@enforces("TINY-SCORE")
def tiny_score(scores: Mapping[str, int]) -> tuple[str, ...]:
    """A card played scores its number; the highest score wins, a tie shared."""
    top = max(scores.values())
    return tuple(p for p, s in scores.items() if s == top)


#: the rules of a move, asked in order: the turn, then the card
MOVE_RULES = (tiny_turn, tiny_hold)


def refusal(game: TinyGame, play: Play) -> Refusal | None:
    """The first refusal of ``play`` among :data:`MOVE_RULES`, or None: the move is legal."""
    return first_refusal(MOVE_RULES, game, play)


def legal(game: TinyGame) -> Iterator[str]:
    """The moves the rules let through, built from them: the player to move (TINY-TURN)
    plays any card of their own hand (TINY-HOLD); none once the game is over."""
    mover = game.to_move
    if mover is not None:
        yield from (f"play {card}" for card in game.hands[mover])


def _refused(refused: Refusal | None) -> None:
    if refused is not None:
        raise refused.error()


# -- the game --------------------------------------------------------------------------


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
    legal_rule: str = "TINY-HOLD"
    #: with no move to make, TINY-TURN's refusal of any, its words written
    refusal: Refusal | None = None

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def legal_moves(self) -> LegalMoves[str]:
        return LegalMoves(self)

    def _legal(self) -> tuple[str, ...]:
        return self.legal

    @staticmethod
    def parse_move(text: str) -> str:
        return parse_move(text)

    @staticmethod
    def read_move(text: str) -> str | None:
        return read_move(text)


def parse_move(text: object) -> str:
    """``"play 4"``, as a move (:class:`~cardlib.errors.NotationError` for other text)."""
    move = read_move(text)
    if move is None:
        raise NotationError(f"{text!r} is not a Tiny move: write play N", rule="INPUT-MOVE")
    return move


def read_move(text: object) -> str | None:
    """``"play 4"``, as a move (None for other text)."""
    word, _, number = str(text).strip().partition(" ")
    if word != "play" or not number.strip().isdigit() or len(number.strip()) > 3:
        return None
    return f"play {int(number)}"


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
        _refused(tiny_deal(len(players)))
        cards = list(CARDS)
        random.Random(seed).shuffle(cards)
        n = len(players)
        hands = {p: sorted(cards[i::n]) for i, p in enumerate(players)}
        self._setup(players, hands, players[0], record)

    @classmethod
    def from_position(
        cls,
        players: Sequence[str],
        hands: Mapping[str, Sequence[int]],
        to_move: str,
        *,
        record: bool = True,
    ) -> TinyGame:
        """A game at a position: each player's hand (cards played are gone) and who is to
        move.  ``record=False``: no history kept, as for a deal."""
        _refused(tiny_deal(len(players), [c for p in players for c in hands.get(p, ())]))
        if to_move not in players:
            raise NotationError(f"{to_move!r} is not a player", rule="INPUT-PLAYER")
        game = cls.__new__(cls)
        game._setup(players, {p: sorted(hands.get(p, ())) for p in players}, to_move, record)
        return game

    def _setup(
        self, players: Sequence[str], hands: dict[str, list[int]], to_move: str, record: bool
    ) -> None:
        self._players = tuple(players)
        self.hands = hands
        self.scores = dict.fromkeys(self._players, 0)
        self._turn = self._players.index(to_move)
        self._history: list[tuple[str, str]] = []
        self._record = record  # record=False: no history kept (a long simulation's memory)
        self.moves_made = 0

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
        return list(legal(self))

    def parse_move(self, text: str) -> str:
        return parse_move(text)

    def read_move(self, text: str) -> str | None:
        return read_move(text)

    def play(self, move: Any, *, player: str | None = None) -> Event:
        """Judge one move through the rules (:data:`MOVE_RULES`) and make it; a refused move
        raises its rule's :class:`~cardlib.errors.RuleViolation` and changes nothing."""
        move = parse_move(move)
        mover = self.to_move if player is None else str(player)
        if mover is not None and mover not in self._players:
            raise NotationError(f"{mover!r} is not a player", rule="INPUT-PLAYER")
        play = Play(mover or "", int(move.split()[1]))
        _refused(refusal(self, play))
        return self._made(play, move)

    def make(self, move: Any) -> Event:
        """A move just taken from the listing: judged as :meth:`play` judges it (Tiny's
        rules cost nothing)."""
        return self.play(move)

    def _made(self, play: Play, move: str) -> Event:
        self.hands[play.player].remove(play.card)
        self.scores[play.player] += play.card
        self._turn = (self._turn + 1) % len(self._players)
        self.moves_made += 1
        if self._record:
            self._history.append((play.player, move))
        facts = [Fact("play", ("TINY-HOLD",), "{} plays {}", (play.player, play.card), play.player)]
        if self.is_over:
            won = tiny_score(self.scores)
            facts.append(Fact("end", ("TINY-SCORE",), "{} wins", (" and ".join(won),)))
        return Event(play.player, move, tuple(facts))

    def copy(self) -> TinyGame:
        other = TinyGame.__new__(TinyGame)
        other._players = self._players
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other.scores = dict(self.scores)
        other._turn = self._turn
        other._history = list(self._history)
        other._record = self._record
        other.moves_made = self.moves_made
        return other

    def view(self, player: str) -> TinyView:
        if player not in self._players:
            raise NotationError(f"{player!r} is not a player", rule="INPUT-PLAYER")
        refused = tiny_turn(self, Play(player, 0))  # any card: the turn's rule reads none
        return TinyView(
            player=player,
            players=self._players,
            to_move=self.to_move,
            hand=tuple(self.hands[player]),
            scores=dict(self.scores),
            history=tuple(self._history),
            legal=tuple(self._legal()) if player == self.to_move else (),
            legal_rule=self.legal_rule,
            refusal=None if refused is None else refused.written(),
        )

    def result(self) -> Result:
        return Result(self.scores, tiny_score(self.scores) if self.is_over else ())

    def describe(self) -> str:
        hands = "; ".join(f"{p}: {self.hands[p]} ({self.scores[p]})" for p in self._players)
        return f"Tiny, {self.to_move or 'nobody'} to move; {hands}"

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(self.describe())}</pre>"
