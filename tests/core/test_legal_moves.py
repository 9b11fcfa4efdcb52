"""The one legal-moves view (cardlib.game.LegalMoves): live, read-only, and the same whether the
game lists its moves or gives them lazily (Rook's 2002 ways to lay five cards aside)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cardlib.errors import CardlibError
from cardlib.games import GAMES
from cardlib.gofish import GoFishGame
from cardlib.golf import GolfGame
from cardlib.rook import RookHand
from tests.core.test_random_play import _invariants


def test_a_view_kept_across_moves_follows_the_game():
    game = GoFishGame(["Ann", "Ben", "Cy"], seed=3)
    view = game.legal_moves()
    game.play(view[0])
    assert all(move.target != game.to_move for move in view)
    assert list(view) == list(game._legal())


def test_one_listing_serves_every_question_about_a_position(monkeypatch):
    """The view asks the game once a position (issue 29): ``list``, ``random.choice``,
    ``len``, ``count()``, an index and ``in`` all read the one listing, which is dropped
    when the game moves."""
    game = GolfGame(["Ann", "Ben"], seed=1)
    asked = []
    listed = game._legal
    monkeypatch.setattr(game, "_legal", lambda: asked.append(1) or listed())
    view = game.legal_moves()
    every = list(view)
    assert random.Random(0).choice(view) in every and len(view) == view.count() == 6
    assert view[0] == every[0] and "flip TL" in view and view.count(every[2]) == 1
    assert len(asked) == 1
    game.play(every[0])
    assert view.count() == 5 and every[0] not in view and len(asked) == 2
    game.make(view[0])
    assert game.to_move == "Ben" and view.count() == 6 and len(asked) == 3
    assert list(view) == list(listed())


def test_the_view_is_read_only():
    view = GolfGame(["Ann", "Ben"], seed=1).legal_moves()
    before = list(view)
    for name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse"):
        assert not hasattr(view, name), name
    with pytest.raises(TypeError):
        view[0] = view[1]  # type: ignore[index]
    with pytest.raises(TypeError):
        del view[0]  # type: ignore[attr-defined]
    assert list(view) == before


def test_text_is_parsed_and_nonsense_is_simply_not_in_it():
    view = GolfGame(["Ann", "Ben"], seed=1).legal_moves()
    assert "flip TL" in view and "flip XX" not in view and 42 not in view


def _to_the_nest(seed: int) -> RookHand:
    rng = random.Random(seed)
    hand = RookHand(seed=seed)
    while hand.phase != "nest":
        hand.play(rng.choice(hand.legal_moves()))
    return hand


def test_a_lazy_view_lists_indexes_and_answers_in_like_a_listed_one():
    hand = _to_the_nest(2)
    view = hand.legal_moves()
    assert len(view) == 2002 and bool(view)
    every = list(view)
    assert len(every) == len(set(every)) == 2002
    assert view[0] == every[0] and view[-1] == every[-1] and view[5:8] == every[5:8]
    assert every[1234] in view and str(every[1234]) in view
    assert "lay aside Rook" not in view and "bid 70" not in view
    assert view.index(every[7]) == 7 and view.count(every[7]) == 1
    assert view == every and list(reversed(view)) == every[::-1]
    assert repr(view).endswith("(2002 in all)>")
    twin = hand.copy()
    hand.play(every[1234])
    # the same object now lists the four ways to name trump, read from a list again
    assert len(view) == 4 and all(m.kind == "trump" for m in view)
    assert len(twin.legal_moves()) == 2002, "a copy keeps its own view"


def test_a_finished_game_lists_nothing():
    rng = random.Random(0)
    game = GoFishGame(["Ann", "Ben"], seed=0)
    view = game.legal_moves()
    while not game.is_over:
        game.play(rng.choice(view))
    assert len(view) == 0 and not view and list(view) == []


@pytest.mark.parametrize(
    "make",
    [
        lambda: GoFishGame(["Ann", "Ben", "Cy"], seed=1),
        lambda: GolfGame(["Ann", "Ben"], seed=1),
        lambda: RookHand(seed=1),
        lambda: _to_the_nest(1),
    ],
    ids=["go-fish", "golf", "rook", "rook-at-the-nest"],
)
@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy"])
def test_a_copied_or_pickled_game_has_its_own_live_view(make, how):
    game = make()
    view = game.legal_moves()
    shown = list(view)
    if how == "pickle":
        other = pickle.loads(pickle.dumps(game))
    else:
        other = copy.deepcopy(game) if how == "deepcopy" else copy.copy(game)
    theirs = other.legal_moves()
    assert theirs is not view and list(theirs) == shown
    other.play(theirs[len(theirs) // 2])
    assert list(theirs) == list(other._legal()) and list(view) == shown


#: text that is no move of any game: nonsense, a move's shape with a wrong word, and the
#: Rook cards taken out of the pack (ROOK-DECK refuses them in ``parse_move``)
NOT_MOVES = (
    "",
    "nonsense",
    "flip XX",
    "replace",
    "ask",
    "ask Ben 1X",
    "bid",
    "bid many",
    "trump purple",
    "play R3",
    "R3",
    "lay aside R3 R5 R6 R7 R8",
    "take nest",
    "play 12345",
)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_text_that_is_no_move_is_not_in_any_game_s_view_and_asking_raises_nothing(game_id):
    # Every registered game (the test suite's tiny game too) reads a move's text without an
    # exception (``read_move``): ``in`` asks it, so a reader that raised fails here.
    configs = _invariants(game_id).CONFIGS
    game = next(iter(configs.values()))(1)
    seat = game.view(game.to_move)
    for text in NOT_MOVES:
        for asked in (game, seat):
            assert text not in asked.legal_moves(), (game_id, text)
            assert asked.read_move(text) is None, (game_id, text)
            with pytest.raises(CardlibError):
                asked.parse_move(text)  # the text is no move: parse_move says why
    some = game.legal_moves()[0]
    assert str(some) in game.legal_moves() and str(some) in seat.legal_moves()
