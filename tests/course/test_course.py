"""The course as a teacher assigns it: each exercise's feedback, its points part by part and
its hints (on variants pinned here, with answers worked out by hand: exercise_cases.py), the
notebooks' exercise cells, the student edition that nbgrader generates (no solution
survives; it runs before any answer is given), and nbgrader's autograding of blank, solved,
half-solved and partly right submissions, each student graded on their own variants."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardlib import exercises
from cardlib.exercises import (
    EXERCISES,
    KINDS,
    check,
    grade,
    reset_hints,
    score,
    show,
    variant,
    widget,
)
from cardlib.exercises.students import DEFAULT_STUDENT
from cardlib.gofish.exercises import Deals
from cardlib.golf.exercises import MatchCard
from tests.conftest import ROOT
from tests.course.exercise_cases import CASES, answer, pinned

sys.path.insert(0, str(ROOT / "tools"))
import course

GAME_NOTEBOOKS = ("golf.ipynb", "go-fish.ipynb", "rook.ipynb")


@pytest.fixture(autouse=True)
def _fresh_hints():
    reset_hints()
    yield
    reset_hints()


def test_every_exercise_has_its_case_and_the_course_has_enough():
    assert set(CASES) == set(EXERCISES)
    by_notebook: dict[str, int] = {}
    for e in EXERCISES.values():
        by_notebook[e.notebook] = by_notebook.get(e.notebook, 0) + 1
        assert all(r in exercises.rules for r in e.rules), e.id
    assert by_notebook["start-here.ipynb"] >= 2
    assert all(by_notebook[nb] >= 5 for nb in GAME_NOTEBOOKS)
    assert {e.kind for e in EXERCISES.values()} == set(KINDS)


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_feedback_right_wrong_and_wrong_form(exercise_id, monkeypatch):
    pinned(monkeypatch, exercise_id)
    right, wrong, bad_form = (answer(exercise_id, w) for w in ("right", "wrong", "bad_form"))
    said = check(exercise_id, right)
    assert said.kind == "right" and said.correct and "right." in str(said), said
    assert grade(exercise_id, right) and said.points == 1

    form = check(exercise_id, bad_form)
    assert form.kind == "form" and "not in the form asked for" in str(form), form
    assert "Hint" not in str(form)  # a form problem is not a rule problem

    # Stepped hints: a nudge, then the rule's text, then where to look.
    steps = [check(exercise_id, answer(exercise_id, "wrong")) for _ in range(3)]
    assert [s.kind for s in steps] == ["wrong"] * 3 and not grade(exercise_id, wrong)
    e = EXERCISES[exercise_id]
    assert "Hint 1 of 3" in str(steps[0]) and "Hint 2 of 3" not in str(steps[0])
    assert "Hint 2 of 3, the rule:" in str(steps[1]) and "Hint 3" not in str(steps[1])
    assert e.where in str(steps[2])


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_each_part_right_earns_its_share_of_the_points(exercise_id, monkeypatch):
    """3 of 4 entries right is 0.75 of the point, not 0; a blank answer or one not of the
    form asked for at all earns nothing (one with a part in the wrong form: that part 0)."""
    pinned(monkeypatch, exercise_id)
    case = CASES[exercise_id]
    assert score(exercise_id, answer(exercise_id, "right")) == 1.0
    assert score(exercise_id, answer(exercise_id, "wrong")) == case.wrong_score < 1
    e = EXERCISES[exercise_id]
    blank = widget(exercise_id) if e.kind == "widget" else None
    assert score(exercise_id, blank) == 0.0
    assert score(exercise_id, answer(exercise_id, "bad_form")) < 1


def test_partial_credit_counts_the_parts_answered_and_says_the_blank_ones(monkeypatch):
    pinned(monkeypatch, "golf-2")
    three = dict(CASES["golf-2"].right, take=None)
    assert score("golf-2", three) == 0.75
    said = check("golf-2", three)
    assert said.kind == "unanswered" and "1 of the 4 entries are still None (take)" in str(said)
    assert score("golf-2", dict.fromkeys(three, None)) == 0.0
    pinned(monkeypatch, "rook-4")
    assert score("rook-4", ["R6", "Rook", "Y12"]) == round(2 / 3, 4)  # one card too many
    assert score("rook-4", ["Y12"]) == 0.0  # nothing right: the three cards named are wrong


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_placeholder_says_unanswered(exercise_id):
    e = EXERCISES[exercise_id]
    placeholder = widget(exercise_id) if e.kind == "widget" else None
    said = check(exercise_id, placeholder)
    assert said.kind == "unanswered" and "not answered yet" in str(said)


def test_a_wrong_answer_says_how_many_parts_are_right_not_which_until_the_last_hint(monkeypatch):
    pinned(monkeypatch, "golf-3")
    steps = [str(check("golf-3", (True, "Ana"))) for _ in range(3)]
    for said in steps[:2]:
        assert "1 of the 2 values is right" in said, said
        assert "first value" not in said and "second value" not in said
        assert "lower score" not in said.split("\n")[0]
    assert "Look again at: the second value (who has the lower score)." in steps[2]
    pinned(monkeypatch, "golf-2")
    said = str(check("golf-2", CASES["golf-2"].wrong))
    assert said.startswith("golf-2: not yet. 3 of the 4 entries are right.\n"), said
    pinned(monkeypatch, "rook-2")
    said = str(check("rook-2", (-5, 25)))
    assert "1 of the 2 values is right" in said and "North-South" not in said.split("\n")[0]


def test_hint_2_leaves_out_the_sentences_of_a_rule_that_state_the_answer(monkeypatch):
    """golf-1 with a jack over a queen (20): GOLF-COLUMN's "a jack over a queen scores 20" is
    left out; gf-5 with three players under Pagat's rules and no fishing (37, a variant no
    student gets): GF-DEAL's "with three players under Pagat's rules 15 cards are dealt and
    37 remain" too; the rest of each rule stays."""
    pinned(monkeypatch, "golf-1")
    hint = [str(check("golf-1", 19)) for _ in range(2)][1]
    assert "a jack over a queen scores 20" not in hint
    assert "Cards side by side or on a diagonal never pair." in hint
    assert "Same value is not same rank" not in hint  # the sentence that says 20
    pinned(monkeypatch, "gf-5", Deals((("pagat", 3), ("bicycle", 3)), 0))
    hint = [str(check("gf-5", {"pagat": 36, "bicycle": 30})) for _ in range(2)][1]
    assert "37" not in hint and "31" not in hint and "15 cards are dealt" not in hint
    assert "Bicycle deals 7 each to two or three players" in hint


