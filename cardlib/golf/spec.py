"""Six Card Golf as the rest of cardlib sees it (see :class:`cardlib.games.GameSpec`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.games import GameSpec, Simulation, Standing, one_rule_set, options_of
from cardlib.golf import export
from cardlib.golf.bot import simple_bot
from cardlib.golf.engine import MAX_PLAYERS, MIN_PLAYERS, RULE_SET, GolfGame, GolfOptions


def _options(rule_set: str | None, named: Mapping[str, Any]) -> GolfOptions:
    one_rule_set("golf", RULE_SET, rule_set)
    options: GolfOptions = options_of(GolfOptions, named)
    return options


def _running(game: GolfGame) -> tuple[dict[str, int], dict[str, int]]:
    return dict(game.scores()), {}


def _record(game: GolfGame, before: dict[str, Any]) -> dict[str, Any]:
    """Each player's column scores (GOLF-COLUMN), who went out and how the hand ended."""
    return {
        "columns": {p: [c.points for c in game.layouts[p].score().columns] for p in game.players},
        "went_out": game.went_out or "",
        "ended_by": game.ended_by or "",
    }


def _standing(game: GolfGame) -> dict[str, int]:
    """What each layout's face-up cards are worth (GOLF-COLUMN): the score the table sees,
    the hole's total once every card is turned up at the end."""
    return {p: game.visible_score(p) for p in game.players}


#: the lab's running standing: the visible score, lower is better (GOLF-COLUMN)
STANDING = Standing(_standing, better="lower", words="the face-up cards' points")

SPEC = GameSpec(
    id="golf",
    title="Six Card Golf",
    name="Golf",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    default_players=3,
    rule_sets=(RULE_SET,),
    options=_options,
    deal=GolfGame,
    position=GolfGame.from_position,
    claims_module="cardlib.golf.claims",
    export=export,
    simulation=Simulation(
        running=_running, record=_record, rule_set=lambda game: RULE_SET, standing=STANDING
    ),
    bot=simple_bot,
    widgets=("GolfTable", "LayoutScorer"),
    widget_module="cardlib.golf.widgets",
    exercises="cardlib.golf.exercises:EXERCISES",
    lab_exercises="cardlib.golf.lab_exercises:EXERCISES",
)
