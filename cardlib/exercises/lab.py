"""Predict, then measure: the simulations notebook's exercises, one a game that has one.

A learner first writes down a prediction (which of two rule sets or options gives, say, the
longer game), then runs :func:`cardlib.analysis.compare` on the exercise's seed and answers
from the measured intervals.  The answer is a pair, ``(prediction, measured)``, both chosen
among the two variants the question names (:class:`Predicted`):

* the prediction earns its share of the points for being given (one of the two variants),
  right or not: a prediction is graded for being made, never for being right;
* the measured answer earns its share when it is the variant the study measures higher (or
  lower, as asked): ``solve`` runs ``compare`` on the exercise's seed and ``n`` and reads
  the measure's values, so no result is written down anywhere.

A game gives its question in its own folder with :func:`define` (the variants it may pair,
the measures it may ask about), on a :class:`~cardlib.exercises.model.Chapter` of the
simulations notebook that its spec names (:attr:`cardlib.games.GameSpec.lab_exercises`).
Only pairs whose 95% intervals do not overlap at the exercise's ``n`` for every seed it may
draw are offered, so that the right answer is the rules' and never noise: each game's test
checks this (``tests/course/test_lab_exercises.py``).  Nothing here names a game.

The study of a variant is asked three times when an answer is marked (``check``, then the
autograder's ``feedback`` and ``score``): :func:`study` keeps the last few studies, which
are the same whenever they are run (seeded games, a seeded bootstrap).

>>> form = Predicted(lambda v: v)
>>> reading = form.read(("pag", "bicycle"), ("pagat", "bicycle"))
>>> reading.value
('pagat', 'bicycle')
>>> form.marks(reading, ("bicycle", "bicycle"), ("pagat", "bicycle"))
{'the first value (your prediction)': True, 'the second value (the measured answer)': True}
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.exercises.forms import BLANK, Misread, Name, Reading, Tuple
from cardlib.exercises.model import Chapter, Exercise

#: the games a study plays: enough that the pairs offered are told apart on every seed
GAMES_PLAYED = 40
#: the bootstrap's resamples of the exercises' studies
RESAMPLES = 200


@dataclass(frozen=True)
class Study:
    """A student's question: which of ``variants`` (two labels of
    :func:`cardlib.analysis.variant`) gives the ``measure`` higher (``more``) or lower,
    measured by ``compare(game, list(variants), n=n, seed=seed, order_games=0,
    resamples=RESAMPLES)``;
    ``asked`` says the measure that way in words ("the longer game")."""

    game: str
    variants: tuple[str, str]
    measure: str
    more: bool
    asked: str
    seed: int
    n: int = GAMES_PLAYED

    def compare(self) -> list[Any]:
        """The study, as a learner runs it: one report a variant."""
        return list(study(self.game, self.variants, self.n, self.seed))


@functools.lru_cache(maxsize=8)
def study(game: str, variants: tuple[str, ...], n: int, seed: int) -> tuple[Any, ...]:
    """``compare(game, variants, n=n, seed=seed, order_games=0, resamples=RESAMPLES)``, its
    reports as a tuple
    (the last few kept: a study is the same whenever it is run)."""
    from cardlib.analysis import compare

    return tuple(compare(game, list(variants), n, seed=seed, order_games=0, resamples=RESAMPLES))


def measured(v: Study) -> str:
    """The variant whose measure is the higher (``more``) or the lower, in the study."""
    values = {r.variant.label: r[v.measure].value for r in v.compare()}
    pick = max if v.more else min
    return pick(v.variants, key=lambda label: values[label])


def apart(reports: Sequence[Any], measure: str) -> bool:
    """Whether the 95% intervals of ``measure`` in two reports do not overlap."""
    a, b = (r[measure] for r in reports)
    return bool(a.high < b.low or b.high < a.low)


class Predicted(Tuple[Any]):
    """A prediction and a measured answer, each one of the names ``names(v)``; the
    prediction is right whenever it is given (one of the names), the measured answer when
    it is the right one."""

    def __init__(self, names: Callable[[Any], Sequence[str]]) -> None:
        super().__init__(
            ("your prediction", Name(names, "a variant's label")),
            ("the measured answer", Name(names, "a variant's label")),
        )

    def rubric(self) -> str:
        return (
            "2 parts: the prediction (its share for being given, right or not); the measured "
            "answer (its share when it is the variant the study measures)"
        )

    def marks(self, reading: Reading, right: Any, v: Any) -> dict[str, bool]:
        marks = super().marks(reading, right, v)
        first = self.labels()[0]
        given = reading.parts.get(first)
        marks[first] = given is not BLANK and given is not None and not isinstance(given, Misread)
        return marks

    def wrong(self, right: Any, v: Any) -> Any:
        return (right[0], self.parts[1][1].other(right[1], v))


def _question(v: Study) -> str:
    a, b = (f"`{x}`" for x in v.variants)
    return (
        f"Which of {a} and {b} gives {v.asked}? First write down your prediction, from the "
        f'rules alone. Then measure: `compare("{v.game}", ["{v.variants[0]}", '
        f'"{v.variants[1]}"], n={v.n}, seed={v.seed}, order_games=0, resamples={RESAMPLES})` '
        f"plays the same {v.n} deals under each; read `{v.measure}` and its 95% interval in "
        "each report."
    )


def _why(v: Study, answer: Any) -> str:
    reports = {r.variant.label: r[v.measure] for r in v.compare()}
    right = measured(v)
    (other,) = (x for x in v.variants if x != right)
    m, o = reports[right], reports[other]
    guess = "your prediction said so too" if answer[0] == right else "not what you predicted"
    return (
        f"`{right}` gives {v.asked}: {v.measure} {m.value:.2f} (95% interval {m.low:.2f} "
        f"to {m.high:.2f}) against {o.value:.2f} ({o.low:.2f} to {o.high:.2f}) for "
        f"`{other}`, on the same {v.n} deals. The intervals do not overlap, so the "
        f"difference is the rules', not the luck of the deal; {guess}. The prediction "
        "earns its share for being written down, right or not."
    )


#: every study each exercise may ask, by exercise ID (what :func:`define` offers)
OFFERED: dict[str, tuple[Study, ...]] = {}


def define(
    chapter: Chapter,
    *,
    id: str,
    title: str,
    game: str,
    pairs: Sequence[tuple[str, str]],
    measures: Mapping[str, tuple[str, str]],
    seeds: Sequence[int],
    rules: tuple[str, ...],
    where: str,
    nudge: str,
) -> Exercise:
    """A predict-then-measure exercise of ``game`` in ``chapter``: a student's variant is
    one of ``pairs`` (compared in that order), one of ``measures`` (its name, and the words
    for "more" and for "less": ``{"decisions": ("the longer game", "the shorter game")}``),
    which way, and one of ``seeds``: one of the studies :data:`OFFERED` lists."""
    offered = tuple(
        Study(game, (a, b), measure, more, measures[measure][0 if more else 1], seed)
        for (a, b) in pairs
        for measure in sorted(measures)
        for more in (True, False)
        for seed in seeds
    )
    assert offered and id not in OFFERED, id
    OFFERED[id] = offered

    def solve(v: Study) -> tuple[str, str]:
        right = measured(v)
        return (right, right)

    return chapter.define(
        id=id,
        kind="predict",
        title=title,
        form="a tuple (your prediction, the measured answer), each a variant's label in quotes",
        rules=rules,
        where=where,
        nudge=nudge,
        draw=lambda rng: rng.choice(offered),
        question=_question,
        answer=Predicted(lambda v: v.variants),
        solve=solve,
        why=_why,
        values=lambda _v, right: right[1],
    )
