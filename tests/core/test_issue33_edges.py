"""Issue 33 edges that were fixed on main without a test that fails if the fix is reverted.

* A table refuses a name the example format cannot carry when it is made (item 1: a table
  given ``you="expect"`` used to save examples ``cardlib check`` then failed).
* A table refuses an ``IntEnum`` as its deal's number (item 14).
* The errors the issue names (``BotFailed``, ``TableProblem``, ``FormError``,
  ``AnswerFileProblem``) are cardlib's own (item 15).
"""

from __future__ import annotations

import contextlib
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


# -- item 6: nothing written through a link, in cardlib or the course's tools ------------------


def _course():
    import sys

    from tests.conftest import ROOT

    sys.path.insert(0, str(ROOT / "tools"))
    import course

    return course


def _outside(tmp_path):
    """A victim file beside the folder written in, and where a dangling link points."""
    victim = tmp_path / "victim.txt"
    victim.write_text("PRECIOUS\n")
    return victim, tmp_path / "created-outside.html"


@pytest.mark.parametrize("planted", ["link to a file", "dangling link", "folder", "not a sheet"])
def test_write_sheets_never_writes_through_a_link_nor_over_what_is_not_a_sheet(tmp_path, planted):
    """``write_sheets`` used to overwrite a link's target and create a file outside the
    folder through a dangling link; now it refuses, in one line naming the file, before it
    writes any sheet."""
    from cardlib.errors import SaveError
    from cardlib.sheets import write_sheets

    victim, outside = _outside(tmp_path)
    folder = tmp_path / "sheets"
    folder.mkdir()
    trap = folder / "golf.html"
    if planted == "link to a file":
        trap.symlink_to(victim)
    elif planted == "dangling link":
        trap.symlink_to(outside)
    elif planted == "folder":
        trap.mkdir()
    else:
        trap.write_text("<!DOCTYPE html>\n<p>my own notes</p>\n")
    with pytest.raises(SaveError) as refused:
        write_sheets(folder)
    said = str(refused.value)
    assert "\n" not in said and "golf.html" in said
    assert victim.read_text() == "PRECIOUS\n" and not outside.exists()
    assert sorted(p.name for p in folder.iterdir()) == ["golf.html"]  # no sheet, no temp file
    if planted == "not a sheet":
        assert trap.read_text() == "<!DOCTYPE html>\n<p>my own notes</p>\n"


def test_write_sheets_replaces_its_own_sheets_whole(tmp_path):
    from cardlib.sheets import sheet, write_sheets

    folder = tmp_path / "sheets"
    first = write_sheets(folder)
    (folder / "golf.html").write_text(sheet("golf").replace("Golf", "Old golf"))
    (folder / "golf.html").chmod(0o640)
    assert write_sheets(str(folder)) == first
    assert (folder / "golf.html").read_text() == sheet("golf")
    assert (folder / "golf.html").stat().st_mode & 0o777 == 0o640  # kept, as a file's own
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in first)


def test_the_student_edition_is_never_written_through_a_planted_link(tmp_path):
    """``course.py student --keep`` builds into a learner's folder: a link (even to nowhere)
    in place of a file or a notebook counts as a file already there, never followed, and a
    link in place of a folder it fills is refused in one line, nothing written through it."""
    from cardlib.errors import SaveError

    course = _course()
    victim, outside = _outside(tmp_path)
    dest = tmp_path / "student"
    (dest / "examples").mkdir(parents=True)
    (dest / "start-here.ipynb").symlink_to(outside)
    (dest / "examples" / "schema.json").symlink_to(victim)
    course.build_student(dest, keep=True, fallback=True)
    assert victim.read_text() == "PRECIOUS\n" and not outside.exists()
    assert (dest / "sheets" / "golf.html").is_file() and (dest / "golf.ipynb").is_file()
    (dest / "start-here.ipynb").unlink()  # refused too without --keep: see below
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for name in ("examples/golf", "docs", "sheets"):
        folder = dest / name
        moved = folder.rename(tmp_path / f"moved-{folder.name}")
        folder.symlink_to(elsewhere, target_is_directory=True)
        for keep in (True, False):
            if name == "examples/golf" and not keep:  # examples/ is emptied, links and all
                course.build_student(dest, keep=keep, fallback=True)
                assert not folder.is_symlink() and list(elsewhere.iterdir()) == []
                break
            with pytest.raises(SaveError) as refused:
                course.build_student(dest, keep=keep, fallback=True)
            said = str(refused.value)
            assert "is a link" in said and folder.name in said and "\n" not in said
            assert list(elsewhere.iterdir()) == []
        else:
            folder.unlink()
            moved.rename(folder)


def test_the_course_folder_is_never_written_through_a_planted_link(tmp_path):
    from cardlib.errors import SaveError

    course = _course()
    victim, _ = _outside(tmp_path)
    (tmp_path / "nbgrader_config.py").symlink_to(victim)
    with pytest.raises(SaveError):
        course.course_root(tmp_path)
    assert victim.read_text() == "PRECIOUS\n"


