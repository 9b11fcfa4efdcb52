"""Tiny's worked-example claims: ``score`` (player -> points) and ``over``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardlib.claims import ClaimResult, compare
from cardlib.errors import InputError
from tests.tinygame.engine import TinyGame


def start(doc: Any) -> TinyGame:
    players = [str(p) for p in doc["players"]]
    ((kind, setup),) = doc["setup"].items()
    if kind == "deal":
        return TinyGame(players, seed=int(setup["seed"]))
    if kind == "position":
        return TinyGame.from_position(players, setup["hands"], setup["to_move"])
    raise InputError.at(["setup"], "INPUT-SCHEMA", f"{kind}: a Tiny setup is a deal or a position")


def _score(game: TinyGame, value: Any, path: tuple[Any, ...]) -> Iterator[ClaimResult]:
    for player, claimed in value.items():
        actual = game.scores[str(player)]
        yield compare((*path, player), "TINY-SCORE", f"{player}'s score", claimed, actual)


def _over(game: TinyGame, value: Any, path: tuple[Any, ...]) -> Iterator[ClaimResult]:
    yield compare(path, "TINY-TURN", "the game is over", value, game.is_over)


CLAIMS = {"score": _score, "over": _over}
