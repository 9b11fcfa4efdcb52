"""Tiny's worked-example claims: ``score`` (player -> points) and ``over``."""

from __future__ import annotations

from typing import Any

from cardlib.claims import about, about_each_player
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


def _game(state: TinyGame, path: tuple[Any, ...]) -> TinyGame:
    """What every claim is about: the game (Tiny has no matches or refused setups to claim)."""
    return state


CLAIMS = {
    "score": about_each_player(_game, "TINY-SCORE", "the score", lambda g, p: g.scores[p]),
    "over": about(_game, "TINY-TURN", "whether the game is over", lambda g: g.is_over),
}