def test_simulates_output_is_never_written_through_a_link(tmp_path, capsys):
    from cardlib.cli import main

    victim, outside = _outside(tmp_path)
    for target in (victim, outside):
        link = tmp_path / "rows.csv"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        assert main(["simulate", "golf", "-n", "1", "-o", str(link)]) == 2
        err = capsys.readouterr().err
        assert (
            err
            == f"cardlib: error: cannot write {link}: it is a link, and a file is never written through one\n"
        )
    assert victim.read_text() == "PRECIOUS\n" and not outside.exists()


# -- item 15: only cardlib's errors, and text that is not valid refused where it is given ------

#: what no parameter of these expects
ODD = [None, 1.5, b"golf", "\ud800"]


@pytest.mark.parametrize("value", [*ODD, "chess"])
def test_sheet_refuses_what_is_not_a_game_in_words(value):
    from cardlib.errors import NotationError
    from cardlib.sheets import sheet

    with pytest.raises(NotationError):
        sheet(value)


@pytest.mark.parametrize("value", ODD)
def test_write_sheets_refuses_what_is_not_a_folder_in_words(value, tmp_path, monkeypatch):
    from cardlib.sheets import write_sheets

    monkeypatch.chdir(tmp_path)
    with pytest.raises(CardlibError) as refused:
        write_sheets(value)
    assert "\n" not in str(refused.value) and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ODD)
def test_the_books_and_stock_picture_refuses_what_is_not_a_view(value):
    pytest.importorskip("ipywidgets")
    from cardlib.gofish.widgets import books_and_stock_picture

    with pytest.raises(CardlibError):
        books_and_stock_picture(value)


def test_a_student_id_that_is_not_valid_text_is_refused_when_set(monkeypatch):
    from cardlib import exercises
    from cardlib.exercises import students

    for variable in ("NBGRADER_EXECUTION", "CARDLIB_STUDENT", "JUPYTERHUB_USER"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(students, "_set", None)
    with pytest.raises(CardlibError):
        exercises.set_student("\ud800")
    assert exercises.student() == students.DEFAULT_STUDENT  # a refused call changes nothing
    exercises.feedback("golf-1", "x")


@pytest.mark.parametrize("variable", ["CARDLIB_STUDENT", "JUPYTERHUB_USER"])
def test_a_student_id_from_the_environment_that_is_not_text_is_said_in_words(variable, monkeypatch):
    """Bytes that are not UTF-8 in the environment (``\\xff``) reach Python as a lone
    surrogate: every exercise call used to raise UnicodeEncodeError."""
    from cardlib import exercises

    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    monkeypatch.delenv("CARDLIB_STUDENT", raising=False)
    monkeypatch.setenv(variable, "ana\udcff")
    with pytest.raises(CardlibError) as refused:
        exercises.feedback("golf-1", "x")
    assert variable in str(refused.value)
    str(refused.value).encode("utf-8")  # the words themselves are valid text


@pytest.mark.parametrize("module", ["cardlib.sheets", "cardlib.exercises"])
def test_the_public_functions_raise_only_cardlibs_errors_given_odd_values(
    module, tmp_path, monkeypatch
):
    """Each public function of the module, each parameter given None, a float, bytes and a
    lone surrogate (the others plausible): it works or raises a CardlibError."""
    import importlib
    import inspect

    from cardlib.exercises import students

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(students, "_set", None)
    mod = importlib.import_module(module)
    for name in mod.__all__:
        function = getattr(mod, name)
        if not inspect.isfunction(function):
            continue
        params = [
            p
            for p in inspect.signature(function).parameters.values()
            if p.kind is not p.VAR_POSITIONAL and p.kind is not p.VAR_KEYWORD
        ]
        for param in params:
            for value in ODD:
                given = {
                    p.name: "golf-1" if "exercise" in p.name else "x"
                    for p in params
                    if p.default is p.empty
                }
                given[param.name] = value
                with contextlib.suppress(CardlibError):
                    function(**given)
    assert students._set is None


def test_save_refuses_text_that_is_not_valid_in_words(tmp_path, monkeypatch):
    """``export.save`` used to raise UnicodeEncodeError on a lone surrogate, in the text or
    in the folder's name: both are refused as arguments, before anything is written."""
    from cardlib.errors import NotationError
    from cardlib.export import save

    monkeypatch.chdir(tmp_path)
    with pytest.raises(NotationError):
        save("\ud800", tmp_path, "n")
    with pytest.raises(NotationError, match="lone surrogate"):
        save("the example", "\ud800", "n")
    assert list(tmp_path.iterdir()) == []


def test_the_exercise_grades_are_never_written_through_a_link(tmp_path):
    pytest.importorskip("nbgrader")
    import sys

    from cardlib.errors import SaveError
    from tests.conftest import ROOT

    sys.path.insert(0, str(ROOT / "tools"))
    import exercise_grades

    victim, _ = _outside(tmp_path)
    (tmp_path / "grades.csv").symlink_to(victim)
    with pytest.raises(SaveError):
        exercise_grades.write(str(tmp_path / "grades.csv"), [])
    assert victim.read_text() == "PRECIOUS\n"
    exercise_grades.write(str(tmp_path / "new.csv"), [])
    assert (tmp_path / "new.csv").read_text().startswith(exercise_grades.COLUMNS[0])
