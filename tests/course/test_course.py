"""The course as a teacher assigns it: each exercise's feedback, the student edition that
nbgrader generates (no solution survives; it runs before any answer is given), and
nbgrader's autograding of blank, solved and half-solved submissions."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardlib import exercises
from cardlib.exercises import EXERCISES, KINDS, check, grade, widget
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import course

GAME_NOTEBOOKS = ("golf.ipynb", "go-fish.ipynb", "rook.ipynb")


def _play_golf_4(w: Any, cards: list[str]) -> Any:
    for picker, card in zip(w.pickers, cards, strict=True):
        picker.value = card
    return w


def _play_gf_4(w: Any, targets: list[str]) -> Any:
    for target in targets:
        w.target.value, w.what.value = target, "8"
        w.ask_button.click()
    return w


def _play_rook_5(w: Any, moves: list[str]) -> Any:
    for move in moves:
        w.play(move)
    return w


SH2_RIGHT = """\
example: Mei's layout, scored
source: a test of the course
game: golf
players: [Mei, Ben]
setup:
  position:
    layouts:
      Mei: {TL: 5H, TM: KS, TR: 2C, BL: 5C, BM: QD, BR: 2D}
steps:
  - expect:
      score: {Mei: 10}
"""

#: exercise -> (a right answer, a wrong answer of the right form, an answer of the wrong form)
CASES: dict[str, tuple[Any, Any, Any]] = {
    "sh-1": ("GOLF-DEAL", "GOLF-DECK", "GOLF-NOPE"),
    "sh-2": (SH2_RIGHT, SH2_RIGHT.replace("{Mei: 10}", "{Mei: 12}"), "game: [golf"),
    "golf-1": (20, 0, "20"),
    "golf-2": (
        {
            "discard": "GOLF-TAKE-MUST-REPLACE",
            "replace TR": "legal",
            "replace BL": "legal",
            "take": "GOLF-DRAW",
        },
        {"discard": "legal", "replace TR": "legal", "replace BL": "legal", "take": "GOLF-DRAW"},
        ["discard", "replace TR"],
    ),
    "golf-3": ((True, "Ben"), (True, "Mei"), ("True", "Ben")),
    "golf-4": (
        lambda: _play_golf_4(widget("golf-4"), ["2S", "2H", "2D", "KS", "KH", "KD"]),
        lambda: _play_golf_4(widget("golf-4"), ["2S", "2H", "2D", "KS", "KH", "QD"]),
        lambda: _play_golf_4(widget("golf-4"), ["2S", "2S", "2D", "KS", "KH", "KD"]),
    ),
    "golf-5": (("Jia", 23), ("Yi", 26), "Jia"),
    "gf-1": ((1, True), (1, False), ("1", True)),
    "gf-2": (
        {
            "ask An 8": "legal",
            "ask An 3": "GF-ASK-HOLD",
            "ask Lin Q": "GF-ASK-TARGET",
            "ask Mei 9": "legal",
        },
        {
            "ask An 8": "legal",
            "ask An 3": "legal",
            "ask Lin Q": "GF-ASK-TARGET",
            "ask Mei 9": "GF-ASK-HOLD",
        },
        {
            "ask An 8": "yes",
            "ask An 3": "GF-ASK-HOLD",
            "ask Lin Q": "GF-ASK-TARGET",
            "ask Mei 9": "legal",
        },
    ),
    "gf-3": (
        {"pagat": "An", "bicycle": "An", "gamerules": "Mei"},
        {"pagat": "Mei", "bicycle": "An", "gamerules": "Mei"},
        {"pagat": "An", "bicycle": "An"},
    ),
    "gf-4": (
        lambda: _play_gf_4(widget("gf-4"), ["An", "Mei"]),
        lambda: _play_gf_4(widget("gf-4"), ["Mei"]),
        lambda: 8,
    ),
    "gf-5": (
        {"pagat": 37, "bicycle": 31},
        {"pagat": 37, "bicycle": 37},
        {"pagat": 37.0, "bicycle": 31},
    ),
    "rook-1": (("West", 35), ("North", 35), ("West", "35")),
    "rook-2": ((-100, 25), (-5, 25), {"NS": -100, "EW": 25}),
    "rook-3": (
        {
            "play G12": "ROOK-FOLLOW",
            "play Y7": "legal",
            "play R13": "ROOK-FOLLOW",
            "trump red": "ROOK-TRUMP",
        },
        {
            "play G12": "legal",
            "play Y7": "legal",
            "play R13": "ROOK-FOLLOW",
            "trump red": "ROOK-TRUMP",
        },
        "ROOK-FOLLOW",
    ),
    "rook-4": (["R6", "Rook"], ["R6"], "R6 Rook"),
    "rook-5": (
        lambda: _play_rook_5(widget("rook-5"), ["pass", "pass", "bid 80", "pass"]),
        lambda: _play_rook_5(widget("rook-5"), ["pass", "bid 80", "pass", "pass", "pass"]),
        lambda: widget("gf-4"),
    ),
}


def _answer(value: Any) -> Any:
    return value() if callable(value) else value


def test_every_exercise_has_its_cases_and_the_course_has_enough():
    assert set(CASES) == set(EXERCISES)
    by_notebook: dict[str, int] = {}
    for e in EXERCISES.values():
        by_notebook[e.notebook] = by_notebook.get(e.notebook, 0) + 1
        assert all(r in exercises.rules for r in e.rules), e.id
    assert by_notebook["start-here.ipynb"] >= 2
    assert all(by_notebook[nb] >= 5 for nb in GAME_NOTEBOOKS)
    assert {e.kind for e in EXERCISES.values()} == set(KINDS)


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_feedback_right_wrong_and_wrong_form(exercise_id):
    exercises.reset_hints()
    right, wrong, bad_form = (_answer(v) for v in CASES[exercise_id])
    said = check(exercise_id, right)
    assert said.kind == "right" and said.correct and "right." in str(said), said
    assert grade(exercise_id, right)

    form = check(exercise_id, bad_form)
    assert form.kind == "form" and "not in the form asked for" in str(form), form
    assert "Hint" not in str(form)  # a form problem is not a rule problem

    # Stepped hints: a nudge, then the rule's text, then where to look.
    steps = [check(exercise_id, _answer(CASES[exercise_id][1])) for _ in range(3)]
    assert [s.kind for s in steps] == ["wrong"] * 3 and not grade(exercise_id, wrong)
    first = EXERCISES[exercise_id]
    assert "Hint 1 of 3" in str(steps[0]) and "Hint 2 of 3" not in str(steps[0])
    assert exercises.rules[first.rules[0]].title in str(steps[1]) and "Hint 3" not in str(steps[1])
    assert first.where in str(steps[2])


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_placeholder_says_unanswered(exercise_id):
    e = EXERCISES[exercise_id]
    placeholder = widget(exercise_id) if e.kind == "widget" else None
    said = check(exercise_id, placeholder)
    assert said.kind == "unanswered" and "not answered yet" in str(said)


# --------------------------------------------------------------------------- hints


def _atoms(value: Any) -> set[str]:
    """The values a right answer is made of, as they would be written in a message."""
    if isinstance(value, Mapping):
        return set().union(*(_atoms(v) for v in value.values()))
    if isinstance(value, list | tuple | set):
        return set().union(*(_atoms(v) for v in value)) if value else set()
    return {str(value)} if value is not None else set()


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_no_hint_before_the_last_gives_the_right_value(exercise_id):
    """Hints 1 and 2 of a wrong answer never hold a value of the right answer that the
    question does not already say (the catalogue's rule texts aside: they are the rules)."""
    e = EXERCISES[exercise_id]
    right = exercises._KEYS[exercise_id].solve()
    exercises.reset_hints()
    steps = [str(check(exercise_id, _answer(CASES[exercise_id][1]))) for _ in range(2)]
    for rule_id in e.rules:
        rule = exercises.rules[rule_id]
        steps = [s.replace(rule.text, "").replace(rule.title, "") for s in steps]
    steps = [re.sub(r"Hint \d of 3", "", s) for s in steps]
    given = e.question + " " + e.form
    for atom in _atoms(right) - {"legal"}:
        if re.search(rf"(?<![\w-]){re.escape(atom)}(?![\w-])", given):
            continue
        for step in steps:
            assert not re.search(rf"(?<![\w-]){re.escape(atom)}(?![\w-])", step), (atom, step)


def test_sh2_a_wrong_claim_is_pointed_at_and_its_value_never_said():
    exercises.reset_hints()
    wrong = SH2_RIGHT.replace("{Mei: 10}", "{Mei: 14}")
    said = [str(check("sh-2", wrong)) for _ in range(3)]
    for text in said:
        assert "line 11 of your example" in text and "GOLF-COLUMN" in text, text
        assert "my-example.yaml" not in text and "give 10" not in text
        hint = text.split("Hint 2 of 3")[0]  # what is not the catalogue's text of the rules
        assert "10" not in hint.replace("Hint 1 of 3", "") and "14" not in hint


def test_tuple_answers_say_which_part_is_wrong():
    exercises.reset_hints()
    said = str(check("golf-3", (True, "Mei")))
    assert "first value (is the hand over) is right" in said
    assert "second value (who has the lower score) is not" in said
    said = str(check("rook-2", (-5, 25)))
    assert "first value (North-South's score) is not" in said and "second value" in said


@pytest.mark.parametrize(
    "layout",
    [
        "{TL: 5h, TM: ks, TR: 2c, BL: 5c, BM: qd, BR: 2d}",
        "{TL: 5♥, TM: K♠, TR: 2♣, BL: 5♣, BM: Q♦, BR: 2♦}",
        "{TL: ♥5, TM: ♠K, TR: ♣2, BL: ♣5, BM: ♦Q, BR: ♦2}",
        "{TL: 5H, TM: KS, TR: down 2C, BL: 5c, BM: Q♦, BR: ♦2}",
    ],
)
def test_sh2_accepts_every_notation_the_checker_accepts(layout):
    text = SH2_RIGHT.replace("{TL: 5H, TM: KS, TR: 2C, BL: 5C, BM: QD, BR: 2D}", layout)
    assert all(r.passed for r in exercises._check_text(text)), "cardlib check passes it"
    assert grade("sh-2", text) and check("sh-2", text).kind == "right"


def test_no_public_api_hands_out_an_answer():
    """An exercise, as the module shows it, holds no way to its answer."""
    for e in EXERCISES.values():
        public = [a for a in dir(e) if not a.startswith("_")]
        assert not [a for a in public if callable(getattr(e, a))], e.id
    assert not hasattr(EXERCISES["golf-1"], "solve")
    names = [n for n in dir(exercises) if not n.startswith("_") and "solve" in n.lower()]
    assert names == []


# --------------------------------------------------------------------------- widget answers

#: widget exercise -> how a learner's clicks make the right answer (through the widget's own
#: click handlers, as a click in the browser does)
CLICKS = {
    "golf-4": lambda w: _play_golf_4(w, ["2S", "2H", "2D", "KS", "KH", "KD"]),
    "gf-4": lambda w: _play_gf_4(w, ["An", "Mei"]),
    "rook-5": lambda w: [
        w.pass_button.click(),
        w.pass_button.click(),
        w.bid_chips[80].click(),
        w.pass_button.click(),
    ],
}


@pytest.mark.parametrize("exercise_id", list(CLICKS))
def test_a_played_widget_answer_is_saved_and_replayed(exercise_id, tmp_path, monkeypatch):
    """Beside a notebook each click saves the moves; a fresh widget replays them, so the
    re-executed notebook (nbgrader's autograde) grades what was played."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "golf.ipynb").write_text("{}")
    played = widget(exercise_id)
    CLICKS[exercise_id](played)
    assert grade(exercise_id, played)
    saved = tmp_path / f"{exercise_id}.answer.json"
    assert saved.is_file() and json.loads(saved.read_text())["exercise"] == exercise_id
    said = str(check(exercise_id, played))
    assert f"saved in {saved.name}" in said and "hand it in with the notebook" in said
    again = widget(exercise_id)  # a restarted kernel, or nbgrader running the notebook
    assert grade(exercise_id, again) and check(exercise_id, again).kind == "right"


@pytest.mark.parametrize("exercise_id", list(CLICKS))
def test_an_answer_file_that_does_not_replay_is_refused_in_words(
    exercise_id, tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.ipynb").write_text("{}")
    saved = tmp_path / f"{exercise_id}.answer.json"
    CLICKS[exercise_id](widget(exercise_id))
    state = json.loads(saved.read_text())
    if exercise_id == "golf-4":
        state["cards"][0] = "1S"
    else:
        state["moves"][-1]["move"] = "bid 65" if exercise_id == "rook-5" else "ask Bo 8"
    saved.write_text(json.dumps(state))
    fresh = widget(exercise_id)
    out = capsys.readouterr().out
    assert f"{saved.name} is not replayed:" in out and "starts where the exercise starts" in out
    assert check(exercise_id, fresh).kind == "unanswered"
    saved.write_text("not json")
    widget(exercise_id)
    assert "cannot be read as an answer file" in capsys.readouterr().out


def test_widgets_save_nothing_away_from_a_notebook_or_when_told(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for exercise_id, clicks in CLICKS.items():
        played = widget(exercise_id)  # no notebook in this folder (a script, a test)
        clicks(played)
        assert grade(exercise_id, played) and "saves nothing" in str(check(exercise_id, played))
    (tmp_path / "x.ipynb").write_text("{}")
    for exercise_id, clicks in CLICKS.items():
        clicks(widget(exercise_id, save=False))  # the teacher's solution
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.ipynb"]


def test_widget_exercises_say_what_is_graded():
    for e in (e for e in EXERCISES.values() if e.kind == "widget"):
        cells = _cells(ROOT / "notebooks" / e.notebook)
        question = next(_source(c) for c in cells if _source(c).startswith(f"### Exercise {e.id} "))
        assert "**What is graded:**" in question and f"`{e.answer_file}`" in question, e.id
        assert "hand that file in with the notebook" in question, e.id
        solution = next(
            _source(c) for c in cells if c["metadata"].get("nbgrader", {}).get("grade_id") == e.id
        )
        assert f'widget("{e.id}", save=False)' in solution, "the teacher's source saves no file"


def test_hidden_tests_carry_the_feedback_as_their_message():
    for path in course.teacher_notebooks():
        for cell in _cells(path):
            meta = cell["metadata"].get("nbgrader", {})
            if meta.get("grade") and not meta.get("solution"):
                eid = meta["grade_id"].removesuffix("-test")
                variable = re.search(rf'grade\("{eid}", (answer_\d+)\)', _source(cell)).group(1)
                assert f'assert grade("{eid}", {variable}), feedback("{eid}", {variable})' in (
                    _source(cell)
                ), eid
    with pytest.raises(AssertionError, match=r"golf-1: not yet\.(.|\n)*Hint 1 of 3"):
        answer_1 = 0
        assert grade("golf-1", answer_1), exercises.feedback("golf-1", answer_1)


# --------------------------------------------------------------------------- notebook text

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _exercises_in(path: Path) -> int:
    graded = sum(1 for e in EXERCISES.values() if e.notebook == path.name)
    text = "\n".join(_source(c) for c in _cells(path))
    return graded or len(set(re.findall(r"def check_exercise_(\d+)", text)))


def test_every_count_of_exercises_in_a_notebook_is_its_number_of_exercises():
    for path in course.teacher_notebooks():
        text = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")
        counts = re.findall(r"\b(\d+|one|two|three|four|five|six) exercises\b", text, re.I)
        expected = _exercises_in(path)
        assert counts or not expected, path.name
        for count in counts:
            number = int(count) if count.isdigit() else _NUMBERS[count.lower()]
            assert number == expected, (path.name, count, expected)


def test_each_notebook_says_at_its_top_that_widgets_come_back_when_run():
    for path in course.teacher_notebooks():
        top = _source(_cells(path)[0])
        assert "Error displaying widget: model not found" in top, path.name
        assert "widgets come back" in top, path.name


def test_every_exercise_comes_after_its_rules_are_taught():
    """Each rule an exercise asks about is shown (``rules["ID"]``) or has its section
    (``## ID``) in the exercise's notebook before the exercise: sh-1 asks about GOLF-DEAL
    and sh-2 about GOLF-VALUES, and start-here teaches them."""
    for e in EXERCISES.values():
        before = []
        for cell in _cells(ROOT / "notebooks" / e.notebook):
            if _source(cell).startswith(f"### Exercise {e.id} "):
                break
            before.append(_source(cell))
        text = "\n".join(before)
        for rule in e.rules:
            shown = f'rules["{rule}"]' in text or re.search(rf"^## {rule}\b", text, re.M)
            assert shown, (e.id, rule)


#: the hosts a learner-facing notebook may link: the primary sources of the rules
PRIMARY_SOURCES = {"www.pagat.com", "bicyclecards.com", "gamerules.com", "en.wikipedia.org"}


def test_no_learner_facing_notebook_names_or_links_the_articles_publisher():
    """The articles came through a site that calls itself an online casino (娛樂城): the
    notebooks trace the articles by source ID and link only the primary sources."""
    for path in course.teacher_notebooks():
        text = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")
        assert "娛樂城" not in text and "阿拉八" not in text, path.name
        hosts = set(re.findall(r"https?://([^/\s)\]>\"']+)", text))
        assert hosts <= PRIMARY_SOURCES, (path.name, hosts - PRIMARY_SOURCES)
    golf = "\n".join(_source(c) for c in _cells(ROOT / "notebooks" / "golf.ipynb"))
    assert "`golf-4-1`" in golf and "cardlib rules --sources golf" in golf  # still traced


# --------------------------------------------------------------------------- teacher's source


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def test_teacher_notebooks_carry_nbgrader_markup_for_every_exercise():
    seen = set()
    for path in course.teacher_notebooks():
        for cell in _cells(path):
            meta = cell["metadata"].get("nbgrader")
            if not meta:
                continue
            assert meta["schema_version"] == 3 and meta["grade_id"]
            text = _source(cell)
            if meta["solution"]:
                assert "### BEGIN SOLUTION" in text and "### END SOLUTION" in text
                seen.add(meta["grade_id"])
            else:
                assert meta["grade"] and meta["points"] == 1 and "### BEGIN HIDDEN TESTS" in text
    assert seen == set(EXERCISES)


def test_each_notebook_opens_with_objectives_time_and_sources_and_ends_with_a_self_check():
    for path in course.teacher_notebooks():
        if path.name == "rule-writers.ipynb":
            continue
        text = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")
        top = _source(_cells(path)[1])
        assert "you will be able to" in top and "What you need first" in top, path.name
        assert re.search(r"\*\*Time:\*\* about \d+ minutes", top) and "Sources" in top
        assert "## Self-check" in text and "## Summary" in text
    sources = {
        "golf.ipynb": ["pagat.com", "bicyclecards.com"],
        "go-fish.ipynb": ["pagat.com", "bicyclecards.com", "gamerules.com"],
        "rook.ipynb": ["Official Rook Tournament Rules", "1988"],
    }
    for name, needles in sources.items():
        top = _source(_cells(ROOT / "notebooks" / name)[1])
        assert all(n in top for n in needles), name


def test_no_later_cell_drives_a_displayed_widget():
    """A widget a learner sees starts where the text says: demonstrations use their own."""
    for path in course.teacher_notebooks():
        cells = [c for c in _cells(path) if c["cell_type"] == "code"]
        shown = set()
        for cell in cells:
            lines = _source(cell).strip().splitlines()
            used = set(
                re.findall(
                    r"\b(\w+)\.(?:\w+\.)*(?:click|value\s*=|play|bid|pass_)\b", _source(cell)
                )
            )
            if "BEGIN SOLUTION" not in _source(cell):  # a solution reassigns its own instance
                assert not used & shown, f"{path.name}: {used & shown} driven after display"
            if (
                lines
                and re.fullmatch(r"\w+", lines[-1])
                and "nbval-ignore-output" in cell["metadata"].get("tags", [])
            ):
                shown.add(lines[-1])


# --------------------------------------------------------------------------- student edition

needs_nbgrader = pytest.mark.skipif(not course.has_nbgrader(), reason="nbgrader is not installed")


@pytest.fixture(scope="module")
def student(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("student")
    course.build_student(dest, fallback=not course.has_nbgrader())
    return dest


def _solutions() -> dict[str, list[str]]:
    """Per exercise, the lines of its solution region (the answer as written by the teacher)."""
    found: dict[str, list[str]] = {}
    for path in course.teacher_notebooks():
        for cell in _cells(path):
            meta = cell["metadata"].get("nbgrader", {})
            if meta.get("solution"):
                region = re.search(r"BEGIN SOLUTION\n(.*?)### END SOLUTION", _source(cell), re.S)
                found[meta["grade_id"]] = [
                    line.strip() for line in region.group(1).splitlines() if line.strip()
                ]
    return found


def test_no_solution_text_survives_in_the_student_edition(student):
    text = "\n".join(p.read_text() for p in sorted(student.glob("*.ipynb")))
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", 'grade("'):
        assert marker not in text
    notebooks = {p.name: json.loads(p.read_text()) for p in student.glob("*.ipynb")}
    sources = "\n".join(_source(c) for nb in notebooks.values() for c in nb["cells"])
    outside = "\n".join(  # the teacher's text outside the solution regions
        _source(c)
        for p in course.teacher_notebooks()
        for c in course.strip_notebook(json.loads(p.read_text()))["cells"]
    )
    for exercise_id, lines in _solutions().items():
        answer = [line for line in lines if line not in outside]
        assert answer, exercise_id
        for line in answer:
            assert line not in sources, (exercise_id, line)
    outputs = [
        o
        for nb in notebooks.values()
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c["outputs"]
    ]
    assert outputs == [], "the student edition carries no outputs (no answer printed)"
    assert all("widgets" not in nb["metadata"] for nb in notebooks.values())
    assert (student / "examples" / "golf").is_dir() and (student / "docs" / "examples.md").is_file()
    # the teacher's guide holds the answer key: it stays with the teacher
    assert not (student / "docs" / "teaching.md").exists()
    for path in student.rglob("*"):
        if path.is_file() and path.suffix in (".md", ".ipynb", ".py", ".txt"):
            assert "Answer key" not in path.read_text(encoding="utf-8"), path


def test_fallback_locks_instructions_and_tests_as_nbgrader_does(tmp_path):
    course.build_student(tmp_path, fallback=True)
    locked = 0
    for path in sorted(tmp_path.glob("*.ipynb")):
        for cell in _cells(path):
            meta = cell["metadata"].get("nbgrader", {})
            if meta.get("locked") or (meta.get("grade") and not meta.get("solution")):
                assert cell["metadata"].get("deletable") is False, path.name
                assert cell["metadata"].get("editable") is False, path.name
                locked += 1
            elif meta.get("solution"):  # the answer: editable, never deletable
                assert cell["metadata"].get("deletable") is False, path.name
                assert cell["metadata"].get("editable", True) is not False, path.name
    assert locked >= len(EXERCISES)


@needs_nbgrader
def test_fallback_strips_exactly_as_nbgrader(student, tmp_path):
    course.build_student(tmp_path, fallback=True)
    for path in sorted(student.glob("*.ipynb")):
        ours = [_source(c) for c in _cells(tmp_path / path.name)]
        theirs = [_source(c) for c in _cells(path)]
        assert ours == theirs, path.name
        locks = [
            [(c["metadata"].get("deletable"), c["metadata"].get("editable")) for c in _cells(p)]
            for p in (tmp_path / path.name, path)
        ]
        assert locks[0] == locks[1], path.name


def _execute(path: Path, cwd: Path) -> dict:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}
    ).execute()
    return nb


def test_student_edition_runs_top_to_bottom_and_says_unanswered(student):
    for path in sorted(student.glob("*.ipynb")):
        nb = _execute(path, student)
        said = [
            "".join(o.get("data", {}).get("text/plain", ""))
            for c in nb.cells
            if c.cell_type == "code" and 'check("' in c.source
            for o in c.outputs
        ]
        errors = [
            o
            for c in nb.cells
            if c.cell_type == "code"
            for o in c.outputs
            if o.output_type == "error"
        ]
        assert not errors, f"{path.name}: {errors[:1]}"
        expected = [e for e in EXERCISES.values() if e.notebook == path.name]
        assert len(said) == len(expected)
        assert all("not answered yet" in s for s in said), said


# --------------------------------------------------------------------------- autograding


def _submission(student_dir: Path, solved: set[str]) -> dict[str, dict]:
    """The student edition with the teacher's answer cells for the exercises in ``solved``."""
    teacher = {
        c["metadata"]["nbgrader"]["grade_id"]: c
        for p in course.teacher_notebooks()
        for c in _cells(p)
        if c["metadata"].get("nbgrader", {}).get("solution")
    }
    submission = {}
    for path in sorted(student_dir.glob("*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id in solved:
                cell["source"] = copy.deepcopy(teacher[grade_id]["source"])
        submission[path.name] = nb
    return submission


SH2_AS_SHOWN = SH2_RIGHT.replace(  # the cards as the question shows them
    "{TL: 5H, TM: KS, TR: 2C, BL: 5C, BM: QD, BR: 2D}",
    "{TL: ♥5, TM: ♠K, TR: ♣2, BL: ♣5, BM: ♦Q, BR: ♦2}",
)


def _as_told(folder: Path, submission: dict[str, dict]) -> None:
    """What a learner who does as the notebooks say hands in: each answer written in place
    of its placeholder (sh-2's cards as the question shows them), each widget exercise
    played in its widget beside the notebook (the answer files the clicks saved)."""
    for nb in submission.values():
        for cell in nb["cells"]:
            grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id not in EXERCISES or EXERCISES[grade_id].kind == "widget":
                continue
            text = _source(cell)
            if grade_id == "sh-2":
                answer = f'answer_2 = """\\\n{SH2_AS_SHOWN}"""'
            else:
                answer = next(line for line in _solutions()[grade_id] if line.startswith("answer_"))
            cell["source"] = text.replace(course.CODE_STUB, answer)
    here = Path.cwd()
    os.chdir(folder)  # the kernel's folder in JupyterLab: the notebook's
    try:
        for clicks in CLICKS.items():
            clicks[1](widget(clicks[0]))
    finally:
        os.chdir(here)


@needs_nbgrader
def test_nbgrader_autogrades_blank_solved_and_half_solved(student, tmp_path):
    ids = list(EXERCISES)
    half = {e for i, e in enumerate(ids) if i % 2 == 0}
    submitted = tmp_path / "submitted"
    for name, solved in {
        "blank": set(),
        "solved": set(ids),
        "half": half,
        "tampered": set(ids),
        "cheat": set(),
        "as-told": set(),
    }.items():
        folder = submitted / name
        folder.mkdir(parents=True)
        submission = _submission(student, solved)
        if name == "as-told":
            for notebook, nb in submission.items():
                (folder / notebook).write_text(json.dumps(nb))
            _as_told(folder, submission)
        for notebook, nb in submission.items():
            for cell in nb["cells"]:
                meta = cell["metadata"].get("nbgrader", {})
                if meta.get("grade_id") == ids[0] and name == "tampered":
                    meta["grade_id"] = "renamed"  # nbgrader refuses the whole submission
                if meta.get("grade_id") == ids[0] and name == "cheat":
                    # a wrong answer, and the grading function redefined to say yes
                    cell["source"] = "answer_1 = 0\ngrade = lambda *args: True"
            (folder / notebook).write_text(json.dumps(nb))
    graded: list[tuple[int, int, str]] = []
    scores = course.autograde(submitted, progress=lambda *a: graded.append(a[:3]))
    students = sorted(p.name for p in submitted.iterdir())
    assert graded == [(i, len(students), s) for i, s in enumerate(students, 1)]
    assert isinstance(scores.pop("tampered"), course.NotGraded), scores
    total = {name: sum(points.values()) for name, points in scores.items()}  # type: ignore[union-attr]
    # the others keep their marks; redefining grade earns nothing; a learner who does as
    # the notebooks say (the widget answers played, handed in as their answer files) earns all
    assert total == {
        "blank": 0,
        "solved": len(ids),
        "half": len(half),
        "cheat": 0,
        "as-told": len(ids),
    }, scores
    assert scores["as-told"].exercises == dict.fromkeys(ids, 1.0)  # type: ignore[union-attr]
    # the hidden tests, put back before nbgrader looks: no "checksum has changed" warnings
    assert all(not points.warnings for points in scores.values()), scores  # type: ignore[union-attr]
    per_notebook = {
        nb: sum(1 for e in half if EXERCISES[e].notebook == f"{nb}.ipynb") for nb in scores["half"]
    }
    assert scores["half"] == per_notebook
    assert "rule-writers" not in scores["half"]  # no exercises, no line


def test_autograde_says_each_student_as_soon_as_graded(capsys):
    """make autograde is one line a student, printed (flushed) as that student is graded."""
    marks = course.Marks({"golf": 5.0}, {"golf-1": 1.0}, ["[AutogradeApp | WARNING] changed"])
    course._say_graded(2, 40, "ana", marks)
    course._say_graded(3, 40, "ben", course.NotGraded("a cell renamed"))
    assert capsys.readouterr().out.splitlines() == [
        "[2/40] ana {'golf': 5.0} total 5.0",
        "    nbgrader: changed",
        "[3/40] ben NOT GRADED: a cell renamed",
    ]


# --------------------------------------------------------------------------- set-up


def test_environment_pins_python_and_leaves_teacher_tools_out():
    import tomllib

    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps = [d for d in env["dependencies"] if isinstance(d, str)]
    assert any(re.fullmatch(r"python=3\.1[12]", d) for d in deps), deps
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert any(r.startswith("nbgrader") for r in extras["teacher"])
    assert any(r.startswith("nbgrader") for r in extras["test"])  # CI autogrades
    learner = project["dependencies"] + extras["course"] + [str(d) for d in env["dependencies"]]
    assert not any("nbgrader" in r for r in learner)
    post_build = (ROOT / "postBuild").read_text()
    assert "tools/course.py binder" in post_build  # the student edition, and only it


def test_binder_image_holds_the_student_edition_and_not_the_teachers(tmp_path):
    """postBuild in an image build leaves the teacher's edition, the answer key and the
    tests out of the image; run by hand on a teacher's machine it removes nothing."""
    for name in ("tools", "notebooks", "examples", "docs", "tests"):
        shutil.copytree(ROOT / name, tmp_path / name)
    for name in ("postBuild", "nbgrader_config.py"):
        shutil.copy2(ROOT / name, tmp_path / name)
    env = {k: v for k, v in os.environ.items() if k != "REPO_DIR"}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    by_hand = subprocess.run(
        ["bash", "postBuild"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert by_hand.returncode == 0, by_hand.stderr
    assert (tmp_path / "notebooks").is_dir() and (tmp_path / "docs" / "teaching.md").is_file()
    image = subprocess.run(
        ["bash", "postBuild"],
        cwd=tmp_path,
        env={**env, "REPO_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert image.returncode == 0, image.stderr
    for name in course.TEACHER_MATERIAL:
        assert not (tmp_path / name).exists(), name
    assert (tmp_path / "student" / "start-here.ipynb").is_file()
    assert (tmp_path / "docs" / "examples.md").is_file()
    assert not (tmp_path / "student" / "docs" / "teaching.md").exists()


def test_publish_makes_the_student_edition_a_repository_of_its_own(tmp_path):
    """For an nbgitpuller link: the student edition, committed; publishing again without a
    change commits nothing, and a change is committed on top."""
    dest = tmp_path / "course-student"
    first = course.publish(dest)
    assert first and course.publish(dest) == ""
    log = subprocess.run(
        ["git", "-C", str(dest), "log", "--format=%s"], capture_output=True, text=True
    ).stdout.splitlines()
    assert len(log) == 1 and log[0].startswith("Student edition of the cardlib course")
    tracked = subprocess.run(
        ["git", "-C", str(dest), "ls-files"], capture_output=True, text=True
    ).stdout.split()
    assert "start-here.ipynb" in tracked and "docs/examples.md" in tracked
    assert "docs/teaching.md" not in tracked and "README.md" in tracked
    text = "\n".join((dest / name).read_text(encoding="utf-8") for name in tracked)
    assert "BEGIN SOLUTION" not in text and "Answer key" not in text
    (dest / "golf.ipynb").write_text("{}")  # an older edition, published: the next puts it right
    course._git(dest, "commit", "--quiet", "-am", "an older edition")
    assert course.publish(dest) not in ("", first)
    assert json.loads((dest / "golf.ipynb").read_text())["cells"]


def test_readme_binder_badge_opens_start_here_of_the_student_edition():
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\(https://mybinder\.org/v2/gh/[^)]+\)", readme)
    assert badge and "urlpath=lab/tree/student/start-here.ipynb" in badge.group(0)
    makefile = (ROOT / "Makefile").read_text()
    assert "tools/course.py student" in makefile and "PATH=" in makefile
    ignored = (ROOT / ".gitignore").read_text().split()
    assert "student/" in ignored
    assert shutil.which("git")
