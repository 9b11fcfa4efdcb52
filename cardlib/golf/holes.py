"""A match played hole by hole: each hole a :class:`~cardlib.golf.engine.GolfGame`, its
scores recorded into a :class:`~cardlib.golf.match.GolfMatch` as it ends (GOLF-MATCH).
Here each hole starts with Ann's five cards face up, so one replacement ends it::

    >>> from cardlib.golf import GolfGame, Position
    >>> def last_turn(seed):
    ...     five_up = {p: (None, True) for p in list(Position)[:5]}
    ...     return GolfGame.from_position(["Ann", "Ben"], {"Ann": five_up}, seed=seed)
    >>> match = PlayedMatch([last_turn(1), last_turn(2)])
    >>> _ = match.play("draw")
    >>> _ = match.play("replace BR")
    >>> match.holes_played, match.hole.is_over, match.to_move
    (1, True, 'Ann')
    >>> match.match.totals() == match.hole.scores()
    True
    >>> _ = match.play("draw")                 # the next move starts the second hole
    >>> match.number, match.holes_played
    (2, 1)

The sources say nothing of who deals the next hole, so each hole is set up by whoever
gives the holes (an example names each hole's deal or position, and its dealer).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cardlib.arguments import shown
from cardlib.errors import NotationError
from cardlib.game import Event, Game, LegalMoves, Result
from cardlib.golf.engine import GolfGame
from cardlib.golf.match import Ended, GolfMatch, Holes, nine_holes, refused
from cardlib.golf.moves import GolfMove
from cardlib.golf.view import GolfView


class PlayedMatch:
    """Up to nine holes played in turn.  ``hole`` is the hole in play, or the one that has
    just ended until the next move starts the next; ``match`` holds the scores of the
    holes that have ended, so its totals are the running totals."""

    game: ClassVar[str] = "golf"

    def __init__(self, holes: Sequence[GolfGame]) -> None:
        if isinstance(holes, str) or not isinstance(holes, Sequence) or not holes:
            raise NotationError(f"a match is a list of holes (GolfGame), not {shown(holes)}")
        if not all(isinstance(h, GolfGame) for h in holes):
            raise NotationError("every hole of a match is a GolfGame")
        players = holes[0].players
        if any(h.players != players for h in holes):
            raise NotationError("every hole of a match is played by the same players")
        refused(nine_holes(None, Holes(len(holes))))
        self.holes = list(holes)
        self.index = 0
        self.match = GolfMatch(players)
        self._record_if_over()

    @property
    def hole(self) -> GolfGame:
        return self.holes[self.index]

    @property
    def number(self) -> int:
        """Which hole is in play (or has just ended), counting from 1."""
        return self.index + 1

    @property
    def holes_played(self) -> int:
        return self.match.holes_played

    @property
    def players(self) -> tuple[str, ...]:
        return self.hole.players

    def _next(self) -> GolfGame | None:
        """The hole the next move is made in."""
        if not self.hole.is_over:
            return self.hole
        return self.holes[self.index + 1] if self.index + 1 < len(self.holes) else None

    @property
    def to_move(self) -> str | None:
        nxt = self._next()
        return None if nxt is None else nxt.to_move

    @property
    def is_over(self) -> bool:
        return self._next() is None

    @property
    def history(self) -> list[tuple[str, GolfMove]]:
        return [m for h in self.holes[: self.index + 1] for m in h.history]

    @property
    def legal_rule(self) -> str:
        nxt = self._next()
        return self.hole.legal_rule if nxt is None else nxt.legal_rule

    @property
    def turn_rule(self) -> str:
        nxt = self._next()
        return self.hole.turn_rule if nxt is None else nxt.turn_rule

    @property
    def end_rule(self) -> str:
        """GOLF-MATCH: the match ends with its last hole (whose own end is GOLF-END)."""
        return "GOLF-MATCH"

    def legal_moves(self) -> LegalMoves[GolfMove]:
        return LegalMoves(self)

    def _legal(self) -> tuple[GolfMove, ...]:
        nxt = self._next()
        return () if nxt is None else nxt._legal()

    def view(self, player: str) -> GolfView:
        """What ``player`` may know of the hole the next move is made in."""
        nxt = self._next()
        return (self.hole if nxt is None else nxt).view(player)

    @staticmethod
    def parse_move(text: str | GolfMove) -> GolfMove:
        return GolfMove.parse(text)

    @staticmethod
    def read_move(text: str | GolfMove) -> GolfMove | None:
        """The move ``text`` names, or None (:meth:`parse_move` without the error)."""
        return GolfMove.read(text)

    @property
    def moves_made(self) -> int:
        """How many moves have been made in the holes (the legal-moves view lists once a
        position)."""
        return sum(h.moves_made for h in self.holes)

    def play(self, move: str | GolfMove, *, player: str | None = None) -> Event:
        """A move in the hole in play; the first move after a hole ends starts the next."""
        if self.hole.is_over and self.index + 1 < len(self.holes):
            nxt = self.holes[self.index + 1]
            event = nxt.play(move, player=player)  # refused: the match is unchanged
            self.index += 1
        else:
            event = self.hole.play(move, player=player)
        self._record_if_over()
        return event

    def make(self, move: str | GolfMove) -> Event:
        """A move just taken from :meth:`legal_moves`, made without judging it again
        (:meth:`GolfGame.make`); the first move after a hole ends starts the next."""
        if self.hole.is_over and self.index + 1 < len(self.holes):
            event = self.holes[self.index + 1].make(move)  # refused: the match is unchanged
            self.index += 1
        else:
            event = self.hole.make(move)
        self._record_if_over()
        return event

    def _record_if_over(self) -> None:
        # GOLF-MATCH: a hole's scores count, with their signs, once it ends.
        if self.hole.is_over and self.match.holes_played == self.index:
            self.match.record(self.hole.scores())

    def copy(self) -> PlayedMatch:
        twin = object.__new__(PlayedMatch)
        twin.holes = [h.copy() for h in self.holes]
        twin.index = self.index
        twin.match = GolfMatch(self.match.players, {p: v[:] for p, v in self.match.holes.items()})
        return twin

    def result(self) -> Result:
        """The totals of the holes played, lowest first among the winners, once all are."""
        refused(nine_holes(self.match, Ended(self.number, len(self.holes), self.is_over)))
        totals = self.match.totals()
        low = min(totals.values())
        return Result(totals, [p for p in self.players if totals[p] == low])

    def describe(self) -> str:
        return (
            f"a Golf match of {len(self.holes)} holes, {self.holes_played} played; "
            f"hole {self.number}: {self.hole.describe()}"
        )

    def _repr_html_(self) -> str:
        return self.hole._repr_html_()

    def __repr__(self) -> str:
        return f"<PlayedMatch {self.describe()}>"


def _conforms(match: PlayedMatch) -> Game:
    """mypy checks here that :class:`PlayedMatch` satisfies :class:`cardlib.game.Game`."""
    return match


__all__ = ["PlayedMatch"]
