"""Random complete games of every engine, rule set and variant, with invariants at every step.

OpenSpiel's random-simulation tests are the model, written once over :class:`cardlib.game.Game`:
only the player to move may act and a refused move changes nothing; every listed legal move is
in the view, as a move and as text, and is accepted; the view is live (one object, kept
across every move, always listing what the engine lists); a copy behaves like the original; every
event names its player and the catalogue's rules; a finished game lists no legal moves, refuses
a further move and has a result for every player; replaying the history gives the same game.
And two more, once for every game: every move the notation can write is listed exactly when
play accepts it, and a game dealt without a record plays the same.

Each game's own invariants (cards conserved, running scores equal to recomputed ones, bounds)
and its configurations (every rule set, variant and player count) come from
``tests/<the game's package>/invariants.py``: ``check(game, legal)`` (``legal``, the
position's listing, so that it is not asked for again), ``snapshot(game)`` and
``candidates(game, rng)``, the moves its notation can write now, legal or not.  A
configuration that uniformly random play would never finish (a Rook game to 300 under
random bidding) names its player in the module's ``BOTS``, and a module may check more of
each event (``check_event(game, event)``) and of the end (``check_end(game)``).

Each position of a game is listed once (issue 30): through the view kept across the game,
whose listing the test then reads.  A stale view would hand out moves the game refuses; every
seventh position a copy's own view is compared with it before and after the move.  The
view's other questions (``len``, an index, ``in``) are the view's tests
(tests/core/test_legal_moves.py).
"""

from __future__ import annotations

import copy
import importlib
import random
from types import ModuleType
from typing import Any

import pytest

from cardlib import RuleViolation, bots
from cardlib.errors import CardlibError
from cardlib.game import Event, Game, Result
from cardlib.games import GAMES
from tests.support.listing import is_listed, listing


def _invariants(game_id: str) -> ModuleType:
    """A game's invariants, beside its tests: ``tests/<its package>/invariants.py`` (the
    package of its claims module: cardlib.gofish -> tests/gofish, tests.tinygame -> itself)."""
    package = GAMES[game_id].claims_module.split(".")[-2]
    return importlib.import_module(f"tests.{package}.invariants")


#: each registered game's invariants
MODULES = {g: _invariants(g) for g in GAMES}
SEEDS = 3
MAX_MOVES = 20_000

CASES = [
    pytest.param(game, config, seed, id=f"{game}-{config}-seed{seed}")
    for game, module in MODULES.items()
    for config in module.CONFIGS
    for seed in range(SEEDS)
]


def _the_deciding_rules_are_the_catalogue_s(game: Game, game_id: str) -> None:
    """Every engine names, in the one vocabulary of the protocol, the rule deciding its legal
    moves, the rule of the turn and the rule of the end: each a rule of its catalogue."""
    for rule in (game.legal_rule, game.turn_rule, game.end_rule):
        assert GAMES[game_id].rule(rule) is not None, rule


def test_every_registered_game_has_invariants():
    assert set(MODULES) == set(GAMES) and all(hasattr(m, "CONFIGS") for m in MODULES.values())


