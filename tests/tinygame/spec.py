"""Tiny's spec: everything the generic code needs.  Its rules are its folder's
``catalogue.yaml``, found as a shipped game's are (the spec names none)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.errors import InputError
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


def _refuse(path: list[Any], words: str) -> None:
    raise InputError.at(path, "INPUT-SCHEMA", words)


def _validate(doc: Any) -> None:
    """Tiny's own check of an example's shape (until its schema part replaces it): each
    problem one INPUT-SCHEMA line, at the value refused."""
    for key, kind in (("players", list), ("setup", dict), ("steps", list)):
        if not isinstance(doc.get(key), kind):
            _refuse([key], f"a Tiny example needs {key}:")
    if not all(isinstance(p, str) for p in doc["players"]):
        _refuse(["players"], "the players are names")
    setup = doc["setup"]
    if len(setup) != 1 or not all(isinstance(v, dict) for v in setup.values()):
        _refuse(["setup"], "a Tiny setup is one deal: {seed: N} or position: {hands:, to_move:}")
    ((kind, given),) = setup.items()
    fields = {"deal": {"seed": int}, "position": {"hands": dict, "to_move": str}}.get(kind, {})
    for name, shape in fields.items():
        if not isinstance(given.get(name), shape) or isinstance(given.get(name), bool):
            _refuse(["setup", kind], f"{kind}: needs {name}: ({shape.__name__})")
    for player, hand in given.get("hands", {}).items():
        if not (isinstance(hand, list) and all(type(c) is int for c in hand)):
            _refuse(["setup", kind, "hands", player], "a hand is a list of numbers")
    for i, step in enumerate(doc["steps"]):
        if not isinstance(step, dict):
            _refuse(["steps", i], "a step is a mapping: a move, expect:, illegal:, note:")
        for key, value in step.items():
            if key == "expect":
                _claims(value, ["steps", i, key])
            elif not isinstance(value, str):
                _refuse(["steps", i, key], f"{key}: is text")


def _claims(expect: Any, path: list[Any]) -> None:
    """``expect:``: ``score`` (player -> a whole number) and ``over`` (true or false)."""
    if not isinstance(expect, dict):
        _refuse(path, "expect: is a mapping of claims (score:, over:)")
    shapes = {
        "score": lambda v: isinstance(v, dict) and all(type(n) is int for n in v.values()),
        "over": lambda v: type(v) is bool,
    }
    for claim, value in expect.items():
        if not shapes.get(claim, lambda v: False)(value):
            _refuse([*path, claim], f"{claim}: is not a Tiny claim of that form (score:, over:)")


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
    widgets=("TinyTable",),
    widget_module="tests.tinygame.widgets",
    exercises="tests.tinygame.exercises:EXERCISES",
)
