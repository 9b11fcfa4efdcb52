"""A simulation's plan: the game, its seats, rule set, options and bots, checked once, and
each game's own seed; and a fresh game of the plan, dealt as its game's spec says."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib import arguments
from cardlib.bots import random_bot, simple_bot
from cardlib.errors import NotationError
from cardlib.games import GAMES, GameSpec, known_game

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
    history: bool = False

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed`` (63 bits, from a hash)."""
    seed, index = arguments.whole(seed, "seed"), arguments.whole(index, "index", minimum=0)
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
    history: bool = False,
) -> Plan:
    """The plan of a simulation, its arguments checked (:class:`~cardlib.errors.NotationError`,
    a :class:`ValueError`)."""
    spec = GAMES[known_game(game)]
    seed = arguments.whole(seed, "seed")
    rule_set = arguments.optional_text(rule_set, "rule_set")
    if options is not None:
        for key in arguments.mapping(options, "options"):
            arguments.text(key, "an option's name")
    history = arguments.flag(history, "history")
    if arguments.flag(full_game, "full_game") and spec.whole_game is None:
        raise NotationError(_full_game_words())
    if players is None:
        players = spec.default_players
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in spec.players:
            raise NotationError(
                f"{spec.name} is played by {spec.players.start} to {spec.players.stop - 1} "
                f"players, not {players}"
            )
        seats = spec.seats(players)
    else:
        seats = arguments.player_names(players)
    if isinstance(bots, str) or callable(bots):
        chosen: list[Any] = [bots]
    else:
        chosen = list(arguments.sequence(bots, "bots"))
        for b in chosen:
            if not (isinstance(b, str) or callable(b)):
                raise NotationError(f"a bot is a name or a function, not {arguments.shown(b)}")
    if len(chosen) == 1:
        chosen *= len(seats)
    if len(chosen) != len(seats):
        raise NotationError(f"{len(chosen)} bots for {len(seats)} seats: give one, or one a seat")
    for b in chosen:
        if isinstance(b, str) and b not in BOTS:
            raise NotationError(
                f"{b!r} is not a bot: use {', '.join(map(repr, BOTS))} or a function"
            )
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
        history,
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
