"""Tiny's own invariants for the random-play test: the six cards are conserved (in a hand
or scored) and the scores are the cards played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.support.listing import listing
from tests.tinygame.engine import CARDS, TinyGame

CONFIGS = {
    "two": lambda seed: TinyGame(["Ann", "Ben"], seed=seed),
    "three": lambda seed: TinyGame(["Ann", "Ben", "Cy"], seed=seed),
}


def check(game: TinyGame, legal: Sequence[str] | None = None) -> None:
    """The six cards conserved, each once, and moves listed exactly while the game is on
    (``legal``: the position's listing, if the caller has it; asked for once otherwise)."""
    held = sorted(c for h in game.hands.values() for c in h)
    assert sum(game.scores.values()) + sum(held) == sum(CARDS)
    assert len(set(held)) == len(held)
    moves = listing(game) if legal is None else legal
    assert (len(moves) == 0) == game.is_over, "moves exactly while the game is on"


def snapshot(game: TinyGame) -> Any:
    return ({p: list(h) for p, h in game.hands.items()}, dict(game.scores), game.to_move)


def candidates(game: TinyGame, rng: object) -> list[str]:
    """Every card played, one that does not exist, and a word that is no move."""
    return [*(f"play {c}" for c in CARDS), "play 9", "pass"]