def test_sh2_a_wrong_claim_is_pointed_at_and_its_value_never_said(monkeypatch):
    pinned(monkeypatch, "sh-2")
    wrong = CASES["sh-2"].right.replace("Ana: 10, Raj: 23", "Ana: 14, Raj: 23")
    said = [str(check("sh-2", wrong)) for _ in range(3)]
    assert score("sh-2", wrong) == 0.5
    for text in said:
        assert "1 of the 2 claims is right" in text, text
        assert "my-example.yaml" not in text and "give 10" not in text
        before_the_rule = text.split("Hint 2 of 3")[0]
        assert "10" not in before_the_rule and "14" not in before_the_rule
    assert "Look again at: Ana's score." in said[2]


@pytest.mark.parametrize(
    "layout",
    [
        "{TL: 5h, TM: ks, TR: 2c, BL: 5c, BM: qd, BR: 2d}",
        "{TL: 5♥, TM: K♠, TR: 2♣, BL: 5♣, BM: Q♦, BR: 2♦}",
        "{TL: ♥5, TM: ♠K, TR: ♣2, BL: ♣5, BM: ♦Q, BR: ♦2}",
        "{TL: 5H, TM: KS, TR: down 2C, BL: 5c, BM: Q♦, BR: ♦2}",
        "{tl: 5H, tm: KS, tr: 2C, bl: 5C, bm: QD, br: 2D}",
    ],
)
def test_sh2_accepts_every_notation_the_checker_accepts_and_any_case(layout, monkeypatch):
    pinned(monkeypatch, "sh-2")
    text = CASES["sh-2"].right.replace("{TL: 5H, TM: KS, TR: 2C, BL: 5C, BM: QD, BR: 2D}", layout)
    assert text != CASES["sh-2"].right or "5H" in layout
    assert grade("sh-2", text) and check("sh-2", text).kind == "right"
    lower = text.replace("players: [Ana, Raj]", "players: [ana, raj]").replace("Ana", "ana")
    assert grade("sh-2", lower.replace("Raj", "raj"))


