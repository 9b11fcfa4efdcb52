"""Rook as the rest of cardlib sees it (see :class:`cardlib.games.GameSpec`): a simulated
game is one hand (:class:`RookHand`) unless it asks for a game to 300 (:class:`RookGame`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.games import GameSpec, Simulation, Standing, one_rule_set, options_of
from cardlib.rook import export
from cardlib.rook.bot import simple_bot
from cardlib.rook.cards import counters
from cardlib.rook.game import RookGame
from cardlib.rook.hand import RookHand
from cardlib.rook.seats import DEFAULT_PLAYERS, RULE_SET, RookOptions, team_of_seat

#: the partnerships (ROOK-TEAMS): North and South sit at even places, East and West at odd
_TEAMS = ("NS", "EW")


def _seats(n: int) -> tuple[str, ...]:
    # ROOK-TEAMS: exactly four play, partners facing each other (North and South, East and West)
    if n != len(DEFAULT_PLAYERS):
        raise ValueError(f"Rook is for four players, not {n}")
    return tuple(DEFAULT_PLAYERS)


def _options(rule_set: str | None, named: Mapping[str, Any]) -> RookOptions:
    one_rule_set("rook", RULE_SET, rule_set)
    options: RookOptions = options_of(RookOptions, named)
    return options


def _per_player(game: Any, teams: dict[str, int]) -> dict[str, int]:
    return {p: teams[team_of_seat(seat)] for seat, p in enumerate(game.players)}


def _running(game: RookHand | RookGame) -> tuple[dict[str, int], dict[str, int]]:
    """A game to 300 stopped by a cap stands at its totals; a hand at the counters taken."""
    totals = game.totals if isinstance(game, RookGame) else game.counters_taken()
    teams = {str(t): int(v) for t, v in totals.items()}
    return _per_player(game, teams), teams


def _before(game: RookHand | RookGame) -> dict[str, Any]:
    """The counters in the nest as dealt: the bidder's exchange changes it (ROOK-NEST)."""
    return {"nest_dealt": counters(game.nest)} if isinstance(game, RookHand) else {}


def _record(game: RookHand | RookGame, before: dict[str, Any]) -> dict[str, Any]:
    """A game to 300: each hand's contract and whether it was made; a hand: its contract,
    the counters each team took, the nest as dealt and as laid aside, who took it."""
    if isinstance(game, RookGame):
        return {
            "hands": game.hands_played,
            "bids": [s.bid for s in game.scores],
            "bidders": [s.bidders.value for s in game.scores],
            "made": [s.made for s in game.scores],
        }
    taken = game.counters_taken()
    contract = game.score
    return {
        "bidder": game.bidder or "",
        "bidders": "" if contract is None else contract.bidders.value,
        "bid": game.bid or 0,
        "made": None if contract is None else contract.made,
        "taken": {t: taken[t] for t in _TEAMS},
        "nest_dealt": before.get("nest_dealt", 0),
        "nest_laid": counters(game.nest) if game.is_over else 0,
        "nest_to": game.nest_to or "",
        "thrown_in": game.thrown_in,
    }


def _hands(game: RookHand | RookGame) -> int:
    return game.hands_played if isinstance(game, RookGame) else 0


def _standing(game: RookHand | RookGame) -> dict[str, int]:
    """Each player's team's points: in a hand, the counters taken so far (ROOK-COUNT);
    in a game to 300, the game's totals and the counters of the hand being played."""
    if isinstance(game, RookGame):
        hand = {"NS": 0, "EW": 0} if game.is_over else game.hand.counters_taken()
        return _per_player(game, {t: game.totals[t] + hand[t] for t in _TEAMS})
    return _per_player(game, game.counters_taken())


#: the lab's running standing: the team's points, more is better
STANDING = Standing(
    _standing,
    better="higher",
    words="the team's points",
    sides=lambda game: [_TEAMS.index(team_of_seat(seat)) for seat in range(len(game.players))],
)

SPEC = GameSpec(
    id="rook",
    title="Rook",
    name="Rook",
    players=range(4, 5),
    default_players=4,
    seats=_seats,
    rule_sets=(RULE_SET,),
    options=_options,
    deal=RookHand,
    whole_game=RookGame,
    whole_game_words="a game to 300",
    position=RookHand.from_position,
    claims_module="cardlib.rook.claims",
    export=export,
    simulation=Simulation(
        running=_running,
        record=_record,
        rule_set=lambda game: RULE_SET,
        before=_before,
        hands=_hands,
        standing=STANDING,
    ),
    bot=simple_bot,
    widgets=("BiddingPanel", "RookTable", "TrickTrainer"),
    widget_module="cardlib.rook.widgets",
    exercises="cardlib.rook.exercises:EXERCISES",
)
