"""Each student's own variants (issue 28, items 3, 4, 5 and 8): who the student is, the seed of
a variant, neighbours' questions and answers, the check of the variants, hints and notebook
text that never state an answer, the teacher's answer key and the rubric.

What "states an answer" means here (this module's own oracle, written apart from
:mod:`cardlib.exercises.giveaway`): a text states a value when it holds it as a whole token
in a way the course writes such a value (a number as digits, with a minus sign or "minus",
or as a word from two to twelve; a card in notation or with its suit symbol; a name, a rule
ID or a move as written).  ``True``, ``False`` and ``'legal'`` are never counted.

* **hints** (the nudge and the rule's text of a wrong answer's second try): they state no
  value of the answer that the question does not give, and no value the question gives
  that is this student's own (a name, a card drawn for them) unless every student's hints
  say it anyway (the Rook, in a rule's text);
* **the notebook** (every Markdown cell and output from the first section of the exercise's
  rules to the exercise): no passage (a sentence, a line of output) states a value of the
  answer the question does not give while naming the facts that decide this student's
  question (all of ``v.facts()`` where the variant says them, otherwise half, rounded up,
  of its values that not every student shares): the notebook must never work the student's
  own question.  The answers of golf-3, gf-3, gf-4, gf-7, gf-8, gf-10, rook-4, rook-5,
  rook-15, review-1, golf-lab and gf-lab are chosen among what the question gives (a player,
  cards of a hand, the goal itself, a team, one of the two variants compared): they have no
  such value, and the hints' check covers them.

Neither check can pass for want of anything to check: each exercise has values checked in
every student's hints and facts looked for in its notebook, and a test plants answers in a
hint and in the notebook, and pins variants equal to the notebook's own worked examples,
and sees them caught.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import json
import math
import random
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.catalogue import rules
from cardlib.exercises import (
    EXERCISES,
    Truth,
    check,
    model,
    score,
    set_student,
    student,
    students,
    variant,
)
from cardlib.exercises import key as answer_keys
from cardlib.exercises.grading import _feedback, _mark
from cardlib.exercises.showing import question
from tests.conftest import ROOT
from tests.course.exercise_cases import pinned

sys.path.insert(0, str(ROOT / "tools"))
import course

STUDENTS = answer_keys.students(12)
IDS = list(EXERCISES)


# --------------------------------------------------------------------------- who the student is


@pytest.fixture
def nobody(monkeypatch):
    for variable in ("CARDLIB_STUDENT", "JUPYTERHUB_USER", "NBGRADER_EXECUTION"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(students, "_set", None)


def test_the_student_is_the_default_then_set_then_the_hub_then_cardlib_student(nobody, monkeypatch):
    assert student() == students.DEFAULT_STUDENT == "learner"
    assert "'cy'" in set_student(" cy ") and student() == "cy"
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    assert student() == "ana"  # nbgrader's exchange files a submission by the hub user
    said = set_student("dee")
    assert student() == "ana" and "'ana'" in said and "JupyterHub" in said
    monkeypatch.setenv("CARDLIB_STUDENT", "bo")
    assert student() == "bo"


def test_under_nbgrader_autograde_the_student_is_the_submission_folder(
    nobody, monkeypatch, tmp_path
):
    folder = tmp_path / "course" / "autograded" / "eve" / "cardlib"
    folder.mkdir(parents=True)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("CARDLIB_STUDENT", "bo")
    assert student() == "bo"  # not autograding: the folder says nothing
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert student() == "eve"
    monkeypatch.chdir(tmp_path)  # autograding elsewhere (another directory_structure)
    assert student() == "bo"


def test_the_nbgrader_facts_the_student_id_rests_on():
    """nbgrader sets NBGRADER_EXECUTION=autograde while it runs a submission, and runs it in
    autograded/<student_id>/<assignment_id>: its default directory_structure (a real
    autograde run is in test_course.py: each student there is graded on their own variants)."""
    import nbgrader.converters.autograde as autograde
    from nbgrader.coursedir import CourseDirectory

    source = Path(autograde.__file__).read_text()
    assert "setenv(NBGRADER_EXECUTION='autograde')" in source
    assert "self.writer.build_directory" in source  # the notebook run is the one written there
    folders = CourseDirectory()
    assert folders.directory_structure == str(
        Path("{nbgrader_step}", "{student_id}", "{assignment_id}")
    )
    assert folders.autograded_directory == students.AUTOGRADED


def test_an_empty_student_id_is_refused_in_one_line(nobody):
    from cardlib.errors import CardlibError

    with pytest.raises(CardlibError, match=r"^a student ID is a name such as 'ana', not ' '$"):
        set_student(" ")


# --------------------------------------------------------------------------- the seed


def test_the_seed_is_the_sha256_of_the_student_and_the_exercise():
    for who, eid in [("ana", "golf-1"), ("learner", "rook-5"), ("Zoë Ω", "gf-3")]:
        digest = hashlib.sha256(f"{who}/{eid}".encode()).digest()
        expected = random.Random(int.from_bytes(digest[:8], "big"))
        assert students.rng_for(who, eid).random() == expected.random()
    # the same on every runtime and in every process: a value fixed once and for all
    assert students.rng_for("ana", "golf-1").getrandbits(32) == 273520784


def test_neighbours_get_their_own_questions_and_answers():
    """Among 12 students, each exercise asks most of them something of their own, and its
    right answers differ between some of them."""
    for eid in IDS:
        key = model.keys()[eid]
        variants = [model.variant_of(eid, who) for who in STUDENTS]
        answers = {repr(key.solve(v)) for v in variants}
        assert len(set(map(repr, variants))) >= 6, eid
        assert len(answers) >= 2, (eid, answers)


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_variant_is_the_question_and_never_its_answer(exercise_id):
    """``variant(id)`` holds what the question says: each of its values is in the question
    shown, and no value of the answer that the question does not give is in it."""
    for who in STUDENTS[:4]:
        key = model.keys()[exercise_id]
        v = model.variant_of(exercise_id, who)
        shown = str(question(exercise_id, who))
        right = key.values(v, key.solve(v))
        hidden = [a for a in _values(right) if not _states(shown, a)]
        assert not [a for a in hidden if _states(repr(v), a)], (exercise_id, who, hidden)


# --------------------------------------------------------------------------- the check


def test_every_variant_is_answerable_and_graded_right():
    """The check of the variants, as ``tools/course.py variants --n 6`` runs it."""
    reports = answer_keys.check_variants(6)
    assert [r.exercise for r in reports] == IDS
    assert all(r.passed for r in reports), [p for r in reports for p in r.problems]
    assert all(r.variants == 6 for r in reports)


def test_the_check_of_the_variants_finds_what_is_wrong(monkeypatch):
    """An answer read in another form than the key writes it, a widget's line of play that
    misses its goal, a hint that states the answer and a draw that fails are each reported:
    the check can fail."""
    key = model.keys()["golf-1"]
    monkeypatch.setitem(model.keys(), "golf-1", dataclasses.replace(key, answer=Truth()))
    (report,) = answer_keys.check_variants(2, ["golf-1"])
    assert not report.passed and "the right answer" in report.problems[0], report.problems
    monkeypatch.setitem(model.keys(), "golf-1", key)
    played = model.keys()["rook-5"]
    astray = dataclasses.replace(played.answer, line=played.answer.astray)
    monkeypatch.setitem(model.keys(), "rook-5", dataclasses.replace(played, answer=astray))
    (report,) = answer_keys.check_variants(2, ["rook-5"])
    assert not report.passed and "scores 0.5 (wrong)" in report.problems[0], report.problems
    leaky = dataclasses.replace(EXERCISES["golf-1"], nudge="It scores 0, 1, 2, ... or 99.")
    monkeypatch.setitem(model.exercises(), "golf-1", leaky)
    (report,) = answer_keys.check_variants(3, ["golf-1"])
    assert any("a hint before the last states" in p for p in report.problems), report.problems
    monkeypatch.setitem(
        model.keys(), "gf-5", dataclasses.replace(model.keys()["gf-5"], draw=lambda rng: 1 / 0)
    )
    (report,) = answer_keys.check_variants(1, ["gf-5"])
    assert report.problems == ["student-5feceb: ZeroDivisionError: division by zero"]


# --------------------------------------------------------------------------- the oracle

_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
}


def _values(value: Any) -> list[Any]:
    """The numbers and texts a value is made of (True, False, 'legal' and None left out)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _values([getattr(value, f.name) for f in dataclasses.fields(value)])
    if isinstance(value, dict):
        return _values(list(value.values()))
    if isinstance(value, list | tuple | set | frozenset):
        return [x for v in value for x in _values(v)]
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, str) and value.strip().lower() in ("", "legal"):
        return []
    return [value] if isinstance(value, int | str) else []


