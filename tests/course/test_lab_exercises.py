"""The simulations notebook's predict-then-measure exercises (:mod:`cardlib.exercises.lab`):
every study a student may be asked tells its two variants apart (their 95% intervals do
not overlap at the exercise's ``n``, on each of its seeds), so the right answer is the
rules' and not noise; the right answer is whatever ``compare`` measures on the exercise's
seed, never one written down; and the prediction earns its share for being given, right or
not."""

from __future__ import annotations

from typing import Any

import pytest

import cardlib.analysis
from cardlib.exercises import EXERCISES, check, lab, model, score
from cardlib.exercises.key import students
from tests.course.exercise_cases import pinned

LAB = [e for e in EXERCISES if e in lab.OFFERED]


def test_the_simulations_notebook_asks_one_a_game_that_has_variants_to_tell_apart():
    assert LAB == ["golf-lab", "gf-lab"]
    assert {EXERCISES[e].notebook for e in LAB} == {"simulations.ipynb"}
    assert {lab.OFFERED[e][0].game for e in LAB} == {"golf", "go-fish"}


@pytest.mark.parametrize("exercise_id", LAB)
def test_every_study_offered_tells_its_two_variants_apart(exercise_id):
    """At the exercise's n, on every seed it may draw, the measure's intervals are apart."""
    offered = lab.OFFERED[exercise_id]
    assert len({(s.variants, s.seed) for s in offered}) >= 4
    for study in offered:
        reports = study.compare()
        assert [r.variant.label for r in reports] == list(study.variants)
        assert all(r[study.measure].n == study.n == lab.GAMES_PLAYED for r in reports)
        shown = [(r[study.measure].low, r[study.measure].high) for r in reports]
        assert lab.apart(reports, study.measure), (study, shown)


@pytest.mark.parametrize("exercise_id", LAB)
def test_every_student_is_asked_one_of_the_studies_offered(exercise_id):
    asked = [model.variant_of(exercise_id, who) for who in students(40)]
    assert set(asked) <= set(lab.OFFERED[exercise_id])
    assert len(set(asked)) >= 10


def test_the_prediction_earns_its_share_for_being_given_not_for_being_right(monkeypatch):
    pinned(monkeypatch, "gf-lab")  # pagat against bicycle: which gives the longer game
    assert score("gf-lab", ("pagat", "bicycle")) == 1.0  # predicted wrong, measured right
    assert score("gf-lab", ("bicycle", "bicycle")) == 1.0
    assert score("gf-lab", ("bicycle", "pagat")) == 0.5  # measured wrong
    assert score("gf-lab", ("pag", "bic")) == 1.0  # read as the other names are
    recorded = check("gf-lab", ("pagat", None))  # the prediction first, nothing measured yet
    assert recorded.kind == "unanswered" and recorded.points == 0.5, recorded
    assert "the measured answer" in str(recorded)
    assert score("gf-lab", (None, None)) == 0.0
    assert score("gf-lab", None) == 0.0
    unread = check("gf-lab", ("refill=true", "bicycle"))  # not one of the two: no share
    assert unread.kind == "form" and unread.points == 0.5, unread


class _Report:
    def __init__(self, label: str, value: float) -> None:
        self.variant = cardlib.analysis.Variant(label)
        self.value = value

    def __getitem__(self, measure: str) -> Any:
        return cardlib.analysis.Measure(measure, self.value, self.value, self.value, 40, "")


def test_the_right_answer_is_what_compare_measures_on_the_exercises_seed(monkeypatch):
    """The key asks ``compare`` with the exercise's variants, n and seed, and answers from
    what it returns: a study that measured the other way round changes the right answer."""
    v = pinned(monkeypatch, "gf-lab")
    asked: list[tuple[Any, ...]] = []

    def reversed_study(game: str, variants: list[str], n: int, **kw: Any) -> list[_Report]:
        asked.append((game, tuple(variants), n, kw["seed"]))
        return [_Report(label, -i) for i, label in enumerate(variants)]

    lab.study.cache_clear()
    monkeypatch.setattr(cardlib.analysis, "compare", reversed_study)
    try:
        assert score("gf-lab", ("bicycle", "pagat")) == 1.0
        assert score("gf-lab", ("pagat", "bicycle")) == 0.5
    finally:
        lab.study.cache_clear()
    assert asked == [("go-fish", ("pagat", "bicycle"), 40, v.seed)]