@pytest.mark.parametrize(
    ("exercise_id", "written"),
    [
        ("golf-5", ("ana", 23)),
        ("golf-5", ("  ANA ", 23)),
        ("golf-3", (True, "raj")),
        ("golf-3", (True, "R")),
        (
            "golf-2",
            {
                "DISCARD": "golf-take-must-replace",
                "replace tr": "legal",
                "Replace  BL": "Legal",
                "take": "golf-draw",
            },
        ),
        (
            "gf-2",
            {
                "ask raj 8": "legal",
                "ASK RAJ 3": "gf-ask-hold",
                "ask ana q": "GF-ASK-TARGET",
                "ask eli 9": "legal",
            },
        ),
        ("gf-3", {"pag": "raj", "Bicycle": "RAJ", "game": "eli"}),
        ("rook-1", ("west", 35)),
        ("rook-1", ("W", 35)),
        (
            "rook-3",
            {
                "Play g12": "rook-follow",
                "play y7": "legal",
                "PLAY R13": "ROOK-FOLLOW",
                "trump Red": "rook-trump",
            },
        ),
        ("rook-4", ["rook", "r6"]),
        ("rook-4", ("R6", "bird")),
        ("sh-1", ("golf-deal", 38)),
    ],
)
def test_right_answers_in_another_case_or_shortened_are_right(exercise_id, written, monkeypatch):
    """Names, keys and moves are read as leniently as rule IDs and cards: any case, an
    unambiguous beginning of a name, moves through the game's own parser."""
    pinned(monkeypatch, exercise_id)
    said = check(exercise_id, written)
    assert said.kind == "right", said
    assert score(exercise_id, written) == 1.0


@pytest.mark.parametrize(
    ("exercise_id", "v", "written", "why"),
    [
        # two players whose names begin alike: "A" names neither
        (
            "golf-5",
            MatchCard(("Ana", "Abe"), CASES["golf-5"].variant.holes),
            ("A", 23),
            "not one of Ana, Abe",
        ),
        ("gf-3", None, {"p": "Raj", "b": "Raj", "g": "Eli", "pagat": "Raj"}, "given twice"),
        (
            "golf-2",
            None,
            {
                "discard": "legal",
                "replace tr": "legal",
                "replace TR": "legal",
                "replace BL": "legal",
                "take": "legal",
            },
            "given twice",
        ),
        ("golf-3", None, (True, "Zed"), "not one of Ana, Raj"),
    ],
)
def test_an_ambiguous_or_unknown_name_is_the_wrong_form_and_costs_no_try(
    exercise_id, v, written, why, monkeypatch
):
    pinned(monkeypatch, exercise_id, v)
    said = check(exercise_id, written)
    assert said.kind == "form" and why in str(said), said
    wrong = check(exercise_id, ("Abe", 0) if v else answer(exercise_id, "wrong"))
    assert wrong.hint_step == 1 and "Hint 2" not in str(wrong)  # the form cost no try