def _states(text: str, value: Any) -> bool:
    """Whether ``text`` writes ``value`` as a whole token (see the module's text)."""
    if isinstance(value, int):
        if value < 0:
            forms = [f"-{-value}", f"−{-value}", f"minus {-value}"]
        else:
            forms = [str(value)] + (
                [_WORDS[value], _WORDS[value].title()] if value in _WORDS else []
            )
        for form in forms:
            for m in re.finditer(re.escape(form), text):
                before, after = text[: m.start()], text[m.end() :]
                if re.search(r"[\w.\-−]$", before) or (value >= 0 and before.endswith("minus ")):
                    continue
                if re.match(r"\w|[.\-−]\w", after):
                    continue
                return True
        return False
    forms = [value]
    if re.fullmatch(r"(10|[2-9JQKA])[SHDC]", value):
        unicode = Card.parse(value).unicode
        forms += [unicode, unicode[1:] + unicode[0]]
    return any(re.search(rf"(?<![\w\-]){re.escape(form)}(?![\w\-])", text) for form in forms)


def _question_text(exercise_id: str, who: str) -> str:
    """What the question says: its text, the form of an answer and the template."""
    asked = question(exercise_id, who)
    return f"{asked.text} {asked.form} {asked.template or ''}"


@functools.cache
def _shared(exercise_id: str) -> frozenset[str]:
    """The values every variant of ``exercise_id`` drawn for :data:`STUDENTS` holds (reprs;
    worked out once an exercise, not once a student)."""
    shared: set[str] | None = None
    for who in STUDENTS:
        values = set(map(repr, _values(model.variant_of(exercise_id, who))))
        shared = values if shared is None else shared & values
    return frozenset(shared or ())


