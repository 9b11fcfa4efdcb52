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
