"""Tiny's spec: everything the generic code needs.  Its rules are its folder's
``catalogue.yaml``, found as a shipped game's are (the spec names none)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.games import PROBE, GameSpec, Simulation, one_rule_set
from tests.tinygame.engine import TinyGame, TinyView

RULE_SET = "tiny"


class _Export:
    @staticmethod
    def header(game: TinyGame) -> dict[str, Any]:
        return {}

    @staticmethod
    def position(game: TinyGame) -> dict[str, Any]:
        return {"position": {"hands": dict(game.hands), "to_move": game.to_move}}

    @staticmethod
    def earlier(game: TinyGame) -> list[tuple[str, str]]:
        return []

    @staticmethod
    def after(event: Any, game: TinyGame) -> dict[str, Any]:
        return {"score": {event.player: PROBE}}

    @staticmethod
    def final(game: TinyGame) -> dict[str, Any]:
        return {"over": PROBE, "score": dict.fromkeys(game.players, PROBE)}


def _options(rule_set: str | None, named: Mapping[str, Any]) -> None:
    one_rule_set("tiny", RULE_SET, rule_set)
    if named:
        raise ValueError(f"Tiny has no options: {', '.join(named)}")


def _bot(seen: TinyView, rng: Any) -> str:
    """Play the highest card (from the player's view, as every bot)."""
    return max(seen.legal_moves(), key=lambda m: int(m.split()[1]))


SPEC = GameSpec(
    id="tiny",
    title="Tiny",
    name="Tiny",
    players=range(2, 4),
    default_players=2,
    rule_sets=(RULE_SET,),
    options=_options,
    deal=TinyGame,
    position=TinyGame.from_position,
    claims_module="tests.tinygame.claims",
    export=_Export(),
    simulation=Simulation(
        running=lambda game: (dict(game.scores), {}),
        record=lambda game, before: {"left": sum(map(len, game.hands.values()))},
        rule_set=lambda game: RULE_SET,
    ),
    bot=_bot,
    widgets=("TinyTable",),
    widget_module="tests.tinygame.widgets",
    exercises="tests.tinygame.exercises:EXERCISES",
)
