"""A seat's view holds only what that player may know, and bots are given views (issue 18).

For random positions of every game, each player's view is walked through everything it
holds (fields, containers, and the closures of the functions it keeps): no card may be
reachable that the player cannot see, and neither may the game itself.  A bot that is
handed a view can therefore not peek, however it is written.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardlib.bots import ask, random_bot, simple_bot
from cardlib.errors import RuleViolation
from cardlib.game import SeatView
from cardlib.gofish import GoFishGame, GoFishOptions
from cardlib.golf import GolfGame, GolfOptions
from cardlib.rook import RookGame, RookHand
from tests.support.seats import cards_in, reachable


def golf_known(game: GolfGame, player: str) -> set[Any]:
    known = {
        c for lay in game.layouts.values() for c, up in zip(lay.cards, lay.up, strict=True) if up
    }
    known |= set(game.discard)
    if game.holding is not None and (player == game.to_move or game.held_from == "discard"):
        known.add(game.holding)
    return known


def gofish_known(game: GoFishGame, player: str) -> set[Any]:
    return set(game.hand(player))


def rook_known(hand: RookHand, player: str) -> set[Any]:
    known = set(hand.hand_of(player))
    known |= {c for trick in hand.tricks for c in trick.cards}
    known |= {c for _, c in hand.current_trick}
    if (player == hand.bidder and hand.phase != "nest") or hand.nest_to is not None:
        known |= set(hand.nest)
    return known


GAMES = {
    "golf": (
        lambda s: GolfGame(
            ["Ann", "Ben", "Cy"], seed=s, options=GolfOptions(stock_out="reshuffle")
        ),
        golf_known,
    ),
    "go-fish": (
        lambda s: GoFishGame(
            ["Ann", "Ben", "Cy"], seed=s, options=GoFishOptions(rule_set="bicycle")
        ),
        gofish_known,
    ),
    "rook-hand": (lambda s: RookHand(seed=s), rook_known),
    "rook-game": (lambda s: RookGame(seed=s), lambda g, p: rook_known(g.hand, p)),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_view_holds_only_what_its_player_may_know(name: str) -> None:
    make, known = GAMES[name]
    for seed in range(6):
        game = make(seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.is_over:
                break
            for player in game.players:
                view = game.view(player)
                assert isinstance(view, SeatView)
                held = list(reachable(view))
                assert not any(o is game for o in held), f"{name}: the view holds the game"
                leaked = cards_in(view) - known(game, player)
                assert not leaked, (
                    f"{name} step {step}: {player} could see {sorted(map(str, leaked))}"
                )
                assert (len(view.legal_moves()) > 0) == (player == game.to_move)
            game.play(ask(random_bot, game, rng))


def test_the_check_can_find_a_leak() -> None:
    """The walk above reaches what a careless view would keep: the game, another hand."""
    game = GoFishGame(["Ann", "Ben", "Cy"], seed=1)
    careless = {"me": game.view("Ann"), "oops": (lambda: game)}
    assert any(o is game for o in reachable(careless))
    leaky = {"mine": game.hand("Ann"), "theirs": game.hand("Ben")}
    assert cards_in(leaky) - gofish_known(game, "Ann")


def test_a_bot_is_given_the_view_of_the_player_to_move() -> None:
    given = []

    def spy(seen: Any, rng: random.Random) -> Any:
        given.append(seen)
        return random_bot(seen, rng)

    game = GolfGame(["Ann", "Ben"], seed=2)
    for _ in range(10):
        game.play(ask(spy, game, random.Random(1)))
    assert all(isinstance(v, SeatView) and not isinstance(v, GolfGame) for v in given)
    assert [v.player for v in given] == [v.to_move for v in given]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_seat_with_no_move_carries_the_refusal_play_gives_and_a_bot_raises_it(
    name: str,
) -> None:
    """A view has a refusal exactly when its player has no move to make (another's turn,
    the game over): the refusal ``play`` raises for a move of theirs, from its rule's
    function, and the one a bot given the view raises, instead of composing its own."""
    make, _ = GAMES[name]
    for seed in range(2):
        game = make(seed)
        rng = random.Random(seed)
        for _ in range(300):
            listed = game.legal_moves().now()
            tried = listed[0] if listed else game.history[-1][1]  # the mover's, or the last
            for player in game.players:
                view = game.view(player)
                assert (view.refusal is None) == (player == game.to_move), player
                if view.refusal is None:
                    continue
                said = (view.refusal.rule, view.refusal.reason)
                with pytest.raises(RuleViolation) as played:
                    game.play(tried, player=player)
                assert (played.value.rule, played.value.message) == said
                for bot in (random_bot, simple_bot):
                    with pytest.raises(RuleViolation) as raised:
                        bot(view, rng)
                    assert (raised.value.rule, raised.value.message) == said
            if game.is_over:
                with pytest.raises(RuleViolation) as raised:
                    ask(random_bot, game, rng)
                assert raised.value.rule == game.end_rule
                break
            game.make(rng.choice(listed))
