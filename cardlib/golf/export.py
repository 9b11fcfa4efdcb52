"""Which claims an exported Golf game makes (see :mod:`cardlib.export`): after each turn's
placing move, the top of the discard pile and what the mover's face-up cards are worth;
at the end of the hand, every column's score and every player's score."""

from __future__ import annotations

from typing import Any

from cardlib.errors import ExportError
from cardlib.games import PROBE, changed_options
from cardlib.golf.engine import COLUMNS, GolfGame, GolfOptions

_DEFAULTS = GolfOptions()


def header(game: GolfGame) -> dict[str, Any]:
    options = changed_options(game.options, _DEFAULTS)
    return {"options": options} if options else {}


def position(game: GolfGame) -> dict[str, Any]:
    raise ExportError("a Golf table is saved from its deal, with its seed")


def earlier(game: GolfGame) -> list[tuple[str, str]]:
    """No moves: the position is the game as it stands."""
    return []


def after(event: Any, game: GolfGame) -> dict[str, Any]:
    if event.move.kind not in ("replace", "discard") or game.is_over:
        return {}
    return {"discard_top": None, "visible_score": {event.player: PROBE}}


def final(game: GolfGame) -> dict[str, Any]:
    if not game.is_over:
        return {"visible_score": {p: PROBE for p in game.players}}
    return {
        "over": PROBE,
        "columns": {p: dict.fromkeys(COLUMNS, PROBE) for p in game.players},
        "score": {p: PROBE for p in game.players},
    }