def test_no_public_api_hands_out_an_answer(monkeypatch):
    """An exercise, as the module shows it, holds no way to its answer; a variant is the
    question's data; the answer key is not exported."""
    for e in EXERCISES.values():
        public = [a for a in dir(e) if not a.startswith("_")]
        assert not [a for a in public if callable(getattr(e, a))], e.id
    assert not hasattr(EXERCISES["golf-1"], "solve")
    names = [n for n in exercises.__all__ if "solve" in n.lower() or n.lower().endswith("key")]
    assert names == [] and "classify" not in exercises.__all__
    assert "answer_key" not in dir(exercises) and "key" not in exercises.__all__
    pinned(monkeypatch, "golf-1")
    v = variant("golf-1")
    assert "20" not in repr(v) and not [a for a in dir(v) if "answer" in a or "solve" in a]


def test_show_asks_the_students_variant_in_markdown_html_and_plain_text(monkeypatch):
    pinned(monkeypatch, "golf-1")
    shown = show("golf-1")
    plain, markdown, html = str(shown), shown._repr_markdown_(), shown._repr_html_()
    for text in (plain, markdown, html):
        assert "golf-1" in text and "Score a layout" in text and "a whole number" in text
        assert "QS 2H KC" in text and "JD 2S KH" in text
    assert "♠Q ♥2 ♣K" in plain and "`QS 2H KC`" in markdown and "<code>QS 2H KC</code>" in html
    assert "20" not in plain  # the question, never its answer
    monkeypatch.setenv("CARDLIB_STUDENT", "ana")
    assert "student 'ana'" in str(show("golf-1"))
    pinned(monkeypatch, "golf-2")
    assert 'Start from: {"discard": None, "replace TR": None' in str(show("golf-2"))
    pinned(monkeypatch, "sh-1")
    assert "<pre><code>example: A deal" in show("sh-1")._repr_html_()


def test_an_unknown_exercise_is_said_in_one_line():
    from cardlib.errors import CardlibError

    for call in (check, score, show, variant):
        with pytest.raises(
            CardlibError, match=r"'golf-99' is not an exercise; the exercises are sh-1"
        ):
            call("golf-99", *([None] if call in (check, score) else []))


# --------------------------------------------------------------------------- widget answers

#: widget exercise -> how a learner's clicks make the right answer of the pinned variant
#: (through the widget's own click handlers, as a click in the browser does)
CLICKS = {
    "golf-4": lambda: answer("golf-4", "right"),
    "gf-4": lambda: answer("gf-4", "right"),
    "rook-5": lambda: answer("rook-5", "right"),
}


@pytest.mark.parametrize("exercise_id", list(CLICKS))
def test_a_played_widget_answer_is_saved_and_replayed(exercise_id, tmp_path, monkeypatch):
    """Beside a notebook each click saves the moves; a fresh widget replays them, so the
    re-executed notebook (nbgrader's autograde) grades what was played."""
    pinned(monkeypatch, exercise_id)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "golf.ipynb").write_text("{}")
    played = CLICKS[exercise_id]()
    assert grade(exercise_id, played)
    saved = tmp_path / f"{exercise_id}.answer.json"
    state = json.loads(saved.read_text())
    assert saved.is_file() and state["exercise"] == exercise_id
    assert state["student"] == DEFAULT_STUDENT
    said = str(check(exercise_id, played))
    assert f"saved in {saved.name}" in said and "hand it in with the notebook" in said
    again = widget(exercise_id)  # a restarted kernel, or nbgrader running the notebook
    assert grade(exercise_id, again) and check(exercise_id, again).kind == "right"


@pytest.mark.parametrize("exercise_id", list(CLICKS))
def test_an_answer_file_that_does_not_replay_is_refused_in_words(
    exercise_id, tmp_path, monkeypatch, capsys
):
    pinned(monkeypatch, exercise_id)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.ipynb").write_text("{}")
    saved = tmp_path / f"{exercise_id}.answer.json"
    CLICKS[exercise_id]()
    state = json.loads(saved.read_text())
    if exercise_id == "golf-4":
        state["cards"][0] = "1S"
    else:
        state["moves"][-1]["move"] = "bid 65" if exercise_id == "rook-5" else "ask Zed 8"
    saved.write_text(json.dumps(state))
    fresh = widget(exercise_id)
    out = capsys.readouterr().out
    assert f"{saved.name} is not replayed:" in out and "starts where the exercise starts" in out
    assert check(exercise_id, fresh).kind == "unanswered"
    saved.write_text("not json")
    widget(exercise_id)
    assert "cannot be read as an answer file" in capsys.readouterr().out


