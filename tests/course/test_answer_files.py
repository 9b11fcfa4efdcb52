"""A widget exercise's answer file is written safely (issue 33, items 6 and 7): never through
a link, never over a file that is not the exercise's own answer file, whole or not at all;
and any file that cannot be read (a link, a huge or deeply nested one) is refused in words,
the widget starting afresh.  The click that would have saved says so in one line and raises
nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlib.errors import CardlibError
from cardlib.exercises import AnswerFileProblem, check, widget
from cardlib.exercises.answers import MAX_ANSWER_BYTES
from cardlib.exercises.model import FormError, Unanswered
from tests.course.exercise_cases import answer, pinned

WIDGET_EXERCISES = ("golf-4", "gf-4", "rook-5")


@pytest.fixture
def beside_a_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "course.ipynb").write_text("{}")
    return tmp_path


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize("exercise_id", WIDGET_EXERCISES)
def test_a_link_at_the_answer_files_name_is_never_written_through(
    exercise_id, beside_a_notebook, monkeypatch, capsys
):
    pinned(monkeypatch, exercise_id)
    victim = beside_a_notebook.parent / f"{beside_a_notebook.name}-victim.txt"
    victim.write_text("precious\n")
    link = beside_a_notebook / f"{exercise_id}.answer.json"
    link.symlink_to(victim)
    played = answer(exercise_id, "right")  # every click tries to save
    out = capsys.readouterr().out
    assert victim.read_text() == "precious\n"
    assert link.is_symlink() and link.resolve() == victim
    assert "is not replayed: it cannot be opened as a file" in out
    assert f"Your moves are not saved in {link.name}: it is a link" in out
    assert check(exercise_id, played).kind == "right"  # the answer still counts in the notebook
    assert _leftovers(beside_a_notebook) == []


@pytest.mark.parametrize("exercise_id", WIDGET_EXERCISES)
def test_a_dangling_link_is_not_followed_to_make_a_file(
    exercise_id, beside_a_notebook, monkeypatch, capsys
):
    pinned(monkeypatch, exercise_id)
    outside = beside_a_notebook.parent / f"{beside_a_notebook.name}-planted.json"
    (beside_a_notebook / f"{exercise_id}.answer.json").symlink_to(outside)
    answer(exercise_id, "right")
    assert not outside.exists()
    assert "it is a link" in capsys.readouterr().out


@pytest.mark.parametrize("exercise_id", WIDGET_EXERCISES)
def test_a_file_that_is_not_the_exercises_answer_file_is_not_overwritten(
    exercise_id, beside_a_notebook, monkeypatch, capsys
):
    pinned(monkeypatch, exercise_id)
    theirs = beside_a_notebook / f"{exercise_id}.answer.json"
    theirs.write_text('{"exercise": "someone else\'s notes"}\n')
    answer(exercise_id, "right")
    assert theirs.read_text() == '{"exercise": "someone else\'s notes"}\n'
    out = capsys.readouterr().out
    assert f"is not the answer file of exercise {exercise_id}" in out
    assert "move it away and click again" in out


@pytest.mark.parametrize("exercise_id", WIDGET_EXERCISES)
def test_the_exercises_own_answer_file_is_replaced_whole(
    exercise_id, beside_a_notebook, monkeypatch
):
    pinned(monkeypatch, exercise_id)
    answer(exercise_id, "wrong")
    saved = beside_a_notebook / f"{exercise_id}.answer.json"
    first = saved.read_text()
    assert json.loads(first)["exercise"] == exercise_id
    saved.unlink()
    answer(exercise_id, "right")  # a fresh widget, then clicks saving over the old file
    again = saved.read_text()
    assert json.loads(again)["exercise"] == exercise_id and again != first
    assert check(exercise_id, widget(exercise_id)).kind == "right"
    assert _leftovers(beside_a_notebook) == []


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, "nests too deeply"),
        ('{"exercise": "' + "x" * (MAX_ANSWER_BYTES + 1) + '"}', "larger than"),
        (b"\xff\xfe not utf-8", "cannot be read as an answer file"),
    ],
    ids=["deep", "huge", "bytes"],
)
@pytest.mark.parametrize("exercise_id", WIDGET_EXERCISES)
def test_an_answer_file_that_cannot_be_read_is_refused_in_words(
    exercise_id, content, said, beside_a_notebook, monkeypatch, capsys
):
    pinned(monkeypatch, exercise_id)
    saved = beside_a_notebook / f"{exercise_id}.answer.json"
    if isinstance(content, bytes):
        saved.write_bytes(content)
    else:
        saved.write_text(content)
    fresh = widget(exercise_id)
    out = capsys.readouterr().out
    assert f"{saved.name} is not replayed: it {said}"[:40] in out or said in out, out
    assert check(exercise_id, fresh).kind == "unanswered"


def test_a_folder_at_the_answer_files_name_is_refused(beside_a_notebook, monkeypatch, capsys):
    pinned(monkeypatch, "golf-4")
    (beside_a_notebook / "golf-4.answer.json").mkdir()
    answer("golf-4", "right")
    out = capsys.readouterr().out
    assert "is not replayed" in out and "not a file has its name" in out


def test_the_exercises_errors_are_cardlibs_own():
    for kind in (FormError, Unanswered, AnswerFileProblem):
        assert issubclass(kind, CardlibError), kind


@pytest.mark.parametrize("where", ["a move's player", "a key", "a move"])
@pytest.mark.parametrize("exercise_id", WIDGET_EXERCISES)
def test_an_answer_file_holding_text_that_is_not_valid_is_refused_in_words(
    exercise_id, where, beside_a_notebook, monkeypatch, capsys
):
    """JSON can escape a lone surrogate (``"\\ud800"``), which no text may hold: the refusal
    used to carry it into print(), which raised UnicodeEncodeError in the notebook."""
    pinned(monkeypatch, exercise_id)
    step = {
        "a move's player": '{"player": "\\ud800", "move": "bid 70"}',
        "a key": '{"\\udcff": 1, "player": "Mei", "move": "ask An 8"}',
        "a move": '{"player": "Mei", "move": "flip \\ud800"}',
    }[where]
    saved = beside_a_notebook / f"{exercise_id}.answer.json"
    saved.write_text(
        f'{{"exercise": "{exercise_id}", "rule_set": "pagat", "cards": [], "moves": [{step}]}}'
    )
    fresh = widget(exercise_id)
    out = capsys.readouterr().out
    assert out.startswith(f"{saved.name} is not replayed: it cannot be read as an answer file")
    assert "not valid text" in out and out.count("\n") == 1
    assert check(exercise_id, fresh).kind == "unanswered"