def _particular(exercise_id: str, v: Any) -> list[Any]:
    """The values of ``v`` not every student's variant shares (what makes it theirs)."""
    return [x for x in dict.fromkeys(_values(v)) if repr(x) not in _shared(exercise_id)]


def _leaks(exercise_id: str, who: str, hints: list[str], right: Any) -> tuple[list[str], int]:
    """What ``hints`` state of ``who``'s answer ``right`` to ``exercise_id`` (see the
    module's text), and how many values were looked for."""
    e, key = EXERCISES[exercise_id], model.keys()[exercise_id]
    v = model.variant_of(exercise_id, who)
    asked = _question_text(exercise_id, who)
    values = _values(key.values(v, right))
    fixed = " ".join([e.nudge, *(f"{rules[r].title} {rules[r].text}" for r in e.rules)])
    own = set(map(repr, _particular(exercise_id, v)))
    looked = [
        x for x in values if not _states(asked, x) or (repr(x) in own and not _states(fixed, x))
    ]
    return [f"{x!r} in {h!r}" for h in hints for x in looked if _states(h, x)], len(looked)


def _hints(exercise_id: str, who: str, right: Any) -> list[str]:
    key = model.keys()[exercise_id]
    v = model.variant_of(exercise_id, who)
    wrong = key.answer.wrong(right, v)
    said = _feedback(EXERCISES[exercise_id], wrong, lambda _e: 2, who)
    assert said.kind == "wrong" and len(said.hints) == 2, said
    return list(said.hints)


