"""The teacher's side of the exercises: a student's answer key, the grading rubric, and the
check of the variants before a release.  Not exported by :mod:`cardlib.exercises` (it hands
out answers); ``tools/course.py key`` and ``tools/course.py variants`` use it.

* :func:`answer_key` is each exercise's question and right answer for one student, as the
  learner would write it (``python tools/course.py key --student ana``);
* :func:`rubric` is the grading rubric, generated from the registry: the points of each
  exercise and how its parts share them (``docs/teaching.md`` holds it, checked by a test);
* :func:`check_variants` draws N students' variants of every exercise and checks that each
  is asked, that its right answer scores full points, a wrong answer of the right form
  less, a blank answer 0, and that no hint before the last states a value of the answer
  the question does not give.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardlib.exercises.grading import _feedback, _mark, given_values
from cardlib.exercises.model import Exercise, exercises, keys, lookup, variant_of
from cardlib.exercises.showing import question


@dataclass(frozen=True)
class KeyEntry:
    """One exercise of one student's answer key."""

    exercise: Exercise
    question: str
    answer: str
    why: str


def answer_key(student_id: str, notebook: str | None = None) -> list[KeyEntry]:
    """``student_id``'s question and right answer for every exercise (of ``notebook``, if
    given: ``golf.ipynb`` or ``golf``)."""
    entries = []
    for e in exercises().values():
        if notebook is not None and notebook.removesuffix(".ipynb") != e.notebook.removesuffix(
            ".ipynb"
        ):
            continue
        key = keys()[e.id]
        v = variant_of(e.id, student_id)
        right = key.solve(v)
        marked = _mark(e, key.answer.given(right, v), student_id)
        assert marked.kind == "right" and marked.reading is not None, (e.id, marked.kind)
        entries.append(
            KeyEntry(
                e,
                str(question(e.id, student_id)).rsplit("\nThis is ", 1)[0],
                key.answer.literal(right, v),
                key.why(v, marked.reading.value),
            )
        )
    return entries


def key_text(student_id: str, notebook: str | None = None) -> str:
    """The answer key of :func:`answer_key` as text, an exercise a paragraph."""
    entries = answer_key(student_id, notebook)
    if not entries:
        known = sorted({e.notebook for e in exercises().values()})
        return f"No exercises in {notebook!r}; the notebooks with exercises: {', '.join(known)}"
    said = [f"Answer key of student {student_id!r}"]
    for entry in entries:
        answer = entry.answer if "\n" not in entry.answer else "\n" + entry.answer.rstrip("\n")
        said.append(f"{entry.question}\nRight answer: {answer}\nWhy: {entry.why}")
    return "\n\n".join(said) + "\n"


def rubric() -> str:
    """The grading rubric as a Markdown table: each exercise, its points, its parts (each
    right part earns an equal share of the points) and their number in the default
    student's variant (the kind of parts is every student's; a list of cards has as many as
    the cards named)."""
    from fractions import Fraction

    from cardlib.exercises.students import DEFAULT_STUDENT

    rows = [
        "| exercise | notebook | points | the parts, each right part an equal share | "
        "in the default student's variant |",
        "|---|---|---|---|---|",
    ]
    for e in exercises().values():
        key = keys()[e.id]
        v = variant_of(e.id, DEFAULT_STUDENT)
        n = len(key.answer.split(key.solve(v), v))
        share = Fraction(e.points) / n
        worth = f"{n} parts, {share} point each" if n > 1 else "1 part: all or nothing"
        rows.append(
            f"| `{e.id}` {e.title} | `{e.notebook}` | {e.points:g} | {key.answer.rubric()} | "
            f"{worth} |"
        )
    return "\n".join(rows) + "\n"


# --------------------------------------------------------------------------- the variants


def students(n: int) -> list[str]:
    """``n`` student IDs for the check of the variants (the same ones every time)."""
    return [f"student-{hashlib.sha256(str(i).encode()).hexdigest()[:6]}" for i in range(n)]


@dataclass
class VariantsReport:
    """What :func:`check_variants` found for one exercise."""

    exercise: str
    variants: int = 0
    questions: set[str] = field(default_factory=set)
    answers: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        verdict = "ok" if self.passed else f"{len(self.problems)} problem(s)"
        return (
            f"{self.exercise:<8} {self.variants:>4} variants  {len(self.questions):>4} questions  "
            f"{len(self.answers):>4} answers  {verdict}"
        )


def check_variants(
    n: int, exercise_ids: Iterable[str] | None = None, student_ids: Sequence[str] | None = None
) -> list[VariantsReport]:
    """Draw ``n`` students' variants of each exercise and check each (see the module's text)."""
    who = list(student_ids) if student_ids is not None else students(n)
    ids = list(exercise_ids) if exercise_ids is not None else list(exercises())
    return [_check_exercise(lookup(eid), who) for eid in ids]


def _check_exercise(e: Exercise, student_ids: Sequence[str]) -> VariantsReport:
    report = VariantsReport(e.id)
    key = keys()[e.id]
    for who in student_ids:
        report.variants += 1
        try:
            problems = _check_one(e, key, who, report)
        except Exception as failed:  # a draw or an engine that fails: say it, go on
            problems = [f"{type(failed).__name__}: {failed}"]
        report.problems += [f"{who}: {p}" for p in problems]
    return report


def _check_one(e: Exercise, key: Any, who: str, report: VariantsReport) -> list[str]:
    problems = []
    v = variant_of(e.id, who)
    asked = question(e.id, who)
    shown = [str(asked), asked._repr_markdown_(), asked._repr_html_()]
    if not all(s.strip() for s in shown) or e.form not in shown[0]:
        problems.append("the question does not render")
    report.questions.add(asked.text)
    right = key.solve(v)
    literal = key.answer.literal(right, v)
    report.answers.add(literal)
    full = _mark(e, key.answer.given(right, v), who)
    if full.points != e.points or full.kind != "right":
        problems.append(f"the right answer {literal} scores {full.points} ({full.kind})")
    wrong_answer = key.answer.wrong(right, v)
    wrong = _mark(e, wrong_answer, who)
    if not (wrong.kind == "wrong" and wrong.points < e.points):
        problems.append(f"a wrong answer scores {wrong.points} ({wrong.kind})")
    blank = _mark(e, key.answer.blank(v), who)
    if blank.points != 0 or blank.kind != "unanswered":
        problems.append(f"a blank answer scores {blank.points} ({blank.kind})")
    said = _feedback(e, wrong_answer, lambda _e: 2, who)
    asked_text = " ".join([key.question(v), e.form, key.answer.template(v) or ""])
    _given, hidden = given_values(key.values(v, right), asked_text)
    for hint in said.hints[:2]:
        told = sorted(str(a) for a in hidden if a.said_in(hint))
        if told:
            problems.append(f"a hint before the last states {', '.join(told)}: {hint!r}")
    verdict = said.message.splitlines()[0]
    named = [label for label in wrong.wrong_parts if label in verdict]
    if named or "Look again at" in said.message:
        problems.append("a wrong answer's feedback says which part is wrong before the last hint")
    return problems