@pytest.mark.parametrize("exercise_id", list(CLICKS))
def test_another_students_answer_file_is_not_replayed(exercise_id, tmp_path, monkeypatch, capsys):
    """The file says whose variant it was played on: another student's moves (a copied
    folder, a learner who changed ID) are refused in words, and earn nothing."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.ipynb").write_text("{}")
    monkeypatch.setenv("CARDLIB_STUDENT", "ana")
    key = exercises.model.keys()[exercise_id]
    v = exercises.model.variant_of(exercise_id, "ana")
    key.answer.enact(widget(exercise_id), key.answer.line(v))
    assert json.loads((tmp_path / f"{exercise_id}.answer.json").read_text())["student"] == "ana"
    assert grade(exercise_id, widget(exercise_id))
    monkeypatch.setenv("CARDLIB_STUDENT", "bo")
    fresh = widget(exercise_id)
    assert "holds the moves of student 'ana'" in capsys.readouterr().out
    assert score(exercise_id, fresh) == 0.0


def test_widgets_save_nothing_away_from_a_notebook_or_when_told(tmp_path, monkeypatch):
    for exercise_id in CLICKS:
        pinned(monkeypatch, exercise_id)
    monkeypatch.chdir(tmp_path)
    for exercise_id, clicks in CLICKS.items():
        played = clicks()  # no notebook in this folder (a script, a test)
        assert grade(exercise_id, played) and "saves nothing" in str(check(exercise_id, played))
    (tmp_path / "x.ipynb").write_text("{}")
    for exercise_id in CLICKS:
        key = exercises.model.keys()[exercise_id]
        v = variant(exercise_id)
        key.answer.enact(widget(exercise_id, save=False), key.answer.line(v))  # the teacher's
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.ipynb"]


def test_gf4_explains_the_requests_in_the_order_they_were_made(monkeypatch):
    """Item 6 of issue 28: asked the other way round, the explanation follows the play."""
    pinned(monkeypatch, "gf-4")
    for order in (("Raj", "Eli"), ("Eli", "Raj")):
        from tests.course.exercise_cases import ask

        said = str(check("gf-4", ask(*order)()))
        first, second = (said.index(f"Ana asks {p} for 8s") for p in order)
        assert said.startswith("gf-4: right.") and first < second, said


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


# --------------------------------------------------------------------------- exercise cells


def _exercise_cells(e: Any) -> list[dict]:
    cells = _cells(ROOT / "notebooks" / e.notebook)
    start = next(i for i, c in enumerate(cells) if _source(c).startswith(f"### Exercise {e.id} "))
    end = next(
        (
            i
            for i, c in enumerate(cells[start + 1 :], start + 1)
            if _source(c).startswith(("## ", "### "))
        ),
        len(cells),
    )
    return cells[start:end]


@pytest.mark.parametrize("exercise_id", list(CASES))
def test_each_exercise_is_asked_by_code_answered_and_tested_with_partial_credit(exercise_id):
    """Its Markdown cell only introduces it (none of the default student's data: those are
    the student's own); ``show`` asks it; the answer cell holds the teacher's solution; the
    hidden test imports ``feedback`` and ``score`` afresh, prints the feedback and ends with
    the score, which nbgrader gives the cell as its points."""
    e = EXERCISES[exercise_id]
    cells = _exercise_cells(e)
    intro, shown = _source(cells[0]), cells[1]
    assert _source(shown) == f'show("{e.id}")'
    asked = "".join(
        "".join(o.get("data", {}).get("text/plain", "")) for o in shown.get("outputs", [])
    )
    assert asked.startswith(f"Exercise {e.id} ") and f"student '{DEFAULT_STUDENT}'" in asked
    v = exercises.model.variant_of(e.id, DEFAULT_STUDENT)
    data = [str(x) for x in _data(v) if len(str(x)) > 1 and str(x) not in _WORDS]
    assert not [d for d in data if re.search(rf"(?<![\w-]){re.escape(d)}(?![\w-])", intro)], e.id
    test = next(
        c for c in cells if c["metadata"].get("nbgrader", {}).get("grade_id") == f"{e.id}-test"
    )
    hidden = re.search(r"BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", _source(test), re.S)
    lines = hidden.group(1).strip().splitlines()
    variable = re.search(rf'score\("{e.id}", (answer_\d+)\)', lines[-1]).group(1)
    assert lines == [
        "from cardlib.exercises import feedback, score  # afresh: a score redefined above does "
        "not count",
        f'print(feedback("{e.id}", {variable}))',
        f'score("{e.id}", {variable})',
    ]
    results = [o for o in test["outputs"] if o["output_type"] == "execute_result"]
    assert ["".join(o["data"]["text/plain"]) for o in results] == [str(float(e.points))]


_WORDS = {
    "take",
    "draw",
    "discard",
    "pagat",
    "bicycle",
    "gamerules",
    "East",
    "West",
    "North",
    "South",
    "NS",
    "EW",
    "red",
    "green",
    "yellow",
    "black",
    "TL",
    "TM",
    "TR",
    "BL",
    "BM",
    "BR",
    "10",
}


def _data(value: Any) -> list[Any]:
    """The values a variant is made of."""
    import dataclasses

    if dataclasses.is_dataclass(value):
        return _data(dataclasses.astuple(value))  # type: ignore[arg-type]
    if isinstance(value, tuple | list):
        return [x for v in value for x in _data(v)]
    return [value] if isinstance(value, str) and value else []


def test_the_hidden_tests_give_partial_credit_as_nbgrader_reads_it():
    """nbgrader gives an autograder test cell the float its last output shows (utils'
    determine_grade): 0.75 of a point for 3 of 4 entries, 0 for a blank answer, and nothing
    on stderr, which would cost the cell its points."""
    from nbformat.v4 import new_code_cell, new_output
    from nbgrader.utils import determine_grade

    cell = new_code_cell(
        "score(...)",
        metadata={"nbgrader": {"grade": True, "solution": False, "points": 1, "grade_id": "x"}},
    )
    for points in (0.75, 0.0, 1.0, round(2 / 3, 4)):
        cell.outputs = [
            new_output("stream", name="stdout", text="golf-2: not yet.\n"),
            new_output("execute_result", data={"text/plain": repr(points)}, execution_count=1),
        ]
        assert determine_grade(cell) == (points, 1.0)


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


def test_the_notebooks_tell_a_learner_outside_a_hub_how_to_say_who_they_are():
    for path in course.teacher_notebooks():
        if not any(e.notebook == path.name for e in EXERCISES.values()):
            continue
        intro = next(_source(c) for c in _cells(path) if _source(c).startswith("## Exercises"))
        assert 'set_student("your ID")' in intro and "JupyterHub" in intro, path.name


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
                exercise = EXERCISES[meta["grade_id"].removesuffix("-test")]
                assert meta["grade"] and meta["points"] == exercise.points
                assert "### BEGIN HIDDEN TESTS" in text
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


@pytest.mark.skipif(not course.has_nbgrader(), reason="nbgrader is the teacher extra's")
def test_nbgrader_validate_names_each_blank_exercise_in_its_own_words(student, tmp_path):
    """nbgrader's Validate (what a learner's Validate button runs) fails on an exercise still
    blank, naming it and saying what to write, and passes once every answer is written;
    whether an answer is right stays the hidden tests' (a wrong one validates)."""
    blank = _submission(student, set())["start-here.ipynb"]
    answered = _submission(student, {"sh-1", "sh-2"})["start-here.ipynb"]
    wrong = copy.deepcopy(blank)
    _write_answers({"start-here.ipynb": wrong}, {"sh-1": "('GOLF-DECK', 1)"})
    said = {}
    for name, nb in (("blank", blank), ("answered", answered), ("wrong", wrong)):
        folder = tmp_path / name
        shutil.copytree(student, folder, ignore=shutil.ignore_patterns("*.ipynb"))
        (folder / "start-here.ipynb").write_text(json.dumps(nb), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "nbgrader", "validate", "start-here.ipynb"],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=600,
            env={k: v for k, v in os.environ.items() if k != "NBGRADER_EXECUTION"},
        )
        said[name] = " ".join((done.stdout + done.stderr).split())  # nbgrader wraps lines
    assert "Success! Your notebook passes all the tests." not in said["blank"]
    for exercise in ("sh-1", "sh-2"):
        title = EXERCISES[exercise].title
        assert f"Unanswered: {exercise} ({title}) is not ready to hand in." in said["blank"]
    assert "not answered yet" in said["blank"] and "Write it as (None, None)" in said["blank"]
    assert "Success! Your notebook passes all the tests." in said["answered"], said["answered"]
    assert "sh-1 (" not in said["wrong"] and "sh-2 (" in said["wrong"], said["wrong"]


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