@pytest.mark.parametrize("exercise_id", IDS)
def test_no_hint_before_the_last_states_the_answer(exercise_id):
    checked, key = 0, model.keys()[exercise_id]
    for who in STUDENTS:
        right = key.solve(model.variant_of(exercise_id, who))  # solved once: a lab simulates
        leaks, looked = _leaks(exercise_id, who, _hints(exercise_id, who, right), right)
        checked += looked > 0
        assert leaks == [], (exercise_id, who, leaks)
    assert checked >= len(STUDENTS) // 2, f"{exercise_id}: too few variants with values to check"


def test_the_hint_check_sees_an_answer_planted_in_a_hint():
    for exercise_id in IDS:
        who = STUDENTS[0]
        key = model.keys()[exercise_id]
        v = model.variant_of(exercise_id, who)
        right = key.solve(v)
        planted = f"The answer is {key.answer.literal(right, v)}: {key.values(v, right)!r}."
        leaks, looked = _leaks(exercise_id, who, [planted], right)
        assert leaks and looked, exercise_id


# --------------------------------------------------------------------------- the notebooks


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def _text(cell: dict) -> str:
    if cell["cell_type"] == "markdown":
        return "".join(cell["source"])
    said = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        for mime in ("text/plain", "text/markdown"):
            if mime in data and "application/vnd.jupyter.widget-view+json" not in data:
                said.append("".join(data[mime]))
        if output.get("output_type") == "stream":
            said.append("".join(output["text"]))
    return "\n".join(said)


def _region(exercise_id: str) -> list[tuple[str, set[str]]]:
    """The notebook's passages from the first section of the exercise's rules to the
    exercise (sentences of its Markdown, lines of its outputs), each with the rules whose own
    section it is in (``## ID``, or the cell that shows ``rules["ID"]``): there a rule's ID
    is the rule being taught, not an answer."""
    e = EXERCISES[exercise_id]
    cells = _cells(ROOT / "notebooks" / e.notebook)
    at = next(
        i for i, c in enumerate(cells) if "".join(c["source"]).startswith(f"### Exercise {e.id} ")
    )
    first = min(
        i
        for i, c in enumerate(cells[:at])
        for r in e.rules
        if f'rules["{r}"]' in "".join(c["source"])
        or re.search(rf"^## {r}\b", "".join(c["source"]), re.M)
    )
    passages: list[tuple[str, set[str]]] = []
    section: set[str] = set()
    for cell in cells[:at]:
        source = "".join(cell["source"])
        heading = re.search(r"^## ([A-Z]+(?:-[A-Z0-9]+)+)\b", source, re.M)
        if heading or re.search(r"^## ", source, re.M):
            section = {heading.group(1)} if heading else set()
        own = section | set(re.findall(r'rules\["([A-Z0-9-]+)"\]', source))
        if cells.index(cell) < first:
            continue
        split = r"(?<=[.!?])\s+|\n" if cell["cell_type"] == "markdown" else r"\n"
        passages += [(p, own) for p in re.split(split, _text(cell)) if p.strip()]
    return passages


def _facts(exercise_id: str, v: Any) -> tuple[list[Any], int]:
    """The facts that decide ``v``'s question, and how many a passage must name to be about
    it: all of those the variant says (``v.facts()``), or half (rounded up) of the values
    not every student's variant shares."""
    facts = getattr(v, "facts", None)
    if callable(facts):
        return list(facts()), len(facts())
    particular = _particular(exercise_id, v)
    return particular, math.ceil(len(particular) / 2)


def _hidden(exercise_id: str, v: Any) -> list[Any]:
    """The values of ``v``'s answer that its question does not give."""
    key = model.keys()[exercise_id]
    return [x for x in _values(key.values(v, key.solve(v))) if not _states(key.question(v), x)]


def _worked(exercise_id: str, v: Any, passages: list[tuple[str, set[str]]]) -> list[str]:
    """The passages that state a value of ``v``'s answer the question does not give, while
    naming the facts of ``v``'s question."""
    hidden = _hidden(exercise_id, v)
    facts, need = _facts(exercise_id, v)
    return [
        p
        for p, own in passages
        if any(_states(p, x) for x in hidden if x not in own)
        and sum(_states(p, f) for f in facts) >= need
    ]


