"""Random complete hands (seeded, 2-4 players, every option) with invariants at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlib import RuleViolation, standard_deck
from cardlib.bots import random_bot
from cardlib.golf import GolfGame, GolfOptions, golf_bot, score_layout

OPTIONS = {
    "base-no-house-rule": GolfOptions(),
    "reshuffle": GolfOptions(stock_out="reshuffle"),
    "stock-out-ends": GolfOptions(stock_out="end"),
    "extra-flip": GolfOptions(stock_out="reshuffle", extra_flip=True),
    "last-turns": GolfOptions(stock_out="reshuffle", last_turns=True),
}
NAMES = ["Ann", "Ben", "Cy", "Di"]


def all_cards(game: GolfGame) -> Counter:
    held = [game.holding] if game.holding else []
    return Counter(
        game.stock + game.discard + held + [c for lay in game.layouts.values() for c in lay.cards]
    )


def snapshot(game: GolfGame) -> tuple:
    return (
        game.stock,
        game.discard,
        {p: (lay.cards, lay.up) for p, lay in game.layouts.items()},
        game.phase,
        game.to_move,
        game.holding,
        game.scores(),
    )


def check_invariants(game: GolfGame) -> None:
    assert all_cards(game) == Counter(standard_deck()), "every card exactly once"
    for p, lay in game.layouts.items():
        assert game.scores()[p] == score_layout(lay.cards).total, "running score == recomputed"
        assert -6 <= game.scores()[p] <= 60
    if game.is_over:
        assert len(game.legal_moves()) == 0 and game.to_move is None
        assert all(all(lay.up) for lay in game.layouts.values())
    else:
        assert len(game.legal_moves()) > 0


def play_out(game: GolfGame, rng: random.Random, chooser) -> int:
    steps = 0
    while not game.is_over:
        check_invariants(game)
        move = chooser(game, rng)
        mover = game.to_move
        # only the player to move may move
        other = next(p for p in game.players if p != mover)
        before = snapshot(game)
        with pytest.raises(RuleViolation) as err:
            game.play(move, player=other)
        assert err.value.rule == "GOLF-ORDER" and snapshot(game) == before
        if steps % 11 == 0:  # a copy behaves like the original
            twin = game.copy()
            twin.play(move)
            game.play(move, player=mover)
            assert snapshot(twin) == snapshot(game)
        else:
            game.play(move, player=mover)
        steps += 1
        assert steps < 5000, "a hand must end"
    check_invariants(game)
    with pytest.raises(RuleViolation):
        game.play("draw")
    return steps


@pytest.mark.parametrize("players", [2, 3, 4], ids=lambda n: f"{n}p")
@pytest.mark.parametrize("option", list(OPTIONS), ids=str)
@pytest.mark.parametrize("seed", range(3), ids=lambda s: f"seed{s}")
def test_random_hands_keep_every_invariant(players, option, seed):
    game = GolfGame(NAMES[:players], options=OPTIONS[option], seed=seed)
    play_out(game, random.Random(seed), random_bot)
    # replaying the history from the same seed gives the same hand
    again = GolfGame(NAMES[:players], options=OPTIONS[option], seed=seed)
    for player, move in game.history:
        again.play(move, player=player)
    assert snapshot(again) == snapshot(game)


@pytest.mark.parametrize("players", [2, 3, 4], ids=lambda n: f"{n}p")
def test_bots_finish_hands_and_score_lower_than_random_play(players):
    bot_total = random_total = 0
    for seed in range(15):
        bots = GolfGame(NAMES[:players], options=OPTIONS["reshuffle"], seed=seed)
        play_out(bots, random.Random(seed), golf_bot)
        bot_total += sum(bots.result().values())
        rand = GolfGame(NAMES[:players], options=OPTIONS["reshuffle"], seed=seed)
        play_out(rand, random.Random(seed), random_bot)
        random_total += sum(rand.result().values())
    assert bot_total < random_total
