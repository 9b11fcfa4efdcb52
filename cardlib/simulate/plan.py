"""A simulation's plan: the game, its seats, rule set, options and bots, checked once, and
each game's own seed; and a fresh game of the plan, dealt as its game's spec says."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.bots import random_bot, simple_bot
from cardlib.games import GAMES, GameSpec

BOTS: dict[str, Callable[[Any, random.Random], Any]] = {
    "random": random_bot,
    "simple": simple_bot,
}


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything a worker needs to play games ``start``..``stop`` of a simulation."""

    game: str
    seed: int
    seats: tuple[str, ...]
    rule_set: str | None
    options: tuple[tuple[str, Any], ...]
    bots: tuple[Any, ...]
    max_moves: int
    full_game: bool
    max_hands: int

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed`` (63 bits, from a hash)."""
    digest = hashlib.blake2b(f"cardlib/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def plan(
    game: str,
    seed: int,
    players: int | Sequence[str] | None,
    rule_set: str | None,
    options: Mapping[str, Any] | None,
    bots: Sequence[str | Callable[[Any, random.Random], Any]]
    | str
    | Callable[[Any, random.Random], Any],
    max_moves: int,
    full_game: bool,
    max_hands: int,
) -> Plan:
    """The plan of a simulation, its arguments checked (:class:`ValueError`)."""
    if game not in GAMES:
        raise ValueError(f"{game!r} is not a game: use {', '.join(map(repr, GAMES))}")
    spec = GAMES[game]
    if full_game and spec.whole_game is None:
        raise ValueError(_full_game_words())
    if players is None:
        players = spec.default_players
    seats = spec.seats(players) if isinstance(players, int) else tuple(players)
    chosen = [bots] if isinstance(bots, str) or callable(bots) else list(bots)
    if len(chosen) == 1:
        chosen *= len(seats)
    if len(chosen) != len(seats):
        raise ValueError(f"{len(chosen)} bots for {len(seats)} seats: give one, or one a seat")
    for b in chosen:
        if isinstance(b, str) and b not in BOTS:
            raise ValueError(f"{b!r} is not a bot: use {', '.join(map(repr, BOTS))} or a function")
    return Plan(
        game,
        int(seed),
        seats,
        rule_set,
        tuple(sorted((options or {}).items())),
        tuple(chosen),
        max_moves,
        full_game,
        max_hands,
    )


def _full_game_words() -> str:
    """``full_game is for Rook (a game to 300); a Golf or Go Fish game is one deal``: the
    games that have a game of several hands, and those that do not."""
    whole = [s for s in GAMES.values() if s.whole_game is not None]
    one = [s.name for s in GAMES.values() if s.whole_game is None]
    said = " or ".join(f"{s.name} ({s.whole_game_words})" for s in whole)
    return f"full_game is for {said}; a {_or(one)} game is one deal"


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def check_runs(plan: Plan) -> None:
    """Set up one game here, so that a bad rule set or option is reported at once."""
    new_game(plan, 0)


def new_game(plan: Plan, seed: int) -> Any:
    """A fresh game of the plan, keeping no move log (a simulation reads none)."""
    spec = plan.spec
    options = spec.options(plan.rule_set, dict(plan.options))
    deal = spec.whole_game if plan.full_game and spec.whole_game is not None else spec.deal
    return deal(plan.seats, seed=seed, options=options, record=False)
