"""Playing the games of a simulation: the bots move until the game ends or a cap stops
it, and the game's row is read from the protocol's result and its plan's simulation."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardlib.errors import CardlibError, SimulationError
from cardlib.simulate.plan import BOTS, Plan, game_seed, new_game
from cardlib.simulate.rows import Row


class BotFailed(SimulationError, ValueError):
    """A bot raised an exception, or chose a move the rules refuse (the message says which
    bot, for whom, in which game)."""


def _bot_name(bot: Any) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "__name__", repr(bot))


def play_batch(plan: Plan, start: int, stop: int) -> list[Row]:
    """Games ``start``..``stop`` of a simulation (what an executor does with one batch)."""
    rows, error = played(plan, start, stop)
    if error is not None:
        raise error
    return rows


def played(plan: Plan, start: int, stop: int) -> tuple[list[Row], Exception | None]:
    """The rows of games ``start``..``stop``, or of those before the first that fails and
    what it raised."""
    bots = [BOTS[b] if isinstance(b, str) else b for b in plan.bots]
    names = tuple(_bot_name(b) for b in plan.bots)
    rows: list[Row] = []
    try:
        for i in range(start, stop):
            rows.append(_play_one(plan, i, bots, names))
    except Exception as e:  # handed on as it is, with the rows before it
        return rows, e
    return rows, None


def _play_one(plan: Plan, index: int, bots: list[Any], names: tuple[str, ...]) -> Row:
    seed = game_seed(plan.seed, index)
    game = new_game(plan, seed)
    rng = random.Random(seed + 1)
    bot_of = dict(zip(plan.seats, bots, strict=True))
    row = plan.spec.simulation
    before = row.before(game)
    first = game.to_move
    decisions = 0
    capped = False
    course = _Course(plan, game) if plan.history else None
    for mover in _movers(game):
        if decisions >= plan.max_moves or row.hands(game) >= plan.max_hands:
            capped = True
            break
        if course is not None:
            course.before(game, mover)
        try:
            move = bot_of[mover](game.view(mover), rng)
        except Exception as e:  # a bot is any function: say whose it was, and where
            raise BotFailed(
                f"the bot {names[plan.seats.index(mover)]} failed for {mover} in game {index} "
                f"(seed {seed}): {type(e).__name__}: {e}"
            ) from None
        try:
            game.make(move)  # the trusted path: a listed move is not judged again
        except CardlibError as e:
            raise BotFailed(
                f"the bot {names[plan.seats.index(mover)]} chose {move!r} for {mover} in game "
                f"{index} (seed {seed}), which the rules refuse: {e}"
            ) from None
        decisions += 1
        if course is not None:
            course.after(game, decisions)
    winners: tuple[str, ...] = ()  # none when a cap stopped the game
    if capped:  # where the game stood
        scores, teams = row.running(game)
    else:
        scores, winners, teams = _outcome(game)
    return Row(
        index=index,
        seed=seed,
        game=plan.game,
        rule_set=row.rule_set(game),
        seats=plan.seats,
        bots=names,
        first=first or "",
        decisions=decisions,
        capped=capped,
        winners=winners,
        scores=scores,
        teams=teams,
        record=row.record(game, before),
        history=None if course is None else course.done(game),
    )


class _Course:
    """A game's course, kept move by move when a simulation asks for it: who moved (a digit
    a decision, the seat's place), how many legal moves they had, and each seat's standing
    (the spec's :class:`~cardlib.games.Standing`) where it changed, and in a partnership game
    each seat's side: a few small lists."""

    __slots__ = ("choices", "last", "movers", "seats", "sides", "standing", "standings")

    def __init__(self, plan: Plan, game: Any) -> None:
        self.seats = {p: str(i) for i, p in enumerate(plan.seats)}
        self.movers: list[str] = []
        self.choices: list[int] = []
        self.standing = plan.spec.simulation.standing
        self.standings: list[list[int]] = []
        self.last: list[int] | None = None
        sides = None if self.standing is None else self.standing.sides
        self.sides = None if sides is None else [int(s) for s in sides(game)]
        self.after(game, 0)

    def before(self, game: Any, mover: str) -> None:
        self.movers.append(self.seats[mover])
        self.choices.append(game.legal_moves().count())

    def after(self, game: Any, decisions: int) -> None:
        if self.standing is None:
            return
        now = self.standing.of(game)
        values = [int(now[p]) for p in self.seats]
        if values != self.last:
            self.standings.append([decisions, *values])
            self.last = values

    def done(self, game: Any) -> dict[str, Any]:
        kept: dict[str, Any] = {
            "movers": "".join(self.movers),
            "choices": self.choices,
            "standing": self.standings,
        }
        if self.sides is not None:
            kept["sides"] = self.sides
        return kept


def _movers(game: Any) -> Iterator[str]:
    while True:
        mover = game.to_move
        if mover is None:
            return
        yield mover


def _outcome(game: Any) -> tuple[dict[str, int], tuple[str, ...], dict[str, int]]:
    """(per player, winners, per team) of a finished game, from its :class:`~cardlib.game.Result`."""
    result = game.result()
    return dict(result), tuple(result.winners), dict(result.teams)
