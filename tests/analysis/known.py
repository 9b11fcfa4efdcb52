"""Games whose measures are known, written for the lab's tests as a game from outside
cardlib is (a :class:`~cardlib.games.GameSpec`), and registered only while a test runs
(:func:`registered`), so the generic tests over the registry never see them.

* ``coin``: two players flip in turn, ``rounds`` coins each; a head scores 1 and the most
  heads win (a tie shared).  The coins are the deal's (``random.Random(seed)``), so no
  seat is favoured and no play is better than another: first-player advantage 0, fairness
  and balance 1, order 0, a tie ``C(2R, R) / 4^R`` of the time.  Rule set ``loaded``: the
  first player's heads score 2, a known advantage.
* ``first``: the first player scores 2 a move and the second 1: the first player always
  wins, leads from the first move on and never trails.
* ``pick``: each player picks 1, 2 or 3 once; the higher pick wins (a tie shared).  The
  simple bot picks 3: among random players it wins 5/6 of a win, order 2/3.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from cardlib.game import LegalMoves, Result
from cardlib.games import GAMES, GameSpec, Simulation, Standing, named_seats, one_rule_set
from cardlib.refusal import Refusal


@dataclass(frozen=True)
class Options:
    rounds: int = 3


@dataclass(frozen=True)
class View:
    """What the player to move may know (all of it: nothing is hidden)."""

    game: str
    player: str
    legal: tuple[str, ...]
    legal_rule: str = "KNOWN-TURN"
    #: nothing is ever refused: the lab's bots are asked only on their turn
    refusal: Refusal | None = None

    def legal_moves(self) -> LegalMoves[str]:
        return LegalMoves(self)

    def _legal(self) -> tuple[str, ...]:
        return self.legal

    @staticmethod
    def parse_move(text: str) -> str:
        return str(text)

    @staticmethod
    def read_move(text: str) -> str:
        return str(text)


class Known:
    """A game of two players who move in turn, ``rounds`` moves each."""

    game: ClassVar[str] = ""
    legal_rule = turn_rule = end_rule = "KNOWN-TURN"

    def __init__(
        self, players: Sequence[str], *, seed: int = 0, options: Any = None, record: bool = True
    ) -> None:
        self.players = tuple(players)
        self.options = options or Options()
        self.moves = 2 * self.options.rounds if self.kind != "pick" else 2
        rng = random.Random(seed)
        self.coins = [rng.getrandbits(1) for _ in range(self.moves)]
        self.scores = dict.fromkeys(self.players, 0)
        self.made = 0

    kind = ""

    @property
    def to_move(self) -> str | None:
        return None if self.made >= self.moves else self.players[self.made % 2]

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def _legal(self) -> tuple[str, ...]:
        if self.is_over:
            return ()
        return ("pick 1", "pick 2", "pick 3") if self.kind == "pick" else ("move",)

    def legal_moves(self) -> LegalMoves[str]:
        return LegalMoves(self)

    def parse_move(self, text: str) -> str:
        return str(text)

    def read_move(self, text: str) -> str:
        return str(text)

    def view(self, player: str) -> View:
        return View(self.game, player, self._legal() if player == self.to_move else ())

    def make(self, move: str) -> None:
        mover = self.to_move
        assert mover is not None and move in self._legal()
        first = mover == self.players[0]
        if self.kind == "coin":
            self.scores[mover] += self.coins[self.made] * (2 if first and self.loaded else 1)
        elif self.kind == "first":
            self.scores[mover] += 2 if first else 1
        else:
            self.scores[mover] += int(move.split()[1])
        self.made += 1

    play = make

    @property
    def loaded(self) -> bool:
        return isinstance(self.options, LoadedOptions)

    def result(self) -> Result:
        top = max(self.scores.values())
        return Result(self.scores, [p for p in self.players if self.scores[p] == top])


@dataclass(frozen=True)
class LoadedOptions(Options):
    pass


def _spec(kind: str) -> GameSpec:
    game_id = f"known-{kind}"
    cls = type(f"Known{kind.title()}", (Known,), {"game": game_id, "kind": kind})
    rule_sets = ("fair", "loaded") if kind == "coin" else ("fair",)

    def options(rule_set: str | None, named: Mapping[str, Any]) -> Options:
        if kind != "coin":
            one_rule_set(game_id, "fair", rule_set)
        elif rule_set not in (None, *rule_sets):
            raise ValueError(f"{rule_set!r} is not a rule set of {game_id}")
        unknown = set(named) - {"rounds"}
        if unknown:
            raise ValueError(f"{', '.join(sorted(unknown))} is not an option of {game_id}")
        return (LoadedOptions if rule_set == "loaded" else Options)(**named)

    def bot(seen: View, rng: random.Random) -> str:
        return seen.legal_moves().now()[-1]  # the last move: "pick 3", or the one move

    return GameSpec(
        id=game_id,
        title=game_id,
        name=game_id,
        players=range(2, 3),
        default_players=2,
        seats=named_seats,
        rule_sets=rule_sets,
        options=options,
        deal=cls,
        position=cls,
        claims_module="",
        export=None,  # type: ignore[arg-type]
        simulation=Simulation(
            running=lambda game: (dict(game.scores), {}),
            record=lambda game, before: {},
            rule_set=lambda game: "loaded" if game.loaded else "fair",
            standing=Standing(lambda game: game.scores, better="higher", words="points"),
        ),
        bot=bot,
    )


COIN, FIRST, PICK = _spec("coin"), _spec("first"), _spec("pick")


@contextlib.contextmanager
def registered(*specs: GameSpec) -> Iterator[None]:
    """The games registered for the block only (the registry as it was afterwards)."""
    where, made = dict(GAMES._where), dict(GAMES._specs)
    try:
        for spec in specs:
            GAMES.register(spec)
        yield
    finally:
        GAMES._where.clear()
        GAMES._where.update(where)
        GAMES._specs.clear()
        GAMES._specs.update(made)


@pytest.fixture
def known() -> Iterator[None]:
    with registered(COIN, FIRST, PICK):
        yield
