"""Random complete games (seeded) for every rule set and variant, 2 to 6 players where the
rule set defines a deal, with invariants checked at every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlib import NotationError, RuleViolation
from cardlib.gofish import GoFishGame, GoFishOptions, simple_bot
from tests.gofish import invariants as invariants_gofish

NAMES = list(invariants_gofish.NAMES)
snapshot = invariants_gofish.snapshot
VARIANTS = invariants_gofish.VARIANTS


def random_move(seen, rng: random.Random):
    return rng.choice(seen.legal_moves())


def play_out(game: GoFishGame, rng: random.Random, chooser=random_move) -> int:
    steps = 0
    while not game.is_over:
        invariants_gofish.check(game)
        move = chooser(game.view(game.to_move), rng)
        mover = game.to_move
        other = rng.choice([p for p in game.players if p != mover])
        before = snapshot(game)
        with pytest.raises(RuleViolation) as err:  # only the player to move may ask
            game.play(move, player=other)
        assert err.value.rule in ("GF-FIRST", "GF-NEXT")
        assert snapshot(game) == before
        twin = game.copy()
        event = game.play(move, player=mover)
        assert event.player == mover and event.move == move
        invariants_gofish.check_event(game, event)
        assert twin.play(move) == event, "a copy behaves like the original"
        assert snapshot(twin) == snapshot(game)
        steps += 1
        assert steps < 2000, "a game that does not end"
    invariants_gofish.check(game)
    invariants_gofish.check_end(game)
    with pytest.raises(RuleViolation) as err:
        game.play(game.history[-1][1])
    assert err.value.rule == game.ended_by
    return steps


@pytest.mark.parametrize("rule_set", ["pagat", "bicycle", "gamerules"])
def test_simple_bot_games_end_and_keep_every_invariant(rule_set):
    options = GoFishOptions(rule_set=rule_set)
    for seed in range(3):
        game = GoFishGame(NAMES[:4], options=options, seed=seed)
        play_out(game, random.Random(seed), simple_bot)


def test_every_ending_is_reached():
    """Over many seeds each end of each rule set actually happens (the tests above see them)."""
    endings: Counter = Counter()
    for seed in range(40):
        for options in (
            GoFishOptions(),
            GoFishOptions(rule_set="bicycle"),
            GoFishOptions(keep_playing=True),
        ):
            game = GoFishGame(NAMES[:3], options=options, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            last = game.log[-1].text
            reason = (
                "stock"
                if "stock is exhausted, so" in last
                else "hand"
                if "hand is empty" in last
                else "books"
            )
            endings[options.rule_set, options.keep_playing, reason] += 1
    assert endings[("pagat", False, "stock")] and endings[("pagat", False, "hand")]
    assert endings[("pagat", True, "books")]
    assert set(endings) >= {("bicycle", False, "books")}
    # Bicycle's game and the keep-playing variation end only with all 13 books (issue 10)
    assert not any((k[0] == "bicycle" or k[1]) and k[2] != "books" for k in endings)


@pytest.mark.parametrize(
    "options",
    [
        GoFishOptions(rule_set="pagat", keep_playing=True),
        GoFishOptions(rule_set="gamerules", keep_playing=True),
        GoFishOptions(rule_set="bicycle"),
    ],
    ids=["pagat-keep-playing", "gamerules-keep-playing", "bicycle"],
)
def test_keep_playing_reaches_13_books_in_1000_random_games(options):
    for seed in range(1000):
        game = GoFishGame(NAMES[: 3 + seed % 3], options=options, seed=seed, record=False)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        assert game.ended_by == "GF-END-ALL-BOOKS" and sum(game.result().values()) == 13, seed
        assert game.log == [] and game.last_event is not None  # record=False keeps no log


def test_the_issue_10_position_plays_on_under_keep_playing():
    game = GoFishGame.from_position(
        ["Lin", "An", "Mei"],
        {"Lin": ["8S", "3C"], "An": ["8H"], "Mei": ["2C", "JD"]},
        options=GoFishOptions(keep_playing=True),
        stock=["4H"],
        to_move="Lin",
    )
    game.play("ask An 8")
    assert not game.is_over and game.to_move == "Lin" and game.hand("An") == []
    event = game.play("ask Mei 3")
    assert [f.kind for f in event.facts] == ["ask", "fish", "lucky-draw", "turn", "empty-draw"]
    assert game.to_move == "An" and game.turn_rule == "GF-EMPTY-DRAW" and len(game.hand("An")) == 1


# -- issue 11: odd input raises only cardlib's errors ---------------------------------------


@pytest.mark.parametrize("odd", [[], {}, 3, None, ("Ann",), "ask Ben " + "9" * 5000])
def test_odd_input_raises_notation_errors_and_is_never_in_the_legal_moves(odd):
    game = GoFishGame(NAMES[:3], seed=1)
    before = snapshot(game)
    move = game.legal_moves()[0]
    if odd is not None:
        with pytest.raises(NotationError):
            game.play(move, player=odd)
        with pytest.raises(NotationError):
            game.hand(odd)
        with pytest.raises(NotationError):
            game.is_out(odd)
    with pytest.raises(NotationError):
        game.play(odd)
    with pytest.raises(NotationError):
        game.parse_move(odd)
    assert odd not in game.legal_moves()
    assert snapshot(game) == before


def test_events_are_cardlib_events_with_facts():
    from cardlib.game import Event, Game

    game = GoFishGame.from_position(
        ["Lin", "An", "Mei"],
        {"Lin": ["8S", "QS"], "An": ["8H", "8D", "3D"], "Mei": ["6H"]},
        stock=["QH"],
        to_move="Lin",
    )
    assert isinstance(game, Game) and game.game == "go-fish"
    event = game.play("ask An 8")
    assert isinstance(event, Event)
    (given,) = event.of("hand-over")
    assert (given.player, given.other, [str(c) for c in given.cards]) == ("Lin", "An", ["8D", "8H"])
    assert given.rules == ("GF-GIVE-ALL",) and event.of("turn")[0].value == "GF-CATCH-AGAIN"
    event = game.play("ask Mei Q")
    assert [str(c) for c in event.of("fish")[0].cards] == ["QH"]
    assert event.of("lucky-draw")[0].value is True
