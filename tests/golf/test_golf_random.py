"""Random complete hands (seeded, 2-4 players, every option) with invariants at every step."""

from __future__ import annotations

import random

import pytest

from cardlib import RuleViolation
from cardlib.bots import random_bot
from cardlib.golf import GolfGame, GolfMove, simple_bot
from tests.golf.invariants import NAMES, OPTIONS, check, snapshot


def play_out(game: GolfGame, rng: random.Random, chooser) -> int:
    steps = 0
    while not game.is_over:
        check(game)
        move = chooser(game.view(game.to_move), rng)
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
    check(game)
    with pytest.raises(RuleViolation):
        game.play("draw")
    return steps


@pytest.mark.parametrize("players", [2, 3, 4], ids=lambda n: f"{n}p")
def test_bots_finish_hands_and_score_lower_than_random_play(players):
    bot_total = random_total = 0
    for seed in range(15):
        bots = GolfGame(NAMES[:players], options=OPTIONS["reshuffle"], seed=seed)
        play_out(bots, random.Random(seed), simple_bot)
        bot_total += sum(bots.result().values())
        rand = GolfGame(NAMES[:players], options=OPTIONS["reshuffle"], seed=seed)
        play_out(rand, random.Random(seed), random_bot)
        random_total += sum(rand.result().values())
    assert bot_total < random_total


def test_odd_input_raises_only_cardlib_errors():
    from cardlib import NotationError

    game = GolfGame(NAMES[:2], seed=1)
    for odd in ([], None, 7, "flip " + "9" * 5000, "replace", GolfMove):
        assert odd not in game.legal_moves()
        with pytest.raises(NotationError):
            game.play(odd)  # type: ignore[arg-type]
    for who in ([], {}, 3, "Zed"):
        with pytest.raises(NotationError):
            game.play("flip TL", player=who)  # type: ignore[arg-type]
    with pytest.raises(NotationError) as err:
        GolfMove.parse("flip " + "9" * 5000)
    assert len(str(err.value)) < 200
    with pytest.raises(NotationError):
        GolfMove("flip", 3)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        GolfMove([], None)  # type: ignore[arg-type]