@pytest.mark.parametrize(("game_id", "config", "seed"), CASES)
def test_random_game_keeps_every_invariant(game_id: str, config: str, seed: int) -> None:
    inv = MODULES[game_id]
    make = inv.CONFIGS[config]
    game = make(seed)
    assert isinstance(game, Game) and game.game == game_id
    bot = getattr(inv, "BOTS", {}).get(config)
    rng = random.Random(seed)
    moves = 0
    last = None
    kept = game.legal_moves()  # kept across every move: it must never go stale
    copied: list[Any] | None = None  # a copy's listing after the move, to compare with kept's
    while not game.is_over:
        legal = list(iter(kept))  # the one listing of this position, through the kept view
        assert copied is None or copied == legal, "the copy's view follows the copy"
        inv.check(game, legal)
        _the_deciding_rules_are_the_catalogue_s(game, game_id)
        assert legal, "a game that is not over has a legal move"
        move = bot(game.view(game.to_move), rng) if bot else legal[rng.randrange(len(legal))]
        assert move in legal and game.parse_move(str(move)) == move, "listed, as move and text"
        mover = game.to_move
        assert mover in game.players
        before = copy.deepcopy(inv.snapshot(game))  # a snapshot may hold the lists
        other = rng.choice([p for p in game.players if p != mover])
        with pytest.raises(RuleViolation):
            game.play(move, player=other)
        assert inv.snapshot(game) == before, "a refused move changes nothing"
        twin = game.copy() if moves % 7 == 0 else None
        if twin is not None:
            twin_view = twin.legal_moves()
            assert twin_view is not kept, "a copy has its own view"
            assert list(iter(twin_view)) == legal, "a copy lists what its original lists"
        event = game.play(move, player=mover)
        assert isinstance(event, Event) and event.player == mover
        assert event.rules and all(GAMES[game_id].rule(r) is not None for r in event.rules)
        assert event.text
        if hasattr(inv, "check_event"):
            inv.check_event(game, event)
        copied = None
        if twin is not None:
            assert twin.play(move) == event
            assert inv.snapshot(twin) == inv.snapshot(game), "a copy behaves like the original"
            copied = list(iter(twin_view))
        last = move
        moves += 1
        assert moves < MAX_MOVES, "a game must end"
    final = list(iter(kept))
    assert copied is None or copied == final, "the copy's view follows the copy"
    inv.check(game, final)
    assert game.to_move is None and final == []
    if last is not None:
        with pytest.raises(RuleViolation):
            game.play(last)
    _the_deciding_rules_are_the_catalogue_s(game, game_id)
    assert game.turn_rule == game.legal_rule, "once over, both name the rule that ended it"
    with pytest.raises(RuleViolation) as asked:
        bots.ask(bots.random_bot, game, rng)
    assert asked.value.rule == game.end_rule, "a bot asked after the end is told the end rule"
    if hasattr(inv, "check_end"):
        inv.check_end(game)
    result = game.result()
    assert isinstance(result, Result)
    assert set(result) == set(game.players) and set(result.winners) <= set(game.players)
    again = make(seed)
    for player, move in game.history:
        again.play(move, player=player)
    assert inv.snapshot(again) == inv.snapshot(game), "replaying the history gives the same game"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_dealt_without_a_record_plays_the_same(game_id: str) -> None:
    """``record=False`` (a long simulation's saving) keeps no history and changes nothing else:
    the same deal plays the same moves to the same events and result."""
    spec = GAMES[game_id]
    seats = spec.seats(spec.default_players)
    kept = spec.deal(seats, seed=5, record=True)
    bare = spec.deal(seats, seed=5, record=False)
    rng = random.Random(5)
    while not kept.is_over:
        move = bots.ask(spec.bot, kept, rng)
        assert kept.play(move) == bare.play(move)
    assert bare.is_over and bare.result() == kept.result()
    assert list(bare.history) == [] and len(kept.history) > 0


#: at most this many positions of a game are asked about every candidate move
PROBED = 30


@pytest.mark.parametrize(
    ("game_id", "config"),
    [pytest.param(g, c, id=f"{g}-{c}") for g, module in MODULES.items() for c in module.CONFIGS],
)
def test_the_listing_agrees_with_play(game_id: str, config: str) -> None:
    """One source of legality: in random positions, every move the notation can write (the
    game's ``candidates(game, rng)``) is listed by ``legal_moves()``, as a move and as text,
    exactly when ``play`` accepts it on a copy; a refused move changes nothing and names a
    rule of the game (or is a notation error).  The listing is taken once a position and
    each candidate looked up in it: the listing is what this test holds against play.  And
    the trusted path: every listed move made with ``make`` on another copy does what
    ``play`` does (the same event, the same state), and the game itself is played through
    ``make``."""
    inv = MODULES[game_id]
    game = inv.CONFIGS[config](0)
    rng = random.Random(f"{game_id}/{config}")
    bot = getattr(inv, "BOTS", {}).get(config)
    probed = 0
    while not game.is_over:
        legal = listing(game)  # asked once a position; a candidate is looked up in it
        if probed < PROBED and rng.random() < 0.5:
            probed += 1
            # the position as it stands, copied out once: a refused move on a copy leaves
            # that copy as it was, and leaves the game itself as it was too (a copy that
            # shared the game's state would change both)
            before = copy.deepcopy(inv.snapshot(game))
            for move in inv.candidates(game, rng):
                trial = game.copy()
                try:
                    event = trial.play(move)
                    accepted = True
                except CardlibError as refused:
                    accepted = False
                    assert inv.snapshot(trial) == before, "a refused move changes nothing"
                    if isinstance(refused, RuleViolation):
                        assert GAMES[game_id].rule(refused.rule) is not None, refused.rule
                assert inv.snapshot(game) == before, "trying a move on a copy changes nothing"
                assert is_listed(game, legal, move) is accepted, (move, game.describe())
                assert is_listed(game, legal, str(move)) is accepted, move
                if accepted:
                    made = game.copy()
                    assert made.make(move) == event, "make does what play does"
                    assert inv.snapshot(made) == inv.snapshot(trial), move
        move = bot(game.view(game.to_move), rng) if bot else rng.choice(legal)
        game.make(move)
    assert probed > 0
