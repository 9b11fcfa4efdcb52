"""Issue 33 edges that were fixed on main without a test that fails if the fix is reverted.

* A table refuses a name the example format cannot carry when it is made (item 1: a table
  given ``you="expect"`` used to save examples ``cardlib check`` then failed).
* A table refuses an ``IntEnum`` as its deal's number (item 14).
* The errors the issue names (``BotFailed``, ``TableProblem``, ``FormError``,
  ``AnswerFileProblem``) are cardlib's own (item 15).
"""

from __future__ import annotations

import enum

import pytest

from cardlib.arguments import MAX_NAME, STEP_KEYS
from cardlib.errors import CardlibError


class Deal(enum.IntEnum):
    THREE = 3


def _tables():
    pytest.importorskip("ipywidgets")
    from cardlib.gofish.widgets import GoFishTable
    from cardlib.golf.widgets import GolfTable
    from cardlib.rook.widgets import RookTable

    return [GolfTable, GoFishTable, RookTable]


@pytest.mark.parametrize("bad", [*STEP_KEYS, "   ", " Mei", "a\nb", "M" * (MAX_NAME + 1)])
def test_a_table_refuses_a_name_the_example_format_cannot_carry_when_it_is_made(bad):
    """``GolfTable(you="expect")`` used to save examples ``cardlib check`` then failed."""
    for table in _tables():
        with pytest.raises(CardlibError):
            table(you=bad)


def test_a_table_refuses_an_int_subclass_as_its_deals_number():
    for table in _tables():
        with pytest.raises(CardlibError):
            table(seed=Deal.THREE)


def test_the_errors_the_issue_names_are_cardlibs_own():
    from cardlib.exercises import AnswerFileProblem
    from cardlib.exercises.model import FormError, Unanswered
    from cardlib.simulate.play import BotFailed

    errors = [AnswerFileProblem, FormError, Unanswered, BotFailed]
    try:
        from cardlib.widgets.session import TableProblem
    except ModuleNotFoundError:  # no ipywidgets
        pass
    else:
        errors.append(TableProblem)
    assert all(issubclass(e, CardlibError) for e in errors)


class Name(str):
    """A text subclass, as a learner's own class might hand one in."""


@pytest.mark.parametrize("game_id", ["golf", "go-fish", "rook"])
def test_a_game_keeps_and_writes_down_plain_values_whatever_subclass_was_given(game_id, tmp_path):
    """An IntEnum deal number and text subclasses (names, a title) are checked and kept as the
    plain values: the game plays, and the example exported from it is one ``cardlib check``
    verifies (it used to stop PyYAML's writer with a RepresenterError)."""
    from cardlib.check import check_paths
    from cardlib.export import example
    from cardlib.games import GAMES, named_seats

    spec = GAMES[game_id]
    names = [Name(n) for n in named_seats(spec.default_players)]
    game = spec.deal(names, seed=Deal.THREE)
    assert all(type(p) is str for p in game.players)
    move = game.legal_moves().now()[0]
    player = game.to_move
    game.play(move)
    first = spec.deal(names, seed=Deal.THREE)
    text = example(
        game_id,
        first=first,
        moves=[(player, str(move))],
        seed=Deal.THREE,
        title=Name("a deal numbered by an IntEnum"),
        source=Name("tests/core/test_issue33_edges.py"),
    )
    assert "deal: {seed: 3}\n" in text
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    assert [r.problems for r in check_paths([path])] == [[]]