#: the exercises whose answers are chosen among what the question gives
CHOSEN = {
    "golf-3",
    "gf-3",
    "gf-4",
    "gf-7",
    "gf-8",
    "gf-10",
    "rook-4",
    "rook-5",
    "rook-15",
    "review-1",
    "golf-lab",
    "gf-lab",
}


def test_the_exercises_whose_answers_the_question_gives_are_those_said():
    given = {
        eid for eid in IDS if not any(_hidden(eid, model.variant_of(eid, who)) for who in STUDENTS)
    }
    assert given == CHOSEN


@pytest.mark.parametrize("exercise_id", IDS)
def test_no_notebook_text_before_an_exercise_works_a_students_question(exercise_id):
    passages = _region(exercise_id)
    assert passages, exercise_id
    for who in STUDENTS:
        v = model.variant_of(exercise_id, who)
        assert _facts(exercise_id, v)[0], (exercise_id, who)
        assert _worked(exercise_id, v, passages) == [], (exercise_id, who)


def test_the_notebook_check_sees_the_worked_examples_the_draws_stay_away_from(monkeypatch):
    """Variants pinned to what the notebooks show are caught by the check: the layout the
    golf notebook scores, a three-player deal (33: the rule's own text), the set hand
    rook.ipynb scores; and a passage planted with a student's question and its answer."""
    from cardlib.exercises.start_here import DealClaim
    from cardlib.golf.exercises import Layout
    from cardlib.rook.exercises import Contract

    shown = {
        "golf-1": Layout(("8H", "2S", "AC", "8C", "KD", "QH")),
        "sh-1": DealClaim(("Ana", "Raj", "Eli"), 5, 0, 30),
        "rook-2": Contract("NS", 95, 90, 30),
    }
    for exercise_id, v in shown.items():
        assert _worked(exercise_id, v, _region(exercise_id)), exercise_id
    for exercise_id in set(IDS) - CHOSEN:
        key = model.keys()[exercise_id]
        v = next(
            v
            for v in (model.variant_of(exercise_id, who) for who in STUDENTS)
            if _hidden(exercise_id, v)
        )
        right = key.solve(v)
        planted = f"{key.question(v)} The answer: {key.values(v, right)!r}"
        assert _worked(exercise_id, v, [(planted.replace("\n", " "), set())]), exercise_id


# --------------------------------------------------------------------------- the key, the rubric


def test_the_answer_key_gives_each_student_their_own_right_answers():
    for who in ("ana", "bo"):
        entries = answer_keys.answer_key(who)
        assert [e.exercise.id for e in entries] == IDS
        for entry in entries:
            e = entry.exercise
            key = model.keys()[e.id]
            v = model.variant_of(e.id, who)
            assert entry.question.startswith(f"Exercise {e.id} ")
            given = entry.answer if "\n" in entry.answer else None
            if e.kind == "widget":
                continue  # a line of play, in words; the check of the variants plays it
            written = given if given is not None else __import__("ast").literal_eval(entry.answer)
            assert _mark(e, written, who).points == e.points, (who, e.id)
            assert key.answer.literal(key.solve(v), v) == entry.answer
    golf = answer_keys.answer_key("ana", "golf")
    assert [e.exercise.id for e in golf] == [
        e for e in IDS if EXERCISES[e].notebook == "golf.ipynb"
    ]


def test_tools_course_key_and_variants(capsys):
    assert course.main(["key", "--student", "ana", "--notebook", "go-fish.ipynb"]) == 0
    out = capsys.readouterr().out
    go_fish = [e for e in IDS if EXERCISES[e].notebook == "go-fish.ipynb"]
    assert out.startswith("Answer key of student 'ana'")
    assert out.count("Right answer:") == len(go_fish)
    assert "Exercise gf-1 " in out and "golf-1" not in out
    assert course.main(["key", "--student", "ana", "--notebook", "nope"]) == 2
    assert "the notebooks with exercises:" in capsys.readouterr().err
    assert course.main(["variants", "--n", "2"]) == 0
    out = capsys.readouterr().out
    assert len([line for line in out.splitlines() if line.endswith(" ok")]) == len(IDS)
    assert f"2 students' variants of each of the {len(IDS)} exercises: all answerable" in out


