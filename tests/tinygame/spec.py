"""Tiny's spec: everything the generic code needs, rules of its own included (they are
not in the course's catalogue)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.catalogue import Rule
from cardlib.errors import InputError
from cardlib.games import PROBE, GameSpec, Simulation, one_rule_set
from tests.tinygame.engine import TinyGame, TinyView

RULE_SET = "tiny"


def _rule(rule_id: str, title: str, text: str) -> Rule:
    return Rule(rule_id, "tiny", title, text, ("the test suite",), (RULE_SET,))


RULES = {
    r.id: r
    for r in (
        _rule("TINY-TURN", "In turn", "Players play in turn, one card each."),
        _rule("TINY-HOLD", "Your own card", "A player plays a card from their own hand."),
        _rule("TINY-SCORE", "Highest wins", "A card scores its number; the highest wins."),
    )
}


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


def _validate(doc: Any) -> None:
    for key, kind in (("players", list), ("setup", dict), ("steps", list)):
        if not isinstance(doc.get(key), kind):
            raise InputError.at([key], "INPUT-SCHEMA", f"a Tiny example needs {key}:")


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
    validate=_validate,
    rules=RULES,
)
