"""Go Fish as the rest of cardlib sees it (see :class:`cardlib.games.GameSpec`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.games import GameSpec, Simulation, Standing, options_of
from cardlib.gofish import export
from cardlib.gofish.bot import simple_bot
from cardlib.gofish.engine import GoFishGame
from cardlib.gofish.options import MAX_PLAYERS, MIN_PLAYERS, RULE_SETS, GoFishOptions


def _options(rule_set: str | None, named: Mapping[str, Any]) -> GoFishOptions:
    # the rule set is a field of Go Fish's options, which refuse one it does not know
    both = dict(named) if rule_set is None else {**named, "rule_set": rule_set}
    options: GoFishOptions = options_of(GoFishOptions, both)
    return options


def _running(game: GoFishGame) -> tuple[dict[str, int], dict[str, int]]:
    return dict(game.book_counts()), {}


def _record(game: GoFishGame, before: dict[str, Any]) -> dict[str, Any]:
    """Each player's books (GF-BOOK), how the game ended and the cards left in the stock."""
    return {
        "books": {p: [str(r) for r in rs] for p, rs in game.books.items()},
        "ended_by": game.ended_by or "",
        "stock": game.stock_size,
    }


#: the lab's running standing: the books each player has made (GF-BOOK), more is better
STANDING = Standing(lambda game: game.book_counts(), better="higher", words="books made")

SPEC = GameSpec(
    id="go-fish",
    title="Go Fish",
    name="Go Fish",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    default_players=3,
    rule_sets=RULE_SETS,
    options=_options,
    deal=GoFishGame,
    position=GoFishGame.from_position,
    claims_module="cardlib.gofish.claims",
    export=export,
    simulation=Simulation(
        running=_running,
        record=_record,
        rule_set=lambda game: str(game.options.rule_set),
        standing=STANDING,
    ),
    bot=simple_bot,
    widgets=("AskSandbox", "GoFishTable"),
    widget_module="cardlib.gofish.widgets",
    exercises="cardlib.gofish.exercises:EXERCISES",
    lab_exercises="cardlib.gofish.lab_exercises:EXERCISES",
)