def test_the_guide_gives_the_rubric_of_the_registry():
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    section = guide.split("## The grading rubric", 1)[1].split("\n## ", 1)[0]
    assert answer_keys.rubric() in section, "run: python tools/course.py key --rubric"
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert course.main(["key", "--rubric"]) == 0
    assert buffer.getvalue() == answer_keys.rubric()


def test_a_learner_working_as_another_student_gets_that_students_question(monkeypatch):
    monkeypatch.setenv("CARDLIB_STUDENT", "ana")
    ana = repr(variant("golf-1"))
    key = model.keys()["golf-1"]
    right = key.solve(model.variant_of("golf-1", "ana"))
    assert check("golf-1", right).kind == "right" and score("golf-1", right) == 1.0
    monkeypatch.setenv("CARDLIB_STUDENT", "bo")
    assert repr(variant("golf-1")) != ana
    if key.solve(model.variant_of("golf-1", "bo")) != right:
        assert score("golf-1", right) == 0.0


def test_pinned_variants_are_marked_against_what_they_pin(monkeypatch):
    """The tests' pinning (exercise_cases.pinned) replaces the draw, and only that."""
    v = pinned(monkeypatch, "golf-1")
    assert variant("golf-1") == v and str(v.cards[0]) in str(question("golf-1", "x"))


def test_no_students_gf5_answer_is_a_stock_the_notebook_shows():
    """go-fish.ipynb shows the stock just after every deal (its table of deals and the replay
    of deal-table.yaml): 52 less 7 cards each to two (and to three under Bicycle), 5 each to
    three to six. gf-5 asks for the stock after some fishing too, and never lands on one."""
    shown = {52 - 7 * 2, 52 - 7 * 3} | {52 - 5 * n for n in range(3, 7)}
    for who in answer_keys.students(40):
        right = model.keys()["gf-5"].solve(model.variant_of("gf-5", who))
        assert not set(right.values()) & shown, (who, right)


def _first_code(path: Path) -> str:
    """A notebook's set-up: its first code cell (imports and helpers)."""
    return next("".join(c["source"]) for c in _cells(path) if c["cell_type"] == "code")


@pytest.mark.parametrize(
    "notebook",
    [
        # the labs' solutions simulate: test_lab_exercises.py checks every study quicker
        pytest.param(n, marks=pytest.mark.slow) if n == "simulations.ipynb" else n
        for n in sorted({e.notebook for e in EXERCISES.values()})
    ],
)
def test_the_teachers_solutions_are_right_for_every_student(notebook, monkeypatch, tmp_path):
    """Each solution region of the teacher's notebook, run as a submission runs it (after the
    notebook's set-up and its exercises' imports), earns full points for each of 20 students:
    the teacher's solutions work the answer out from the student's variant."""
    path = ROOT / "notebooks" / notebook
    cells = _cells(path)
    imports = next("".join(c["source"]) for c in cells if c.get("id") == "exercises-student")
    answers = {
        c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"])
        for c in cells
        if c["metadata"].get("nbgrader", {}).get("solution")
    }
    monkeypatch.chdir(tmp_path)  # no notebook here: the widgets save nothing
    for who in answer_keys.students(20):
        monkeypatch.setenv("CARDLIB_STUDENT", who)
        space: dict[str, Any] = {}
        with redirect_stdout(io.StringIO()):
            exec(_first_code(path), space)
            exec(imports, space)
            for exercise_id, source in answers.items():
                exec(source, space)
                variable = re.search(rf'check\("{exercise_id}", (answer_\d+)\)', source).group(1)
                assert score(exercise_id, space[variable]) == 1.0, (who, exercise_id)