def _write_answers(submission: dict[str, dict], answers: dict[str, str]) -> None:
    """Write ``answers`` (exercise -> its answer in Python) in place of the placeholders of
    their answer cells, as a learner types them."""
    for nb in submission.values():
        for cell in nb["cells"]:
            grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id not in answers:
                continue
            text = _source(cell)
            variable = re.search(r"^(answer_\d+) = ", text, re.M).group(1)
            written = answers[grade_id]
            if "\n" in written:  # a YAML example
                written = f'"""\\\n{written}"""'
            cell["source"] = text.replace(course.CODE_STUB, f"{variable} = {written}")


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


def test_publish_with_binder_gives_the_student_edition_a_badge_of_its_own(tmp_path, monkeypatch):
    """The published README's badge opens the student edition's repository, never the source's
    (which holds the solutions); Binder installs the library from the source at its commit."""
    dest = tmp_path / "course-student"
    if course.repository() == course.UNSET:  # a fresh clone: the source is not set yet
        with pytest.raises(ValueError, match=r"tools/course\.py repository"):
            course.publish(dest, "school/cards-student")
        assert not dest.exists()
    monkeypatch.setattr(course, "repository", lambda root=None: "school/cards")
    with pytest.raises(ValueError, match="of its own"):
        course.publish(dest, "school/cards")
    with pytest.raises(ValueError, match="OWNER/NAME"):
        course.publish(dest, "school/cards student")
    assert not dest.exists()
    assert course.publish(dest, "school/cards-student")
    readme = (dest / "README.md").read_text(encoding="utf-8")
    badge = re.search(r"mybinder\.org/v2/gh/([^/]+/[^/]+)/HEAD\?urlpath=lab/tree/(\S+?)\)", readme)
    assert badge and badge.groups() == ("school/cards-student", "start-here.ipynb"), readme
    assert (dest / badge.group(2)).is_file() and "gh/school/cards/" not in readme
    pin = (dest / "requirements.txt").read_text(encoding="utf-8").strip()
    assert re.fullmatch(
        r"cardlib-course\[course\] @ git\+https://github\.com/school/cards@[0-9a-f]{40}", pin
    )


def test_readme_binder_badge_opens_start_here_of_the_student_edition():
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\(https://mybinder\.org/v2/gh/[^)]+\)", readme)
    assert badge and "urlpath=lab/tree/student/start-here.ipynb" in badge.group(0)
    makefile = (ROOT / "Makefile").read_text()
    assert "tools/course.py student" in makefile and "PATH=" in makefile
    ignored = (ROOT / ".gitignore").read_text().split()
    assert "student/" in ignored
    assert shutil.which("git")
